import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type axeCore from 'axe-core';

declare global {
  interface Window {
    axe?: typeof axeCore;
  }
}

export const PASSWORD = 'correct-horse-42';

const screenshots = fileURLToPath(new URL('./screenshots/', import.meta.url));

/** Where a journey saves a screenshot to look at (the folder is not committed). */
export function screenshot(name: string): string {
  mkdirSync(screenshots, { recursive: true });
  return `${screenshots}${name}.png`;
}

/** The local fake card payment provider the journeys' server uses (started with it, `scripts/e2e-server.mjs`). */
export const PAYMENT_PROVIDER = `http://127.0.0.1:${process.env.E2E_PAYMENTS_PORT ?? 3102}`;

/**
 * The ports of the journeys' fake identity providers, one per spec file that starts one, so that files running on
 * different workers at once never meet (the journeys' server trusts both, `scripts/e2e-server.mjs`).
 */
const IDP_PORT = Number(process.env.E2E_IDP_PORT ?? 3101);
// + 1 is the payment provider's (E2E_PAYMENTS_PORT, 3102 by default)
export const IDP_PORTS = { signIn: IDP_PORT, organisationPolicy: IDP_PORT + 2 };

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@crewplan.test`;
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Fails on serious or critical accessibility violations of the screen shown now (of the `rules` named, else all). */
export async function expectAccessible(page: Page, screen: string, rules?: readonly string[]): Promise<void> {
  // axe is loaded once per document (half a megabyte; the app is one page, so most checks find it there) and runs in
  // the page alone: the app's only frame is a mail body's script-less sandbox, which axe cannot enter and which is not
  // our UI. Only violations are listed (listing every passing node was a fifth of a check's time on larger screens).
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE);
  const report = await page.evaluate(async (only) => {
    const results = await window.axe!.run(
      { exclude: ['iframe[sandbox]'] },
      { resultTypes: ['violations'], iframes: false, ...(only ? { runOnly: { type: 'rule' as const, values: [...only] } } : {}) },
    );
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`).join('\n  ')}`,
      );
  }, rules);
  expect(report, `accessibility of ${screen}`).toEqual([]);
}

type Mode = 'light' | 'dark';

/** The accessibility rules whose outcome depends on colours. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Looks at the screen shown now in both colour modes: a screenshot of each (`<name>-light`, `<name>-dark`) and, when
 * `screen` names it, the accessibility check of each (all rules in the page's own mode, the colour rules in the other). Every colour of the app follows the page's colour-scheme
 * attribute (Mantine's variables and `light-dark()` alike), so it is switched for the other look and back, and one
 * journey checks what a journey per mode did; which mode a profile asks for is checked where it is signed in.
 */
export async function lookInBothModes(page: Page, name: string, { screen, fullPage }: { screen?: string; fullPage?: boolean } = {}) {
  const html = page.locator('html');
  const own = (await html.getAttribute('data-mantine-color-scheme')) as Mode;
  // colours that ease from one mode to the other (a switch's labels) are judged once they have arrived
  const setMode = (mode: Mode) =>
    html.evaluate(async (element, value) => {
      element.setAttribute('data-mantine-color-scheme', value);
      const easing = document.getAnimations().filter((animation) => animation instanceof CSSTransition);
      await Promise.all(easing.map((animation) => animation.finished.catch(() => undefined)));
    }, mode);
  for (const mode of [own, own === 'dark' ? 'light' : 'dark'] as const) {
    await setMode(mode);
    await page.screenshot({ path: screenshot(`${name}-${mode}`), fullPage });
    // the other mode changes colours only: the rules that read them are all that can judge it differently
    if (screen) await expectAccessible(page, `${screen} (${mode})`, mode === own ? undefined : COLOUR_RULES);
  }
  await setMode(own);
}

interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
}

/** The newest mail to `to` whose subject contains `subject`, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, subject: string): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as OutboxMail[];
        found = mails.find((mail) => mail.subject.includes(subject));
        return Boolean(found);
      },
      { message: `mail "${subject}" to ${to}` },
    )
    .toBe(true);
  return found!;
}

export function linkIn(mail: { text: string }): string {
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No link in mail: ${mail.text}`);
  return link;
}

