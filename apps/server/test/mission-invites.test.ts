import { randomBytes } from 'node:crypto';
import { addIsoDays, mondayOf } from '@crewplan/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  missionAuditEvents,
  missionInvites,
  missions,
  notifications,
  offices,
  orgs,
  people,
  planItemRequests,
  planItems,
} from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess } from './support/authz-matrix.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, expectStatus, insertMember, insertPerson, verifiedPerson } from './support/org.ts';
import { mailTo, signUpPerson, uniqueEmail, type TestPerson } from './support/people.ts';
import { createTeamWorld, invitesOf, teamFactories, teamMission, teamRow, type TeamPrincipal, type TeamWorld } from './support/team.ts';

/** Spec texts (messages.tsv and the brief), word for word, typos included. */
const SPEC = {
  invalidEmail: 'The email you entered appears incorrect.',
  alreadyOnTeam: (email: string) => `Ooops. ${email} already exists on the mission team.`,
  outsideDepartments: "The sorry but this person falls outside of your accessible department's and cannot be added to the project",
  noClearance: 'This person cannot be added because you do not have clearance…',
  adminDomain: 'Permission admin is not permitted for domains that are not approved by the organization.',
  freeSlots: 'This project has used its 5 free slots. Upgrade just your project or start a free trial for your organization.',
  noLongerValid: 'Sorry that invite is longer valid.',
  verifyBeforeInvites: 'You must verify your email before accepting any invites',
  welcome: 'Welcome to the mission!',
  template: 'Please help manage our template',
  personNotFound: 'Person not found',
};

let t: TestApp;
let w: TeamWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createTeamWorld(t);
});
afterAll(async () => t.close());

const person = (principal: Exclude<TeamPrincipal, 'anonymous'>) => w.people[principal];
const hexId = () => randomBytes(12).toString('hex');

type Invite = {
  _id: string;
  mission: string;
  inviteeEmail: string;
  person: string | null;
  permission: number;
  isProjectManager: boolean;
  role: string | null;
  message: string;
  autoCreateRole: boolean;
  status: string;
  alreadyInvited: boolean;
};

function invite(missionId: string, payload: Record<string, unknown>, token = w.owner.token) {
  return t.request({ method: 'POST', url: `/api/mission/${missionId}/invite`, token, payload });
}

/** A mission of the organisation with only its owner on it (1 seat used). */
const soloMission = (options: Parameters<typeof insertMission>[2] = {}) =>
  insertMission(t, w.owner, { orgId: w.orgId, ...options }).then((m) => m.id);

/** Runs `body` while the organisation holds an active licence: the auto-create-role setting needs one (rule 133). */
async function whileOrgLicensed(body: () => Promise<void>) {
  const licence = (on: boolean) => t.database.db.update(orgs).set({ isLicensedActive: on, isOrgLicensed: on }).where(eq(orgs.id, w.orgId));
  await licence(true);
  t.app.ctx.reads.changed();
  try {
    await body();
  } finally {
    await licence(false);
    t.app.ctx.reads.changed();
  }
}

/** The token of the newest mission-invite link mailed to an address. */
async function mailedToken(email: string): Promise<string> {
  for (const mail of await mailTo(t, email)) {
    const link = mail.text
      .match(/https?:\/\/\S+/g)
      ?.map((l) => new URL(l))
      .find((url) => url.searchParams.get('from') === 'invite');
    if (link) return link.searchParams.get('token')!;
  }
  throw new Error(`no mission invite mailed to ${email}`);
}

async function insertPlanItem(missionId: string, title = 'Developer') {
  const [item] = await t.database.db.insert(planItems).values({ missionId, title, role: title }).returning();
  return item!;
}

