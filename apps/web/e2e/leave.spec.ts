import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import { apiCall, createAccount, expectAccessible, latestMail, licensedMission, linkIn, monday, screenshot, signIn } from './support.ts';

/** Two people, lazy screens and a shared machine: patient assertions (none depends on timing). */
const expect = baseExpect.configure({ timeout: 30_000 });

const DAY = 86_400_000;
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const weekday = (day: string) => (new Date(Date.parse(`${day}T00:00:00Z`)).getUTCDay() + 6) % 7;

type MyLeave = { orgs: { _id: string; holidays: { date: string }[] }[] };

/**
 * Three days ending on a Greek public holiday on a Wednesday to Friday, with no other holiday in them, from the
 * holiday library as the server has it for this year and the next (Orthodox Good Friday is always a Friday, so the
 * next year always holds one): two working days are counted (rule 213). Computed from today, so it never runs out.
 */
async function threeDaysOverAHoliday(request: APIRequestContext, token: string, orgId: string) {
  const today = new Date().toISOString().slice(0, 10);
  const mine = await apiCall<MyLeave>(request, 'get', token, '/api/people-leave/list/user');
  const holidays = mine.orgs.find((org) => org._id === orgId)!.holidays.map((holiday) => holiday.date);
  const holiday = holidays.find(
    (day) =>
      day > shift(today, 3) &&
      weekday(day) >= 2 &&
      weekday(day) <= 4 &&
      !holidays.includes(shift(day, -1)) &&
      !holidays.includes(shift(day, -2)),
  );
  expect(holiday, 'a Greek public holiday on a Wednesday to Friday this year or the next').toBeDefined();
  // a working day some days later, for a second request (neither a weekend nor a holiday)
  let later = shift(holiday!, 4);
  while (weekday(later) > 4 || holidays.includes(later)) later = shift(later, 1);
  return { from: shift(holiday!, -2), to: holiday!, taskDay: shift(holiday!, -1), later, year: holiday!.slice(0, 4) };
}

