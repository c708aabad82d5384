import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgApiKeys, orgPeople, orgs, people, ssoProviders } from '../src/db/schema/index.ts';
import type { Change } from '../src/plugins/realtime.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { testSockets } from './support/sockets.ts';
import {
  addMember,
  createOrg,
  createOrgWorld,
  errorOf,
  expectStatus,
  multipart,
  PNG_1X1,
  verifiedPerson,
  type OrgWorld,
} from './support/org.ts';
import { signUpPerson, uniqueEmail } from './support/people.ts';

/** Spec texts (messages.tsv), word for word. */
const SPEC = {
  orgNotFound: "Sorry that Organization wasn't found. Maybe removed?",
  domainInvalid: 'Sorry but that domain may be invalid…',
  fileTooLarge: 'Individual file limit of 5MB exceeded.',
};

let t: TestApp;
let w: OrgWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
});
afterAll(async () => t.close());

type Org = Record<string, unknown> & {
  _id: string;
  title: string;
  updatedAt: string;
  me: { level: string; permission: number } | null;
  abilities: Record<string, boolean>;
};
type OrgDetail = Org & {
  roles: { _id: string }[];
  departments: { _id: string; title: string; isDeleted: boolean }[];
  offices: unknown[];
  programs: unknown[];
  goals: unknown[];
  invites: unknown[];
  apiKeys: { _id: string; name: string; prefix: string }[];
  peopleCount: number;
};

const get = (url: string, token?: string) => t.request({ method: 'GET', url, token });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string | undefined, payload?: unknown) =>
  t.request({ method, url, token, payload: payload as Record<string, unknown> });

describe('POST /api/org', () => {
  it('creates an organisation whose creator is its admin, with the spec defaults', async () => {
    const person = await signUpPerson(t, { email: uniqueEmail('founder') });
    const response = await send('POST', '/api/org', person.token, { title: '  Northwind  ' });
    expectStatus(response, 201);
    const org = response.json() as Org;
    expect(org).toMatchObject({
      title: 'Northwind',
      currency: 'USD',
      roleDefaultRateTime: 'Monthly',
      daysPerWeek: 5,
      overTimeAfterDayOrWeek: 'day',
      overTimeAfter: 8,
      inviteDomains: ['example.com'],
      isMFARequired: false,
      rolesNeedApproval: false,
      projectCreationRestricted: false,
      invoicingDisabled: false,
      isLicensed: false,
      isLicensedActive: false,
      logo: null,
      me: { level: 'ADMIN', permission: 2 },
    });
    expect(org._id).toMatch(/^[0-9a-f]{24}$/);
    expect(Object.values(org.abilities).every(Boolean)).toBe(true);
    // Rule 219: annual leave (fixed, project-level), training, personal and medical.
    const codes = org.leaveCodes as { id: string; fixed: boolean; isProjectLevel: boolean }[];
    expect(codes.map((c) => c.id)).toEqual(['annual', 'training', 'personal', 'medical']);
    expect(codes[0]).toMatchObject({ fixed: true, isProjectLevel: true });
  });

  it('approves no invite domain when the creator uses a free mail provider', async () => {
    const person = await signUpPerson(t, { email: uniqueEmail('free').replace('example.com', 'gmail.com') });
    const org = await createOrg(t, person.token);
    expect(org.inviteDomains).toEqual([]);
  });

  it('takes every setting the spec names at creation', async () => {
    const person = await signUpPerson(t);
    const settings = {
      title: 'Everything Ltd',
      currency: 'EUR',
      roleDefaultRateTime: 'Hourly',
      proposalDeadlines: [{ title: 'First draft', days: 14 }],
      leaveCodes: [
        {
          id: 'annual',
          code: 'AL',
          description: 'Annual leave',
          fixed: true,
          isProjectLevel: true,
          days: [{ year: 2026, amount: 25 }],
          comments: '',
          minHours: 4,
          maxHours: 8,
          allowHalfDays: true,
          timesPerYear: null,
          hideReason: false,
        },
      ],
      holidayCountryCode: 'PT',
      daysPerWeek: 4,
      carryOverAnnualLeaveCutOff: '03-31',
      carryOverAnnualLeaveAmount: 5,
      carryOverAnnualLeaveFx: 'percent',
      inviteDomains: ['everything.com', 'ANY'],
      overTimeAfterDayOrWeek: 'week',
      overTimeAfter: 40,
      isMFARequired: true,
      rolesNeedApproval: true,
      canProjectManagersApproveRoles: true,
      projectCreationRestricted: true,
      invoicingDisabled: true,
    };
    const org = await createOrg(t, person.token, settings);
    expect(org).toMatchObject(settings);
    const detail = (await get(`/api/org/${org._id}`, person.token)).json() as Org;
    expect(detail).toMatchObject(settings);
  });

  it.each([
    ['no title', {}, 'title'],
    ['an empty title', { title: '   ' }, 'title'],
    ['a title that is a number', { title: 5 }, 'title'],
    ['a NUL character', { title: 'A\u0000B' }, 'title'],
    ['an unknown key', { title: 'X', owner: 'me' }, 'request'],
    ['a licence flag (set by billing only)', { title: 'X', isLicensedActive: true }, 'request'],
    ['a lowercase currency', { title: 'X', currency: 'usd' }, 'currency'],
    ['8 days a week', { title: 'X', daysPerWeek: 8 }, 'daysPerWeek'],
    ['a three-letter country', { title: 'X', holidayCountryCode: 'GBR' }, 'holidayCountryCode'],
    ['negative overtime', { title: 'X', overTimeAfter: -1 }, 'overTimeAfter'],
    ['month 13 as cut-off', { title: 'X', carryOverAnnualLeaveCutOff: '13-01' }, 'carryOverAnnualLeaveCutOff'],
    ['an unknown rate time', { title: 'X', roleDefaultRateTime: 'Fortnightly' }, 'roleDefaultRateTime'],
    [
      'two leave codes with one id',
      {
        title: 'X',
        leaveCodes: [
          { id: 'a', description: 'A' },
          { id: 'a', description: 'B' },
        ],
      },
      'leaveCodes',
    ],
  ])('refuses %s with 400 validation', async (_name, body, field) => {
    const response = await send('POST', '/api/org', w.people.member.token, body);
    expectStatus(response, 400);
    const error = errorOf(response);
    expect(error.code).toBe('validation');
    if (field !== 'request') expect(Object.keys(error.fields ?? {}).some((key) => key.startsWith(field))).toBe(true);
  });

  it("refuses an invalid invite domain with the spec's text", async () => {
    const response = await send('POST', '/api/org', w.people.member.token, { title: 'X', inviteDomains: ['acme'] });
    expectStatus(response, 400);
    expect(Object.values(errorOf(response).fields ?? {})).toContain(SPEC.domainInvalid);
  });

  it('answers 401 without a token, and to an API key', async () => {
    expectStatus(await send('POST', '/api/org', undefined, { title: 'X' }), 401);
    expectStatus(await send('POST', '/api/org', w.apiKey, { title: 'X' }), 401);
  });
});

