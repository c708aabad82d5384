import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { createAccount, expectAccessible, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const response = await request.post(path, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as T;
}

async function itemOf(request: APIRequestContext, token: string, id: string) {
  const response = await request.get(`/api/action-item/${id}`, { headers: bearer(token) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { startDate: string | null; startHour: number | null };
}

/** Presses and moves the pointer from one element's centre to another's in steps, as a person drags. */
async function drag(page: Page, from: Locator, to: Locator) {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + start.width / 2 + 10, start.y + start.height / 2, { steps: 3 });
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 12 });
  await page.mouse.up();
}

const dayName = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
const dayAfter = (day: string, count: number) => new Date(Date.parse(`${day}T00:00:00Z`) + count * 86_400_000).toISOString().slice(0, 10);

test('a power mission schedules its tasks on days and hours by mouse and by keyboard, kept after reload', async ({ page, request }) => {
  const account = await createAccount(request, 'power', { firstName: 'Pia', lastName: 'Power' });
  const mission = await post<{ _id: string }>(request, account.token, '/api/mission', {
    title: 'Power plant',
    projectType: 'power',
    planStartDate: '2030-01-07',
    planEndDate: '2032-12-31',
  });
  const read = await request.get(`/api/mission/${mission._id}`, { headers: bearer(account.token) });
  const planItemId = ((await read.json()) as { planItems: { _id: string }[] }).planItems[0]!._id;
  const { action } = await post<{ action: { _id: string } }>(request, account.token, `/api/mission-plan/${planItemId}/action`, {
    title: 'Build',
    startDate: '2030-01-07',
    endDate: '2032-12-31',
  });
  const pour = await post<{ _id: string }>(request, account.token, `/api/action-item/action/${action._id}`, {
    title: 'Pour concrete',
    estimatedDuration: 3,
  });
  const paint = await post<{ _id: string }>(request, account.token, `/api/action-item/action/${action._id}`, {
    title: 'Paint walls',
    estimatedDuration: 10,
  });

  await signIn(page, account.email);
  await page.goto(`/home?mission=${mission._id}&mission-tab=power`);
  const view = missionView(page);
  await expect(view.getByRole('heading', { name: 'Unscheduled (2)' })).toBeVisible();
  const monday = (await view.locator('[data-testid^="slot-"]').first().getAttribute('data-testid'))!.slice(5, 15);
  const tuesday = dayAfter(monday, 1);
  const wednesday = dayAfter(monday, 2);
  await expectAccessible(page, 'power view');

  // by mouse: Pour concrete (3 hours) onto Wednesday 13:00
  await drag(page, view.getByTestId(`power-task-${pour._id}`), view.getByTestId(`slot-${wednesday}-13`));
  await expect(view.getByTestId(`slot-${wednesday}-13`).getByTestId(`power-task-${pour._id}`)).toBeVisible();
  await expect(view.getByTestId(`slot-${wednesday}-15`)).toContainText('Pour concrete (continued)');
  await expect.poll(async () => itemOf(request, account.token, pour._id)).toMatchObject({ startDate: wednesday, startHour: 13 });

  // by keyboard: Paint walls (10 hours) onto Tuesday 10:00; the rest spills to Wednesday morning
  // each step waits for what the screen reader hears, as the next key moves from where the task is now
  const heard = page.locator('[id^="DndLiveRegion"]');
  await view.getByTestId(`power-task-${paint._id}`).focus();
  await page.keyboard.press('Space');
  await expect(heard).toContainText('Paint walls is over the unscheduled list.');
  await page.keyboard.press('ArrowRight');
  await expect(heard).toContainText(`Paint walls is over ${dayName(monday)} at 9:00.`);
  await page.keyboard.press('ArrowRight');
  await expect(heard).toContainText(`Paint walls is over ${dayName(tuesday)} at 9:00.`);
  await page.keyboard.press('ArrowDown');
  await expect(heard).toContainText(`Paint walls is over ${dayName(tuesday)} at 10:00.`);
  await page.keyboard.press('Space');
  await expect(view.getByTestId(`slot-${tuesday}-10`).getByTestId(`power-task-${paint._id}`)).toBeVisible();
  await expect(view.getByTestId(`slot-${wednesday}-11`)).toContainText('Paint walls (continued)');
  await expect.poll(async () => itemOf(request, account.token, paint._id)).toMatchObject({ startDate: tuesday, startHour: 10 });
  await expect(view.getByRole('heading', { name: 'Unscheduled (0)' })).toBeVisible();
  await expectAccessible(page, 'power view scheduled');
  await page.screenshot({ path: screenshot('power-scheduled'), fullPage: true });

  await page.reload();
  await expect(view.getByTestId(`slot-${tuesday}-10`).getByTestId(`power-task-${paint._id}`)).toBeVisible();
  await expect(view.getByTestId(`slot-${wednesday}-13`).getByTestId(`power-task-${pour._id}`)).toBeVisible();

  // the unscheduled part of the view (powerTab)
  await view.getByText('Unscheduled', { exact: true }).click();
  await expect(page).toHaveURL(/powerTab=unscheduled/);
  await expect(view.getByText('Every open task is on the schedule.')).toBeVisible();

  // a URL naming only a part of the mission view opens the tab that shows it (spec 1 §2)
  await page.goto(`/home?mission=${mission._id}&powerTab=unscheduled`);
  await expect(view.getByRole('tab', { name: 'Power' })).toHaveAttribute('aria-selected', 'true');
  await expect(view.getByText('Every open task is on the schedule.')).toBeVisible();
  await expect(view.getByTestId(`slot-${tuesday}-10`)).toHaveCount(0);
  // leaving the view drops its part, so the overview stays
  await view.getByRole('tab', { name: 'Overview' }).click();
  await expect(page).not.toHaveURL(/powerTab/);
  await expect(view.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');

  await page.goto(`/home?mission=${mission._id}&budget-bar`);
  await expect(view.getByRole('tab', { name: 'Plan' })).toHaveAttribute('aria-selected', 'true');
  await expect(view.getByTestId('budget-text')).toBeInViewport();

  // ?action shows the work view on that action's tasks
  await page.goto(`/home?mission=${mission._id}&action=${action._id}`);
  await expect(view.getByRole('tab', { name: 'Power' })).toHaveAttribute('aria-selected', 'true');
  await expect(view.getByTestId('power-action')).toContainText('Action: Build');
  await expect(view.getByTestId(`slot-${tuesday}-10`).getByTestId(`power-task-${paint._id}`)).toBeVisible();

  // weekends: off by default; the settings switch puts Saturday and Sunday on the schedule
  const saturday = dayAfter(monday, 5);
  await expect(view.getByTestId(`slot-${saturday}-9`)).toHaveCount(0);
  await page.goto(`/home?mission=${mission._id}&mission-tab=settings`);
  await view.getByRole('switch', { name: 'Include weekends' }).click();
  await expect(view.getByRole('switch', { name: 'Include weekends' })).toBeChecked();
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/mission/${mission._id}`, { headers: bearer(account.token) })).json()) as {
            includeWeekends: boolean;
          }
        ).includeWeekends,
    )
    .toBe(true);
  await view.getByRole('tab', { name: 'Power' }).click();
  await expect(view.getByTestId(`slot-${saturday}-9`)).toBeVisible();
  await expect(view.getByTestId(`slot-${dayAfter(monday, 6)}-16`)).toBeVisible();
});
