import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgInvites, orgPeople, people, personEmails } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addMember, createOrg, createOrgWorld, errorOf, expectStatus, verifiedPerson, type OrgWorld } from './support/org.ts';
import { mailTo, signUpPerson, uniqueEmail } from './support/people.ts';

/** Spec texts (messages.tsv), word for word, typos included. */
const SPEC = {
  noLongerValid: 'Sorry that org invite is longer valid',
  verifyBeforeInvites: 'You must verify your email before accepting any invites',
  verifyFirst: 'Please verify your email first.',
  invalidEmail: 'The email you entered appears incorrect.',
  adminDomain: 'Permission admin is not permitted for domains that are not approved by the organization.',
};

let t: TestApp;
let w: OrgWorld;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createOrgWorld(t);
  admin = w.people.admin.token;
});
afterAll(async () => t.close());

type Invite = {
  _id: string;
  inviteeEmail: string;
  permission: number;
  level: string;
  status: string;
  message: string;
  invitedBy: { _id: string } | null;
};

async function invite(email: string, config: Record<string, unknown> = {}, token = admin, orgId = w.orgId) {
  const response = await t.request({ method: 'POST', url: `/api/org/${orgId}/invite`, token, payload: { inviteeEmail: email, ...config } });
  return response;
}

/** The token of the newest org-invite link mailed to an address. */
async function mailedToken(email: string): Promise<string> {
  for (const mail of await mailTo(t, email)) {
    const link = mail.text
      .match(/https?:\/\/\S+/g)
      ?.map((l) => new URL(l))
      .find((url) => url.searchParams.get('from') === 'orgInvite');
    if (link) return link.searchParams.get('token')!;
  }
  throw new Error(`no org invite mailed to ${email}`);
}