describe('GET /api/org', () => {
  it('lists the organisations I am a current member of, by title, with my level', async () => {
    const person = await signUpPerson(t);
    const b = await createOrg(t, person.token, { title: 'beta' });
    const a = await createOrg(t, person.token, { title: 'Alpha' });
    const left = await createOrg(t, person.token, { title: 'Gone' });
    await t.database.db.update(orgPeople).set({ endDate: '2020-01-01' }).where(eq(orgPeople.orgId, left._id));
    const guest = await createOrg(t, w.people.outsider.token, { title: 'Guest house' });
    await addMember(t, guest._id, person, 'OBSERVER_ORG');
    const response = await get('/api/org', person.token);
    expectStatus(response, 200);
    const list = (response.json() as { orgs: Org[] }).orgs;
    expect(list.map((o) => o._id)).toEqual([a._id, b._id, guest._id]);
    expect(list[2]!.me).toMatchObject({ level: 'OBSERVER_ORG', permission: 4 });
    expect(list[2]!.abilities).toMatchObject({ update: false, readWorkspace: true, readProjects: false });
  });

  it('leaves out deleted organisations', async () => {
    const person = await signUpPerson(t);
    const org = await createOrg(t, person.token);
    expectStatus(await send('DELETE', `/api/org/${org._id}`, person.token), 200);
    expect(((await get('/api/org', person.token)).json() as { orgs: Org[] }).orgs).toEqual([]);
  });
});