describe('POST /api/mission/:id/invite', () => {
  it('invites an email with no account: the invite, the default message, a mail with ?from=invite&token=…, no team row yet', async () => {
    const missionId = await soloMission();
    const email = uniqueEmail('newbie');
    const response = await invite(missionId, { inviteeEmail: email.toUpperCase() });
    expectStatus(response, 201);
    const created = response.json() as Invite;
    expect(created).toMatchObject({
      mission: missionId,
      inviteeEmail: email,
      person: null,
      permission: 0,
      isProjectManager: false,
      role: null,
      message: SPEC.welcome,
      status: 'pending',
      alreadyInvited: false,
    });
    const [mail] = await mailTo(t, email);
    expect(mail?.subject).toContain('You are invited to the mission');
    expect(mail?.text).toContain('Olive Owner invited you');
    expect(mail?.text).toContain(SPEC.welcome);
    const token = await mailedToken(email);
    expect(mail?.text).toContain(`http://localhost:3000/?from=invite&token=${token}`);
    const [row] = await invitesOf(t, missionId);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(13.9 * 24 * 3_600_000);
  });

  it('words the default message for templates, keeps a written one', async () => {
    const template = await soloMission({ isTemplate: true });
    expect((await invite(template, { inviteeEmail: uniqueEmail() })).json()).toMatchObject({ message: SPEC.template });
    const missionId = await soloMission();
    expect((await invite(missionId, { inviteeEmail: uniqueEmail(), message: 'Come along' })).json()).toMatchObject({
      message: 'Come along',
    });
  });

  it('invites an organisation person by id: a pending team row, the mail to their email, a message to their own room', async () => {
    const missionId = await soloMission();
    const member = await insertPerson(t, 'orgperson');
    await addMember(t, w.orgId, member, 'MEMBER');
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    const response = await invite(missionId, { invitee: member.personId, config: { permission: 1, isProjectManager: true, role: 'Lead' } });
    expectStatus(response, 201);
    expect(response.json()).toMatchObject({
      person: member.personId,
      inviteeEmail: member.email,
      permission: 1,
      isProjectManager: true,
      role: 'Lead',
    });
    expect(await teamRow(t, missionId, member.personId)).toMatchObject({
      invitePending: true,
      permission: 1,
      isProjectManager: true,
      role: 'Lead',
    });
    expect(await mailedToken(member.email)).toBeTruthy();
    expect(publish).toHaveBeenCalledWith(`people/${member.personId}`, {
      type: 'create',
      entity: 'mission.invites',
      id: (response.json() as Invite)._id,
      data: { mission: missionId },
    });
    publish.mockRestore();
  });

  it("answers 404 'Person not found' for an invitee who is not a current member of the organisation", async () => {
    const missionId = await soloMission();
    const gone = await insertPerson(t, 'gone');
    await addMember(t, w.orgId, gone, 'MEMBER', { endDate: '2020-01-01' });
    for (const id of [person('outsider').personId, gone.personId, hexId()]) {
      const response = await invite(missionId, { invitee: id });
      expectStatus(response, 404);
      expect(errorOf(response)).toEqual({ code: 'person/not-found', message: SPEC.personNotFound });
    }
  });

  it("refuses an invalid email with the spec's text, and other bad bodies with 400", async () => {
    const missionId = await soloMission();
    const invalid = await invite(missionId, { inviteeEmail: 'not an email' });
    expectStatus(invalid, 400);
    expect(errorOf(invalid).fields).toEqual({ inviteeEmail: SPEC.invalidEmail });
    const missing = await invite(missionId, {});
    expectStatus(missing, 400);
    expect(errorOf(missing).fields).toEqual({ inviteeEmail: SPEC.invalidEmail });
    for (const body of [
      { inviteeEmail: 'a@example.com', config: { permission: 6 } },
      { inviteeEmail: 'a@example.com', config: { permission: 'ADMIN' } },
      { inviteeEmail: 'a@example.com', config: { level: 1 } },
      { inviteeEmail: 'a@example.com', autoCreateRole: 'yes' },
      { inviteeEmail: 'a@example.com', message: 5 },
      { inviteeEmail: 'a@example.com', planItemId: 'nope' },
      { inviteeEmail: 'a@example.com', surprise: true },
      { invitee: 'nope' },
    ]) {
      expectStatus(await invite(missionId, body), 400);
    }
    expectStatus(await invite(missionId, { inviteeEmail: uniqueEmail(), planItemId: hexId() }), 404);
    expect(await invitesOf(t, missionId)).toEqual([]);
  });

  it("needs the inviter's own email verified (rule 127)", async () => {
    const unverified = await signUpPerson(t);
    const mission = await insertMission(t, unverified);
    const response = await invite(mission.id, { inviteeEmail: uniqueEmail() }, unverified.token);
    expectStatus(response, 403);
    expect(errorOf(response).code).toBe('auth/email-not-verified');
  });

  it('refuses somebody already on the team at permission 3 or less (409, the email in the text); 4 may be invited', async () => {
    const missionId = await teamMission(t, w, { isLicensedActive: true });
    for (const who of ['p0', 'p1', 'p2', 'p3'] as const) {
      const response = await invite(missionId, { inviteeEmail: person(who).email });
      expectStatus(response, 409);
      expect(errorOf(response)).toEqual({ code: 'invite/already_on_team', message: SPEC.alreadyOnTeam(person(who).email) });
    }
    const owner = await invite(missionId, { invitee: w.owner.personId });
    expect(errorOf(owner).message).toBe(SPEC.alreadyOnTeam(w.owner.email));
    expectStatus(await invite(missionId, { inviteeEmail: person('p4').email }), 201);
  });

  it('updates somebody already invited (permission, plan item) and answers 200 alreadyInvited, without a second mail', async () => {
    const missionId = await soloMission();
    const member = await insertPerson(t, 'twice');
    await addMember(t, w.orgId, member, 'MEMBER');
    const first = (await invite(missionId, { invitee: member.personId })).json() as Invite;
    const item = await insertPlanItem(missionId);
    const again = await invite(missionId, { inviteeEmail: member.email, config: { permission: 1 }, planItemId: item.id });
    expectStatus(again, 200);
    expect(again.json()).toMatchObject({ _id: first._id, alreadyInvited: true, permission: 1, status: 'pending' });
    expect(await teamRow(t, missionId, member.personId)).toMatchObject({ permission: 1, invitePending: true });
    const [assigned] = await t.database.db.select().from(planItems).where(eq(planItems.id, item.id));
    expect(assigned?.personId).toBe(member.personId);
    expect(await mailTo(t, member.email)).toHaveLength(1);
    // An email without an account, invited twice: still one open invite.
    const email = uniqueEmail('twice');
    await invite(missionId, { inviteeEmail: email });
    expect((await invite(missionId, { inviteeEmail: email, config: { permission: 3 } })).json()).toMatchObject({
      alreadyInvited: true,
      permission: 3,
    });
    expect((await invitesOf(t, missionId)).filter((i) => i.inviteeEmail === email)).toHaveLength(1);
  });

  it('of ten parallel invites to one address, one is created and the others update it, without a 500', async () => {
    const missionId = await soloMission();
    const email = uniqueEmail('parallel');
    const responses = await Promise.all(Array.from({ length: 10 }, () => invite(missionId, { inviteeEmail: email })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([...Array(9).fill(200), 201]);
    const rows = (await invitesOf(t, missionId)).filter((row) => row.inviteeEmail === email);
    expect(rows.map((row) => row.status)).toEqual(['pending']);
    expect(await mailTo(t, email)).toHaveLength(1);
  });

  it('keeps one open invite per mission and address in the database itself', async () => {
    const missionId = await soloMission();
    const email = uniqueEmail('unique');
    expectStatus(await invite(missionId, { inviteeEmail: email }), 201);
    const [open] = (await invitesOf(t, missionId)).filter((row) => row.inviteeEmail === email);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...copy } = open!;
    for (const status of ['pending', 'confirmed'] as const) {
      await expect(t.database.db.insert(missionInvites).values({ ...copy, status, tokenHash: 'f'.repeat(64) })).rejects.toThrow();
    }
  });

  it("applies the inviter's department and office clearance (rules 121–123), which admins (2) and organisation admins skip", async () => {
    const missionId = await soloMission({ isLicensedActive: true });
    const [deptA, deptB] = [hexId(), hexId()];
    const [officeA, officeB] = await t.database.db
      .insert(offices)
      .values([
        { orgId: w.orgId, title: `Office ${hexId()}` },
        { orgId: w.orgId, title: `Office ${hexId()}` },
      ])
      .returning({ id: offices.id });
    const manager = await verifiedPerson(t, { firstName: 'Limited', lastName: 'Manager' });
    await addMember(t, w.orgId, manager, 'MEMBER', { accessibleDepartments: [deptA], accessibleOffices: [officeA!.id] });
    await addToMission(t, missionId, manager, 1, { isProjectManager: true });
    const outside = await insertMember(t, w.orgId, 'MEMBER', { departments: [deptB, deptA], officeId: officeA!.id }, 'outside');
    const otherOffice = await insertMember(t, w.orgId, 'MEMBER', { departments: [deptA], officeId: officeB!.id }, 'office');
    const cleared = await insertMember(t, w.orgId, 'MEMBER', { departments: [deptA], officeId: officeA!.id }, 'cleared');

    const refused = await invite(missionId, { invitee: outside.personId }, manager.token);
    expectStatus(refused, 403);
    expect(errorOf(refused)).toEqual({ code: 'invite/no-clearance', message: SPEC.outsideDepartments });
    const noOffice = await invite(missionId, { invitee: otherOffice.personId }, manager.token);
    expectStatus(noOffice, 403);
    expect(errorOf(noOffice)).toEqual({ code: 'invite/no-clearance', message: SPEC.noClearance });
    // By email too: the address belongs to an organisation person.
    expect(errorOf(await invite(missionId, { inviteeEmail: outside.email }, manager.token)).message).toBe(SPEC.outsideDepartments);
    expect(await invitesOf(t, missionId)).toEqual([]);

    expectStatus(await invite(missionId, { invitee: cleared.personId }, manager.token), 201);
    // Admins skip the rules.
    expectStatus(await invite(missionId, { invitee: outside.personId }, w.owner.token), 201);
    const orgAdminMission = await soloMission({ isLicensedActive: true });
    expectStatus(await invite(orgAdminMission, { invitee: otherOffice.personId }, person('orgAdmin').token), 201);
  });

  it("gives admin (2) only to approved domains: the organisation's or the mission's, or any with ANY (rule 124)", async () => {
    const missionId = await soloMission();
    const foreign = () => uniqueEmail('boss').replace('example.com', 'elsewhere.org');
    const refused = await invite(missionId, { inviteeEmail: foreign(), config: { permission: 2 } });
    expectStatus(refused, 400);
    expect(errorOf(refused)).toEqual({ code: 'invite/domain-not-approved', message: SPEC.adminDomain });
    expectStatus(await invite(missionId, { inviteeEmail: foreign(), config: { permission: 0 } }), 201);
    expectStatus(await invite(missionId, { inviteeEmail: uniqueEmail('boss'), config: { permission: 2 } }), 201);
    const withDomain = await soloMission({ inviteDomains: ['elsewhere.org'] });
    expectStatus(await invite(withDomain, { inviteeEmail: foreign(), config: { permission: 2 } }), 201);
    const founder = await verifiedPerson(t);
    const open = await createOrg(t, founder.token, { inviteDomains: ['ANY'] });
    const openMission = (await insertMission(t, founder, { orgId: open._id })).id;
    expectStatus(await invite(openMission, { inviteeEmail: foreign(), config: { permission: 2 } }, founder.token), 201);
  });

  it('gives only the permissions the invite dialog offers the inviter (rule 132)', async () => {
    const missionId = await soloMission({ isLicensedActive: true });
    const approver = await verifiedPerson(t);
    await addMember(t, w.orgId, approver, 'MANAGER', { canApproveRoles: true });
    const notAllowed = async (payload: Record<string, unknown>, token = w.owner.token, mission = missionId) => {
      const response = await invite(mission, { inviteeEmail: uniqueEmail(), ...payload }, token);
      expectStatus(response, 403);
      expect(errorOf(response).code).toBe('invite/permission-not-allowed');
    };
    // A manager who approves roles invites, but not admins.
    await notAllowed({ config: { permission: 2 } }, approver.token);
    expectStatus(
      await invite(missionId, { inviteeEmail: uniqueEmail(), config: { permission: 1, isProjectManager: true } }, approver.token),
      201,
    );
    // Permissions 4 and 5 are not offered.
    await notAllowed({ config: { permission: 4 } });
    await notAllowed({ config: { permission: 5 } });
    // No admin when roles need approval, or for a project from the CRM.
    const crm = await soloMission({ createdFromGtCrm: true });
    await notAllowed({ config: { permission: 2 } }, w.owner.token, crm);
    const founder = await verifiedPerson(t);
    const approving = await createOrg(t, founder.token, { inviteDomains: ['ANY'] });
    await t.database.db.update(orgs).set({ rolesNeedApproval: true }).where(eq(orgs.id, approving._id));
    const approvingMission = (await insertMission(t, founder, { orgId: approving._id })).id;
    await notAllowed({ config: { permission: 2 } }, founder.token, approvingMission);
    expectStatus(
      await invite(approvingMission, { inviteeEmail: uniqueEmail(), config: { permission: 1, isProjectManager: true } }, founder.token),
      201,
    );
    // No team lead on gantt projects and templates; no observer on models.
    await notAllowed({ config: { permission: 1 } }, w.owner.token, await soloMission({ projectType: 'mx-gantt' }));
    await notAllowed({ config: { permission: 1 } }, w.owner.token, await soloMission({ isTemplate: true }));
    await notAllowed({ config: { permission: 3 } }, w.owner.token, await soloMission({ isModel: true }));
    expectStatus(
      await invite(await soloMission({ isTemplate: true }), {
        inviteeEmail: uniqueEmail(),
        config: { permission: 1, isProjectManager: true },
      }),
      201,
    );
    // Observer on a personal project (no organisation): not offered.
    const personal = (await insertMission(t, w.owner)).id;
    await notAllowed({ config: { permission: 3 } }, w.owner.token, personal);
  });

  it('turns auto role creation off for observers (rule 130)', async () => {
    await whileOrgLicensed(async () => {
      const missionId = await soloMission();
      const response = await invite(missionId, { inviteeEmail: uniqueEmail(), config: { permission: 3 }, autoCreateRole: true });
      expect(response.json()).toMatchObject({ permission: 3, autoCreateRole: false });
      expect((await invite(missionId, { inviteeEmail: uniqueEmail(), autoCreateRole: true })).json()).toMatchObject({
        autoCreateRole: true,
      });
    });
  });

  describe('free slots (rule 134)', () => {
    it('refuses a fifth counting seat with 402, pending invites included; observers (3) are still welcome', async () => {
      const missionId = await soloMission();
      for (let i = 0; i < 2; i += 1) await addToMission(t, missionId, await insertPerson(t, 'seat'), i === 0 ? 0 : 1);
      const orgObserver = await insertPerson(t, 'orgobserver');
      await addToMission(t, missionId, orgObserver, 4);
      // owner (2) + 0 + 1 + organisation observer (4) = 4 seats; one pending invite makes 5.
      expectStatus(await invite(missionId, { inviteeEmail: uniqueEmail('fifth') }), 201);
      const full = await invite(missionId, { inviteeEmail: uniqueEmail('sixth') });
      expectStatus(full, 402);
      expect(errorOf(full)).toEqual({ code: 'free-slots/full', message: SPEC.freeSlots });
      expectStatus(await invite(missionId, { inviteeEmail: uniqueEmail('watcher'), config: { permission: 3 } }), 201);
    });

    it('shows the mission at 5 of 5 with the open email invites, listed to who may invite only', async () => {
      const missionId = await soloMission();
      const emails = [uniqueEmail('open'), uniqueEmail('open')];
      for (const email of emails) expectStatus(await invite(missionId, { inviteeEmail: email }), 201);
      expectStatus(await invite(missionId, { inviteeEmail: uniqueEmail('watcher'), config: { permission: 3 } }), 201);
      await addToMission(t, missionId, person('p0'), 0);
      const read = async (token: string) =>
        (await t.request({ method: 'GET', url: `/api/mission/${missionId}`, token })).json() as {
          freeSlots: { used: number; full: boolean };
          pendingInvites: { inviteeEmail: string }[];
        };
      const asOwner = await read(w.owner.token);
      // owner (2) + p0 (0) + two open invites at 0 = 4; the observer invite holds no seat.
      expect(asOwner.freeSlots).toMatchObject({ used: 4, full: false });
      expect(asOwner.pendingInvites.map((open) => open.inviteeEmail).sort()).toEqual(expect.arrayContaining([...emails].sort()));
      expect(asOwner.pendingInvites).toHaveLength(3);
      expectStatus(await invite(missionId, { inviteeEmail: uniqueEmail('fifth') }), 201);
      expect((await read(w.owner.token)).freeSlots).toMatchObject({ used: 5, full: true });
      const asMember = await read(person('p0').token);
      expect(asMember.freeSlots.used).toBe(5);
      expect(asMember.pendingInvites).toEqual([]);
    });

    it('does not count permissions 3 and 5', async () => {
      const missionId = await soloMission();
      for (const permission of [0, 0, 0, 3, 3, 5, 5]) await addToMission(t, missionId, await insertPerson(t, 'member'), permission);
      expectStatus(await invite(missionId, { inviteeEmail: uniqueEmail('fifth') }), 201);
      expectStatus(await invite(missionId, { inviteeEmail: uniqueEmail('sixth') }), 402);
    });

    it('is unlimited for a licensed mission or a mission of a licensed organisation', async () => {
      const licensed = await soloMission({ isLicensedActive: true });
      for (let i = 0; i < 6; i += 1) expectStatus(await invite(licensed, { inviteeEmail: uniqueEmail('many') }), 201);
      const founder = await verifiedPerson(t);
      const org = await createOrg(t, founder.token);
      await t.database.db.update(orgs).set({ isLicensedActive: true }).where(eq(orgs.id, org._id));
      const orgMission = (await insertMission(t, founder, { orgId: org._id })).id;
      for (let i = 0; i < 6; i += 1) expectStatus(await invite(orgMission, { inviteeEmail: uniqueEmail('many') }, founder.token), 201);
    });
  });

  it('is for mission admins, project managers and organisation admins (rule 105)', async () => {
    const missionId = await teamMission(t, w, { isLicensedActive: true });
    await expectAccess(
      t,
      teamFactories(w),
      async () => ({ method: 'POST', url: `/api/mission/${missionId}/invite`, payload: { inviteeEmail: uniqueEmail('matrix') } }),
      {
        anonymous: 401,
        p0: 403,
        p1: 403,
        p1pm: 'allowed',
        p2: 'allowed',
        p3: 403,
        p4: 403,
        p5: 403,
        pending: 403,
        orgAdmin: 'allowed',
        orgManager: 403,
        orgMember: 404,
        outsider: 404,
      },
    );
    const cancelled = await soloMission({ projectStatus: 'cancelled' });
    expectStatus(await invite(cancelled, { inviteeEmail: uniqueEmail() }), 403);
  });
});

type ByToken = { _id: string; mission: { _id: string; title: string; isTemplate: boolean }; inviteeEmail: string; status: string };

describe('answering a mission invite', () => {
  it('walks the journey: invite by email → mail → sign up → token → handle → accept → reads the mission, with their role', async () => {
    const missionId = await soloMission();
    const email = uniqueEmail('journey');
    // the role is created on acceptance: the organisation is licensed (rule 133)
    await whileOrgLicensed(async () => {
      expectStatus(
        await invite(missionId, { inviteeEmail: email, config: { role: 'Designer' }, autoCreateRole: true, message: 'Hi' }),
        201,
      );
    });
    const token = await mailedToken(email);
    const invitee = await signUpPerson(t, { email, firstName: 'Jo', lastName: 'Journey' });

    const byToken = await t.request({ method: 'GET', url: `/api/mission-invite/token/${token}`, token: invitee.token });
    expectStatus(byToken, 200);
    const offered = byToken.json() as ByToken;
    expect(offered).toMatchObject({
      mission: { _id: missionId, isTemplate: false },
      inviteeEmail: email,
      permission: 0,
      isProjectManager: false,
      message: 'Hi',
      invitedBy: { firstName: 'Olive', lastName: 'Owner' },
      status: 'pending',
    });

    const handled = await t.request({ method: 'POST', url: `/api/mission-invite/handle/${token}`, token: invitee.token });
    expectStatus(handled, 200);
    expect(handled.json()).toMatchObject({ _id: offered._id, status: 'confirmed' });
    // The link was mailed to this address: holding it proves the mailbox (rule 140).
    const [row] = await t.database.db.select().from(people).where(eq(people.id, invitee.personId));
    expect(row?.emailVerified).toBe(true);
    expect(await teamRow(t, missionId, invitee.personId)).toMatchObject({ invitePending: true });
    // Still pending: the mission says so.
    const early = await t.request({ method: 'GET', url: `/api/mission/${missionId}`, token: invitee.token });
    expectStatus(early, 403);
    expect(errorOf(early).code).toBe('mission/invite-pending');

    const mine = (await t.request({ method: 'GET', url: '/api/mission-invite/mine', token: invitee.token })).json() as {
      invites: ByToken[];
    };
    expect(mine.invites.map((i) => i._id)).toEqual([offered._id]);

    // still licensed when accepted, since rule 133 is read again then
    let accepted!: Awaited<ReturnType<typeof t.request>>;
    await whileOrgLicensed(async () => {
      accepted = await t.request({ method: 'PUT', url: `/api/mission-invite/${offered._id}/accept`, token: invitee.token });
    });
    expectStatus(accepted, 200);
    const answer = accepted.json() as { _id: string; mission: string; status: string; planItem: string };
    expect(answer).toMatchObject({ _id: offered._id, mission: missionId, status: 'accepted' });
    expect(await teamRow(t, missionId, invitee.personId)).toMatchObject({ invitePending: false, permission: 0, role: 'Designer' });
    const [role] = await t.database.db.select().from(planItems).where(eq(planItems.id, answer.planItem));
    expect(role).toMatchObject({
      type: 'person',
      role: 'Designer',
      personId: invitee.personId,
      allocation: 100,
      // from the week of acceptance, not pinned to the project; this one ended before it, so the end is pushed (rule 74)
      pinnedTo: null,
      startDate: mondayOf(new Date().toISOString().slice(0, 10)),
      endDate: addIsoDays(mondayOf(new Date().toISOString().slice(0, 10)), 5),
    });
    const read = await t.request({ method: 'GET', url: `/api/mission/${missionId}`, token: invitee.token });
    expectStatus(read, 200);
    const team = (read.json() as { people: { ref: { _id: string }; invitePending: boolean }[] }).people;
    expect(team.find((p) => p.ref._id === invitee.personId)).toMatchObject({ invitePending: false });
    // From outside the organisation, the mission is among my missions (the menu, Home), with its organisation's name.
    const [org] = await t.database.db.select({ title: orgs.title }).from(orgs).where(eq(orgs.id, w.orgId));
    for (const query of ['', '?isActive=true']) {
      const tree = await t.request({ method: 'GET', url: `/api/mission/list/tree${query}`, token: invitee.token });
      expectStatus(tree, 200);
      expect(tree.json()).toEqual([expect.objectContaining({ _id: missionId, org: w.orgId, orgTitle: org!.title, permission: 0 })]);
    }

    // Used: no longer valid.
    expect((await t.request({ method: 'GET', url: '/api/mission-invite/mine', token: invitee.token })).json()).toEqual({ invites: [] });
    for (const request of [
      { method: 'GET' as const, url: `/api/mission-invite/token/${token}` },
      { method: 'POST' as const, url: `/api/mission-invite/handle/${token}` },
      { method: 'PUT' as const, url: `/api/mission-invite/${offered._id}/accept` },
      { method: 'PUT' as const, url: `/api/mission-invite/${offered._id}/reject` },
      { method: 'PUT' as const, url: `/api/mission-invite/${offered._id}/confirm` },
    ]) {
      const response = await t.request({ ...request, token: invitee.token });
      expectStatus(response, 410);
      expect(errorOf(response)).toEqual({ code: 'invite/no-longer-valid', message: SPEC.noLongerValid });
    }
  });

  it('gives an accepted invitee the plan item they were invited for', async () => {
    const missionId = await soloMission();
    const invitee = await verifiedPerson(t);
    const item = await insertPlanItem(missionId, 'Tester');
    const created = (await invite(missionId, { inviteeEmail: invitee.email, planItemId: item.id })).json() as Invite;
    const accepted = await t.request({ method: 'PUT', url: `/api/mission-invite/${created._id}/accept`, token: invitee.token });
    expectStatus(accepted, 200);
    expect(accepted.json()).toMatchObject({ planItem: item.id });
    const [assigned] = await t.database.db.select().from(planItems).where(eq(planItems.id, item.id));
    expect(assigned?.personId).toBe(invitee.personId);
  });

  it('where roles need approval, an auto-created role waits for an approver unless the inviter could assign it (rule 72)', async () => {
    // an active organisation licence lets invites ask for the role (rule 133)
    await t.database.db
      .update(orgs)
      .set({ rolesNeedApproval: true, canProjectManagersApproveRoles: false, isLicensedActive: true, isOrgLicensed: true })
      .where(eq(orgs.id, w.orgId));
    t.app.ctx.reads.changed();
    try {
      const missionId = await teamMission(t, w, { isLicensedActive: true });
      const accept = async (inviter: TestPerson, role: string) => {
        const invitee = await verifiedPerson(t);
        const created = await invite(missionId, { inviteeEmail: invitee.email, config: { role }, autoCreateRole: true }, inviter.token);
        expectStatus(created, 201);
        const accepted = await t.request({
          method: 'PUT',
          url: `/api/mission-invite/${(created.json() as Invite)._id}/accept`,
          token: invitee.token,
        });
        expectStatus(accepted, 200);
        const planItemId = (accepted.json() as { planItem: string }).planItem;
        const [item] = await t.database.db.select().from(planItems).where(eq(planItems.id, planItemId));
        const requests = await t.database.db.select().from(planItemRequests).where(eq(planItemRequests.planItemId, planItemId));
        return { invitee, item: item!, requests };
      };
      // a project manager who may not approve roles: the role is created unfilled, with a request for the invitee
      const asked = await accept(person('p1pm'), 'Analyst');
      expect(asked.item).toMatchObject({ role: 'Analyst', personId: null });
      expect(asked.requests).toMatchObject([
        { context: 'org', status: 'pending_approval', personId: asked.invitee.personId, sentForApprovalBy: person('p1pm').personId },
      ]);
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.personId, w.owner.personId), eq(notifications.type, 'orgRolePlanItemStatusChange')));
      expect(told.map((row) => (row.data.statusMap as { planItemId: string }).planItemId)).toContain(asked.item.id);
      const [made] = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.entityId, asked.item.id));
      expect(made).toMatchObject({ action: 'create', changes: { role: { from: null, to: 'Analyst' } } });
      // the owner approves roles: the invitee holds the role at once
      const direct = await accept(w.owner, 'Designer');
      expect(direct.item).toMatchObject({ role: 'Designer', personId: direct.invitee.personId });
      expect(direct.requests).toEqual([]);
    } finally {
      await t.database.db
        .update(orgs)
        .set({ rolesNeedApproval: false, isLicensedActive: false, isOrgLicensed: false })
        .where(eq(orgs.id, w.orgId));
      t.app.ctx.reads.changed();
    }
  });

  it('rejecting removes the pending team row and tells the inviter by mail', async () => {
    const missionId = await soloMission({ title: 'Rejected mission' });
    const inviter = await verifiedPerson(t, { firstName: 'Ian', lastName: 'Inviter' });
    await addToMission(t, missionId, inviter, 2);
    const invitee = await verifiedPerson(t);
    const created = (await invite(missionId, { inviteeEmail: invitee.email }, inviter.token)).json() as Invite;
    expect(await teamRow(t, missionId, invitee.personId)).toMatchObject({ invitePending: true });
    const confirmed = await t.request({ method: 'PUT', url: `/api/mission-invite/${created._id}/confirm`, token: invitee.token });
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', planItem: null });
    const publish = vi.spyOn(t.app.ctx.realtime, 'publish');
    const rejected = await t.request({ method: 'PUT', url: `/api/mission-invite/${created._id}/reject`, token: invitee.token });
    expectStatus(rejected, 200);
    expect(publish).toHaveBeenCalledWith(`people/${inviter.personId}`, {
      type: 'update',
      entity: 'mission.invites',
      id: created._id,
      data: { status: 'rejected', mission: missionId },
    });
    publish.mockRestore();
    expect(rejected.json()).toMatchObject({ _id: created._id, mission: missionId, status: 'rejected' });
    expect(await teamRow(t, missionId, invitee.personId)).toBeNull();
    const [mail] = await mailTo(t, inviter.email);
    expect(mail?.subject).toBe(`${invitee.email} declined your invite to Rejected mission`);
    expect(mail?.text).toContain(`http://localhost:3000/?mission=${missionId}`);
    expectStatus(await t.request({ method: 'PUT', url: `/api/mission-invite/${created._id}/accept`, token: invitee.token }), 410);
  });

  it('is no longer valid once its inviter has left the mission (an invite to an address nobody can revoke)', async () => {
    const missionId = await soloMission();
    const inviter = await verifiedPerson(t);
    await addToMission(t, missionId, inviter, 1, { isProjectManager: true });
    const invitee = await verifiedPerson(t);
    const created = (
      await invite(missionId, { inviteeEmail: invitee.email, config: { permission: 1, isProjectManager: true } }, inviter.token)
    ).json() as Invite;
    const token = await mailedToken(invitee.email);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/mission/${missionId}/people/${inviter.personId}`,
      token: w.owner.token,
    });
    expectStatus(removed, 200);
    const accepted = await t.request({ method: 'PUT', url: `/api/mission-invite/${created._id}/accept`, token: invitee.token });
    expectStatus(accepted, 410);
    expect(errorOf(accepted).message).toBe(SPEC.noLongerValid);
    expectStatus(await t.request({ method: 'GET', url: `/api/mission-invite/token/${token}`, token: invitee.token }), 410);
    expect(await teamRow(t, missionId, invitee.personId)).toMatchObject({ invitePending: true });
    // invited again by somebody who still may: the same invite, now theirs, can be accepted
    const again = await invite(missionId, { inviteeEmail: invitee.email, config: { permission: 1, isProjectManager: true } });
    expect(again.json()).toMatchObject({ _id: created._id, alreadyInvited: true });
    expectStatus(await t.request({ method: 'PUT', url: `/api/mission-invite/${created._id}/accept`, token: invitee.token }), 200);
  });

  it('needs a verified invitee email to accept (rule 137); rejecting does not', async () => {
    const missionId = await soloMission();
    const invitee = await signUpPerson(t);
    const created = (await invite(missionId, { inviteeEmail: invitee.email })).json() as Invite;
    const mine = (await t.request({ method: 'GET', url: '/api/mission-invite/mine', token: invitee.token })).json() as {
      invites: ByToken[];
    };
    expect(mine.invites.map((i) => i._id)).toEqual([created._id]);
    const refused = await t.request({ method: 'PUT', url: `/api/mission-invite/${created._id}/accept`, token: invitee.token });
    expectStatus(refused, 403);
    expect(errorOf(refused)).toEqual({ code: 'auth/email-not-verified', message: SPEC.verifyBeforeInvites });
    expect(await teamRow(t, missionId, invitee.personId)).toMatchObject({ invitePending: true });
    expectStatus(await t.request({ method: 'PUT', url: `/api/mission-invite/${created._id}/reject`, token: invitee.token }), 200);
  });

  it('is only for the invitee: a token handled by somebody else is 403, an id answered by somebody else 404', async () => {
    const missionId = await soloMission();
    const email = uniqueEmail('mine');
    const created = (await invite(missionId, { inviteeEmail: email })).json() as Invite;
    const token = await mailedToken(email);
    const stranger = await verifiedPerson(t);
    const handled = await t.request({ method: 'POST', url: `/api/mission-invite/handle/${token}`, token: stranger.token });
    expectStatus(handled, 403);
    expect(errorOf(handled).code).toBe('invite/email-mismatch');
    for (const action of ['confirm', 'accept', 'reject']) {
      expectStatus(await t.request({ method: 'PUT', url: `/api/mission-invite/${created._id}/${action}`, token: stranger.token }), 404);
    }
    expect((await t.request({ method: 'GET', url: '/api/mission-invite/mine', token: stranger.token })).json()).toEqual({ invites: [] });
    expect((await invitesOf(t, missionId))[0]?.status).toBe('pending');
  });

  it('answers 410 for an expired invite or one whose mission is archived, 404 for an unknown token, 400 for bad ones', async () => {
    const missionId = await soloMission();
    const invitee = await verifiedPerson(t);
    const created = (await invite(missionId, { inviteeEmail: invitee.email })).json() as Invite;
    const token = await mailedToken(invitee.email);
    await t.database.db
      .update(missionInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(missionInvites.id, created._id));
    for (const request of [
      { method: 'GET' as const, url: `/api/mission-invite/token/${token}` },
      { method: 'POST' as const, url: `/api/mission-invite/handle/${token}` },
      { method: 'PUT' as const, url: `/api/mission-invite/${created._id}/accept` },
    ]) {
      const response = await t.request({ ...request, token: invitee.token });
      expectStatus(response, 410);
      expect(errorOf(response)).toEqual({ code: 'invite/no-longer-valid', message: SPEC.noLongerValid });
    }
    const archived = await soloMission();
    const email = uniqueEmail('archived');
    await invite(archived, { inviteeEmail: email });
    const archivedToken = await mailedToken(email);
    await t.database.db.update(missions).set({ archivedAt: new Date() }).where(eq(missions.id, archived));
    expectStatus(await t.request({ method: 'GET', url: `/api/mission-invite/token/${archivedToken}`, token: invitee.token }), 410);

    const unknown = await t.request({ method: 'GET', url: `/api/mission-invite/token/${'x'.repeat(43)}`, token: invitee.token });
    expectStatus(unknown, 404);
    expectStatus(await t.request({ method: 'GET', url: '/api/mission-invite/token/short', token: invitee.token }), 400);
    expectStatus(await t.request({ method: 'PUT', url: '/api/mission-invite/not-an-id/accept', token: invitee.token }), 400);
    expectStatus(await t.request({ method: 'PUT', url: `/api/mission-invite/${hexId()}/accept`, token: invitee.token }), 404);
  });

  it('needs a signed-in caller on every invite route', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/mission-invite/mine' },
      { method: 'GET' as const, url: `/api/mission-invite/token/${'x'.repeat(43)}` },
      { method: 'POST' as const, url: `/api/mission-invite/handle/${'x'.repeat(43)}` },
      { method: 'PUT' as const, url: `/api/mission-invite/${hexId()}/confirm` },
      { method: 'PUT' as const, url: `/api/mission-invite/${hexId()}/accept` },
      { method: 'PUT' as const, url: `/api/mission-invite/${hexId()}/reject` },
    ]) {
      expectStatus(await t.request(request), 401);
    }
  });
});

describe('rule 140: signing up through an invite', () => {
  const signUp = (email: string, token?: string) =>
    t.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'long-enough-1', ...(token ? { token } : {}) } });
  const verificationMails = async (email: string) =>
    (await mailTo(t, email)).filter((mail) => mail.subject === 'Verify your email for Crewplan');

  it('sends no verification email with the invite’s token; without it, or with another address’s, one is sent', async () => {
    const missionId = await soloMission();
    const [invited, other] = [uniqueEmail('invited'), uniqueEmail('other')];
    for (const email of [invited, other]) expectStatus(await invite(missionId, { inviteeEmail: email }), 201);
    expectStatus(await signUp(invited, await mailedToken(invited)), 201);
    expect(await verificationMails(invited)).toHaveLength(0);
    // a token of somebody else's invite is not a proof of this address
    expectStatus(await signUp(other, await mailedToken(invited)), 201);
    expect(await verificationMails(other)).toHaveLength(1);
    const plain = uniqueEmail('plain');
    expectStatus(await signUp(plain, 'not-a-token'), 201);
    expect(await verificationMails(plain)).toHaveLength(1);
  });
});