describe('POST /api/org/:id/invite', () => {
  it('records the invite and mails a link ?from=orgInvite&token=… (default permission 0, rule 129)', async () => {
    const email = uniqueEmail('invitee');
    const response = await invite(email.toUpperCase(), { message: 'Join us!' });
    expectStatus(response, 201);
    const created = response.json() as Invite;
    expect(created).toMatchObject({
      inviteeEmail: email,
      permission: 0,
      level: 'MEMBER',
      status: 'pending',
      message: 'Join us!',
      invitedBy: { _id: w.people.admin.personId },
    });
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toContain('You are invited to join');
    expect(mail?.text).toContain('Ada Admin invited you');
    expect(mail?.text).toContain('Join us!');
    const token = await mailedToken(email);
    expect(mail?.text).toContain(`http://localhost:3000/?from=orgInvite&token=${token}`);
    // Only the token's hash is stored.
    const [row] = await t.database.db.select().from(orgInvites).where(eq(orgInvites.id, created._id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    // Pending invites show to those who may invite.
    const detail = (await t.request({ method: 'GET', url: `/api/org/${w.orgId}`, token: w.people.manager.token })).json() as {
      invites: Invite[];
    };
    expect(detail.invites.some((i) => i._id === created._id)).toBe(true);
    const memberView = (await t.request({ method: 'GET', url: `/api/org/${w.orgId}`, token: w.people.member.token })).json() as {
      invites: Invite[];
    };
    expect(memberView.invites).toEqual([]);
  });

  it("refuses an invalid email with the spec's text", async () => {
    const response = await invite('not an email');
    expectStatus(response, 400);
    expect(errorOf(response).fields).toEqual({ inviteeEmail: SPEC.invalidEmail });
  });

  it("gives admin only to approved domains (rule 124), 'ANY' approving all", async () => {
    const refused = await invite(uniqueEmail('boss').replace('example.com', 'elsewhere.org'), { config: { permission: 2 } });
    expectStatus(refused, 400);
    expect(errorOf(refused)).toEqual({ code: 'invite/domain-not-approved', message: SPEC.adminDomain });
    expectStatus(await invite(uniqueEmail('boss'), { config: { permission: 'ADMIN' } }), 201);
    const founder = await verifiedPerson(t);
    const open = await createOrg(t, founder.token, { inviteDomains: ['ANY'] });
    expectStatus(
      await invite(uniqueEmail('boss').replace('example.com', 'elsewhere.org'), { config: { permission: 2 } }, founder.token, open._id),
      201,
    );
  });

  it('lets managers invite up to manager, limited managers members and observers, and nobody else invite', async () => {
    expectStatus(await invite(uniqueEmail(), { config: { permission: 1 } }, w.people.manager.token), 201);
    expectStatus(await invite(uniqueEmail(), { config: { permission: 2 } }, w.people.manager.token), 403);
    expectStatus(await invite(uniqueEmail(), { config: { permission: 4 } }, w.people.limitedManager.token), 201);
    expectStatus(await invite(uniqueEmail(), { config: { permission: 'MANAGER_LIMITED' } }, w.people.limitedManager.token), 403);
    for (const who of ['member', 'observerOrg', 'observerOrgLimited'] as const)
      expectStatus(await invite(uniqueEmail(), {}, w.people[who].token), 403);
    expectStatus(await invite(uniqueEmail(), {}, w.apiKey), 403);
    expectStatus(await invite(uniqueEmail(), {}, w.people.outsider.token), 404);
  });

  it('does not let a manager limited to some departments invite a manager, who would join without limits', async () => {
    const limited = await verifiedPerson(t);
    const sales = await t.request({
      method: 'POST',
      url: `/api/org/${w.orgId}/departments`,
      token: admin,
      payload: { title: 'Invite sales' },
    });
    await addMember(t, w.orgId, limited, 'MANAGER', { accessibleDepartments: [(sales.json() as { _id: string })._id] });
    for (const permission of [1, 'MANAGER_LIMITED']) {
      const response = await invite(uniqueEmail(), { config: { permission } }, limited.token);
      expectStatus(response, 403);
      expect(errorOf(response)).toEqual({ code: 'org/access-restricted', message: 'Sorry but you are limited to just this department' });
    }
    expectStatus(await invite(uniqueEmail(), { config: { permission: 0 } }, limited.token), 201);
  });

  it("needs the inviter's own email verified (rule 127)", async () => {
    const unverified = await signUpPerson(t);
    const org = await createOrg(t, unverified.token);
    const response = await invite(uniqueEmail(), {}, unverified.token, org._id);
    expectStatus(response, 403);
    expect(errorOf(response)).toEqual({ code: 'auth/email-not-verified', message: SPEC.verifyFirst });
  });

  it('does not invite a current member (409), and a new invite replaces a pending one', async () => {
    const member = await invite(w.people.member.email);
    expectStatus(member, 409);
    expect(errorOf(member).code).toBe('invite/already_member');
    const email = uniqueEmail('twice');
    await invite(email);
    const first = await mailedToken(email);
    await invite(email, { config: { permission: 4 } });
    const second = await mailedToken(email);
    expect(second).not.toBe(first);
    const old = await t.request({ method: 'GET', url: `/api/org-invite/token/${first}` });
    expectStatus(old, 410);
    expect(errorOf(old)).toEqual({ code: 'invite/no-longer-valid', message: SPEC.noLongerValid });
    expect((await t.request({ method: 'GET', url: `/api/org-invite/token/${second}` })).json()).toMatchObject({
      level: 'OBSERVER_ORG',
      permission: 4,
    });
  });

  it('of ten parallel invites to one address, one stays pending and the others are replaced, without a 500', async () => {
    const email = uniqueEmail('parallel');
    const responses = await Promise.all(Array.from({ length: 10 }, () => invite(email)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(201));
    const rows = await t.database.db.select().from(orgInvites).where(eq(orgInvites.inviteeEmail, email));
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.status === 'pending')).toHaveLength(1);
    expect(rows.filter((row) => row.status === 'revoked')).toHaveLength(9);
  });

  it('keeps one pending invite per organisation and address in the database itself', async () => {
    const email = uniqueEmail('unique');
    expectStatus(await invite(email), 201);
    const [pending] = await t.database.db.select().from(orgInvites).where(eq(orgInvites.inviteeEmail, email));
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...copy } = pending!;
    await expect(t.database.db.insert(orgInvites).values({ ...copy, tokenHash: 'f'.repeat(64) })).rejects.toThrow();
  });

  it('refuses bad bodies with 400', async () => {
    for (const body of [
      {},
      { inviteeEmail: 'a@b.co', config: { permission: 3 } },
      { inviteeEmail: 'a@b.co', role: 'x' },
      { inviteeEmail: 'a@b.co', message: 5 },
    ]) {
      expectStatus(await t.request({ method: 'POST', url: `/api/org/${w.orgId}/invite`, token: admin, payload: body }), 400);
    }
  });
});