describe('GET /api/org/:id', () => {
  it('answers the organisation with its structure, people count and my abilities', async () => {
    const response = await get(`/api/org/${w.orgId}`, w.people.manager.token);
    expectStatus(response, 200);
    const org = response.json() as OrgDetail;
    expect(org).toMatchObject({ _id: w.orgId, me: { level: 'MANAGER', permission: 1 }, peopleCount: 6 });
    expect(org.abilities).toMatchObject({ update: true, delete: true, manageApiKeys: false, manageAdmins: false, invite: true });
    for (const key of ['roles', 'departments', 'offices', 'programs', 'goals', 'invites', 'apiKeys'])
      expect(Array.isArray(org[key])).toBe(true);
    expect(org.apiKeys).toEqual([]);
  });

  it('lists API keys (never the key) to admins', async () => {
    const org = (await get(`/api/org/${w.orgId}`, w.people.admin.token)).json() as OrgDetail;
    const key = org.apiKeys.find((k) => k._id === w.apiKeyId);
    expect(key).toMatchObject({ name: 'World key', prefix: w.apiKey.slice(0, 10) });
    expect(JSON.stringify(org)).not.toContain(w.apiKey);
  });

  it('shows deleted structure items only with ?archived=true, flagged isDeleted', async () => {
    const person = await signUpPerson(t);
    const org = await createOrg(t, person.token);
    const department = (await send('POST', `/api/org/${org._id}/departments`, person.token, { title: 'Old' })).json() as { _id: string };
    expectStatus(await send('DELETE', `/api/org/${org._id}/departments/${department._id}`, person.token), 200);
    const plain = (await get(`/api/org/${org._id}`, person.token)).json() as OrgDetail;
    expect(plain.departments).toEqual([]);
    const archived = (await get(`/api/org/${org._id}?archived=true`, person.token)).json() as OrgDetail;
    expect(archived.departments).toMatchObject([{ _id: department._id, title: 'Old', isDeleted: true }]);
    expectStatus(await get(`/api/org/${org._id}?archived=maybe`, person.token), 400);
  });

  it("answers 404 with the spec's text for an unknown organisation, an outsider and another organisation's admin", async () => {
    for (const [url, token] of [
      ['/api/org/0123456789abcdef01234567', w.people.admin.token],
      [`/api/org/${w.orgId}`, w.people.outsider.token],
      [`/api/org/${w.orgId}`, w.people.otherOrgAdmin.token],
    ] as const) {
      const response = await get(url, token);
      expectStatus(response, 404);
      expect(errorOf(response)).toEqual({ code: 'org/not-found', message: SPEC.orgNotFound });
    }
  });

  it('answers 400 for an id that is not 24 lowercase hex characters', async () => {
    for (const id of ['123', '0123456789ABCDEF01234567', 'zzzzzzzzzzzzzzzzzzzzzzzz']) {
      const response = await get(`/api/org/${id}`, w.people.admin.token);
      expectStatus(response, 400);
      expect(errorOf(response)).toMatchObject({ code: 'validation', fields: { id: 'The id must be 24 characters of 0-9 and a-f' } });
    }
  });

  it('answers 404 once my end date has come, and 200 until then (rule 283: removal takes effect tomorrow)', async () => {
    const leaving = await verifiedPerson(t);
    await addMember(t, w.orgId, leaving, 'MEMBER', { endDate: sql`current_date + 1` as unknown as string });
    expectStatus(await get(`/api/org/${w.orgId}`, leaving.token), 200);
    await t.database.db
      .update(orgPeople)
      .set({ endDate: sql`current_date` as unknown as string })
      .where(eq(orgPeople.personId, leaving.personId));
    const response = await get(`/api/org/${w.orgId}`, leaving.token);
    expectStatus(response, 404);
    expect(errorOf(response).message).toBe(SPEC.orgNotFound);
  });
});

