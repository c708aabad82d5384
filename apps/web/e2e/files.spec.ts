import { expect, test, type APIRequestContext } from '@playwright/test';
import { createAccount, expectAccessible, screenshot, signIn, verifiedAccount } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A real 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A mission of `owner` with one task; returns their ids. */
async function missionWithTask(request: APIRequestContext, token: string) {
  const created = await request.post('/api/mission', {
    data: { title: 'Files journey', planStartDate: '2030-03-04', planEndDate: '2030-06-28' },
    headers: bearer(token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const mission = (await created.json()) as { _id: string; planItems: { _id: string }[] };
  const action = await request.post(`/api/mission-plan/${mission.planItems[0]!._id}/action?withItem=true`, {
    data: { title: 'Design the poster' },
    headers: bearer(token),
  });
  expect(action.status(), await action.text()).toBe(201);
  const withItem = (await action.json()) as { action: { _id: string }; actionItems: { _id: string }[] };
  const second = await request.post(`/api/action-item/action/${withItem.action._id}`, {
    data: { title: 'Print the poster' },
    headers: bearer(token),
  });
  expect(second.status(), await second.text()).toBe(201);
  return { missionId: mission._id, itemId: withItem.actionItems[0]!._id, otherItemId: ((await second.json()) as { _id: string })._id };
}

test('task files: upload with progress from the task detail, view, step with the arrow keys, share, the unsupported notice, delete', async ({
  page,
  context,
  request,
}) => {
  const owner = await verifiedAccount(page, request, 'files-owner', { firstName: 'Frida', lastName: 'Files' });
  const { missionId, itemId, otherItemId } = await missionWithTask(request, owner.token);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, owner.email);
  await page.goto(`/home?mission=${missionId}&action-item=${itemId}`);

  const drawer = page.getByRole('dialog', { name: 'Design the poster' });
  const files = drawer.getByRole('region', { name: 'Files' });
  await expect(files.getByText('No files yet.')).toBeVisible();

  // the first upload meets a failing gateway (its own text); the second waits a moment so its progress bar can be seen
  let posts = 0;
  await page.route('**/api/action-item/*/drive', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (posts === 1) return route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' });
    await new Promise((resolve) => setTimeout(resolve, 800));
    return route.continue();
  });
  const failing = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Upload files' }).click();
  await (await failing).setFiles([{ name: 'poster.png', mimeType: 'image/png', buffer: PNG }]);
  await expect(page.getByText('Failed to upload the files. If this issue persists please contact us.')).toBeVisible();
  await expect(files.getByText('No files yet.')).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await files.getByRole('button', { name: 'Upload files' }).click();
  await (
    await chooser
  ).setFiles([
    { name: 'poster.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Colours: teal and sand.\nFont: large.') },
    { name: 'fonts.bundle', mimeType: 'application/octet-stream', buffer: Buffer.from([0, 159, 146, 150, 1, 2, 3]) },
  ]);
  await expect(files.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await expect(files.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
  await expect(page.getByText('3 files are uploaded.')).toBeVisible();
  await expect(files.getByRole('progressbar')).toHaveCount(0);
  const list = files.getByRole('list', { name: 'Files of Design the poster' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list.getByRole('listitem').first()).toContainText('Frida Files');
  await expect(list.getByRole('listitem').first()).toContainText('just now');
  await page.screenshot({ path: screenshot('files-task-list') });
  await expectAccessible(page, 'task files');

  // the viewer: the image, then → to the text file
  await list.getByRole('button', { name: 'poster.png', exact: true }).click();
  await expect(page).toHaveURL(/\/drive\/d\/[0-9a-f]{24}\/poster\.png$/);
  const viewer = page.getByRole('dialog', { name: 'poster.png' });
  await expect(viewer.getByRole('img', { name: 'poster.png' })).toBeVisible();
  await expect(viewer.getByText('1 of 3')).toBeVisible();
  await page.screenshot({ path: screenshot('files-viewer-image') });
  await expectAccessible(page, 'file viewer');

  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/notes\.txt$/);
  await expect(page.getByTestId('file-text')).toHaveText('Colours: teal and sand.\nFont: large.');
  await page.screenshot({ path: screenshot('files-viewer-text') });

  // share link
  await page.getByRole('button', { name: 'Share link' }).click();
  await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/\/api\/drive\/d\/[0-9a-f]{24}\/notes\.txt\?token=/);
  expect(await (await request.get(link)).text()).toBe('Colours: teal and sand.\nFont: large.');

  // the unsupported file
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\/fonts\.bundle$/);
  await expect(page.getByText("We're working on this file type!")).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download File' }).click();
  expect((await download).suggestedFilename()).toBe('fonts.bundle');
  await page.screenshot({ path: screenshot('files-viewer-unsupported') });

  // delete from the viewer: the next file shows; closing returns to the task
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete file' }).click();
  await expect(page.getByText('fonts.bundle is deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/poster\.png$/);
  await page.getByRole('button', { name: 'Close the viewer' }).click();
  await expect(page).toHaveURL(new RegExp(`/home\\?mission=${missionId}&action-item=${itemId}$`));
  const remaining = page.getByRole('list', { name: 'Files of Design the poster' });
  await expect(remaining.getByRole('listitem')).toHaveCount(2);

  // rename from the file's menu
  await remaining.getByRole('button', { name: 'Actions for notes.txt' }).click();
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await page.getByLabel('File name').fill('poster notes.txt');
  await page.getByRole('button', { name: 'Rename', exact: true }).click();
  await expect(remaining.getByRole('button', { name: 'poster notes.txt', exact: true })).toBeVisible();

  // copy to the other task of the mission
  await remaining.getByRole('button', { name: 'Actions for poster.png' }).click();
  await page.getByRole('menuitem', { name: 'Copy to another task' }).click();
  await page.getByRole('dialog', { name: 'Copy to another task' }).getByRole('combobox', { name: 'Task' }).click();
  await page.getByRole('option', { name: 'Print the poster' }).click();
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('poster.png is copied.')).toBeVisible();
  const copies = await request.get(`/api/action-item/${otherItemId}/drive`, { headers: bearer(owner.token) });
  expect(((await copies.json()) as { files: { name: string }[] }).files.map((file) => file.name)).toEqual(['poster.png']);
});

test('a file link opened straight: a wrong name goes to the site root; the right one opens without delete', async ({ page, request }) => {
  const owner = await verifiedAccount(page, request, 'files-root', { firstName: 'Frida', lastName: 'Files' });
  const { missionId, itemId } = await missionWithTask(request, owner.token);
  const uploaded = await request.post(`/api/action-item/${itemId}/drive`, {
    headers: bearer(owner.token),
    multipart: { file: { name: 'plan.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const file = ((await uploaded.json()) as { files: { _id: string; viewerPath: string }[] }).files[0]!;
  await signIn(page, owner.email);

  // the site root hands drive=d with both a file id and name to the file's link, and only a part of them to home
  await page.goto(`/?drive=d&fileId=${file._id}&fileName=plan.png`);
  await expect(page).toHaveURL(new RegExp(`/drive/d/${file._id}/plan\\.png$`));
  await expect(page.getByRole('dialog', { name: 'plan.png' }).getByRole('img', { name: 'plan.png' })).toBeVisible();
  await page.goto(`/?drive=d&fileId=${file._id}`);
  await expect(page).toHaveURL(/\/home$/);

  await page.goto(`/drive/d/${file._id}/other-name.png`);
  await expect(page).toHaveURL(/\/home$/);

  await page.goto(file.viewerPath);
  const viewer = page.getByRole('dialog', { name: 'plan.png' });
  await expect(viewer.getByRole('img', { name: 'plan.png' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Share link' })).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Delete' })).toHaveCount(0);

  // project files live on the mission overview
  await page.goto(`/home?mission=${missionId}`);
  const projectFiles = page.getByRole('region', { name: 'Project files' });
  const chooser = page.waitForEvent('filechooser');
  await projectFiles.getByRole('button', { name: 'Upload files' }).click();
  await (await chooser).setFiles([{ name: 'brief.txt', mimeType: 'text/plain', buffer: Buffer.from('The brief.') }]);
  await expect(projectFiles.getByRole('list', { name: 'Files of the project' }).getByRole('listitem')).toHaveCount(1);
  await expect(projectFiles.getByRole('button', { name: 'brief.txt', exact: true })).toBeVisible();
  await page.screenshot({ path: screenshot('files-project-files') });
  await expectAccessible(page, 'project files');
});

test('a person whose invite is still pending is told they may not view the file, and the viewer stays open', async ({ page, request }) => {
  const owner = await verifiedAccount(page, request, 'files-403-owner', { firstName: 'Frida', lastName: 'Files' });
  const invitee = await createAccount(request, 'files-403-invitee', { firstName: 'Ivy', lastName: 'Invitee' });
  const { missionId, itemId } = await missionWithTask(request, owner.token);
  const invited = await request.post(`/api/mission/${missionId}/invite`, {
    data: { inviteeEmail: invitee.email },
    headers: bearer(owner.token),
  });
  expect(invited.status(), await invited.text()).toBe(201);
  const uploaded = await request.post(`/api/action-item/${itemId}/drive`, {
    headers: bearer(owner.token),
    multipart: { file: { name: 'secret.png', mimeType: 'image/png', buffer: PNG } },
  });
  const file = ((await uploaded.json()) as { files: { viewerPath: string }[] }).files[0]!;
  await signIn(page, invitee.email);
  await page.goto(file.viewerPath);
  await expect(page.getByRole('alert').filter({ hasText: 'You do not have the right permissions to view this file.' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${file.viewerPath.replace('.', '\\.')}$`));
  await page.screenshot({ path: screenshot('files-viewer-refused') });
  await expectAccessible(page, 'file viewer refused');
});

/** A one-page PDF that says hello. */
function helloPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 24 Tf 40 70 Td (Hello PDF) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

test('a PDF, recognised by its bytes, is drawn in the viewer once, from bytes fetched once', async ({ page, request }) => {
  const owner = await verifiedAccount(page, request, 'files-pdf', { firstName: 'Frida', lastName: 'Files' });
  const { itemId } = await missionWithTask(request, owner.token);
  const uploaded = await request.post(`/api/action-item/${itemId}/drive`, {
    headers: bearer(owner.token),
    multipart: { file: { name: 'brief.pdf', mimeType: 'application/octet-stream', buffer: helloPdf() } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const file = ((await uploaded.json()) as { files: { _id: string; viewerPath: string; mimetype: string }[] }).files[0]!;
  expect(file.mimetype).toBe('application/pdf');
  await signIn(page, owner.email);
  // object URLs the page makes: a view that rebuilds its source on each render makes them without end
  await page.addInitScript(() => {
    const made = URL.createObjectURL.bind(URL);
    (window as unknown as { objectUrls: number }).objectUrls = 0;
    URL.createObjectURL = (source) => {
      (window as unknown as { objectUrls: number }).objectUrls += 1;
      return made(source);
    };
  });
  const objectUrls = () => page.evaluate(() => (window as unknown as { objectUrls: number }).objectUrls);
  // the file's bytes are fetched once, and no frame is made: the PDF is drawn in the page, nothing left to rebuild
  const fetched: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === `/api/drive/${file._id}`) fetched.push(sent.url());
  });
  const outside: string[] = [];
  page.on('request', (sent) => {
    if (!sent.url().startsWith('http://127.0.0.1') && !sent.url().startsWith('blob:') && !sent.url().startsWith('data:'))
      outside.push(sent.url());
  });
  await page.goto(file.viewerPath);
  const viewer = page.getByRole('dialog', { name: 'brief.pdf' });
  const pageOne = viewer.getByRole('img', { name: 'brief.pdf, page 1 of 1' });
  // the PDF library's worker is large: a busy machine takes a while to start it
  await expect(pageOne).toHaveAttribute('data-drawn', 'true', { timeout: 45_000 });
  // the page holds ink: some pixel of the canvas is not white
  expect(
    await pageOne.evaluate((canvas: HTMLCanvasElement) => {
      const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
      return data.some((value, index) => index % 4 !== 3 && value < 128);
    }),
  ).toBe(true);
  await page.screenshot({ path: screenshot('files-viewer-pdf') });
  // the same canvas stays: marked now, still marked after the viewer is used; no object URL made since
  await pageOne.evaluate((canvas) => canvas.setAttribute('data-probe', 'first'));
  const urlsDrawn = await objectUrls();
  await viewer.getByRole('button', { name: 'Download' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Download' })).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'brief.pdf, page 1 of 1' })).toHaveAttribute('data-probe', 'first');
  await expect(viewer.locator('canvas')).toHaveCount(1);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(fetched).toHaveLength(1);
  expect(await objectUrls()).toBe(urlsDrawn);
  expect(outside).toEqual([]);
  await expectAccessible(page, 'file viewer pdf');
});
