import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, expectAccessible, joinMission, latestMail, linkIn, screenshot, signIn, verifiedAccount } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });
const OVERLAP = 'Sorry. You cannot have overlapping roles for the same person on the same project.';

test('the plan timeline adds a role, assigns a person and refuses overlapping roles', async ({ page, request }) => {
  const account = await createAccount(request, 'plan', { firstName: 'Pat', lastName: 'Planner' });
  const created = await request.post('/api/mission', {
    data: { title: 'Harbour', planStartDate: '2031-01-06', planEndDate: '2031-06-27' },
    headers: bearer(account.token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const missionId = ((await created.json()) as { _id: string })._id;

  await signIn(page, account.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=plan`);
  const view = missionView(page);
  await expect(view.getByRole('heading', { name: 'Plan', exact: true })).toBeVisible();

  // add a Designer role in March, without a person yet
  await view.getByRole('button', { name: 'Add to plan' }).click();
  const add = page.getByRole('dialog', { name: 'Add to plan' });
  await add.getByLabel('Role', { exact: true }).fill('Designer');
  await add.getByLabel('Start').fill('2031-03-03');
  await add.getByLabel('End').fill('2031-03-28');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Change person of Designer' })).toBeVisible();

  // assigning nobody says so
  await view.getByRole('button', { name: 'Change person of Designer' }).click();
  const change = page.getByRole('dialog', { name: 'Change person' });
  await change.getByRole('button', { name: 'Assign' }).click();
  await expect(change.getByText('Please assign a person first.')).toBeVisible();

  // Pat already holds the Project manager role over the whole mission: overlapping
  await change.getByLabel('Person').click();
  await page.getByRole('option', { name: 'Pat Planner' }).click();
  await change.getByRole('button', { name: 'Assign' }).click();
  await expect(change.getByText(OVERLAP)).toBeVisible();
  await expectAccessible(page, 'plan overlap');
  await page.screenshot({ path: screenshot('plan-overlap'), fullPage: true });
  await change.getByRole('button', { name: 'Cancel' }).click();

  // free Pat from the Project manager role, then the Designer role takes Pat
  await view.getByRole('button', { name: 'Change person of Project manager' }).click();
  await page.getByRole('dialog', { name: 'Change person' }).getByRole('button', { name: 'Remove the person' }).click();
  await expect(page.getByRole('dialog', { name: 'Change person' })).toHaveCount(0);
  await view.getByRole('button', { name: 'Change person of Designer' }).click();
  await change.getByLabel('Person').click();
  await page.getByRole('option', { name: 'Pat Planner' }).click();
  await change.getByRole('button', { name: 'Assign' }).click();
  await expect(change).toHaveCount(0);

  // a request needs a reason of 5 characters
  await view.getByRole('button', { name: 'Request approval for Project manager' }).click();
  const ask = page.getByRole('dialog', { name: 'Request approval' });
  await ask.getByLabel('Person').click();
  await page.getByRole('option', { name: 'Pat Planner' }).click();
  await ask.getByLabel('Reason').fill('asap');
  await ask.getByRole('button', { name: 'Send request' }).click();
  await expect(ask.getByText('Please enter a longer description')).toBeVisible();
  await ask.getByRole('button', { name: 'Cancel' }).click();

  await expect(view.getByRole('alert').filter({ hasText: 'Unfilled role: Project manager' })).toHaveCount(0);
  await expectAccessible(page, 'plan timeline');
  await page.screenshot({ path: screenshot('plan-timeline'), fullPage: true });

  await page.reload();
  const designer = view.getByTestId(/^role-/).filter({ hasText: 'Designer' });
  await expect(designer).toContainText('Pat Planner');

  // edit the Designer role: it ends mid-March at half time (removing Pat ended the Project manager role)
  await expect(designer.getByTestId('bar-2031-03-24')).toBeVisible();
  await expect(view.getByTestId('capacity-2031-03-10')).toHaveAttribute('aria-label', /: 8 hours a day$/);
  await view.getByRole('button', { name: 'Edit Designer' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit person role: Designer' });
  await expect(edit.getByLabel('Role', { exact: true })).toHaveValue('Designer');
  await expect(edit.getByLabel('End', { exact: true })).toHaveValue('2031-03-28');
  await expect(edit.getByLabel('Allocation (%)')).toHaveValue('100');
  await expect(edit.getByRole('switch', { name: "Pinned to the mission's dates" })).not.toBeChecked();
  await edit.getByLabel('End', { exact: true }).fill('2031-03-14');
  await edit.getByLabel('Allocation (%)').fill('50');
  await expect(edit.getByText('Default day: 4 h a day (8 h × 50%)')).toBeVisible();
  await expectAccessible(page, 'plan edit');
  await page.screenshot({ path: screenshot('plan-edit'), fullPage: true });
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(designer).toContainText('Pat Planner · 50%');
  await expect(designer.getByTestId('bar-2031-03-10')).toBeVisible();
  await expect(designer.getByTestId('bar-2031-03-17')).toHaveCount(0);
  await expect(view.getByTestId('capacity-2031-03-10')).toHaveAttribute('aria-label', /: 4 hours a day$/);
  await expect(view.getByTestId('capacity-2031-03-17')).toHaveAttribute('aria-label', /: 0 hours a day$/);

  // the change is stored
  await page.reload();
  await expect(designer).toContainText('Pat Planner · 50%');
  await expect(designer.getByTestId('bar-2031-03-17')).toHaveCount(0);
  await view.getByRole('button', { name: 'Edit Designer' }).click();
  await expect(edit.getByLabel('End', { exact: true })).toHaveValue('2031-03-14');
  await expect(edit.getByLabel('Allocation (%)')).toHaveValue('50');
  await edit.getByRole('button', { name: 'Cancel' }).click();

  // Pat reviews in April; stretching the Designer role into April overlaps
  await view.getByRole('button', { name: 'Add to plan' }).click();
  await add.getByLabel('Role', { exact: true }).fill('Reviewer');
  await add.getByLabel('Start').fill('2031-04-07');
  await add.getByLabel('End').fill('2031-04-25');
  await add.getByLabel('Person').click();
  await page.getByRole('option', { name: 'Pat Planner' }).click();
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);
  await expect(view.getByTestId(/^role-/).filter({ hasText: 'Reviewer' })).toContainText('Pat Planner');
  await view.getByRole('button', { name: 'Edit Designer' }).click();
  await edit.getByLabel('End', { exact: true }).fill('2031-04-10');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByText(OVERLAP)).toBeVisible();
  await page.screenshot({ path: screenshot('plan-edit-overlap'), fullPage: true });
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(designer.getByTestId('bar-2031-03-17')).toHaveCount(0);
});

/**
 * An organisation whose roles need approval and whose project managers may not approve them (rule 71), with its
 * admin Ada (a role approver) and Pia, an organisation manager without canApproveRoles, who runs a mission with Dan
 * on its team.
 */
async function approvalWorld(page: Page, request: APIRequestContext) {
  const admin = await verifiedAccount(page, request, 'plan-approver', { firstName: 'Ada', lastName: 'Approver' });
  const created = await request.post('/api/org', { data: { title: 'Quay Works', currency: 'EUR' }, headers: bearer(admin.token) });
  expect(created.status(), await created.text()).toBe(201);
  const orgId = ((await created.json()) as { _id: string })._id;
  const settings = await request.put(`/api/org/${orgId}`, {
    data: { rolesNeedApproval: true, canProjectManagersApproveRoles: false },
    headers: bearer(admin.token),
  });
  expect(settings.status(), await settings.text()).toBe(200);

  const pm = await verifiedAccount(page, request, 'plan-pm', { firstName: 'Pia', lastName: 'Manager' });
  const invite = await request.post(`/api/org/${orgId}/invite`, {
    data: { inviteeEmail: pm.email, config: { permission: 'MANAGER' } },
    headers: bearer(admin.token),
  });
  expect(invite.status(), await invite.text()).toBe(201);
  const orgToken = new URL(linkIn(await latestMail(request, pm.email, 'You are invited to join Quay Works'))).searchParams.get('token')!;
  const handled = await request.post(`/api/org-invite/handle/${orgToken}`, { headers: bearer(pm.token) });
  expect(handled.status(), await handled.text()).toBe(200);
  const { invite: orgInvite } = (await handled.json()) as { invite: { _id: string } };
  const joined = await request.put(`/api/org-invite/${orgInvite._id}/accept`, { headers: bearer(pm.token) });
  expect(joined.status(), await joined.text()).toBe(200);

  const mission = await request.post('/api/mission', {
    data: { title: 'Quayside', org: orgId, planStartDate: '2031-01-06', planEndDate: '2031-06-27' },
    headers: bearer(pm.token),
  });
  expect(mission.status(), await mission.text()).toBe(201);
  const missionId = ((await mission.json()) as { _id: string })._id;

  const dev = await createAccount(request, 'plan-dev', { firstName: 'Dan', lastName: 'Developer' });
  await joinMission(request, pm, { id: missionId, title: 'Quayside' }, dev);
  return { admin, pm, dev, missionId };
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test("where roles need approval, a project manager's assignment becomes a request that a role approver approves; plan items are deleted", async ({
  page,
  request,
}) => {
  const { admin, pm, missionId } = await approvalWorld(page, request);
  await signIn(page, pm.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=plan`);
  const view = missionView(page);
  await expect(view.getByRole('heading', { name: 'Plan', exact: true })).toBeVisible();
  const engineer = view.getByTestId(/^role-/).filter({ hasText: 'Engineer' });

  // a new role for the spring, without a person yet
  await view.getByRole('button', { name: 'Add to plan' }).click();
  const add = page.getByRole('dialog', { name: 'Add to plan' });
  await add.getByLabel('Role', { exact: true }).fill('Engineer');
  await add.getByLabel('Start').fill('2031-03-03');
  await add.getByLabel('End').fill('2031-04-25');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);

  // rule 77: Pia already holds the Project manager role, so she is no candidate for it again
  await view.getByRole('button', { name: 'Change person of Project manager' }).click();
  const change = page.getByRole('dialog', { name: 'Change person' });
  await change.getByLabel('Person').click();
  await expect(page.getByRole('option', { name: 'Dan Developer' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Pia Manager' })).toHaveCount(0);
  await change.getByText('Role: Project manager').click(); // closes the list
  await change.getByRole('button', { name: 'Cancel' }).click();
  await expect(change).toHaveCount(0);

  // Pia may not approve roles: giving Dan the role asks the organisation instead, with a reason (rule 79), and says so
  await view.getByRole('button', { name: 'Change person of Engineer' }).click();
  await change.getByLabel('Person').click();
  await page.getByRole('option', { name: 'Dan Developer' }).click();
  await change.getByRole('button', { name: 'Assign' }).click();
  await expect(change.getByText('Please enter a longer description')).toBeVisible();
  await change.getByLabel('Reason').fill('Dan knows the engines');
  await change.getByRole('button', { name: 'Assign' }).click();
  await expect(change).toHaveCount(0);
  await expect(page.getByText('Sent for approval.')).toBeVisible();
  await expect(engineer).toContainText('Unfilled');
  await expect(engineer).toContainText('Requested: Dan Developer');
  await expect(engineer).toContainText('Pending approval');
  // the request is the organisation's to decide, not hers
  await expect(view.getByRole('button', { name: 'Approve Engineer' })).toHaveCount(0);
  await expect(view.getByRole('button', { name: 'Request approval for Engineer' })).toHaveCount(0);
  await page.screenshot({ path: screenshot('plan-sent-for-approval'), fullPage: true });

  // a fundable milestone and an outcome join the plan; the milestone is deleted again after a confirmation
  for (const [type, title] of [
    ['Fundable milestone', 'Seed funding'],
    ['Outcome', 'Quay reopened'],
  ] as const) {
    await view.getByRole('button', { name: 'Add to plan' }).click();
    await add.getByLabel('Type').click();
    await page.getByRole('option', { name: type, exact: true }).click();
    await add.getByLabel('Title').fill(title);
    if (type === 'Fundable milestone') await add.getByLabel(/^Amount/).fill('5000');
    await add.getByLabel('Date').fill('2031-05-30');
    await add.getByRole('button', { name: 'Add' }).click();
    await expect(add).toHaveCount(0);
  }
  const markers = view.getByRole('list', { name: 'Phases, milestones and outcomes' });
  await expect(markers.getByRole('listitem').filter({ hasText: 'Seed funding' })).toContainText('Fundable milestone');
  await expect(markers.getByRole('listitem').filter({ hasText: 'Quay reopened' })).toContainText('Outcome');
  await expect(markers.getByRole('listitem').filter({ hasText: 'Quay reopened' })).toContainText('30 May 2031');
  // the bar shows the budget view's planned cost: a fundable milestone is revenue, no cost
  await expect(view.getByTestId('budget-text')).toContainText(/Planned 0 /);
  await view.getByRole('button', { name: 'Delete Seed funding' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Seed funding?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(markers.getByRole('listitem').filter({ hasText: 'Seed funding' })).toHaveCount(0);
  await expect(markers.getByRole('listitem').filter({ hasText: 'Quay reopened' })).toBeVisible();

  // a cost item is planned cost: the bar counts it at once, and lets it go when it is deleted
  await view.getByRole('button', { name: 'Add to plan' }).click();
  await add.getByLabel('Type').click();
  await page.getByRole('option', { name: 'Cost', exact: true }).click();
  await add.getByLabel('Title').fill('Crane hire');
  await add.getByLabel(/^Amount/).fill('5000');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);
  await expect(view.getByTestId('budget-text')).toContainText(/Planned 5,000 /);
  await view.getByRole('button', { name: 'Delete Crane hire' }).click();
  await page.getByRole('dialog', { name: 'Delete Crane hire?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(view.getByTestId(/^role-/).filter({ hasText: 'Crane hire' })).toHaveCount(0);
  await expect(view.getByTestId('budget-text')).toContainText(/Planned 0 /);

  // a role of the timeline goes the same way
  await view.getByRole('button', { name: 'Add to plan' }).click();
  await add.getByLabel('Role', { exact: true }).fill('Intern');
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toHaveCount(0);
  await view.getByRole('button', { name: 'Delete Intern' }).click();
  await page.getByRole('dialog', { name: 'Delete Intern?' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(view.getByTestId(/^role-/).filter({ hasText: 'Intern' })).toHaveCount(1);
  await view.getByRole('button', { name: 'Delete Intern' }).click();
  await page.getByRole('dialog', { name: 'Delete Intern?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(view.getByTestId(/^role-/).filter({ hasText: 'Intern' })).toHaveCount(0);

  // Ada approves roles in the organisation: she decides the request from the same timeline
  await page.getByRole('button', { name: 'Close the mission' }).click();
  await signOut(page);
  await signIn(page, admin.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=plan`);
  await expect(engineer).toContainText('Requested: Dan Developer');
  await view.getByRole('button', { name: 'Approve Engineer' }).click();
  const approve = page.getByRole('dialog', { name: 'Approve role' });
  await expect(approve.getByLabel('Person')).toHaveValue('Dan Developer');
  await expectAccessible(page, 'approve role');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toHaveCount(0);
  await expect(engineer).toContainText('Dan Developer');
  await expect(engineer).not.toContainText('Unfilled');
  await expect(engineer).not.toContainText('Pending approval');
  await expect(engineer).not.toContainText('Requested');
  await expect(view.getByRole('button', { name: 'Approve Engineer' })).toHaveCount(0);
  await expectAccessible(page, 'plan after approval');
  await page.screenshot({ path: screenshot('plan-approved'), fullPage: true });

  await page.reload();
  await expect(engineer).toContainText('Dan Developer');
});

test('a role approver decides role requests from the notification panel: a rejection needs its reason', async ({ page, request }) => {
  const { admin, pm, dev, missionId } = await approvalWorld(page, request);
  const devId = ((await (await request.get('/api/people/profile', { headers: bearer(dev.token) })).json()) as { _id: string })._id;
  // Pia asks for Dan on two roles; the organisation decides (rule 71)
  for (const [role, startDate, endDate] of [
    ['Engineer', '2031-02-03', '2031-02-28'],
    ['Tester', '2031-03-03', '2031-03-28'],
  ] as const) {
    const created = await request.post(`/api/mission-plan/mission/${missionId}`, {
      data: { role, person: devId, startDate, endDate, reason: `Dan knows the ${role.toLowerCase()} work` },
      headers: bearer(pm.token),
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await signIn(page, admin.email);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByRole('tab', { name: 'Allocations' }).click();
  await expect(panel.getByRole('button', { name: 'Approve Engineer' })).toBeVisible();
  await expectAccessible(page, 'role requests in the notification panel');
  await page.screenshot({ path: screenshot('notifications-role-requests') });

  await panel.getByRole('button', { name: 'Reject Tester' }).click();
  await panel.getByLabel('Why reject Tester?').fill('no');
  await panel.getByRole('button', { name: 'Reject Tester' }).click();
  await expect(panel.getByText('Please enter a longer description')).toBeVisible();
  await panel.getByLabel('Why reject Tester?').fill('Testing starts in April');
  await panel.getByRole('button', { name: 'Reject Tester' }).click();
  await expect(panel.getByText('Rejected.')).toBeVisible();
  await panel.getByRole('button', { name: 'Approve Engineer' }).click();
  await expect(panel.getByText('Approved.')).toBeVisible();
  await page.screenshot({ path: screenshot('notifications-role-requests-decided') });
  // the decisions stay with the notifications: nothing is offered again
  await page.reload();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await panel.getByRole('tab', { name: 'Allocations' }).click();
  await expect(panel.getByText('Approved.')).toBeVisible();
  await expect(panel.getByText('Rejected.')).toBeVisible();
  await expect(panel.getByRole('button', { name: /^(Approve|Reject) / })).toHaveCount(0);

  const plan = await request.get(`/api/mission/${missionId}`, { headers: bearer(pm.token) });
  const items = ((await plan.json()) as { planItems: { role: string | null; person: string | null }[] }).planItems;
  expect(items.find((item) => item.role === 'Engineer')?.person).toBe(devId);
  expect(items.find((item) => item.role === 'Tester')?.person).toBeNull();
});