describe('PUT /api/org/:id', () => {
  it('changes settings, keeps the others, and answers the organisation', async () => {
    const person = await signUpPerson(t);
    const org = await createOrg(t, person.token, { currency: 'GBP' });
    const response = await send('PUT', `/api/org/${org._id}`, person.token, {
      title: 'Renamed',
      inviteDomains: ['any', '@Acme.com', 'acme.com'],
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ title: 'Renamed', currency: 'GBP', inviteDomains: ['ANY', 'acme.com'] });
  });

  it('counts overtime after 40 hours once the mode is a week, unless another threshold is given (rule 177)', async () => {
    const person = await signUpPerson(t);
    const weekly = (await send('POST', '/api/org', person.token, { title: 'Weekly', overTimeAfterDayOrWeek: 'week' })).json() as Org;
    expect([weekly.overTimeAfterDayOrWeek, weekly.overTimeAfter]).toEqual(['week', 40]);
    const org = await createOrg(t, person.token);
    expect([org.overTimeAfterDayOrWeek, org.overTimeAfter]).toEqual(['day', 8]);
    const switched = await send('PUT', `/api/org/${org._id}`, person.token, { overTimeAfterDayOrWeek: 'week' });
    expectStatus(switched, 200);
    expect((switched.json() as Org).overTimeAfter).toBe(40);
    const back = (await send('PUT', `/api/org/${org._id}`, person.token, { overTimeAfterDayOrWeek: 'day' })).json() as Org;
    expect(back.overTimeAfter).toBe(8);
    const chosen = (await send('PUT', `/api/org/${org._id}`, person.token, { overTimeAfter: 9.5 })).json() as Org;
    expect((await send('PUT', `/api/org/${chosen._id}`, person.token, { overTimeAfterDayOrWeek: 'week' })).json()).toMatchObject({
      overTimeAfterDayOrWeek: 'week',
      overTimeAfter: 9.5,
    });
    expect(
      (await send('PUT', `/api/org/${org._id}`, person.token, { overTimeAfterDayOrWeek: 'day', overTimeAfter: 10 })).json(),
    ).toMatchObject({
      overTimeAfterDayOrWeek: 'day',
      overTimeAfter: 10,
    });
  });

  it('refuses a daily threshold no day can reach (over 24 hours), as a mission does; a weekly one may be longer', async () => {
    const person = await signUpPerson(t);
    const refused = await send('POST', '/api/org', person.token, { title: 'Long days', overTimeAfterDayOrWeek: 'day', overTimeAfter: 30 });
    expectStatus(refused, 400);
    expect(errorOf(refused).fields).toEqual({ overTimeAfter: 'A day holds at most 24 hours' });
    const org = await createOrg(t, person.token);
    expectStatus(await send('PUT', `/api/org/${org._id}`, person.token, { overTimeAfter: 24.5 }), 400);
    expectStatus(await send('PUT', `/api/org/${org._id}`, person.token, { overTimeAfter: 24 }), 200);
    // 45 a week, then back to days: the switch takes the day's default, not 45 hours a day
    expectStatus(await send('PUT', `/api/org/${org._id}`, person.token, { overTimeAfterDayOrWeek: 'week', overTimeAfter: 45 }), 200);
    const daily = await send('PUT', `/api/org/${org._id}`, person.token, { overTimeAfterDayOrWeek: 'day' });
    expectStatus(daily, 200);
    expect((daily.json() as Org).overTimeAfter).toBe(8);
    expectStatus(await send('PUT', `/api/org/${org._id}`, person.token, { overTimeAfterDayOrWeek: 'day', overTimeAfter: 45 }), 400);
  });

  it('refuses a stale copy with 409 conflict/stale, and takes the fresh one', async () => {
    const person = await signUpPerson(t);
    const org = await createOrg(t, person.token);
    const first = (await send('PUT', `/api/org/${org._id}`, person.token, { title: 'One', updatedAt: org.updatedAt })).json() as Org;
    const stale = await send('PUT', `/api/org/${org._id}`, person.token, { title: 'Two', updatedAt: org.updatedAt });
    expectStatus(stale, 409);
    expect(errorOf(stale).code).toBe('conflict/stale');
    expectStatus(await send('PUT', `/api/org/${org._id}`, person.token, { title: 'Two', updatedAt: first.updatedAt }), 200);
  });

  it('lets managers change settings but not limited managers, members or observers', async () => {
    expectStatus(await send('PUT', `/api/org/${w.orgId}`, w.people.manager.token, { daysPerWeek: 5 }), 200);
    for (const who of ['limitedManager', 'member', 'observerOrg', 'observerOrgLimited'] as const) {
      const response = await send('PUT', `/api/org/${w.orgId}`, w.people[who].token, { daysPerWeek: 5 });
      expectStatus(response, 403);
      expect(errorOf(response).code).toBe('forbidden');
    }
  });

  it('lets only admins stop requiring two-factor sign-in; a manager may start requiring it (rule 109)', async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    const manager = await verifiedPerson(t);
    await addMember(t, org._id, manager, 'MANAGER');
    const on = await send('PUT', `/api/org/${org._id}`, manager.token, { isMFARequired: true });
    expectStatus(on, 200);
    expect((on.json() as Org).isMFARequired).toBe(true);
    const off = await send('PUT', `/api/org/${org._id}`, manager.token, { isMFARequired: false, title: 'Lowered' });
    expectStatus(off, 403);
    expect(errorOf(off)).toMatchObject({
      code: 'forbidden',
      message: 'Ooops. Please make sure you are authorized to administer this organization.',
    });
    const [row] = await t.database.db.select().from(orgs).where(eq(orgs.id, org._id));
    expect([row!.isMFARequired, row!.title]).toEqual([true, org.title]);
    // sending the setting as it is (a whole settings form) is no change
    expectStatus(await send('PUT', `/api/org/${org._id}`, manager.token, { isMFARequired: true, daysPerWeek: 4 }), 200);
    const adminOff = await send('PUT', `/api/org/${org._id}`, admin.token, { isMFARequired: false });
    expectStatus(adminOff, 200);
    expect((adminOff.json() as Org).isMFARequired).toBe(false);
    expectStatus(await send('PUT', `/api/org/${org._id}`, manager.token, { isMFARequired: false }), 200);
  });

  it('answers 400 to bad input, never 500', async () => {
    for (const body of [{ title: '' }, { daysPerWeek: '5' }, { inviteDomains: 'acme.com' }, { updatedAt: 'yesterday' }, { foo: 1 }, []]) {
      expectStatus(await send('PUT', `/api/org/${w.orgId}`, w.people.admin.token, body), 400);
    }
  });
});

describe('DELETE /api/org/:id', () => {
  it('lets a manager delete the organisation (rule 108); it then answers 404 and its keys stop working', async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    const manager = await verifiedPerson(t);
    await addMember(t, org._id, manager, 'MANAGER');
    const key = ((await send('POST', `/api/org/${org._id}/open-api/keys`, admin.token, {})).json() as { key: string }).key;
    const storage = (await send('POST', '/api/storageKey', admin.token, { org: org._id })).json() as { keyId: string };
    expectStatus(await send('DELETE', `/api/org/${org._id}`, manager.token), 200);
    const response = await get(`/api/org/${org._id}`, admin.token);
    expectStatus(response, 404);
    expect(errorOf(response).message).toBe(SPEC.orgNotFound);
    expectStatus(await get(`/api/org/${org._id}`, key), 401);
    expectStatus(await get(`/api/storageKey/${storage.keyId}`, admin.token), 410);
    expectStatus(await send('DELETE', `/api/org/${org._id}`, admin.token), 404);
    const [row] = await t.database.db.select().from(orgs).where(eq(orgs.id, org._id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.deletedBy).toBe(manager.personId);
  });

  it('removes its single sign-on providers: its domain neither signs in through them nor refuses passwords', async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    const domain = `gone-${org._id}.example`;
    await t.database.db.insert(ssoProviders).values({
      issuer: 'https://idp.example',
      providerId: `oidc-${domain}`,
      organizationId: org._id,
      domain,
      domainVerified: true,
      required: true,
    });
    expectStatus(await send('DELETE', `/api/org/${org._id}`, admin.token), 200);
    expect(await t.database.db.select().from(ssoProviders).where(eq(ssoProviders.organizationId, org._id))).toEqual([]);
  });

  it('refuses limited managers, members and observers with 403', async () => {
    for (const who of ['limitedManager', 'member', 'observerOrg', 'observerOrgLimited'] as const) {
      expectStatus(await send('DELETE', `/api/org/${w.orgId}`, w.people[who].token), 403);
    }
  });
});

