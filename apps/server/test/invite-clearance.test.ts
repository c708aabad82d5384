import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, orgPeople } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, expectStatus, insertMember, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

/**
 * Who an inviter may add to a mission of the organisation (rules 121–123): an admin (2) anyone; otherwise department
 * and office sharing and accessibility rules apply. A person whose every department keeps its people to itself
 * (dontShareResources), none of them the inviter's own or accessible, does not align: the clearance message.
 */
const NO_CLEARANCE = 'This person cannot be added because you do not have clearance…';
const OUTSIDE_DEPARTMENTS = "The sorry but this person falls outside of your accessible department's and cannot be added to the project";

let t: TestApp;
let admin: TestPerson;
let orgId: string;
let open: string;
let closed: string;
let otherClosed: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await verifiedPerson(t, { firstName: 'Ada', lastName: 'Admin' });
  orgId = (await createOrg(t, admin.token, { inviteDomains: ['example.com'] }))._id;
  const made = await t.database.db
    .insert(departments)
    .values([
      { orgId, title: 'Open' },
      { orgId, title: 'Closed', dontShareResources: true },
      { orgId, title: 'Also closed', dontShareResources: true },
    ])
    .returning();
  [open, closed, otherClosed] = made.map((d) => d.id) as [string, string, string];
  t.app.ctx.reads.changed();
});
afterAll(async () => t.close());

/** A project manager (1 + PM) of a new mission who is a plain member of the organisation, placed as given. */
async function projectManager(options: Parameters<typeof addMember>[4] = {}) {
  const pm = await verifiedPerson(t);
  await addMember(t, orgId, pm, 'MEMBER', options);
  const mission = await insertMission(t, admin, { orgId });
  await addToMission(t, mission.id, pm, 1, { isProjectManager: true });
  t.app.ctx.reads.changed();
  return { pm, missionId: mission.id };
}

const invite = (missionId: string, invitee: string, token: string) =>
  t.request({ method: 'POST', url: `/api/mission/${missionId}/invite`, token, payload: { invitee } });

describe('POST /api/mission/:id/invite: department sharing (rules 122–123)', () => {
  it('refuses a person only in departments that do not share, outside the inviter’s own and accessible ones', async () => {
    const { pm, missionId } = await projectManager({ departments: [open] });
    const person = await insertMember(t, orgId, 'MEMBER', { departments: [closed, otherClosed] });
    const response = await invite(missionId, person.personId, pm.token);
    expectStatus(response, 403);
    expect(errorOf(response)).toEqual({ code: 'invite/no-clearance', message: NO_CLEARANCE });
  });

  it('adds a person with one sharing department, or none at all', async () => {
    const { pm, missionId } = await projectManager({ departments: [open] });
    const sharing = await insertMember(t, orgId, 'MEMBER', { departments: [closed, open] });
    expectStatus(await invite(missionId, sharing.personId, pm.token), 201);
    const unplaced = await insertMember(t, orgId, 'MEMBER');
    expectStatus(await invite(missionId, unplaced.personId, pm.token), 201);
  });

  it('adds a person of a closed department the inviter belongs to or may access', async () => {
    const own = await projectManager({ departments: [closed] });
    const colleague = await insertMember(t, orgId, 'MEMBER', { departments: [closed] });
    expectStatus(await invite(own.missionId, colleague.personId, own.pm.token), 201);
    const reaching = await projectManager({ departments: [open], accessibleDepartments: [closed, otherClosed] });
    const reached = await insertMember(t, orgId, 'MEMBER', { departments: [closed] });
    expectStatus(await invite(reaching.missionId, reached.personId, reaching.pm.token), 201);
  });

  it('lets an admin (mission 2, or organisation admin) add anyone (rule 123)', async () => {
    const person = await insertMember(t, orgId, 'MEMBER', { departments: [closed] });
    const mission = await insertMission(t, admin, { orgId });
    expectStatus(await invite(mission.id, person.personId, admin.token), 201);
    const owner = await verifiedPerson(t);
    await addMember(t, orgId, owner, 'MEMBER', { departments: [open] });
    const owned = await insertMission(t, owner, { orgId });
    t.app.ctx.reads.changed();
    expectStatus(await invite(owned.id, person.personId, owner.token), 201);
  });
});

describe("POST /api/mission/:id/invite: the inviter's accessible departments (rule 121)", () => {
  it('refuses a person whose first department is outside them', async () => {
    const { pm, missionId } = await projectManager({ departments: [open], accessibleDepartments: [open] });
    const [elsewhere] = await t.database.db.insert(departments).values({ orgId, title: 'Elsewhere' }).returning();
    const person = await insertMember(t, orgId, 'MEMBER', { departments: [elsewhere!.id, open] });
    t.app.ctx.reads.changed();
    const response = await invite(missionId, person.personId, pm.token);
    expectStatus(response, 403);
    expect(errorOf(response)).toEqual({ code: 'invite/no-clearance', message: OUTSIDE_DEPARTMENTS });
  });

  it('adds a person with no department: they have no first department outside them', async () => {
    const { pm, missionId } = await projectManager({ departments: [open], accessibleDepartments: [open] });
    const unplaced = await insertMember(t, orgId, 'MEMBER');
    t.app.ctx.reads.changed();
    expectStatus(await invite(missionId, unplaced.personId, pm.token), 201);
  });
});

describe('POST /api/mission/:id/invite by email: the organisation person behind their organisation email (rules 121–122)', () => {
  it('applies the clearance rules to a person invited by their organisation email', async () => {
    const { pm, missionId } = await projectManager({ departments: [open], accessibleDepartments: [open] });
    const person = await insertMember(t, orgId, 'MEMBER', { departments: [closed] });
    const workEmail = `work.${person.email}`;
    await t.database.db.update(orgPeople).set({ email: workEmail }).where(eq(orgPeople.personId, person.personId));
    t.app.ctx.reads.changed();
    const refused = await t.request({
      method: 'POST',
      url: `/api/mission/${missionId}/invite`,
      token: pm.token,
      payload: { inviteeEmail: workEmail },
    });
    expectStatus(refused, 403);
    expect(errorOf(refused)).toEqual({ code: 'invite/no-clearance', message: OUTSIDE_DEPARTMENTS });
    const mission = await insertMission(t, admin, { orgId });
    const invited = await t.request({
      method: 'POST',
      url: `/api/mission/${mission.id}/invite`,
      token: admin.token,
      payload: { inviteeEmail: workEmail },
    });
    expectStatus(invited, 201);
    expect(invited.json()).toMatchObject({ inviteeEmail: workEmail });
  });
});
