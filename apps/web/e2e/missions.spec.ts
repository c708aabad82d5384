import { expect, test, type Page } from '@playwright/test';
import { createAccount, expectAccessible, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });

test('a person creates a kanban mission, finds it in the menu, edits its dates, billing and theme, sees a rename live, and finds it in the vault once completed', async ({
  page,
  request,
}) => {
  const account = await createAccount(request, 'missions', { firstName: 'Mia', lastName: 'Planner' });
  await signIn(page, account.email);

  // create from the header's missions menu
  await page.getByRole('button', { name: 'Missions' }).click();
  await page.getByRole('menuitem', { name: 'New mission' }).click();
  await expect(page).toHaveURL(/[?&]mc(=|&|$)/);
  const dialog = page.getByRole('dialog', { name: 'New mission' });
  await dialog.getByLabel('Title').fill('Apollo launch');
  await dialog.getByRole('radio', { name: 'Kanban' }).check();
  await dialog.getByLabel('Start').fill('2030-03-04');
  await dialog.getByLabel('End').fill('2030-06-28');
  await expectAccessible(page, 'mission creation dialog');
  await page.screenshot({ path: screenshot('missions-create'), fullPage: true });
  await dialog.getByRole('button', { name: 'Create mission' }).click();

  await expect(page).toHaveURL(/[?&]mission=[0-9a-f]{24}/);
  const missionId = new URL(page.url()).searchParams.get('mission')!;
  const view = missionView(page);
  await expect(view.getByTestId('mission-title')).toHaveText('Apollo launch');
  await expect(view.getByTestId('mission-status')).toHaveText('Planning');
  await expect(view.getByTestId('mission-dates')).toHaveText('4 Mar 2030 – 28 Jun 2030');
  await expect(view.getByTestId('free-slots')).toBeVisible();
  await expectAccessible(page, 'mission overview');
  await page.screenshot({ path: screenshot('missions-overview'), fullPage: true });

  // a section on the overview
  await view.getByRole('button', { name: 'Add section' }).click();
  const sectionForm = page.getByRole('dialog', { name: 'Add a section' });
  await sectionForm.getByLabel('Section title').fill('Design');
  await sectionForm.getByLabel('From').fill('2030-03-04');
  await sectionForm.getByLabel('To').fill('2030-06-20');
  await sectionForm.getByRole('button', { name: 'Save section' }).click();
  await expect(view.getByRole('cell', { name: 'Design', exact: true })).toBeVisible();

  // a baseline of today's plan
  await view.getByLabel('Baseline name').fill('Kick-off');
  await view.getByRole('button', { name: 'Save a baseline' }).click();
  await expect(view.getByRole('table', { name: 'Baselines' }).getByRole('cell', { name: 'Kick-off' })).toBeVisible();

  // close it, find it again in the menu
  await view.getByRole('button', { name: 'Close the mission' }).click();
  await expect(page).not.toHaveURL(/[?&]mission=/);
  await page.getByRole('button', { name: 'Missions' }).click();
  const item = page.getByRole('menuitem', { name: /Apollo launch/ });
  await expect(item).toContainText('Kanban');
  await expect(item).toContainText('Planning');
  await page.screenshot({ path: screenshot('missions-menu') });
  await item.click();
  await expect(page).toHaveURL(new RegExp(`[?&]mission=${missionId}`));

  // settings: shorten the end (asks first), then move the start with "Shift all dates"
  await view.getByRole('button', { name: 'Mission settings' }).click();
  await expect(page).toHaveURL(/mission-tab=settings/);
  const dates = view.getByRole('region', { name: 'Plan dates' });
  await dates.getByLabel('Plan end').fill('2030-05-31');
  await dates.getByRole('button', { name: 'Save dates' }).click();
  const shorten = page.getByRole('dialog', { name: 'Shorten the mission?' });
  await expect(shorten).toContainText('return to the planning board');
  await expectAccessible(page, 'shorten the end');
  await page.screenshot({ path: screenshot('missions-shorten-end') });
  await shorten.getByRole('button', { name: 'Shorten the mission' }).click();
  await expect(view.getByTestId('mission-dates')).toHaveText('4 Mar 2030 – 31 May 2030');

  await dates.getByLabel('Plan start').fill('2030-03-11');
  await dates.getByRole('button', { name: 'Save dates' }).click();
  const startMoves = page.getByRole('dialog', { name: 'The start moves' });
  await expect(startMoves.getByRole('button', { name: 'Move the plan' })).toBeVisible();
  await page.screenshot({ path: screenshot('missions-start-moves') });
  await startMoves.getByRole('button', { name: 'Shift all dates' }).click();
  await expect(view.getByTestId('mission-dates')).toHaveText('11 Mar 2030 – 31 May 2030');

  // billable, with a confirmation
  const billable = view.getByRole('switch', { name: 'Billable' });
  await expect(billable).toBeChecked();
  await billable.click();
  const billing = page.getByRole('dialog', { name: 'Make the mission non-billable?' });
  await billing.getByRole('button', { name: 'Make non-billable' }).click();
  await expect(billable).not.toBeChecked();

  // a theme from the fourteen swatches
  await expect(view.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio')).toHaveCount(14);
  await view.getByRole('radio', { name: 'Harbour' }).click();
  await expect(view.getByRole('radio', { name: 'Harbour' })).toHaveAttribute('aria-checked', 'true');
  await expect(view.getByTestId('mission-theme-band')).toHaveAttribute('data-color', '#1f4e79');
  await expectAccessible(page, 'mission settings');
  await page.screenshot({ path: screenshot('missions-settings'), fullPage: true });

  // the general settings: a project code, said saved (the form is remounted by the saved mission coming back)
  const general = view.getByRole('region', { name: 'General' });
  await general.getByLabel('Project code').fill('APL');
  await general.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('The mission is saved.')).toBeVisible();
  await expect(view.getByTestId('mission-dates')).toHaveText('APL · 11 Mar 2030 – 31 May 2030');

  // another session renames it: the open view follows without a reload
  const renamed = await request.put(`/api/mission/${missionId}`, { data: { title: 'Apollo relaunch' }, headers: bearer(account.token) });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await expect(view.getByTestId('mission-title')).toHaveText('Apollo relaunch');

  // history lists the changes
  await view.getByRole('tab', { name: 'History' }).click();
  await expect(view.getByTestId('mission-history')).toContainText("renamed the mission 'Apollo launch' to 'Apollo relaunch'");
  await page.screenshot({ path: screenshot('missions-history'), fullPage: true });

  // complete it (asks first): it moves to the vault
  await view.getByRole('tab', { name: 'Settings' }).click();
  await view.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await view.getByRole('region', { name: 'General' }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Mark the mission completed?' }).getByRole('button', { name: 'Mark completed' }).click();
  await expect(view.getByTestId('mission-status')).toHaveText('Completed');
  await view.getByRole('button', { name: 'Close the mission' }).click();

  await page.goto('/board?board-tab=older-board');
  const vault = page.getByTestId('vault');
  await expect(vault.getByRole('row', { name: /Apollo relaunch/ })).toContainText('Completed');
  await expectAccessible(page, 'the vault');
  await page.screenshot({ path: screenshot('missions-vault'), fullPage: true });
  // before opening it, the missions menu lists active missions only
  await page.getByRole('button', { name: 'Missions' }).click();
  await expect(page.getByRole('menuitem', { name: /Apollo relaunch/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await vault.getByRole('button', { name: 'Apollo relaunch' }).click();
  await expect(view.getByTestId('mission-title')).toHaveText('Apollo relaunch');
  // opened from the vault, it joins the missions menu for this visit (rule 241)
  await view.getByRole('button', { name: 'Close the mission' }).click();
  await page.getByRole('button', { name: 'Missions' }).click();
  await expect(page.getByRole('menuitem', { name: /Apollo relaunch/ })).toBeVisible();
});

test('an unknown mission says it was not found and closes', async ({ page, request }) => {
  const account = await createAccount(request, 'missions-unknown', { firstName: 'Nils', lastName: 'Nobody' });
  await signIn(page, account.email);
  await page.goto('/home?mission=0123456789abcdef01234567');
  await expect(page.getByText('Sorry that mission was not found and may have been archived or please refresh and try again')).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]mission=/);
  await page.screenshot({ path: screenshot('missions-not-found') });
});