test('leave: a member in Greece asks for three days over a public holiday; the project manager and the organisation approve; a rejection is told', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const { manager, org, mission, join } = await licensedMission(page, request, 'leave', 'light', 'EUR');
  await apiCall(request, 'put', manager.token, `/api/org/${org._id}`, { holidayCountryCode: 'GR', daysPerWeek: 5 });
  const member = await createAccount(request, 'leave-member', {
    firstName: 'Eleni',
    lastName: 'Papadopoulou',
    mode: 'light',
    theme: 'main',
  });
  const memberId = await join(member);
  // employed since 2020: the full Greek annual leave of a five-day week (22 days), not a first year's share
  await apiCall(request, 'put', manager.token, `/api/org/${org._id}/people/${memberId}`, { startDate: '2020-01-01' });
  const days = await threeDaysOverAHoliday(request, member.token, org._id);
  // the mission runs until after those days, whenever they fall
  if (shift(days.to, 14) > monday(-10))
    await apiCall(request, 'put', manager.token, `/api/mission/${mission._id}`, { planEndDate: shift(days.to, 14) });

  // a task of the member due on one of those days
  const full = await apiCall<{ planItems: { _id: string }[] }>(request, 'get', manager.token, `/api/mission/${mission._id}`);
  const action = await apiCall<{ action: { _id: string } }>(
    request,
    'post',
    manager.token,
    `/api/mission-plan/${full.planItems[0]!._id}/action`,
    {
      title: 'Pier works',
    },
  );
  await apiCall(request, 'post', manager.token, `/api/action-item/action/${action.action._id}`, {
    title: 'Pour the piers',
    people: [memberId],
    startDate: days.taskDay,
    endDate: days.taskDay,
  });

  // the member asks, from the floating button: two days pending
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const memberPage = await memberContext.newPage();
  await memberPage.goto(linkIn(await latestMail(request, member.email, 'Verify your email for Crewplan')));
  await signIn(memberPage, member.email);
  await memberPage.getByRole('button', { name: 'My leave requests' }).click();
  const tracker = memberPage.getByRole('dialog', { name: 'My leave requests' });
  await expect(tracker.getByTestId('leave-balances')).toBeVisible();
  await tracker.getByLabel('From', { exact: true }).fill(days.from);
  await tracker.getByLabel('To', { exact: true }).fill(days.to);
  await tracker.getByRole('button', { name: 'Next month' }).click();
  await tracker.getByRole('button', { name: 'Previous month' }).click();
  await tracker.getByRole('button', { name: 'Submit for approval' }).click();
  // the balances of the year the days fall in
  await tracker.getByText(days.year, { exact: true }).click();
  const annual = tracker.locator('[data-code="annual"]');
  await expect(annual.getByTestId('balance-pending')).toHaveText('2');
  await expect(tracker.getByTestId('my-leave-requests')).toContainText('Pending approval');
  await memberPage.screenshot({ path: screenshot('leave-tracker') });
  await expectAccessible(memberPage, 'leave tracker');

  // the project manager sees the task due in those days and approves
  await signIn(page, manager.email);
  await page.goto('/board?board-tab=leaves');
  const review = page.getByTestId('leave-review').filter({ hasText: 'Eleni Papadopoulou' });
  await expect(review.getByTestId('leave-impact')).toContainText('Pour the piers');
  await expect(review).toContainText('2 days');
  await page.screenshot({ path: screenshot('leave-board') });
  await review.getByRole('button', { name: 'Approve' }).click();
  await expect(review.getByTestId('leave-status')).toHaveText('Pending final approval');

  // the organisation gives final approval
  await page.goto(`/home?org=${org._id}&org-tab=org-leaves`);
  const decide = page.getByTestId('org-leaves').getByTestId('leave-review').filter({ hasText: 'Eleni Papadopoulou' });
  await expect(decide).toContainText('Pending final approval');
  await page.screenshot({ path: screenshot('leave-org-tab') });
  await decide.getByRole('button', { name: 'Final approve' }).click();
  await expect(page.getByTestId('org-leaves').getByRole('table', { name: 'Leave requests of the organization' })).toContainText('Approved');

  // the balance moves to taken
  await memberPage.reload();
  await memberPage.getByRole('button', { name: 'My leave requests' }).click();
  const reopened = memberPage.getByRole('dialog', { name: 'My leave requests' });
  await reopened.getByText(days.year, { exact: true }).click();
  const again = reopened.locator('[data-code="annual"]');
  await expect(again.getByTestId('balance-taken')).toHaveText('2');
  await expect(again.getByTestId('balance-pending')).toHaveText('0');
  await memberPage.keyboard.press('Escape');

  // a rejection tells the member with the spec's text
  const second = await apiCall<{ _id: string }>(request, 'post', member.token, `/api/people-leave/create/submit/${org._id}`, {
    reason: 'training',
    dates: [{ from: days.later, to: days.later }],
  });
  await page.goto('/board?board-tab=leaves');
  const toReject = page.getByTestId('leave-review').filter({ hasText: 'Training' });
  await toReject.getByRole('button', { name: 'Reject' }).click();
  await expect(toReject.getByTestId('leave-status')).toHaveText('Rejected');
  const told = await apiCall<{ title: string }[] | { notifications: { title: string }[] }>(
    request,
    'get',
    member.token,
    '/api/notification',
  );
  expect(JSON.stringify(told)).toContain('Oh-oh, a leave request was rejected');
  await memberPage.goto(`/home?leave-notice=${second._id}`);
  await expect(memberPage.getByTestId('leave-notice')).toContainText('Oh-oh, a leave request was rejected');
  await memberPage.screenshot({ path: screenshot('leave-notice-rejected') });

  // a work-from-home day, booked by the member and seen by the team
  await memberPage.keyboard.press('Escape');
  await memberPage.getByRole('button', { name: 'Work-from-home bookings' }).click();
  const home = memberPage.getByRole('dialog', { name: 'Work-from-home bookings' });
  await home.getByRole('button', { name: 'Book' }).click();
  await expect(home.getByRole('table', { name: 'Work-from-home days' })).toContainText('Eleni Papadopoulou');
  await memberPage.screenshot({ path: screenshot('leave-work-from-home') });
  const seen = await apiCall<{ days: { person: { _id: string } }[] }>(request, 'get', manager.token, '/api/work-from-home');
  expect(seen.days.map((day) => day.person._id)).toContain(memberId);
  await memberContext.close();
});
