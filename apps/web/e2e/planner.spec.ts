import { expect as baseExpect, test, type Locator, type Page } from '@playwright/test';
import { apiCall, createAccount, joinMission, licensedMission, linkIn, latestMail, monday, screenshot, signIn } from './support.ts';

/** Two people, lazy screens and a shared machine: patient assertions (none depends on timing). */
const expect = baseExpect.configure({ timeout: 30_000 });

const DAY = 86_400_000;
type MyLeave = { orgs: { _id: string; holidays: { date: string }[] }[] };
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/** Drags with the mouse in small steps, as a person does (the planner's drag starts after a few pixels). */
async function dragOnto(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.up();
}

test('planner: a manager sees a member over-booked in a week with leave, staffs a role by dragging it, the member’s timesheet capacity follows, and role edges drag by weeks', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const { manager, org, mission, join } = await licensedMission(page, request, 'planner', 'light', 'EUR');
  const member = await createAccount(request, 'planner-member', {
    firstName: 'Eleni',
    lastName: 'Papadopoulou',
    mode: 'light',
    theme: 'main',
  });
  const memberId = await join(member);
  // a Greek organisation (leave needs its statutory entitlement), Eleni employed since 2020
  await apiCall(request, 'put', manager.token, `/api/org/${org._id}`, { holidayCountryCode: 'GR', daysPerWeek: 5 });
  await apiCall(request, 'put', manager.token, `/api/org/${org._id}/people/${memberId}`, { startDate: '2020-01-01' });
  // three weeks in a row after this one without a public holiday: an Engineer role full time over the first two and a
  // Reviewer role at 25 % in the first, with a day of approved leave in it; a Surveyor role at 50 % in the third, with
  // nobody yet
  const mine = await apiCall<MyLeave>(request, 'get', member.token, '/api/people-leave/list/user');
  const holidays = mine.orgs.find((entry) => entry._id === org._id)!.holidays.map((holiday) => holiday.date);
  const clear = (week: number) => [0, 1, 2, 3, 4].every((day) => !holidays.includes(shift(monday(-week), day)));
  const start = [1, 2, 3, 4, 5, 6, 7, 8].find((week) => clear(week) && clear(week + 1) && clear(week + 2))!;
  const [first, second, third] = [monday(-start), monday(-start - 1), monday(-start - 2)];
  await apiCall(request, 'post', manager.token, `/api/mission-plan/mission/${mission._id}`, {
    type: 'person',
    title: 'Engineer',
    person: memberId,
    allocation: 100,
    startDate: first,
    endDate: shift(second, 4),
  });
  // the Reviewer role on another project of the organisation (a person holds one role at a time on a project)
  const other = await apiCall<{ _id: string }>(request, 'post', manager.token, '/api/mission', {
    title: 'Quay survey',
    org: org._id,
    projectType: 'simple',
    planStartDate: first,
    planEndDate: shift(third, 4),
  });
  await joinMission(request, manager, { id: other._id, title: 'Quay survey' }, member);
  await apiCall(request, 'post', manager.token, `/api/mission-plan/mission/${other._id}`, {
    type: 'person',
    title: 'Reviewer',
    person: memberId,
    allocation: 25,
    startDate: first,
    endDate: shift(first, 4),
  });
  await apiCall(request, 'post', manager.token, `/api/mission-plan/mission/${mission._id}`, {
    type: 'person',
    title: 'Surveyor',
    allocation: 50,
    startDate: third,
    endDate: shift(third, 4),
  });
  const leave = await apiCall<{ _id: string }>(request, 'post', member.token, `/api/people-leave/create/submit/${org._id}`, {
    reason: 'annual',
    dates: [{ from: shift(first, 1), to: shift(first, 1) }],
  });
  await apiCall(request, 'put', manager.token, '/api/people-leave/action/approve', { leaveIds: [leave._id], payload: {} });
  await apiCall(request, 'put', manager.token, '/api/people-leave/action/approve/final', { leaveIds: [leave._id], payload: {} });

  // the manager opens the planner: the first week is over-booked (the leave day takes Eleni off both roles: 4 days of
  // 10 h booked, 32 h of capacity left)
  await signIn(page, manager.email);
  await page.goto(`/home?org=${org._id}`);
  await page.getByRole('button', { name: 'Resource planner' }).click();
  const planner = page.getByTestId('planner');
  const heat = (week: string) => planner.getByTestId(`heat-Eleni Papadopoulou-${week}`);
  // the planner shows eight weeks from this one: clear weeks further out (after December's holidays, say) show four
  // weeks later, the fourth week (which an edge drag reaches) with them
  const showTheWeeks = async () => {
    if (start + 3 > 7) await page.getByRole('button', { name: 'Later weeks' }).click();
  };
  await showTheWeeks();
  await expect(heat(first)).toHaveAttribute('data-level', 'over');
  await expect(heat(first)).toContainText('40 / 32 h');
  await expect(heat(first)).toContainText('Leave');
  await expect(heat(second)).toHaveAttribute('data-level', 'full');
  await expect(heat(third)).toContainText('0 / 40 h');
  await page.screenshot({ path: screenshot('planner-light') });

  // the Surveyor role goes to Eleni by dragging it onto her row
  await dragOnto(page, planner.getByTestId('unfilled-Surveyor'), planner.getByTestId('person-Eleni Papadopoulou').locator('th'));
  await expect(heat(third)).toContainText('20 / 40 h');
  await expect(planner.getByTestId('unfilled-roles')).toContainText('Every role has a person.');
  await expect(planner.getByTestId('role-Eleni Papadopoulou-Surveyor')).toContainText('Surveyor');

  // the same planner in dark mode
  await apiCall(request, 'put', manager.token, '/api/people/profile', { mode: 'dark' });
  await page.reload();
  await showTheWeeks();
  await expect(heat(first)).toHaveAttribute('data-level', 'over');
  await page.screenshot({ path: screenshot('planner-dark') });

  // Eleni's timesheet: the third week plans 4 h a day of the Surveyor role; the first week's Tuesday is her leave, with
  // nothing planned, and the other days are over her 8 h
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(linkIn(await latestMail(request, member.email, 'Verify your email for Crewplan')));
  await signIn(memberPage, member.email);
  await memberPage.goto(`/home?time-tracking&week=${Date.parse(`${third}T00:00:00Z`)}`);
  const capacity = (day: string) => memberPage.getByTestId('time-tracking').getByTestId(`capacity-${day}`);
  await expect(capacity(third)).toHaveText('4 / 8 h');
  await expect(capacity(third)).toHaveAttribute('title', /Surveyor: 4 h planned/);
  await memberPage.goto(`/home?time-tracking&week=${Date.parse(`${first}T00:00:00Z`)}`);
  await expect(capacity(shift(first, 1))).toHaveText('0 / 0 h');
  await expect(capacity(shift(first, 1))).toHaveAttribute('title', /Leave: 8 h/);
  await expect(capacity(shift(first, 1))).not.toHaveAttribute('data-over');
  await expect(capacity(first)).toHaveText('10 / 8 h');
  await expect(capacity(first)).toHaveAttribute('data-over', 'true');
  await memberPage.screenshot({ path: screenshot('planner-timesheet-capacity') });
  await memberContext.close();

  // the manager drags the Surveyor role's end edge one week right: Eleni is now booked half-time in the fourth week too
  const fourth = monday(-start - 3);
  const surveyor = planner.getByTestId('role-Eleni Papadopoulou-Surveyor');
  await expect(surveyor.getByLabel(/^End of Surveyor/)).toHaveValue(shift(third, 4));
  await expect(heat(fourth)).toContainText(/^0 \/ \d+ h/);
  const column = (await heat(third).boundingBox())!.x - (await heat(second).boundingBox())!.x;
  const end = (await surveyor.getByTestId('edge-end-Surveyor').boundingBox())!;
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2);
  await page.mouse.down();
  await page.mouse.move(end.x + end.width / 2 + column / 2, end.y + end.height / 2, { steps: 8 });
  await page.mouse.move(end.x + end.width / 2 + column, end.y + end.height / 2, { steps: 8 });
  await expect(surveyor.getByTestId(`bar-Surveyor-${fourth}`)).toHaveAttribute('data-covered', 'true');
  await page.screenshot({ path: screenshot('planner-edge-drag') });
  await page.mouse.up();
  // half-time on every working day of the week that is not a public holiday (Christmas falls in it some years): half
  // of Eleni's capacity, which the holidays lower alike
  await expect
    .poll(async () => {
      const [, booked, capacity] = /^(\d+) \/ (\d+) h/.exec((await heat(fourth).textContent()) ?? '') ?? [];
      return booked && Number(booked) > 0 && Number(booked) * 2 === Number(capacity);
    })
    .toBe(true);
  await expect(surveyor.getByLabel(/^End of Surveyor/)).toHaveValue(shift(fourth, 4));

  // by keyboard, the Engineer role's start edge moves a week later: the first week is free again
  const engineer = planner.getByTestId('role-Eleni Papadopoulou-Engineer');
  await engineer.getByTestId('edge-start-Engineer').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await expect(heat(first)).toContainText('0 / 32 h');
  await expect(engineer.getByLabel(/^Start of Engineer/)).toHaveValue(second);
  await page.screenshot({ path: screenshot('planner-edges-moved') });
});