describe('accepting an invite from the mailed link', () => {
  it('walks the journey: token → sign up → handle → accept; the person is in the people table with the invited level', async () => {
    const email = uniqueEmail('journey');
    expectStatus(await invite(email, { config: { permission: 1 }, message: 'Welcome' }), 201);
    const token = await mailedToken(email);
    const byToken = await t.request({ method: 'GET', url: `/api/org-invite/token/${token}` });
    expectStatus(byToken, 200);
    const offered = byToken.json() as {
      _id: string;
      org: { _id: string; title: string };
      inviteeEmail: string;
      level: string;
      invitedBy: { firstName: string };
    };
    expect(offered).toMatchObject({ org: { _id: w.orgId }, inviteeEmail: email, level: 'MANAGER', invitedBy: { firstName: 'Ada' } });

    const person = await signUpPerson(t, { email });
    const handled = await t.request({ method: 'POST', url: `/api/org-invite/handle/${token}`, token: person.token });
    expectStatus(handled, 200);
    // The link was mailed to this address: holding it proves the mailbox (rule 140).
    expect(handled.json()).toMatchObject({ canAccept: true, reason: null, invite: { _id: offered._id } });
    const [row] = await t.database.db.select().from(people).where(eq(people.id, person.personId));
    expect(row?.emailVerified).toBe(true);

    const accepted = await t.request({ method: 'PUT', url: `/api/org-invite/${offered._id}/accept`, token: person.token });
    expectStatus(accepted, 200);
    expect(accepted.json()).toMatchObject({
      org: { _id: w.orgId, me: { level: 'MANAGER' } },
      person: { ref: { _id: person.personId }, email, level: 'MANAGER', permission: 1 },
    });
    const table = (
      await t.request({ method: 'GET', url: `/api/v2/orgs/${w.orgId}/people?search=${encodeURIComponent(email)}`, token: admin })
    ).json() as { people: { ref: { _id: string } }[] };
    expect(table.people.map((p) => p.ref._id)).toEqual([person.personId]);
    // The web then loads the client list (rule 139): the new member may.
    expectStatus(await t.request({ method: 'GET', url: `/api/org/client/list?org=${w.orgId}`, token: person.token }), 200);
    // Used: no longer valid.
    for (const request of [
      { method: 'GET' as const, url: `/api/org-invite/token/${token}` },
      { method: 'PUT' as const, url: `/api/org-invite/${offered._id}/accept`, token: person.token },
      { method: 'PUT' as const, url: `/api/org-invite/${offered._id}/reject`, token: person.token },
    ]) {
      const response = await t.request(request);
      expectStatus(response, 410);
      expect(errorOf(response).message).toBe(SPEC.noLongerValid);
    }
  });

  it("needs the invitee's email verified to accept by id ('You must verify your email before accepting any invites')", async () => {
    const email = uniqueEmail('unverified');
    const person = await signUpPerson(t, { email });
    const created = (await invite(email)).json() as Invite;
    const response = await t.request({ method: 'PUT', url: `/api/org-invite/${created._id}/accept`, token: person.token });
    expectStatus(response, 403);
    expect(errorOf(response)).toEqual({ code: 'auth/email-not-verified', message: SPEC.verifyBeforeInvites });
  });

  it('accepts through a verified secondary email, but not an unverified one', async () => {
    const person = await verifiedPerson(t);
    const secondary = uniqueEmail('second');
    await t.database.db.insert(personEmails).values({ personId: person.personId, email: secondary, verified: false });
    const created = (await invite(secondary)).json() as Invite;
    expectStatus(await t.request({ method: 'PUT', url: `/api/org-invite/${created._id}/accept`, token: person.token }), 404);
    await t.database.db.update(personEmails).set({ verified: true }).where(eq(personEmails.email, secondary));
    const accepted = await t.request({ method: 'PUT', url: `/api/org-invite/${created._id}/accept`, token: person.token });
    expectStatus(accepted, 200);
    expect(accepted.json()).toMatchObject({ person: { email: secondary } });
  });

  it('is not for somebody else: handle says email-mismatch, accept and reject answer 404', async () => {
    const email = uniqueEmail('meant');
    const created = (await invite(email)).json() as Invite;
    const token = await mailedToken(email);
    const handled = await t.request({ method: 'POST', url: `/api/org-invite/handle/${token}`, token: w.people.outsider.token });
    expectStatus(handled, 200);
    expect(handled.json()).toMatchObject({ canAccept: false, reason: 'email-mismatch' });
    for (const action of ['accept', 'reject']) {
      const response = await t.request({ method: 'PUT', url: `/api/org-invite/${created._id}/${action}`, token: w.people.outsider.token });
      expectStatus(response, 404);
      expect(errorOf(response)).toEqual({ code: 'invite/not-found', message: SPEC.noLongerValid });
    }
  });

  it('is no longer valid once its inviter has left the organisation or may no longer give its level', async () => {
    const cases = [
      ['left', { endDate: '2020-01-01' }],
      ['demoted', { level: 'MEMBER' as const }],
    ] as const;
    for (const [label, change] of cases) {
      const inviter = await verifiedPerson(t);
      await addMember(t, w.orgId, inviter, 'MANAGER');
      const email = uniqueEmail(label);
      const person = await verifiedPerson(t, { email });
      const created = (await invite(email, { config: { permission: 1 } }, inviter.token)).json() as Invite;
      const token = await mailedToken(email);
      await t.database.db.update(orgPeople).set(change).where(eq(orgPeople.personId, inviter.personId));
      for (const request of [
        { method: 'GET' as const, url: `/api/org-invite/token/${token}` },
        { method: 'PUT' as const, url: `/api/org-invite/${created._id}/accept`, token: person.token },
      ]) {
        const response = await t.request(request);
        expectStatus(response, 410);
        expect(errorOf(response).message).toBe(SPEC.noLongerValid);
      }
      const rows = await t.database.db.select().from(orgPeople).where(eq(orgPeople.personId, person.personId));
      expect(rows).toEqual([]);
    }
  });

  it('brings back somebody who had left', async () => {
    const email = uniqueEmail('returning');
    const person = await verifiedPerson(t, { email });
    const first = (await invite(email)).json() as Invite;
    expectStatus(await t.request({ method: 'PUT', url: `/api/org-invite/${first._id}/accept`, token: person.token }), 200);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${w.orgId}/people/${person.personId}`, token: admin }), 200);
    await t.database.db.update(orgPeople).set({ endDate: '2020-01-01' }).where(eq(orgPeople.personId, person.personId));
    const again = (await invite(email, { config: { permission: 4 } })).json() as Invite;
    const accepted = await t.request({ method: 'PUT', url: `/api/org-invite/${again._id}/accept`, token: person.token });
    expect(accepted.json()).toMatchObject({ person: { level: 'OBSERVER_ORG', endDate: null, removeFromMissions: false } });
  });

  it('makes an admin invitee a member when their domain is no longer approved by the time they accept (rule 124)', async () => {
    const founder = await verifiedPerson(t);
    const open = await createOrg(t, founder.token, { inviteDomains: ['ANY'] });
    const email = uniqueEmail('outside').replace('example.com', 'elsewhere.org');
    const created = (await invite(email, { config: { permission: 2 } }, founder.token, open._id)).json() as Invite;
    expect(created.level).toBe('ADMIN');
    // the organisation stops approving every domain before the invite is accepted
    const org = await t.request({ method: 'GET', url: `/api/org/${open._id}`, token: founder.token });
    const { updatedAt } = org.json() as { updatedAt: string };
    const narrowed = await t.request({
      method: 'PUT',
      url: `/api/org/${open._id}`,
      token: founder.token,
      payload: { inviteDomains: ['example.com'], updatedAt },
    });
    expectStatus(narrowed, 200);
    const invitee = await verifiedPerson(t, { email });
    const accepted = await t.request({ method: 'PUT', url: `/api/org-invite/${created._id}/accept`, token: invitee.token });
    expectStatus(accepted, 200);
    expect(accepted.json()).toMatchObject({ person: { level: 'MEMBER', permission: 0 } });
  });

  it('answers 410 for an expired invite and 404 for an unknown token, with the spec text', async () => {
    const email = uniqueEmail('late');
    const created = (await invite(email)).json() as Invite;
    const token = await mailedToken(email);
    await t.database.db
      .update(orgInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orgInvites.id, created._id));
    const expired = await t.request({ method: 'GET', url: `/api/org-invite/token/${token}` });
    expectStatus(expired, 410);
    expect(errorOf(expired).message).toBe(SPEC.noLongerValid);
    const unknown = await t.request({ method: 'GET', url: `/api/org-invite/token/${'x'.repeat(43)}` });
    expectStatus(unknown, 404);
    expect(errorOf(unknown).message).toBe(SPEC.noLongerValid);
    expectStatus(await t.request({ method: 'GET', url: '/api/org-invite/token/short' }), 400);
    expectStatus(await t.request({ method: 'PUT', url: '/api/org-invite/not-an-id/accept', token: admin }), 400);
  });

  it('is no longer valid once the organisation is deleted', async () => {
    const founder = await verifiedPerson(t);
    const org = await createOrg(t, founder.token);
    const email = uniqueEmail('orphan');
    const created = (await invite(email, {}, founder.token, org._id)).json() as Invite;
    const person = await verifiedPerson(t, { email });
    await t.request({ method: 'DELETE', url: `/api/org/${org._id}`, token: founder.token });
    expectStatus(await t.request({ method: 'PUT', url: `/api/org-invite/${created._id}/accept`, token: person.token }), 404);
  });
});

describe('PUT /api/org-invite/:id/reject', () => {
  it('records the rejection and tells the inviter (event org.invite.rejected)', async () => {
    const email = uniqueEmail('declines');
    const person = await signUpPerson(t, { email });
    const created = (await invite(email, {}, w.people.manager.token)).json() as Invite;
    const told: unknown[] = [];
    t.app.ctx.events.on('org.invite.rejected', (event) => void told.push(event));
    const response = await t.request({ method: 'PUT', url: `/api/org-invite/${created._id}/reject`, token: person.token });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ _id: created._id, status: 'rejected' });
    expect(told).toEqual([
      { orgId: w.orgId, inviteId: created._id, inviteeEmail: email, inviterId: w.people.manager.personId, rejectedBy: person.personId },
    ]);
    const tree = (
      await t.request({ method: 'GET', url: `/api/org/${w.orgId}/audit/tree?entityId=${created._id}`, token: admin })
    ).json() as {
      children: { children: { events: { action: string }[] }[] }[];
    };
    expect(tree.children[0]!.children[0]!.events.map((e) => e.action)).toEqual(['reject', 'invite']);
    const table = (
      await t.request({ method: 'GET', url: `/api/v2/orgs/${w.orgId}/people?search=${encodeURIComponent(email)}`, token: admin })
    ).json() as { total: number };
    expect(table.total).toBe(0);
  });
});

/** What each level may do with the organisation's invites: those who may invite, yes; other members no; outsiders never see them. */
const BY_INVITE_RIGHT = {
  admin: 200,
  manager: 200,
  limitedManager: 200,
  member: 403,
  observerOrg: 403,
  observerOrgLimited: 403,
  outsider: 404,
  otherOrgAdmin: 404,
} as const;

describe('pending invites: GET /api/org/:id/invites and DELETE /api/org-invite/:id', () => {
  const list = (token?: string) => t.request({ method: 'GET', url: `/api/org/${w.orgId}/invites`, token });
  const revoke = (inviteId: string, token?: string) => t.request({ method: 'DELETE', url: `/api/org-invite/${inviteId}`, token });
  const pendingIds = async () => ((await list(admin)).json() as { invites: Invite[] }).invites.map((row) => row._id);
  const statusOf = async (inviteId: string) =>
    (await t.database.db.select().from(orgInvites).where(eq(orgInvites.id, inviteId)))[0]?.status;

  it('lists the pending, unexpired invites, newest first, with permission, inviter and dates', async () => {
    const older = (await invite(uniqueEmail('older'), { config: { permission: 1 } })).json() as Invite;
    const newer = (await invite(uniqueEmail('newer'), {}, w.people.manager.token)).json() as Invite;
    const lapsed = (await invite(uniqueEmail('lapsed'))).json() as Invite;
    await t.database.db
      .update(orgInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orgInvites.id, lapsed._id));
    const answeredEmail = uniqueEmail('answered');
    const answered = (await invite(answeredEmail)).json() as Invite;
    const invitee = await verifiedPerson(t, { email: answeredEmail });
    expectStatus(await t.request({ method: 'PUT', url: `/api/org-invite/${answered._id}/reject`, token: invitee.token }), 200);
    t.app.ctx.reads.changed();

    const response = await list(admin);
    expectStatus(response, 200);
    const { invites } = response.json() as { invites: (Invite & { createdAt: string; expiresAt: string })[] };
    const ids = invites.map((row) => row._id);
    expect(ids).not.toContain(lapsed._id);
    expect(ids).not.toContain(answered._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(older._id));
    expect(invites.find((row) => row._id === older._id)).toMatchObject({
      inviteeEmail: older.inviteeEmail,
      permission: 1,
      level: 'MANAGER',
      status: 'pending',
      invitedBy: { _id: w.people.admin.personId, firstName: 'Ada', lastName: 'Admin' },
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(invites.find((row) => row._id === newer._id)?.invitedBy).toMatchObject({ _id: w.people.manager.personId });
  });

  it('shows them to whoever may invite: managers and admins; 403 to other members and the API key, 404 outside, 401 signed out', async () => {
    const expected = BY_INVITE_RIGHT;
    for (const [who, status] of Object.entries(expected)) expectStatus(await list(w.people[who as keyof typeof expected].token), status);
    expectStatus(await list(w.apiKey), 403);
    expectStatus(await list(), 401);
  });

  it('lets whoever may invite revoke; other members get 403, outsiders 404, signed out and the API key 401, and the invite stays', async () => {
    const expected = BY_INVITE_RIGHT;
    for (const [who, status] of Object.entries(expected)) {
      const created = (await invite(uniqueEmail('revocable'))).json() as Invite;
      const response = await revoke(created._id, w.people[who as keyof typeof expected].token);
      expectStatus(response, status);
      expect(await statusOf(created._id)).toBe(status === 200 ? 'revoked' : 'pending');
      if (status === 200) expect(response.json()).toMatchObject({ _id: created._id, status: 'revoked' });
    }
    const kept = (await invite(uniqueEmail('kept'))).json() as Invite;
    expectStatus(await revoke(kept._id, w.apiKey), 401);
    expectStatus(await revoke(kept._id), 401);
    expect(await statusOf(kept._id)).toBe('pending');
  });

  it('lets its inviter revoke their own invite even once they may no longer invite', async () => {
    const inviter = await verifiedPerson(t);
    await addMember(t, w.orgId, inviter, 'MANAGER');
    const created = (await invite(uniqueEmail('own'), {}, inviter.token)).json() as Invite;
    await t.database.db.update(orgPeople).set({ level: 'MEMBER' }).where(eq(orgPeople.personId, inviter.personId));
    t.app.ctx.reads.changed();
    expectStatus(await revoke(created._id, inviter.token), 200);
    expect(await statusOf(created._id)).toBe('revoked');
  });

  it('answers a revoked invite as a lapsed one: its link, handling and accepting are 410 with the spec text; revoking again too', async () => {
    const email = uniqueEmail('revoked');
    const created = (await invite(email)).json() as Invite;
    const token = await mailedToken(email);
    const person = await verifiedPerson(t, { email });
    expectStatus(await revoke(created._id, admin), 200);
    expect(await pendingIds()).not.toContain(created._id);
    for (const request of [
      { method: 'GET' as const, url: `/api/org-invite/token/${token}` },
      { method: 'POST' as const, url: `/api/org-invite/handle/${token}`, token: person.token },
      { method: 'PUT' as const, url: `/api/org-invite/${created._id}/accept`, token: person.token },
      { method: 'DELETE' as const, url: `/api/org-invite/${created._id}`, token: admin },
    ]) {
      const response = await t.request(request);
      expectStatus(response, 410);
      expect(errorOf(response).message).toBe(SPEC.noLongerValid);
    }
    expect(await t.database.db.select().from(orgPeople).where(eq(orgPeople.personId, person.personId))).toEqual([]);
  });

  it('answers 404 for an unknown invite and 400 for a malformed id', async () => {
    expectStatus(await revoke('a'.repeat(24), admin), 404);
    expectStatus(await revoke('not-an-id', admin), 400);
  });
});
