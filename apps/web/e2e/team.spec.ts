import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  createAccount,
  expectAccessible,
  fillSignIn,
  joinMission,
  latestMail,
  linkIn,
  PASSWORD,
  screenshot,
  signIn,
  uniqueEmail,
  verifiedAccount,
} from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });
const LAST_ADMIN = 'Sorry but you need at least one admin on the project. Try adding another admin first or make another person an admin.';

async function createMission(request: APIRequestContext, token: string, title: string): Promise<string> {
  const created = await request.post('/api/mission', {
    data: { title, planStartDate: '2030-03-04', planEndDate: '2030-06-28' },
    headers: bearer(token),
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

async function inviteByApi(request: APIRequestContext, token: string, missionId: string, email: string) {
  const invited = await request.post(`/api/mission/${missionId}/invite`, { data: { inviteeEmail: email }, headers: bearer(token) });
  expect(invited.status(), await invited.text()).toBe(201);
}

test('an owner invites a new email from the team tab; the invitee signs up from the mailed link, accepts, and the owner sees them join', async ({
  page,
  browser,
  request,
}) => {
  const owner = await verifiedAccount(page, request, 'team-owner', { firstName: 'Olga', lastName: 'Owner' });
  const missionId = await createMission(request, owner.token, 'Team journey');
  await signIn(page, owner.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=team`);
  const view = missionView(page);
  const team = view.getByTestId('team-tab');
  await expect(team.getByTestId('free-slots')).toHaveText('1 of 5 free slots');
  await expect(team.getByRole('row').filter({ hasText: owner.email })).toBeVisible();
  await page.screenshot({ path: screenshot('team-tab'), fullPage: true });

  // the invite card
  await team.getByRole('button', { name: 'Invite people' }).click();
  const card = page.getByRole('dialog', { name: 'Invite people to Team journey' });
  await expect(card.getByLabel('Personal message')).toHaveValue('Welcome to the mission!');
  await expect(card.getByRole('combobox', { name: 'Permission' })).toHaveValue('Team member');
  await card.getByLabel('Email').fill('not-an-email');
  await card.getByRole('button', { name: 'Send invite' }).click();
  await expect(card.getByText('The email you entered appears incorrect.')).toBeVisible();
  await card.getByLabel('Email').fill(owner.email);
  await card.getByRole('button', { name: 'Send invite' }).click();
  await expect(card.getByText(`Ooops. ${owner.email} already exists on the mission team.`)).toBeVisible();
  const inviteeEmail = uniqueEmail('team-invitee');
  await card.getByLabel('Email').fill(inviteeEmail);
  await expectAccessible(page, 'invite card');
  await page.screenshot({ path: screenshot('team-invite-card'), fullPage: true });
  await card.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite sent to ${inviteeEmail}.`)).toBeVisible();
  await expectAccessible(page, 'team tab');

  // the invitee opens the mailed link signed out, signs up, and accepts
  const link = linkIn(await latestMail(request, inviteeEmail, 'You are invited to the mission Team journey'));
  expect(link).toContain('from=invite');
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  // an invitation to a phase: once accepted, the mission opens at its phases
  await invitee.goto(`${link}&invite-to-phase=phases`);
  await expect(invitee.getByTestId('mission-invite-notice')).toContainText('You are invited to a mission on Crewplan.');
  await invitee.screenshot({ path: screenshot('team-invite-signed-out') });
  await fillSignIn(invitee, inviteeEmail, PASSWORD);
  const join = invitee.getByRole('dialog', { name: 'Join Team journey' });
  await expect(join).toContainText('Olga Owner invites you to join Team journey as Team member.');
  await expect(join).toContainText('Welcome to the mission!');
  await expectAccessible(invitee, 'mission invite');
  await invitee.screenshot({ path: screenshot('team-invite-join') });
  await join.getByRole('button', { name: 'Accept invite' }).click();
  await expect(invitee).toHaveURL(new RegExp(`[?&]mission=${missionId}`));
  await expect(invitee).not.toHaveURL(/token=|invite-to-phase=/);
  await expect(invitee).toHaveURL(/[?&]phase=phases/);
  await expect(missionView(invitee).getByTestId('mission-title')).toHaveText('Team journey');
  await expect(missionView(invitee).getByRole('tab', { name: 'Plan', selected: true })).toBeVisible();
  await expect(invitee.locator('#plan-make-phase')).toBeInViewport();
  await invitee.screenshot({ path: screenshot('team-invitee-mission'), fullPage: true });
  await inviteeContext.close();

  // the owner's open page shows the accepted person without a reload
  const joined = team.getByRole('row').filter({ hasText: inviteeEmail });
  await expect(joined.getByRole('combobox', { name: /^Permission of / })).toHaveValue('Team member');
  await expect(joined).not.toContainText('Invite pending');
  await expect(team.getByTestId('free-slots')).toHaveText('2 of 5 free slots');

  // an invite link no longer valid
  await page.goto(`/home?from=invite&token=${'x'.repeat(32)}`);
  await expect(page.getByText('Sorry that invite is longer valid.')).toBeVisible();
});

test('an owner removes a person with a confirmation, cannot remove the last admin, and meets the upgrade view at 5 of 5', async ({
  page,
  request,
}) => {
  const owner = await verifiedAccount(page, request, 'slots-owner', { firstName: 'Sam', lastName: 'Slots' });
  const missionId = await createMission(request, owner.token, 'Slots journey');
  const member = await createAccount(request, 'slots-member', { firstName: 'Mel', lastName: 'Member' });
  await joinMission(request, owner, { id: missionId, title: 'Slots journey' }, member);

  await signIn(page, owner.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=team`);
  const team = missionView(page).getByTestId('team-tab');
  const memberRow = team.getByRole('row').filter({ hasText: member.email });
  await expect(memberRow).toContainText('Mel Member');

  // the hover card of an avatar
  await memberRow.getByRole('button', { name: 'Mel Member', exact: true }).hover();
  const hoverCard = page.getByTestId('person-hover-card');
  await expect(hoverCard).toContainText(member.email);
  await expect(hoverCard).toContainText('Team member');
  await page.screenshot({ path: screenshot('team-hover-card') });
  await page.mouse.move(0, 0);

  // the team card behind a name: the owner's project role
  const ownerRow = team.getByRole('row').filter({ hasText: owner.email });
  await ownerRow.getByRole('button', { name: 'Team card of Sam Slots' }).click();
  const card = page.getByTestId('team-card');
  await expect(card).toContainText('Project owner - Admin');
  await expect(card).toContainText('Project manager');
  await page.screenshot({ path: screenshot('team-card') });
  // Escape closes the card only, not the mission
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
  await expect(memberRow).toBeVisible();

  // remove with the confirmation
  await memberRow.getByRole('button', { name: 'Remove Mel Member' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Mel Member' });
  await expect(confirm).toContainText('Remove this person from the project?');
  await expectAccessible(page, 'remove confirmation');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(memberRow).toHaveCount(0);

  // the only admin cannot leave
  await team.getByRole('row').filter({ hasText: owner.email }).getByRole('button', { name: 'Leave the project' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave the project' });
  await expect(leave).toContainText('Remove yourself from the project?');
  await leave.getByRole('button', { name: 'Leave project' }).click();
  await expect(leave.getByRole('alert')).toHaveText(LAST_ADMIN);
  await page.screenshot({ path: screenshot('team-last-admin') });
  await leave.getByRole('button', { name: 'Cancel' }).click();

  // 4 more invites (of people with accounts: they join the team as pending) fill the free slots
  for (let i = 0; i < 4; i += 1) {
    const invitee = await createAccount(request, `slot-${i}`, { firstName: 'Slot', lastName: `Filler ${i}` });
    await inviteByApi(request, owner.token, missionId, invitee.email);
  }
  await expect(team.getByTestId('free-slots')).toHaveText('5 of 5 free slots');
  await expect(team.getByRole('row').filter({ hasText: 'Slot Filler 0' })).toContainText('Invite pending');
  await team.getByRole('button', { name: 'Invite people' }).click();
  const upgrade = page.getByRole('dialog', { name: 'Invite people to Slots journey' });
  await expect(upgrade.getByTestId('upgrade-view')).toContainText('5 of 5 free slots used');
  await upgrade.getByRole('button', { name: 'Upgrade just your project' }).click();
  await expect(upgrade.getByLabel('Licence key')).toBeVisible();
  await expect(upgrade.getByLabel('Promo code')).toBeVisible();
  await expectAccessible(page, 'upgrade view');
  await page.screenshot({ path: screenshot('team-upgrade'), fullPage: true });
});

test('in an organisation, the invite card completes the one approved domain and holds an unapproved one until a manager clears it', async ({
  page,
  request,
}) => {
  const admin = await verifiedAccount(page, request, 'domain-admin', { firstName: 'Dora', lastName: 'Domains' });
  const org = await request.post('/api/org', {
    data: { title: 'Domain Co', currency: 'EUR', inviteDomains: ['domain-co.com'] },
    headers: bearer(admin.token),
  });
  expect(org.status(), await org.text()).toBe(201);
  const orgId = ((await org.json()) as { _id: string })._id;
  const created = await request.post('/api/mission', {
    data: { title: 'Domain journey', org: orgId, planStartDate: '2030-03-04', planEndDate: '2030-06-28' },
    headers: bearer(admin.token),
  });
  expect(created.status(), await created.text()).toBe(201);
  const missionId = ((await created.json()) as { _id: string })._id;

  await signIn(page, admin.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=team`);
  await missionView(page).getByTestId('team-tab').getByRole('button', { name: 'Invite people' }).click();
  const card = page.getByRole('dialog', { name: 'Invite people to Domain journey' });
  const email = card.getByLabel('Name or email');
  const permission = card.getByRole('combobox', { name: 'Permission' });

  // typing the at-sign completes the organisation's one approved domain
  await email.pressSequentially('bob@');
  await expect(email).toHaveValue('bob@domain-co.com');
  await permission.click();
  await expect(page.getByRole('option', { name: 'Admin', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Observer' })).toBeVisible();
  await page.keyboard.press('Escape');

  // another domain: a warning, no admin, a limited project manager, and Send disabled until cleared
  await email.fill('eve@partner-co.com');
  await expect(card.getByTestId('domain-warning')).toContainText('partner-co.com');
  await expect(card.getByText('Permission admin is not permitted for domains that are not approved by the organization.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send invite' })).toBeDisabled();
  await permission.click();
  await expect(page.getByRole('option', { name: 'Project manager (Limited)' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Admin', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectAccessible(page, 'invite card with an unapproved domain');
  await page.screenshot({ path: screenshot('team-invite-domain'), fullPage: true });

  await card.getByRole('button', { name: 'Clear partner-co.com for the project' }).click();
  await expect(page.getByText('partner-co.com has been cleared for the project…')).toBeVisible();
  await expect(card.getByTestId('domain-warning')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Send invite' })).toBeEnabled();
  await card.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText('Invite sent to eve@partner-co.com.')).toBeVisible();
});

test('a member who joined by a secondary email and removed it is sent to their primary email when signing in with it', async ({
  page,
  request,
}) => {
  const owner = await verifiedAccount(page, request, 'alias-owner', { firstName: 'Ola', lastName: 'Owner' });
  const missionId = await createMission(request, owner.token, 'Alias journey');
  const member = await createAccount(request, 'alias-member', { firstName: 'Ali', lastName: 'Member' });
  const alias = uniqueEmail('alias');
  // the member adds the alias to their account and verifies it from the mail
  const added = await request.put('/api/people/profile/email/list/add', { data: { email: alias }, headers: bearer(member.token) });
  expect(added.status(), await added.text()).toBeLessThan(300);
  const oobCode = new URL(linkIn(await latestMail(request, alias, 'Confirm your additional Crewplan email'))).searchParams.get('oobCode');
  const verified = await request.put('/api/people/profile/email/list/verify', { data: { oobCode }, headers: bearer(member.token) });
  expect(verified.status(), await verified.text()).toBeLessThan(300);
  // the owner invites the alias; the member accepts under their account
  await joinMission(request, owner, { id: missionId, title: 'Alias journey' }, member, alias);
  // then removes the alias from their account
  const removed = await request.put('/api/people/profile/email/list/remove', { data: { email: alias }, headers: bearer(member.token) });
  expect(removed.status(), await removed.text()).toBeLessThan(300);

  // signing in with it makes no new account: the project knows it as the member's
  await page.goto('/login');
  await fillSignIn(page, alias, PASSWORD);
  await expect(page.getByTestId('sign-in-message')).toHaveText(
    'No account uses this email: it is likely a secondary email on one of your projects. Please sign in with your primary email.',
  );
  const check = await request.get(`/api/auth/exists/${encodeURIComponent(alias)}`);
  expect(await check.json()).toEqual({ exists: false, secondary: false, onProject: true });
  await page.screenshot({ path: screenshot('sign-in-project-alias') });
  await expectAccessible(page, 'sign-in with an email a project knows');
});