describe('organisation logo', () => {
  it('takes a PNG in the field orgLogo, names it on the organisation and serves it', async () => {
    const person = await signUpPerson(t);
    const org = await createOrg(t, person.token);
    expectStatus(await get(`/api/org/${org._id}/logo`, person.token), 404);
    const response = await t.request({
      method: 'POST',
      url: `/api/org/${org._id}/logo`,
      token: person.token,
      ...multipart('orgLogo', 'logo.png', 'image/png', PNG_1X1),
    });
    expectStatus(response, 200);
    const logo = (response.json() as Org).logo as string;
    expect(logo).toBe(`/api/org/${org._id}/logo?v=1`);
    const image = await get(logo, person.token);
    expectStatus(image, 200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('refuses what is not an image (by its bytes), a wrong field, JSON and a file over 5 MB', async () => {
    const url = `/api/org/${w.orgId}/logo`;
    const token = w.people.admin.token;
    const script = await t.request({
      method: 'POST',
      url,
      token,
      ...multipart('orgLogo', 'logo.png', 'image/png', Buffer.from('<script>alert(1)</script>')),
    });
    expectStatus(script, 400);
    expect(errorOf(script).code).toBe('file/unsupported-type');
    const field = await t.request({ method: 'POST', url, token, ...multipart('logo', 'logo.png', 'image/png', PNG_1X1) });
    expectStatus(field, 400);
    expect(errorOf(field).code).toBe('file/missing');
    expectStatus(await send('POST', url, token, { orgLogo: 'x' }), 400);
    const large = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await t.request({ method: 'POST', url, token, ...multipart('orgLogo', 'big.png', 'image/png', large) });
    expectStatus(tooLarge, 413);
    expect(errorOf(tooLarge)).toEqual({ code: 'file/too-large', message: SPEC.fileTooLarge });
  });

  it('refuses members with 403 and outsiders with 404', async () => {
    const body = multipart('orgLogo', 'logo.png', 'image/png', PNG_1X1);
    expectStatus(await t.request({ method: 'POST', url: `/api/org/${w.orgId}/logo`, token: w.people.member.token, ...body }), 403);
    expectStatus(await t.request({ method: 'POST', url: `/api/org/${w.orgId}/logo`, token: w.people.outsider.token, ...body }), 404);
  });
});

describe('workspace reports', () => {
  it.each([
    ['/workspace/mission', { missions: [] }],
    ['/workspace/missionPlan', { missionPlans: [] }],
    ['/mission/overview', { missions: [], totals: { missions: 0, active: 0, planning: 0, finished: 0 } }],
  ])('%s: observers read it (rule 111), members may not', async (path, empty) => {
    for (const who of ['admin', 'manager', 'limitedManager', 'observerOrg', 'observerOrgLimited'] as const) {
      const response = await get(`/api/org/${w.orgId}${path}`, w.people[who].token);
      expectStatus(response, 200);
      expect(response.json()).toEqual(empty);
    }
    expectStatus(await get(`/api/org/${w.orgId}${path}`, w.people.member.token), 403);
    expectStatus(await get(`/api/org/${w.orgId}${path}`, w.people.outsider.token), 404);
  });

  it.each(['/workspace/mission', '/workspace/missionPlan', '/mission/overview'])(
    '%s: withheld from an admin without two-factor sign-in when the organisation requires it (rule 109)',
    async (path) => {
      const admin = await verifiedPerson(t);
      const org = await createOrg(t, admin.token, { isMFARequired: true });
      const refused = await get(`/api/org/${org._id}${path}`, admin.token);
      expectStatus(refused, 403);
      expect(errorOf(refused).code).toBe('auth/mfa-required');
      await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, admin.personId));
      expectStatus(await get(`/api/org/${org._id}${path}`, admin.token), 200);
    },
  );
});

type AuditTree = {
  org: { _id: string; title: string };
  total: number;
  children: {
    entity: string;
    count: number;
    children: {
      entityId: string;
      title: string;
      count: number;
      events: {
        action: string;
        actor: { name: string; personId: string | null; apiKeyId: string | null };
        changes: Record<string, unknown>;
        at: string;
      }[];
    }[];
  }[];
};

describe('GET /api/org/:id/audit/tree', () => {
  it('tells who changed what, when, grouped by kind and entity', async () => {
    const person = await signUpPerson(t, { firstName: 'Ines', lastName: 'Auditor' });
    const org = await createOrg(t, person.token, { title: 'Before' });
    await send('PUT', `/api/org/${org._id}`, person.token, { title: 'After' });
    await send('POST', `/api/org/${org._id}/departments`, person.token, { title: 'Sales' });
    const response = await get(`/api/org/${org._id}/audit/tree`, person.token);
    expectStatus(response, 200);
    const tree = response.json() as AuditTree;
    expect(tree.org).toEqual({ _id: org._id, title: 'After' });
    const orgNode = tree.children.find((c) => c.entity === 'orgs')!;
    const events = orgNode.children[0]!.events;
    expect(events.map((e) => e.action)).toEqual(['update', 'create']);
    expect(events[0]).toMatchObject({
      actor: { name: 'Ines Auditor', personId: person.personId, apiKeyId: null },
      changes: { title: { from: 'Before', to: 'After' } },
    });
    expect(tree.children.find((c) => c.entity === 'departments')?.children[0]?.title).toBe('Sales');
    const peopleNode = tree.children.find((c) => c.entity === 'org.people')!;
    expect(peopleNode.children[0]!.events[0]!.changes).toEqual({ level: { from: null, to: 'ADMIN' } });
  });

  it('filters by entity and limits the number of events', async () => {
    const response = await get(`/api/org/${w.orgId}/audit/tree?entity=org.apiKeys&limit=1`, w.people.admin.token);
    expectStatus(response, 200);
    const tree = response.json() as AuditTree;
    expect(tree.total).toBe(1);
    expect(tree.children.map((c) => c.entity)).toEqual(['org.apiKeys']);
    for (const query of ['entity=people', 'limit=0', 'limit=x', 'before=today', 'entityId=1', 'other=1']) {
      expectStatus(await get(`/api/org/${w.orgId}/audit/tree?${query}`, w.people.admin.token), 400);
    }
  });

  it('names the API key that made a change', async () => {
    await send('POST', `/api/org/${w.orgId}/offices`, w.apiKey, { title: 'Key office' });
    const tree = (await get(`/api/org/${w.orgId}/audit/tree?entity=offices`, w.people.admin.token)).json() as AuditTree;
    const event = tree.children[0]!.children[0]!.events[0]!;
    expect(event.actor).toEqual({ personId: null, apiKeyId: w.apiKeyId, name: 'API key: World key' });
  });

  it('is for admins and managers only', async () => {
    expectStatus(await get(`/api/org/${w.orgId}/audit/tree`, w.people.manager.token), 200);
    expectStatus(await get(`/api/org/${w.orgId}/audit/tree`, w.people.limitedManager.token), 403);
    expectStatus(await get(`/api/org/${w.orgId}/audit/tree`, w.people.member.token), 403);
  });
});

describe('organisation API keys', () => {
  it('shows a new key once, stores only its hash, and authenticates calls to that organisation only', async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    const created = await send('POST', `/api/org/${org._id}/open-api/keys`, admin.token, { name: 'HR sync' });
    expectStatus(created, 201);
    const { key, keyId, name, prefix } = created.json() as { key: string; keyId: string; name: string; prefix: string };
    expect(key).toMatch(/^cpk_[A-Za-z0-9_-]{43}$/);
    expect({ name, prefix }).toEqual({ name: 'HR sync', prefix: key.slice(0, 10) });
    const [row] = await t.database.db.select().from(orgApiKeys).where(eq(orgApiKeys.id, keyId));
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice(4));

    const read = await get(`/api/org/${org._id}`, key);
    expectStatus(read, 200);
    expect(read.json()).toMatchObject({
      _id: org._id,
      me: null,
      abilities: { manageStructure: true, delete: false, manageApiKeys: false },
    });
    expectStatus(await send('POST', `/api/org/${org._id}/departments`, key, { title: 'Synced' }), 201);
    const other = await get(`/api/org/${w.orgId}`, key);
    expectStatus(other, 404);
    expect(errorOf(other).message).toBe(SPEC.orgNotFound);
    expectStatus(await get('/api/org', key), 401);
    expectStatus(await get('/api/people/profile', key), 401);
    expectStatus(await send('DELETE', `/api/org/${org._id}`, key), 403);
    expectStatus(await send('POST', `/api/org/${org._id}/open-api/keys`, key, {}), 403);
    const [used] = await t.database.db.select().from(orgApiKeys).where(eq(orgApiKeys.id, keyId));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);
  });

  it('revokes a key named in the query or the body, or every key without one', async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    const make = async () =>
      (await send('POST', `/api/org/${org._id}/open-api/keys`, admin.token)).json() as { key: string; keyId: string };
    const [a, b, c, d] = [await make(), await make(), await make(), await make()];
    const byQuery = await send('DELETE', `/api/org/${org._id}/open-api/keys?keyId=${a.keyId}`, admin.token);
    expectStatus(byQuery, 200);
    expect(byQuery.json()).toEqual({ revoked: 1 });
    expectStatus(await get(`/api/org/${org._id}`, a.key), 401);
    expectStatus(await get(`/api/org/${org._id}`, b.key), 200);
    expect((await send('DELETE', `/api/org/${org._id}/open-api/keys`, admin.token, { keyId: b.keyId })).json()).toEqual({ revoked: 1 });
    expectStatus(await get(`/api/org/${org._id}`, b.key), 401);
    expectStatus(await send('DELETE', `/api/org/${org._id}/open-api/keys?keyId=${a.keyId}`, admin.token), 404);
    expect((await send('DELETE', `/api/org/${org._id}/open-api/keys`, admin.token)).json()).toEqual({ revoked: 2 });
    for (const key of [c, d]) expectStatus(await get(`/api/org/${org._id}`, key.key), 401);
  });

  it('is for admins only, and refuses bad input with 400', async () => {
    expectStatus(await send('POST', `/api/org/${w.orgId}/open-api/keys`, w.people.manager.token, {}), 403);
    expectStatus(await send('POST', `/api/org/${w.orgId}/open-api/keys`, w.people.admin.token, { name: 5 }), 400);
    expectStatus(await send('POST', `/api/org/${w.orgId}/open-api/keys`, w.people.admin.token, { scope: 'all' }), 400);
    expectStatus(await send('DELETE', `/api/org/${w.orgId}/open-api/keys?keyId=nope`, w.people.admin.token), 400);
    expectStatus(await get(`/api/org/${w.orgId}`, 'cpk_not-a-real-key'), 401);
  });
});

