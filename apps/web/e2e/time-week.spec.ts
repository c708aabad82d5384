import { readFileSync } from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, latestMail, linkIn, signIn, monday, lookInBothModes } from './support.ts';

/** Two browsers, lazy screens and realtime on a shared machine: patient assertions (none depends on timing). */
const expect = baseExpect.configure({ timeout: 30_000 });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The Friday of the week starting `mondayIso`. */
const fridayOf = (mondayIso: string) => new Date(Date.parse(`${mondayIso}T00:00:00Z`) + 4 * 86_400_000).toISOString().slice(0, 10);

async function post<T>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(url, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The token of the newest invitation link mailed to `email`. */
async function inviteToken(request: APIRequestContext, email: string, subject: string) {
  return new URL(linkIn(await latestMail(request, email, subject))).searchParams.get('token')!;
}

/** A verified manager with an organisation, not yet licensed. */
async function managerWithOrg(page: Page, request: APIRequestContext, mode: 'light' | 'dark') {
  const manager = await createAccount(request, 'time-manager', { firstName: 'Mia', lastName: 'Manager', mode, theme: 'main' });
  await page.goto(linkIn(await latestMail(request, manager.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  const org = await post<{ _id: string }>(request, manager.token, '/api/org', { title: 'Timber Works', currency: 'EUR' });
  return { manager, orgId: org._id };
}

/**
 * A member of the manager's organisation and of a new mission of it, who holds a Designer role on it from five weeks
 * back: three past weeks of that role are missing.
 */
async function memberWithRole(request: APIRequestContext, manager: { token: string }, org: { _id: string }, mode: 'light' | 'dark') {
  const member = await createAccount(request, 'time-member', { firstName: 'Max', lastName: 'Member', mode, theme: 'main' });
  await post(request, manager.token, `/api/org/${org._id}/invite`, { inviteeEmail: member.email, config: { permission: 'MEMBER' } });
  const orgInvite = await post<{ invite: { _id: string } }>(
    request,
    member.token,
    `/api/org-invite/handle/${await inviteToken(request, member.email, 'You are invited to join Timber Works')}`,
    {},
  );
  expect((await request.put(`/api/org-invite/${orgInvite.invite._id}/accept`, { headers: bearer(member.token) })).status()).toBe(200);
  const mission = await post<{ _id: string; planItems: { _id: string }[] }>(request, manager.token, '/api/mission', {
    title: 'Harbour cabins',
    org: org._id,
    projectType: 'simple',
    planStartDate: monday(6),
    planEndDate: monday(-10),
  });
  await post(request, manager.token, `/api/mission/${mission._id}/invite`, { inviteeEmail: member.email });
  const missionInvite = await post<{ _id: string }>(
    request,
    member.token,
    `/api/mission-invite/handle/${await inviteToken(request, member.email, 'You are invited to the mission Harbour cabins')}`,
    {},
  );
  expect((await request.put(`/api/mission-invite/${missionInvite._id}/accept`, { headers: bearer(member.token) })).status()).toBe(200);
  const me = (await (await request.get('/api/people/profile', { headers: bearer(member.token) })).json()) as { _id: string };
  await post(request, manager.token, `/api/mission-plan/mission/${mission._id}`, {
    type: 'person',
    title: 'Designer',
    role: 'Designer',
    person: me._id,
    startDate: monday(5),
    endDate: monday(-8),
  });
  // a task of the mission given to the member, running Monday to Friday of last week: a task row of that week
  const action = await post<{ action: { _id: string } }>(request, manager.token, `/api/mission-plan/${mission.planItems[0]!._id}/action`, {
    title: 'Deck',
  });
  const friday = fridayOf(monday(1));
  await post(request, manager.token, `/api/action-item/action/${action.action._id}`, {
    title: 'Frame the deck',
    people: [me._id],
    startDate: monday(1),
    endDate: friday,
  });
  return member;
}

const grid = (page: Page) => page.getByTestId('time-tracking');
const cell = (page: Page, day: string) => grid(page).getByRole('textbox', { name: new RegExp(`^Designer, ${day} `) });
const designerRow = (page: Page) => grid(page).getByTestId('row-Designer');
const taskCell = (page: Page, day: string) => grid(page).getByRole('textbox', { name: new RegExp(`^Frame the deck, ${day} `) });
const taskRow = (page: Page) => grid(page).getByTestId('task-Frame the deck');

test(`time (both modes): a week of a role and a task filled by keyboard and saved in one request each time, rejected with a reason, fixed, approved and locked; overtime for a 10-hour day`, async ({
  page,
  browser,
  request,
}) => {
  const mode = 'light';
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { manager, orgId } = await managerWithOrg(page, request, mode);
  const lastWeek = monday(1);

  // without a licensed organisation the grid says so; with the trial, a manager without a role is told why
  await signIn(page, manager.email);
  await page.goto('/home?time-tracking');
  await expect(grid(page).getByText('There are no eligible organizations for Time Tracking.')).toBeVisible();
  await post(request, manager.token, `/api/org/${orgId}/subscription`, { trial: true });
  await page.reload();
  await expect(
    grid(page).getByText('Just FYI: Not assigned a project role so timesheets cannot be submitted and allocation tracked'),
  ).toBeVisible();
  const member = await memberWithRole(request, manager, { _id: orgId }, mode);

  // the member: the badge counts three missing weeks; the button opens this week, the missing list last week
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' });
  const mine = await memberContext.newPage();
  // every save of the grid is one request for the whole week
  let weekSaves = 0;
  mine.on('request', (sent) => {
    if (sent.method() === 'PUT' && new URL(sent.url()).pathname === '/api/timesheet/week') weekSaves += 1;
  });
  await signIn(mine, member.email);
  await expect(mine.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode);
  await mine.getByRole('button', { name: 'My timesheets, 3 missing' }).click();
  await expect(designerRow(mine)).toBeVisible();
  await mine
    .getByRole('region', { name: 'Missing timesheets' })
    .getByRole('button', { name: new RegExp(`^Designer · ${Number(lastWeek.slice(8))} `) })
    .click();
  await expect(mine).toHaveURL(new RegExp(`week=${Date.parse(`${lastWeek}T00:00:00Z`)}`));

  // keyboard only: the first cell has the focus, typing replaces, arrows move, Enter saves, Ctrl+Enter submits
  await expect(cell(mine, 'Mon')).toBeFocused();
  await expect(grid(mine).getByTestId('mission-Harbour cabins')).toContainText('Frame the deck');
  for (const [i, text] of ['10', '7,5', '1:30', '90m', '8'].entries()) {
    if (i > 0) await mine.keyboard.press('ArrowRight');
    await mine.keyboard.type(text);
  }
  // the task row sits under the role: down moves into it, and its hours count in the totals
  await mine.keyboard.press('ArrowDown');
  await expect(taskCell(mine, 'Fri')).toBeFocused();
  await mine.keyboard.type('2');
  await mine.keyboard.press('ArrowDown'); // the last row: stays on Friday
  await expect(taskCell(mine, 'Fri')).toBeFocused();
  await expect(designerRow(mine).getByTestId('row-total')).toHaveText('28.5');
  await expect(taskRow(mine).getByTestId('row-total')).toHaveText('2');
  await expect(grid(mine).getByTestId('week-total')).toHaveText('30.5');

  // 15 more hours on Monday make 25 that day: the server refuses the whole week, naming the day; the text stays
  for (let day = 0; day < 4; day++) await mine.keyboard.press('ArrowLeft');
  await mine.keyboard.type('15');
  await mine.keyboard.press('Enter');
  const monday1 = Number(lastWeek.slice(8));
  await expect(grid(mine).getByTestId('week-refusal')).toContainText(new RegExp(`Mon ${monday1} \\w{3}: A day holds at most 24 hours`));
  expect(weekSaves).toBe(1);
  await expect(taskCell(mine, 'Mon')).toHaveValue('15');
  await expect(cell(mine, 'Tue')).toHaveValue('7,5');
  await lookInBothModes(mine, 'time-grid-refused');
  await mine.keyboard.press('Control+a');
  await mine.keyboard.press('Backspace');
  await mine.keyboard.press('Enter');
  await expect(mine.getByText('Week saved')).toBeVisible();
  expect(weekSaves).toBe(2);
  await expect(grid(mine).getByTestId('week-refusal')).toHaveCount(0);
  await expect(cell(mine, 'Tue')).toHaveValue('7.5');
  await expect(cell(mine, 'Wed')).toHaveValue('1.5');
  await expect(taskCell(mine, 'Fri')).toHaveValue('2');
  await mine.keyboard.press('Control+Enter');
  await expect(designerRow(mine).getByText('Submitted')).toBeVisible();
  await expect(taskRow(mine).getByText('Submitted')).toBeVisible();
  expect(weekSaves).toBe(3);
  await expect(cell(mine, 'Mon')).toHaveAttribute('readonly', '');
  await expect(taskCell(mine, 'Fri')).toHaveAttribute('readonly', '');
  await lookInBothModes(mine, 'time-grid-submitted', { screen: 'my timesheets' });

  // the manager's board lists the submitted week; a rejection asks for a reason
  await page.goto('/board?board-tab=timesheets');
  const weekRows = page.getByRole('row', { name: /^Max Member, week of / });
  const weekRow = weekRows.filter({ hasText: 'Designer' });
  await expect(weekRow).toContainText('28.5');
  await expect(weekRow).toContainText('Harbour cabins · Designer');
  // the task row went into the project's task week, submitted with the role's
  await expect(weekRows.filter({ hasText: 'Harbour cabins · Tasks' })).toContainText('2');
  await lookInBothModes(page, 'time-board-submitted', { screen: 'board timesheets', fullPage: true });
  // the shown weeks export to CSV: one line per day with hours
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('timesheets.csv');
  const csv = readFileSync(await download.path(), 'utf8').split(/\r?\n/);
  expect(csv[0]).toBe('person,mission,role,task,date,hours,status');
  expect(csv).toContain(`Max Member,Harbour cabins,Designer,,${lastWeek},10,submitted`);
  expect(csv.filter((line) => line.startsWith('Max Member,Harbour cabins,Tasks,'))).toEqual([
    `Max Member,Harbour cabins,Tasks,Frame the deck,${fridayOf(lastWeek)},2,submitted`,
  ]);
  expect(csv).toHaveLength(7);
  await weekRow.getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: 'Reject this week' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Please give a reason of at least 5 characters')).toBeVisible();
  await reject.getByLabel('Reason').fill('Friday was a holiday');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Week rejected')).toBeVisible();

  // the member's open grid hears it without reload, fixes Friday and submits again
  await expect(designerRow(mine).getByTestId('rejection-reason')).toHaveText('Rejected: Friday was a holiday');
  await expect(designerRow(mine).getByText('Rejected', { exact: true })).toBeVisible();
  await lookInBothModes(mine, 'time-grid-rejected');
  await cell(mine, 'Fri').focus();
  await mine.keyboard.press('Backspace');
  await mine.keyboard.press('Control+Enter');
  await expect(designerRow(mine).getByText('Submitted')).toBeVisible();
  await expect(designerRow(mine).getByTestId('row-total')).toHaveText('20.5');
  expect(weekSaves).toBe(4);

  // the manager's open tab shows it again; approving locks the week for its person
  await expect(weekRow).toContainText('20.5');
  await weekRow.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Week approved')).toBeVisible();
  await expect(designerRow(mine).getByText('Approved')).toBeVisible();
  await expect(cell(mine, 'Tue')).toHaveAttribute('readonly', '');
  await cell(mine, 'Tue').focus();
  await mine.keyboard.type('3');
  await expect(cell(mine, 'Tue')).toHaveValue('7.5');
  await expect(grid(mine).getByRole('button', { name: 'Submit week' })).toBeDisabled();
  await lookInBothModes(mine, 'time-grid-approved');

  // the smallest phone: the week takes the whole screen and scrolls sideways under its row titles, which stay whole
  await mine.setViewportSize({ width: 320, height: 640 });
  await expect(mine.getByRole('dialog', { name: 'My timesheets' })).toHaveCSS('width', '320px');
  expect(await mine.evaluate(() => document.documentElement.scrollWidth)).toBe(320);
  const title = designerRow(mine).getByRole('rowheader');
  const inSight = async (day: string) => {
    await cell(mine, day).focus();
    const [titleBox, cellBox] = [await title.boundingBox(), await cell(mine, day).boundingBox()];
    expect(titleBox!.x, 'the row title stays at the left').toBeGreaterThanOrEqual(0);
    // the cell scrolled to stops beside the title, not under it, and within the screen
    expect(cellBox!.x).toBeGreaterThanOrEqual(titleBox!.x + titleBox!.width - 1);
    expect(cellBox!.x + cellBox!.width).toBeLessThanOrEqual(320);
  };
  await inSight('Sun');
  await inSight('Mon');
  expect(await title.evaluate((header) => header.scrollWidth <= header.clientWidth)).toBe(true);
  await lookInBothModes(mine, 'time-grid-320', { screen: 'my timesheets on a phone' });
  await mine.setViewportSize({ width: 1280, height: 900 });
  // the badge counts down: last week is done
  await mine.keyboard.press('Escape');
  await expect(mine.getByRole('button', { name: 'My timesheets, 2 missing' })).toBeVisible();
  await memberContext.close();

  // the overtime report of the organisation area: Monday's 10 hours are 2 beyond the 8-hour day
  await page.goto(`/home?org=${orgId}`);
  await page.getByRole('button', { name: 'Overtime report' }).click();
  const report = page.getByRole('dialog', { name: 'Overtime report' });
  await expect(report.getByLabel('From (Monday)')).toHaveValue(lastWeek);
  const person = report.getByRole('row', { name: 'Max Member', exact: true });
  await expect(person).toContainText('20.5');
  await expect(person.getByTestId('overtime-hours')).toHaveText('2');
  await expect(report.getByRole('row', { name: 'Max Member on Harbour cabins' })).toContainText('after 8 h a day');
  await lookInBothModes(page, 'time-overtime', { screen: 'overtime report' });
});
