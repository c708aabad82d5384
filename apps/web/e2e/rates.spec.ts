import { expect as baseExpect, test, type Page } from '@playwright/test';
import { apiCall, createAccount, expectAccessible, joinOrgAndMission, latestMail, linkIn, screenshot, signIn } from './support.ts';

/** Lazy screens on a shared machine: patient assertions (none depends on timing). */
const expect = baseExpect.configure({ timeout: 30_000 });

const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });

test('an admin prices a role and a project rate card; the plan takes the card rate; a team member sees no rates', async ({
  page,
  request,
  browser,
}) => {
  const admin = await createAccount(request, 'rates-admin', { firstName: 'Ada', lastName: 'Admin' });
  await page.goto(linkIn(await latestMail(request, admin.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  const org = await apiCall<{ _id: string }>(request, 'post', admin.token, '/api/org', { title: 'Rate Works', currency: 'EUR' });
  const mission = await apiCall<{ _id: string }>(request, 'post', admin.token, '/api/mission', {
    title: 'Harbour rates',
    org: org._id,
    planStartDate: '2031-01-06',
    planEndDate: '2031-06-27',
  });
  const member = await createAccount(request, 'rates-member', { firstName: 'Max', lastName: 'Member' });
  await joinOrgAndMission(request, admin, { id: org._id, title: 'Rate Works' }, { id: mission._id, title: 'Harbour rates' }, member);

  // the role's cost in the organisation's structure
  await signIn(page, admin.email);
  await page.goto(`/home?org=${org._id}&org-tab=structure`);
  const addRole = page.getByRole('form', { name: 'Add a role' });
  await addRole.getByLabel('Role name').fill('Engineer');
  await addRole.getByLabel('Cost').fill('5000');
  await addRole.getByRole('button', { name: 'Add role' }).click();
  await expect(page.getByTestId('org-roles')).toContainText('5,000.00 EUR');

  // a rate card for the mission: Engineer at 95 a day, billed 140
  const cards = page.getByTestId('rate-cards');
  await cards.getByRole('button', { name: 'Add rate card' }).click();
  const cardDialog = page.getByRole('dialog', { name: 'Add a rate card' });
  await cardDialog.getByLabel('Name').fill('Harbour rates 2031');
  await cardDialog.getByLabel('Used for').click();
  await page.getByRole('option', { name: 'Harbour rates', exact: true }).click();
  await cardDialog.getByLabel('Rate of Engineer', { exact: true }).fill('95');
  await cardDialog.getByLabel('Rate unit of Engineer').click();
  await page.getByRole('option', { name: 'Daily p/d' }).click();
  await cardDialog.getByLabel('Bill rate of Engineer').fill('140');
  await page.screenshot({ path: screenshot('rates-card-dialog'), fullPage: true });
  await cardDialog.getByRole('button', { name: 'Save' }).click();
  await expect(cardDialog).toHaveCount(0);
  await expect(cards).toContainText('Project: Harbour rates');
  await expect(cards).toContainText('Engineer 95.00 EUR p/d (bills 140.00 EUR)');
  await expectAccessible(page, 'rate cards');
  await page.screenshot({ path: screenshot('rates-structure'), fullPage: true });

  // a person role of the organisation role Engineer takes the card's rate
  await page.goto(`/home?mission=${mission._id}&mission-tab=plan`);
  const view = missionView(page);
  await view.getByRole('button', { name: 'Add to plan' }).click();
  const add = page.getByRole('dialog', { name: 'Add to plan' });
  await add.getByLabel('Role', { exact: true }).fill('Engineer');
  await add.getByLabel('Organisation role').click();
  await page.getByRole('option', { name: 'Engineer', exact: true }).click();
  await add.getByLabel('Start').fill('2031-02-03');
  await add.getByLabel('End').fill('2031-03-28');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);

  await view.getByRole('button', { name: 'Edit Engineer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit person role: Engineer' });
  await expect(edit.getByLabel('Cost rate (EUR)')).toHaveValue('95');
  await expect(edit.getByLabel('Bill rate (EUR)')).toHaveValue('140');
  await expect(edit.getByLabel('Per', { exact: true })).toHaveValue('Daily p/d');

  // bill rate and unit change; an end before the start with money says rule 191 and saves nothing
  await edit.getByLabel('Bill rate (EUR)').fill('120.5');
  await edit.getByLabel('Billed', { exact: true }).click();
  await page.getByRole('option', { name: 'Hourly p/h' }).click();
  await edit.getByLabel('End').fill('2031-02-03');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText('Costs are blocked when start is not before end')).toBeVisible();
  await edit.getByLabel('End').fill('2031-03-28');
  await expect(edit.getByTestId('raci-fields')).toBeVisible();
  await expectAccessible(page, 'plan item rates');
  await page.screenshot({ path: screenshot('rates-plan-editor'), fullPage: true });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await view.getByRole('button', { name: 'Edit Engineer' }).click();
  await expect(edit.getByLabel('Bill rate (EUR)')).toHaveValue('120.5');
  await expect(edit.getByLabel('Billed', { exact: true })).toHaveValue('Hourly p/h');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // the team member opens the same plan: no rates, no budget, no edit
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, member.email);
  const seen: unknown[] = [];
  memberPage.on('response', async (response) => {
    if (response.url().endsWith(`/api/mission/${mission._id}`) && response.ok()) seen.push(await response.json());
  });
  await memberPage.goto(`/home?mission=${mission._id}&mission-tab=plan`);
  const memberView = missionView(memberPage);
  await expect(memberView.getByTestId(/^role-/).filter({ hasText: 'Engineer' })).toBeVisible();
  await expect(memberView.getByRole('button', { name: 'Edit Engineer' })).toHaveCount(0);
  await expect(memberView.getByTestId('budget-text')).toHaveCount(0);
  await expect(memberView.getByText(/95|140|120\.5/)).toHaveCount(0);
  await expect.poll(() => seen.length).toBeGreaterThan(0);
  const items = (seen[0] as { planItems: { role: string | null; rate: number | null; billRate: number | null }[] }).planItems;
  expect(items.find((item) => item.role === 'Engineer')).toMatchObject({ rate: null, billRate: null });
  await memberPage.screenshot({ path: screenshot('rates-member-plan'), fullPage: true });

  // nor the organisation's rate cards or role costs
  await memberPage.goto(`/home?org=${org._id}&org-tab=structure`);
  await expect(memberPage.getByTestId('org-roles')).toContainText('Engineer');
  await expect(memberPage.getByTestId('org-roles')).not.toContainText('5,000');
  await expect(memberPage.getByTestId('rate-cards')).toHaveCount(0);
  await memberContext.close();
});
