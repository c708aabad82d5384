import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createAccount, fillSignIn, latestMail, linkIn, PASSWORD, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const missionView = (page: Page) => page.getByRole('dialog', { name: /^Mission / });

/** An address of another domain than the organisation's people. */
const outsideEmail = (label: string) => `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@outside-partner.test`;

async function post<T>(request: APIRequestContext, token: string, url: string, data: Record<string, unknown>): Promise<T> {
  const response = await request.post(url, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** An account of a given email, with names so that sign-in lands on home. */
async function accountOf(request: APIRequestContext, email: string, names: { firstName: string; lastName: string }) {
  const signUp = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  const update = await request.put('/api/people/profile', { data: names, headers: bearer(token) });
  expect(update.status(), await update.text()).toBe(200);
  return { email, token };
}

/** Checks that Home and the missions menu list the mission, under its organisation's name. */
async function listedFor(page: Page, mission: string, org: string, shot: string) {
  await expect(page.getByRole('region', { name: 'Your missions' }).getByRole('button', { name: mission })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Missions' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: new RegExp(mission) })).toBeVisible();
  await expect(menu.getByText(org, { exact: true })).toBeVisible();
  await page.screenshot({ path: screenshot(shot), fullPage: true });
  await menu.getByRole('menuitem', { name: new RegExp(mission) }).click();
  await expect(missionView(page).getByTestId('mission-title')).toHaveText(mission, { timeout: 60_000 });
}

test('people from outside the organisation land in the mission they accept, and find it in Home and the missions menu; so does a client observer', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const owner = await createAccount(request, 'outside-owner', { firstName: 'Orla', lastName: 'Owner' });
  await page.goto(linkIn(await latestMail(request, owner.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  const org = await post<{ _id: string }>(request, owner.token, '/api/org', { title: 'Harbour Works', currency: 'EUR' });
  const mission = await post<{ _id: string }>(request, owner.token, '/api/mission', {
    title: 'Quay rebuild',
    org: org._id,
    projectType: 'kanban',
    planStartDate: '2030-03-04',
    planEndDate: '2030-06-28',
  });

  // a partner from another domain is invited by mail, signs up and accepts from the link
  const partnerEmail = outsideEmail('partner');
  await post(request, owner.token, `/api/mission/${mission._id}/invite`, { inviteeEmail: partnerEmail });
  const link = linkIn(await latestMail(request, partnerEmail, 'You are invited to the mission Quay rebuild'));
  await accountOf(request, partnerEmail, { firstName: 'Pia', lastName: 'Partner' });
  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await partner.goto(link);
  await fillSignIn(partner, partnerEmail, PASSWORD);
  const join = partner.getByRole('dialog', { name: 'Join Quay rebuild' });
  await join.getByRole('button', { name: 'Accept invite' }).click();
  // they land in the mission
  await expect(partner).toHaveURL(new RegExp(`[?&]mission=${mission._id}`));
  await expect(missionView(partner).getByTestId('mission-title')).toHaveText('Quay rebuild', { timeout: 60_000 });
  await partner.screenshot({ path: screenshot('outside-partner-landed'), fullPage: true });
  // and, the mission closed, Home and the missions menu list it (also after a reload)
  await missionView(partner).getByRole('button', { name: 'Close the mission' }).click();
  await expect(partner).not.toHaveURL(/[?&]mission=/);
  await partner.reload();
  await listedFor(partner, 'Quay rebuild', 'Harbour Works', 'outside-partner-home');
  await partnerContext.close();

  // a client's observer (permission 3), also from outside, sees the mission too
  const clientEmail = outsideEmail('client');
  const client = await accountOf(request, clientEmail, { firstName: 'Cleo', lastName: 'Client' });
  await post(request, owner.token, `/api/mission/${mission._id}/invite`, { inviteeEmail: clientEmail, config: { permission: 3 } });
  const token = new URL(linkIn(await latestMail(request, clientEmail, 'You are invited to the mission Quay rebuild'))).searchParams.get(
    'token',
  )!;
  const handled = await post<{ _id: string }>(request, client.token, `/api/mission-invite/handle/${token}`, {});
  const accepted = await request.put(`/api/mission-invite/${handled._id}/accept`, { headers: bearer(client.token) });
  expect(accepted.status(), await accepted.text()).toBe(200);
  await signIn(page, clientEmail);
  await listedFor(page, 'Quay rebuild', 'Harbour Works', 'outside-client-home');
});