describe('storage keys', () => {
  it('gives a member a key for one organisation, and the same key again by its id', async () => {
    const created = await send('POST', '/api/storageKey', w.people.observerOrgLimited.token, { org: w.orgId });
    expectStatus(created, 201);
    const key = created.json() as { keyId: string; key: string; org: string };
    expect(key.org).toBe(w.orgId);
    expect(key.key.length).toBeGreaterThanOrEqual(40);
    const again = await get(`/api/storageKey/${key.keyId}`, w.people.observerOrgLimited.token);
    expectStatus(again, 200);
    expect(again.json()).toEqual(key);
    expectStatus(await get(`/api/storageKey/${key.keyId}`, w.people.admin.token), 404);
    const other = (await send('POST', '/api/storageKey', w.people.admin.token, { org: w.orgId })).json() as { key: string };
    expect(other.key).not.toBe(key.key);
  });

  it('answers 410 once the membership has ended (the web then clears its caches)', async () => {
    const person = await verifiedPerson(t);
    await addMember(t, w.orgId, person, 'MEMBER');
    const key = (await send('POST', '/api/storageKey', person.token, { org: w.orgId })).json() as { keyId: string };
    await t.database.db.update(orgPeople).set({ endDate: '2020-01-01' }).where(eq(orgPeople.personId, person.personId));
    const response = await get(`/api/storageKey/${key.keyId}`, person.token);
    expectStatus(response, 410);
    expect(errorOf(response).code).toBe('storage-key/gone');
  });

  it('refuses outsiders (404), API keys (403), bad bodies (400) and unknown keys (404)', async () => {
    const outsider = await send('POST', '/api/storageKey', w.people.outsider.token, { org: w.orgId });
    expectStatus(outsider, 404);
    expect(errorOf(outsider).message).toBe(SPEC.orgNotFound);
    expectStatus(await send('POST', '/api/storageKey', w.apiKey, { org: w.orgId }), 403);
    for (const body of [{}, { org: 'nope' }, { org: w.orgId, extra: 1 }])
      expectStatus(await send('POST', '/api/storageKey', w.people.admin.token, body), 400);
    expectStatus(await get('/api/storageKey/0123456789abcdef01234567', w.people.admin.token), 404);
    expectStatus(await get('/api/storageKey/nope', w.people.admin.token), 400);
  });
});