/** An account made through the API, with names so that sign-in lands on home. */
export async function createAccount(
  request: APIRequestContext,
  label: string,
  profile: Record<string, unknown> = { firstName: 'Grace', lastName: 'Hopper' },
  email = uniqueEmail(label),
): Promise<{ email: string; token: string }> {
  const signUp = await request.post('/api/auth/signup', { data: { email, password: PASSWORD } });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const { token } = (await signUp.json()) as { token: string };
  const update = await request.put('/api/people/profile', { data: profile, headers: { authorization: `Bearer ${token}` } });
  expect(update.status(), await update.text()).toBe(200);
  return { email, token };
}

/** An account made through the API whose sign-in email is verified (inviting needs it), through the mailed link. */
export async function verifiedAccount(
  page: Page,
  request: APIRequestContext,
  label: string,
  names: { firstName: string; lastName: string },
): Promise<{ email: string; token: string }> {
  const account = await createAccount(request, label, names);
  await page.goto(linkIn(await latestMail(request, account.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible();
  return account;
}

export async function fillSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens Home signed in as `email`, as a person returning with a session: the sign-in goes through the API and its
 * token is in the browser's storage when the page loads (the sign-in screen is the subject of its own journeys,
 * which use `fillSignIn`; through the screen each sign-in cost a second more).
 */
export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  // the identity provider wants the app's origin; a journey may point its pages at another server than the config's
  const { origin } = new URL((await page.request.get('/api/ready')).url());
  const response = await page.request.post('/api/identity/sign-in/email', { data: { email, password }, headers: { origin } });
  const token = response.headers()['set-auth-token'] ?? '';
  expect(token, `sign-in of ${email}: ${response.status()} ${await response.text()}`).toBeTruthy();
  // into the first document the page opens next, once: a later sign-out stays signed out
  await page.addInitScript(
    ({ key, value }) => {
      try {
        if (sessionStorage.getItem(key)) return;
        sessionStorage.setItem(key, '1');
        localStorage.setItem('crewplan.token', value);
      } catch {
        // a sandboxed frame (a mail body) has no storage
      }
    },
    { key: `e2e.signIn.${token}`, value: token },
  );
  await page.goto('/home');
  await expect(page.getByRole('banner')).toBeVisible();
}

/** The Monday `weeksBack` weeks before this week's, YYYY-MM-DD in this machine's (and the browser's) calendar. */
export function monday(weeksBack: number): string {
  const date = new Date();
  date.setDate(date.getDate() - ((date.getDay() + 6) % 7) - 7 * weeksBack);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A call of the API as the holder of `token` that must succeed; its JSON answer. */
export async function apiCall<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put' | 'delete',
  token: string,
  url: string,
  data?: Record<string, unknown>,
): Promise<T> {
  const response = await request[method](url, { data, headers: bearer(token) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** The token of the link in the latest mail of that subject to `email`. */
export const tokenOfMail = async (request: APIRequestContext, email: string, subject: string) =>
  new URL(linkIn(await latestMail(request, email, subject))).searchParams.get('token')!;

type Account = { email: string; token: string };

/**
 * Puts an account into an organisation (member) and one of its missions (team member), through the invitations they
 * mail; answers the person's id.
 */
export async function joinOrgAndMission(
  request: APIRequestContext,
  manager: Account,
  org: { id: string; title: string },
  mission: { id: string; title: string },
  person: Account,
): Promise<string> {
  const as = (token: string) => ({
    post: <T>(url: string, data: Record<string, unknown> = {}) => apiCall<T>(request, 'post', token, url, data),
    put: (url: string) => apiCall(request, 'put', token, url, {}),
  });
  await as(manager.token).post(`/api/org/${org.id}/invite`, { inviteeEmail: person.email, config: { permission: 'MEMBER' } });
  const orgToken = await tokenOfMail(request, person.email, `You are invited to join ${org.title}`);
  const orgInvite = await as(person.token).post<{ invite: { _id: string } }>(`/api/org-invite/handle/${orgToken}`);
  await as(person.token).put(`/api/org-invite/${orgInvite.invite._id}/accept`);
  await joinMission(request, manager, mission, person);
  return (await apiCall<{ _id: string }>(request, 'get', person.token, '/api/people/profile'))._id;
}

/**
 * Puts an account on a mission's team through the invitation mailed to `email` (its sign-in email unless another of
 * its addresses is named): the inviter invites, the account opens the mailed invite and accepts it.
 */
export async function joinMission(
  request: APIRequestContext,
  inviter: { token: string },
  mission: { id: string; title: string },
  person: Account,
  email = person.email,
): Promise<void> {
  await apiCall(request, 'post', inviter.token, `/api/mission/${mission.id}/invite`, { inviteeEmail: email });
  const token = await tokenOfMail(request, email, `You are invited to the mission ${mission.title}`);
  const invite = await apiCall<{ _id: string }>(request, 'post', person.token, `/api/mission-invite/handle/${token}`);
  await apiCall(request, 'put', person.token, `/api/mission-invite/${invite._id}/accept`);
}

/**
 * A verified project manager ('Mia Manager', signed up as `label`-manager) with a licensed organisation 'Timber Works'
 * (a running trial) in `currency` and its simple mission 'Harbour cabins' running from six weeks ago to ten weeks
 * ahead; `join` brings another account into both.
 */
export async function licensedMission(page: Page, request: APIRequestContext, label: string, mode: Mode, currency: string) {
  const manager = await createAccount(request, `${label}-manager`, { firstName: 'Mia', lastName: 'Manager', mode, theme: 'main' });
  await page.goto(linkIn(await latestMail(request, manager.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible({ timeout: 30_000 });
  const org = await apiCall<{ _id: string }>(request, 'post', manager.token, '/api/org', { title: 'Timber Works', currency });
  await apiCall(request, 'post', manager.token, `/api/org/${org._id}/subscription`, { trial: true });
  const mission = await apiCall<{ _id: string }>(request, 'post', manager.token, '/api/mission', {
    title: 'Harbour cabins',
    org: org._id,
    projectType: 'simple',
    planStartDate: monday(6),
    planEndDate: monday(-10),
  });
  const join = (person: Account) =>
    joinOrgAndMission(request, manager, { id: org._id, title: 'Timber Works' }, { id: mission._id, title: 'Harbour cabins' }, person);
  return { manager, org, mission, join };
}

/** A Designer role (cost 50/h, billed 80/h) held by `memberId`, with one approved week of 20 hours a week ago. */
export async function approvedDesignerWeek(
  request: APIRequestContext,
  manager: { token: string },
  member: { token: string },
  missionId: string,
  memberId: string,
): Promise<{ designer: { _id: string }; week: { _id: string } }> {
  const designer = await apiCall<{ _id: string }>(request, 'post', manager.token, `/api/mission-plan/mission/${missionId}`, {
    type: 'person',
    title: 'Designer',
    role: 'Designer',
    person: memberId,
    allocation: 50,
    startDate: monday(5),
    endDate: monday(-8),
    rate: 50,
    rateTime: 'Hourly',
    billRate: 80,
    billUnit: 'Hourly',
  });
  const week = await apiCall<{ _id: string }>(request, 'post', member.token, `/api/timesheet/mission/${missionId}`, {
    missionPlanId: designer._id,
    payload: { weekStart: monday(1), dailyHours: [8, 8, 4, 0, 0, 0, 0], status: 'submitted' },
  });
  await apiCall(request, 'put', manager.token, `/api/timesheet/mission/${missionId}/timesheet/${week._id}`, {
    payload: { status: 'approved' },
  });
  return { designer, week };
}
