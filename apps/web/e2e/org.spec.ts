import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createAccount,
  expectAccessible,
  fillSignIn,
  latestMail,
  linkIn,
  PASSWORD,
  screenshot,
  signIn,
  uniqueEmail,
  lookInBothModes,
  verifiedAccount,
} from './support.ts';

const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An organisation made through the API, with a manager who accepted an invite. */
async function orgWithManager(page: Page, request: APIRequestContext) {
  const admin = await verifiedAccount(page, request, 'org-owner', { firstName: 'Ada', lastName: 'Owner' });
  const created = await request.post('/api/org', { data: { title: 'Manager Test Co', currency: 'EUR' }, headers: bearer(admin.token) });
  expect(created.status(), await created.text()).toBe(201);
  const org = (await created.json()) as { _id: string };
  const manager = await createAccount(request, 'org-manager', { firstName: 'Max', lastName: 'Manager' });
  const invite = await request.post(`/api/org/${org._id}/invite`, {
    data: { inviteeEmail: manager.email, config: { permission: 'MANAGER' } },
    headers: bearer(admin.token),
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const token = new URL(linkIn(await latestMail(request, manager.email, 'You are invited to join Manager Test Co'))).searchParams.get(
    'token',
  )!;
  const handled = await request.post(`/api/org-invite/handle/${token}`, { headers: bearer(manager.token) });
  expect(handled.status(), await handled.text()).toBe(200);
  const { invite: byToken } = (await handled.json()) as { invite: { _id: string } };
  const accepted = await request.put(`/api/org-invite/${byToken._id}/accept`, { headers: bearer(manager.token) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { admin, manager, orgId: org._id };
}

test('an admin builds an organisation and invites a person, who accepts from the mailed link', async ({ page, browser, request }) => {
  const admin = await verifiedAccount(page, request, 'org-admin', { firstName: 'Olga', lastName: 'Admin' });
  await signIn(page, admin.email);

  // create the organisation from the header's switcher
  await page.getByRole('button', { name: 'Organisations' }).click();
  await page.getByRole('menuitem', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/[?&]hq/);
  const hq = page.getByRole('dialog', { name: 'Create organisation' });
  await hq.getByLabel('Organisation name').fill('Acme Planning');
  await hq.getByLabel('Currency').fill('GBP');
  await expectAccessible(page, 'create organisation');
  await hq.getByRole('button', { name: 'Create organisation' }).click();
  await expect(page).toHaveURL(/[?&]org=[0-9a-f]{24}/);
  await expect(page.getByRole('heading', { name: 'Acme Planning' })).toBeVisible();
  const orgId = new URL(page.url()).searchParams.get('org')!;

  // structure: departments, offices, roles, programs
  await expect(page.getByRole('tab', { name: 'Structure' })).toHaveAttribute('aria-selected', 'true');
  const departments = page.getByRole('form', { name: 'Add a department' });
  for (const title of ['Engineering', 'Sales']) {
    await departments.getByLabel('Department name').fill(title);
    await departments.getByRole('button', { name: 'Add department' }).click();
    await expect(page.getByTestId('org-departments')).toContainText(title);
  }
  // a duplicate shows the server's message
  await departments.getByLabel('Department name').fill('Sales');
  await departments.getByRole('button', { name: 'Add department' }).click();
  await expect(departments.getByRole('alert')).toBeVisible();

  const offices = page.getByRole('form', { name: 'Add an office' });
  await offices.getByLabel('Office name').fill('London');
  await offices.getByLabel('Country code').fill('GB');
  await offices.getByRole('button', { name: 'Add office' }).click();
  await expect(page.getByTestId('org-offices')).toContainText('London');

  const roles = page.getByRole('form', { name: 'Add a role' });
  await roles.getByLabel('Role name').fill('Designer');
  await roles.getByLabel('Cost').fill('55');
  await roles.getByRole('button', { name: 'Add role' }).click();
  await expect(page.getByTestId('org-roles')).toContainText('Designer');
  await expect(page.getByTestId('org-roles')).toContainText('55.00 GBP');

  // rename a department
  await page.getByRole('button', { name: 'Edit Sales' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit department' });
  await edit.getByLabel('Department name').fill('Sales and Marketing');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('org-departments')).toContainText('Sales and Marketing');
  // a change made elsewhere arrives through the organisation's realtime room
  const elsewhere = await request.post(`/api/org/${orgId}/departments`, { data: { title: 'Support' }, headers: bearer(admin.token) });
  expect(elsewhere.status()).toBe(201);
  await expect(page.getByTestId('org-departments')).toContainText('Support');
  await expectAccessible(page, 'organisation structure');

  // a client
  await page.getByRole('tab', { name: 'Clients' }).click();
  await expect(page).toHaveURL(/org-tab=clients/);
  await page.getByRole('button', { name: 'New client' }).click();
  const clientDialog = page.getByRole('dialog', { name: 'New client' });
  await clientDialog.getByLabel('Client name').fill('Globex');
  await clientDialog.getByRole('button', { name: 'Save client' }).click();
  await expect(page.getByTestId('org-clients')).toContainText('Globex');
  await page.locator('input[type=file]').setInputFiles({ name: 'globex.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  await expect(page.getByText('The logo of Globex is updated.')).toBeVisible();
  await expect(page.getByTestId('org-clients').locator('img')).toHaveAttribute('src', /logo/);
  await expectAccessible(page, 'organisation clients');

  // invite a person by email
  const inviteeEmail = uniqueEmail('invitee');
  await page.getByRole('tab', { name: 'Invites' }).click();
  const inviteForm = page.getByRole('form', { name: 'Invite somebody' });
  await inviteForm.getByLabel('Email').fill('not-an-email');
  await inviteForm.getByRole('button', { name: 'Send invite' }).click();
  await expect(inviteForm.getByRole('alert')).toHaveText('The email you entered appears incorrect.');
  await inviteForm.getByLabel('Email').fill(inviteeEmail);
  await inviteForm.getByLabel('Personal message').fill('Welcome aboard!');
  await inviteForm.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByTestId('org-invites')).toContainText(inviteeEmail);
  await expectAccessible(page, 'organisation invites');

  // the invitee opens the mailed link signed out, signs up, and the invite continues
  const link = linkIn(await latestMail(request, inviteeEmail, 'You are invited to join Acme Planning'));
  expect(link).toContain('from=orgInvite');
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(link);
  await expect(invitee.getByTestId('org-invite-notice')).toContainText('Olga Admin invites you to join Acme Planning as member.');
  await expectAccessible(invitee, 'sign-in with an invite');
  await invitee.screenshot({ path: screenshot('org-invite-signed-out') });
  await fillSignIn(invitee, inviteeEmail, PASSWORD);
  // a new account: My Space asks for the names first
  await expect(invitee.getByRole('heading', { name: 'My Space' })).toBeVisible();
  const joinDialog = invitee.getByRole('dialog', { name: 'Join Acme Planning' });
  await expect(joinDialog).toContainText('Welcome aboard!');
  await expectAccessible(invitee, 'organisation invite');
  await invitee.screenshot({ path: screenshot('org-invite-join') });
  await joinDialog.getByRole('button', { name: 'Accept invite' }).click();
  await expect(invitee.getByText('Welcome to Acme Planning!')).toBeVisible();
  await expect(invitee).toHaveURL(new RegExp(`org=${orgId}`));
  await expect(invitee).not.toHaveURL(/token=/);
  // the link was mailed to the address: accepting it verified the email
  const profile = await invitee.evaluate(async () => {
    const token = localStorage.getItem('crewplan.token') ?? '';
    return (await fetch('/api/people/profile', { headers: { authorization: `Bearer ${token}` } })).json();
  });
  expect(profile).toMatchObject({ emailVerified: true });
  await inviteeContext.close();

  // the same link is no longer valid
  const later = await browser.newContext();
  const latePage = await later.newPage();
  await latePage.goto(link);
  await expect(latePage.getByText('Sorry that org invite is longer valid')).toBeVisible();
  await later.close();

  // the admin sees the new person in the people table, with their permission by label
  await page.getByRole('tab', { name: 'People' }).click();
  const people = page.getByTestId('org-people');
  await expect(people).toContainText(inviteeEmail);
  await expect(people.getByRole('row').filter({ hasText: inviteeEmail })).toContainText('Member');

  // give them a department through the tag editor, then filter by it
  await people
    .getByRole('row')
    .filter({ hasText: inviteeEmail })
    .getByRole('button', { name: /Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const personDialog = page.getByRole('dialog', { name: /^Edit / });
  await personDialog.getByRole('combobox', { name: 'Departments', exact: true }).click();
  await page.getByRole('option', { name: 'Engineering' }).click();
  await personDialog.getByRole('button', { name: 'Save' }).click();
  await expect(personDialog).toBeHidden();
  await page.getByRole('combobox', { name: 'Department', exact: true }).click();
  await page.getByRole('option', { name: 'Engineering' }).click();
  await expect(people.getByRole('row')).toHaveCount(2);
  await expect(people).toContainText(inviteeEmail);
  await expect(people).not.toContainText(admin.email);
  await expectAccessible(page, 'organisation people');

  // the only admin cannot leave without saying that the organisation goes
  await page.getByRole('tab', { name: 'Goals' }).click();
  await page.getByRole('tab', { name: 'People' }).click();
  await expect(people).toContainText(admin.email);
  await people
    .getByRole('row')
    .filter({ hasText: admin.email })
    .getByRole('button', { name: /Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Remove from organisation' }).click();
  const removeDialog = page.getByRole('dialog', { name: /^Remove / });
  await removeDialog.getByRole('button', { name: 'Remove' }).click();
  await expect(removeDialog.getByRole('alert')).toContainText('if this admin leaves, the organization is deleted');
  await expect(removeDialog.getByRole('button', { name: 'Delete the organisation' })).toBeVisible();
  await removeDialog.getByRole('button', { name: 'Cancel' }).click();

  // a project of the organisation gets a file (through the API): settings show the storage it takes, in GB (decimal)
  const project = await request.post('/api/mission', {
    data: { title: 'Acme launch', org: orgId, planStartDate: '2030-03-04', planEndDate: '2030-06-28' },
    headers: bearer(admin.token),
  });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = ((await project.json()) as { _id: string })._id;
  const brief = Buffer.from('The launch brief');
  const uploaded = await request.post(`/api/mission/${projectId}/drive`, {
    headers: bearer(admin.token),
    multipart: { file: { name: 'brief.txt', mimeType: 'text/plain', buffer: brief } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const usage = (await (await request.get(`/api/org/${orgId}/drive/usage`, { headers: bearer(admin.token) })).json()) as {
    bytes: number;
    files: number;
  };
  expect(usage).toEqual({ bytes: brief.length, files: 1 });

  // settings: storage used; API key shown once; audit lists what happened
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/org-cfg/);
  const storage = page.getByRole('region', { name: 'Storage' });
  // formatStorageGb: 16 bytes are 0 GB (three decimals below 0.01 GB)
  await expect(storage.getByTestId('org-storage-usage')).toHaveText('0 GB used by 1 file');
  await storage.screenshot({ path: screenshot('org-storage-usage') });
  await page.getByRole('button', { name: 'Create API key' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveText(/^cpk_/);
  await expect(page.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await page.getByRole('button', { name: 'Revoke API key' }).click();
  await expect(page.getByText('API key is revoked.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'API keys' })).toHaveCount(0);
  await expect(page.getByTestId('org-audit')).toContainText('Engineering');
  await expectAccessible(page, 'organisation settings');
});

test('a manager does not get what only admins may do', async ({ page, request }) => {
  const { manager, orgId } = await orgWithManager(page, request);
  await signIn(page, manager.email);
  await page.goto(`/home?org=${orgId}&org-cfg`);
  await expect(page.getByRole('heading', { name: 'Manager Test Co' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible();
  // the storage the organisation uses is shown to managers too (any member may read it; the settings tab is theirs)
  await expect(page.getByTestId('org-storage-usage')).toHaveText('0 GB used by 0 files');
  // API keys are for admins only: not shown, and refused by the server
  await expect(page.getByRole('heading', { name: 'API keys' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Create API key' })).toHaveCount(0);
  const refused = await request.post(`/api/org/${orgId}/open-api/keys`, { data: { name: 'sneaky' }, headers: bearer(manager.token) });
  expect(refused.status()).toBe(403);
  // nor may a manager invite an admin
  await page.getByRole('tab', { name: 'Invites' }).click();
  await page.getByRole('combobox', { name: 'Permission' }).click();
  await expect(page.getByRole('option', { name: 'Manager', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  const adminInvite = await request.post(`/api/org/${orgId}/invite`, {
    data: { inviteeEmail: uniqueEmail('would-be-admin'), config: { permission: 'ADMIN' } },
    headers: bearer(manager.token),
  });
  expect(adminInvite.status()).toBe(403);
  // nor edit the admin
  await page.getByRole('tab', { name: 'People' }).click();
  const adminRow = page.getByTestId('org-people').getByRole('row').filter({ hasText: 'Ada Owner' });
  await expect(adminRow).toContainText('Admin');
  await expect(adminRow.getByRole('button', { name: /Actions for/ })).toHaveCount(0);
});

test('the department tag editor refuses what a limited manager may not change, with the spec texts', async ({ page, request }) => {
  const { admin, manager, orgId } = await orgWithManager(page, request);
  const headers = bearer(admin.token);
  const ids: string[] = [];
  for (const title of ['Engineering', 'Sales']) {
    const created = await request.post(`/api/org/${orgId}/departments`, { data: { title }, headers });
    ids.push(((await created.json()) as { _id: string })._id);
  }
  const list = (await (await request.get(`/api/v2/orgs/${orgId}/people`, { headers })).json()) as {
    people: { email: string; ref: { _id: string } }[];
  };
  const managerId = list.people.find((person) => person.email === manager.email)!.ref._id;
  const limited = await request.put(`/api/org/${orgId}/people/${managerId}`, {
    data: { departments: ids, accessibleDepartments: [ids[0]] },
    headers,
  });
  expect(limited.status(), await limited.text()).toBe(200);

  await signIn(page, manager.email);
  // the command palette opens the organisation
  await page.keyboard.press('Control+K');
  await page.getByRole('textbox', { name: 'Search commands' }).fill('Open Manager Test');
  // the organisations may arrive after the query is typed: choose the entry once it shows (palette.spec.ts types its way)
  await page.getByRole('button', { name: /^Open Manager Test Co/ }).click();
  await expect(page).toHaveURL(new RegExp(`org=${orgId}`));
  await page.getByRole('button', { name: 'Actions for Max Manager' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Max Manager' });
  const departments = dialog.getByRole('combobox', { name: 'Departments', exact: true });
  // Sales is outside the manager's accessible departments
  await departments.focus();
  await page.keyboard.press('Backspace');
  await expect(
    dialog.getByText('Oops. Sorry you cannot remove this department as it is not part of your Acessible departments'),
  ).toBeVisible();
  await expect(dialog).toContainText('Sales');
  await expectAccessible(page, 'department tag editor');
});

test('an unknown organisation says so and clears the organisation parameters', async ({ page, request }) => {
  const { email } = await createAccount(request, 'org-lost');
  await signIn(page, email);
  await page.goto('/home?org=0123456789abcdef01234567&org-tab=clients&oc-domains');
  await expect(page.getByText("Sorry that Organization wasn't found. Maybe removed?")).toBeVisible();
  await expect(page).toHaveURL(/\/home$/);
});

test('the organisation area tabs, light and dark', async ({ page, request }) => {
  const mode = 'light';
  await page.setViewportSize({ width: 1280, height: 900 });
  const { admin, orgId } = await orgWithManager(page, request);
  const headers = bearer(admin.token);
  await request.put('/api/people/profile', { data: { mode, theme: 'main' }, headers });
  for (const title of ['Engineering', 'Design']) await request.post(`/api/org/${orgId}/departments`, { data: { title }, headers });
  await request.post(`/api/org/${orgId}/offices`, { data: { title: 'Lisbon', country: 'PT' }, headers });
  await request.post(`/api/org/${orgId}/roles`, { data: { name: 'Engineer', cost: 80 }, headers });
  await request.post(`/api/org/${orgId}/programs`, { data: { title: 'Platform' }, headers });
  await request.post(`/api/org/${orgId}/goal`, { data: { title: 'Grow in Europe' }, headers });
  await request.post(`/api/org/${orgId}/client`, { data: { name: 'Initech', email: 'billing@initech.test' }, headers });
  await request.post(`/api/org/${orgId}/invite`, { data: { inviteeEmail: uniqueEmail('pending') }, headers });
  await signIn(page, admin.email);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
  await page.goto(`/home?org=${orgId}`);
  await expect(page.getByRole('heading', { name: 'Manager Test Co' })).toBeVisible();
  for (const tab of ['People', 'Structure', 'Goals', 'Clients', 'Invites', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    await lookInBothModes(page, `org-${tab.toLowerCase()}`, { screen: `organisation ${tab}`, fullPage: true });
  }
  await page.getByRole('heading', { name: 'Audit' }).scrollIntoViewIfNeeded();
  await lookInBothModes(page, 'org-settings-lower');
  await page.getByRole('button', { name: 'Edit domains' }).click();
  await expect(page).toHaveURL(/oc-domains/);
  await page.getByRole('combobox', { name: 'Domains' }).fill('acme.test');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save domains' }).click();
  await expect(page.getByTestId('org-domains')).toContainText('acme.test');
  await page.goto(`/home?hq&org=${orgId}`);
  await expect(page.getByRole('dialog', { name: 'Edit organisation' })).toBeVisible();
  await lookInBothModes(page, 'org-hq', { screen: 'edit organisation' });
});