describe('realtime changes of an organisation', () => {
  const sockets = testSockets(() => t);
  const { connect, subscribe } = sockets;
  beforeAll(() => sockets.listen());
  afterAll(() => sockets.close());

  it('lets members (observers too) join changes/orgs/:id, and nobody else', async () => {
    const room = `changes/orgs/${w.orgId}`;
    expect(await subscribe(await connect(w.people.observerOrgLimited.token), room)).toEqual({ ok: true });
    expect(await subscribe(await connect(w.people.outsider.token), room)).toEqual({ ok: false });
    expect(await subscribe(await connect(w.people.otherOrgAdmin.token), room)).toEqual({ ok: false });
  });

  it('takes a member without two-factor sign-in out of the room once the organisation requires it (rule 109)', async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    const lacking = await verifiedPerson(t);
    await addMember(t, org._id, lacking, 'MANAGER');
    await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, admin.personId));
    const room = `changes/orgs/${org._id}`;
    const socket = await connect(lacking.token);
    expect(await subscribe(socket, room)).toEqual({ ok: true });
    const secured = await connect(admin.token);
    expect(await subscribe(secured, room)).toEqual({ ok: true });
    const heard: Change[] = [];
    socket.on('changes', (change: Change) => heard.push(change));
    const securedHeard: Change[] = [];
    secured.on('changes', (change: Change) => securedHeard.push(change));

    expectStatus(await send('PUT', `/api/org/${org._id}`, admin.token, { isMFARequired: true }), 200);
    // the change itself still reaches them (their screen offers to set two-factor sign-in up), nothing after it
    await expect.poll(() => heard.length).toBe(1);
    // the server that made the change re-checks its sockets' rooms at once (others at their next sweep)
    const inRoom = () => t.app.ctx.realtime.io?.of('/').sockets.get(socket.id!)?.rooms.has(room);
    await expect.poll(inRoom, { timeout: 3_000 }).toBe(false);
    expectStatus(await send('PUT', `/api/org/${org._id}`, admin.token, { title: 'After the requirement' }), 200);
    await expect.poll(() => securedHeard.length).toBe(2);
    expect(heard).toEqual([{ type: 'update', entity: 'orgs', id: org._id, data: { isMFARequired: true } }]);
    expect(await subscribe(socket, room)).toEqual({ ok: false });

    await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, lacking.personId));
    expect(await subscribe(socket, room)).toEqual({ ok: true });
  });

  it('publishes each committed write with ids and changed fields only', async () => {
    const socket = await connect(w.people.member.token);
    expect(await subscribe(socket, `changes/orgs/${w.orgId}`)).toEqual({ ok: true });
    const received: Change[] = [];
    socket.on('changes', (change: Change) => received.push(change));
    await send('PUT', `/api/org/${w.orgId}`, w.people.admin.token, { title: 'World renamed' });
    const department = (await send('POST', `/api/org/${w.orgId}/departments`, w.people.admin.token, { title: 'Realtime' })).json() as {
      _id: string;
    };
    await send('PUT', `/api/org/${w.orgId}/people/${w.people.member.personId}`, w.people.admin.token, {
      leaveAmounts: { annual: { '2026': { entitled: 25, carryOver: 0 } } },
      startDate: '2026-01-05',
    });
    await expect.poll(() => received.length).toBeGreaterThanOrEqual(3);
    expect(received[0]).toEqual({ type: 'update', entity: 'orgs', id: w.orgId, data: { title: 'World renamed' } });
    expect(received[1]).toMatchObject({ type: 'create', entity: 'departments', id: department._id, data: { title: 'Realtime' } });
    // Personal data (leave amounts, emails) is not broadcast: clients refetch.
    expect(received[2]).toEqual({ type: 'update', entity: 'org.people', id: w.people.member.personId, data: { startDate: '2026-01-05' } });
  });
});

describe('demo seed', () => {
  it('creates an organisation where the three demo people are admin, manager and member, with structure and a client', async () => {
    const fresh = await buildTestApp();
    try {
      const { seedDemo, DEMO_SIGN_IN, DEMO_ORG_TITLE } = await import('../src/modules/platform/seed.ts');
      expect(await seedDemo(fresh.app)).toBe(true);
      expect(await seedDemo(fresh.app)).toBe(false);
      const signIn = await fresh.request({ method: 'POST', url: '/api/identity/sign-in/email', payload: DEMO_SIGN_IN });
      const token = signIn.headers['set-auth-token'] as string;
      const { orgs: list } = (await fresh.request({ method: 'GET', url: '/api/org', token })).json() as { orgs: Org[] };
      expect(list.map((o) => [o.title, o.me?.level])).toEqual([[DEMO_ORG_TITLE, 'ADMIN']]);
      const detail = (await fresh.request({ method: 'GET', url: `/api/org/${list[0]!._id}`, token })).json() as OrgDetail;
      expect(detail.departments.map((d) => d.title)).toEqual(['Design', 'Engineering', 'Operations']);
      expect(detail.offices).toHaveLength(2);
      expect(detail.roles).toHaveLength(3);
      const people = (await fresh.request({ method: 'GET', url: `/api/v2/orgs/${list[0]!._id}/people`, token })).json() as {
        people: { level: string }[];
      };
      expect(people.people.map((p) => p.level).sort()).toEqual(['ADMIN', 'MANAGER', 'MEMBER']);
      const clients = (await fresh.request({ method: 'GET', url: `/api/v2/orgs/${list[0]!._id}/clients`, token })).json() as {
        clients: { name: string }[];
      };
      expect(clients.clients.map((c) => c.name)).toEqual(['Acme Ltd']);
      // the demo person has a role of their own to fill a timesheet for
      const mine = (await fresh.request({ method: 'GET', url: '/api/timesheet', token })).json() as { roles: { title: string }[] };
      expect(mine.roles.map((role) => role.title)).toContain('Product owner');
    } finally {
      await fresh.close();
    }
  });
});
