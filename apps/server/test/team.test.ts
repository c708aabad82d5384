import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionAuditEvents, missionInvites } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess } from './support/authz-matrix.ts';
import { addToMission } from './support/missions.ts';
import { addMember, errorOf, expectStatus, insertPerson } from './support/org.ts';
import { createTeamWorld, teamFactories, teamMission, teamRow, type TeamPrincipal, type TeamWorld } from './support/team.ts';

/** Spec texts (messages.tsv), word for word. */
const SPEC = {
  lastAdmin: 'Sorry but you need at least one admin on the project. Try adding another admin first or make another person an admin.',
  personNotFound: 'Person not found',
};

let t: TestApp;
let w: TeamWorld;
let missionId: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createTeamWorld(t);
  missionId = await teamMission(t, w);
});
afterAll(async () => t.close());

const person = (principal: Exclude<TeamPrincipal, 'anonymous'>) => w.people[principal];

function updatePerson(mission: string, personId: string, payload: Record<string, unknown>, token = w.owner.token) {
  return t.request({ method: 'PUT', url: `/api/mission/${mission}/people/${personId}`, token, payload });
}
function removePerson(mission: string, personId: string, token = w.owner.token) {
  return t.request({ method: 'DELETE', url: `/api/mission/${mission}/people/${personId}`, token });
}

describe('PUT /api/mission/:id/people/:personId', () => {
  it('changes permission, project-manager flag, role and custom role, records it and presents the team person', async () => {
    const mission = await teamMission(t, w);
    const target = await insertPerson(t, 'worker', { firstName: 'Wanda', lastName: 'Worker' });
    await addMember(t, w.orgId, target, 'MEMBER', { departments: [], canApproveLeaves: true });
    await addToMission(t, mission, target, 0);
    const response = await updatePerson(mission, target.personId, {
      permission: 1,
      isProjectManager: true,
      role: 'Designer',
      customRole: 'Lead designer',
    });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({
      ref: { _id: target.personId, firstName: 'Wanda', lastName: 'Worker', avatar: null },
      email: target.email,
      permission: 1,
      isProjectManager: true,
      role: 'Designer',
      customRole: 'Lead designer',
      invitePending: false,
      canApproveLeaves: true,
      isOrgAdmin: false,
    });
    expect(await teamRow(t, mission, target.personId)).toMatchObject({ permission: 1, isProjectManager: true, role: 'Designer' });
    const audit = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.missionId, mission));
    expect(audit.find((event) => event.entity === 'mission.people')?.changes).toMatchObject({ permission: { from: 0, to: 1 } });
    // Clearing the custom role.
    const cleared = await updatePerson(mission, target.personId, { customRole: null });
    expect(cleared.json()).toMatchObject({ customRole: null, role: 'Designer' });
  });

  it('lets mission admins (2, or 1 with the project-manager flag) and organisation admins make admins', async () => {
    const mission = await teamMission(t, w, { isLicensedActive: true });
    for (const [who, target] of [
      ['p1pm', 'p0'],
      ['orgAdmin', 'p1'],
      ['p2', 'p3'],
    ] as const) {
      const response = await updatePerson(mission, person(target).personId, { permission: 2 }, person(who).token);
      expectStatus(response, 200);
      expect((response.json() as { permission: number }).permission).toBe(2);
    }
  });

  it('gives a new permission only as an invite would: a free seat (rule 134) and a choice the invite dialog offers', async () => {
    // the team already fills the free plan's five seats; an observer (3) takes none
    const free = await teamMission(t, w);
    const observer = person('p3').personId;
    for (const permission of [0, 1, 2]) {
      const full = await updatePerson(free, observer, { permission });
      expectStatus(full, 402);
      expect(errorOf(full).code).toBe('free-slots/full');
    }
    expect(await teamRow(t, free, observer)).toMatchObject({ permission: 3 });
    // somebody holding a seat keeps moving between seats; a licensed mission has no limit
    expectStatus(await updatePerson(free, person('p0').personId, { permission: 1, isProjectManager: true }), 200);
    const licensed = await teamMission(t, w, { isLicensedActive: true });
    expectStatus(await updatePerson(licensed, observer, { permission: 0 }), 200);
    // only what the dialog offers: no team lead on a gantt project, no admin on a CRM project, never 4 or 5
    for (const [options, payload] of [
      [{ projectType: 'mx-gantt' }, { permission: 1, isProjectManager: false }],
      [{ createdFromGtCrm: true }, { permission: 2 }],
      [{}, { permission: 4 }],
      [{}, { permission: 5 }],
    ] as const) {
      const mission = await teamMission(t, w, { isLicensedActive: true, ...options });
      const refused = await updatePerson(mission, person('p0').personId, payload);
      expectStatus(refused, 403);
      expect(errorOf(refused).code).toBe('invite/permission-not-allowed');
    }
  });

  it('never demotes the last admin, with the spec text; with a second admin it may', async () => {
    const mission = await teamMission(t, w);
    // p2 is an admin too: make the owner the only one first.
    expectStatus(await updatePerson(mission, person('p2').personId, { permission: 0 }), 200);
    for (const token of [w.owner.token, person('orgAdmin').token, person('p1pm').token]) {
      const response = await updatePerson(mission, w.owner.personId, { permission: 1 }, token);
      expectStatus(response, 400);
      expect(errorOf(response)).toEqual({ code: 'mission/last-admin', message: SPEC.lastAdmin });
    }
    expect((await teamRow(t, mission, w.owner.personId))?.permission).toBe(2);
    // Role and flag changes of the last admin are fine.
    expectStatus(await updatePerson(mission, w.owner.personId, { role: 'Sponsor' }), 200);
    expectStatus(await updatePerson(mission, person('p0').personId, { permission: 2 }), 200);
    expectStatus(await updatePerson(mission, w.owner.personId, { permission: 1 }), 200);
  });

  it('clears the project-manager flag of somebody moved to a permission that has none (0 or 3), as an invite would', async () => {
    const mission = await teamMission(t, w);
    for (const permission of [0, 3]) {
      expectStatus(await updatePerson(mission, person('p1pm').personId, { permission: 1, isProjectManager: true }), 200);
      const demoted = await updatePerson(mission, person('p1pm').personId, { permission });
      expectStatus(demoted, 200);
      expect(demoted.json()).toMatchObject({ permission, isProjectManager: false });
      expect(await teamRow(t, mission, person('p1pm').personId)).toMatchObject({ permission, isProjectManager: false });
    }
    // the flag alone does not make a team member a project manager (the board would list the mission as theirs)
    const flagged = await updatePerson(mission, person('p0').personId, { isProjectManager: true });
    expectStatus(flagged, 200);
    expect(await teamRow(t, mission, person('p0').personId)).toMatchObject({ permission: 0, isProjectManager: false });
  });

  it("answers 404 'Person not found' for somebody not on the team", async () => {
    for (const personId of [person('orgMember').personId, person('outsider').personId, 'a'.repeat(24)]) {
      const response = await updatePerson(missionId, personId, { role: 'x' });
      expectStatus(response, 404);
      expect(errorOf(response)).toEqual({ code: 'person/not-found', message: SPEC.personNotFound });
    }
  });

  it('refuses bad input with 400', async () => {
    const target = person('p0').personId;
    for (const body of [
      { permission: 6 },
      { permission: -1 },
      { permission: 1.5 },
      { permission: '1' },
      { isProjectManager: 'yes' },
      { role: 5 },
      { role: 'x'.repeat(81) },
      { invitePending: false },
      { email: 'a@b.co' },
    ]) {
      expectStatus(await updatePerson(missionId, target, body), 400);
    }
    expectStatus(await updatePerson(missionId, 'not-an-id', { role: 'x' }), 400);
    expectStatus(await updatePerson('not-an-id', target, { role: 'x' }), 400);
  });

  it('is for mission admins and organisation admins only', async () => {
    const target = person('p0').personId;
    await expectAccess(
      t,
      teamFactories(w),
      { method: 'PUT', url: `/api/mission/${missionId}/people/${target}`, payload: { role: 'Checked' } },
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
  });
});

describe('DELETE /api/mission/:id/people/:personId', () => {
  it('removes a person and tells their own room; the team row is gone', async () => {
    const mission = await teamMission(t, w);
    const response = await removePerson(mission, person('p0').personId);
    expectStatus(response, 200);
    expect(response.json()).toEqual({ effect: 'remove' });
    expect(await teamRow(t, mission, person('p0').personId)).toBeNull();
    // Gone from the team: the mission is no longer theirs to read.
    expectStatus(await t.request({ method: 'GET', url: `/api/mission/${mission}`, token: person('p0').token }), 404);
  });

  it('only downgrades an organisation admin to organisation observer (4) and clears the project-manager flag', async () => {
    const mission = await teamMission(t, w);
    await addToMission(t, mission, person('orgAdmin'), 1, { isProjectManager: true });
    const response = await removePerson(mission, person('orgAdmin').personId, person('p1pm').token);
    expectStatus(response, 200);
    expect(response.json()).toEqual({ effect: 'downgrade' });
    expect(await teamRow(t, mission, person('orgAdmin').personId)).toMatchObject({ permission: 4, isProjectManager: false });
  });

  it('lets anybody on the team remove themselves', async () => {
    const mission = await teamMission(t, w);
    for (const who of ['p0', 'p1', 'p3', 'p4', 'p5'] as const) {
      const response = await removePerson(mission, person(who).personId, person(who).token);
      expectStatus(response, 200);
      expect(await teamRow(t, mission, person(who).personId)).toBeNull();
    }
  });

  it('never removes the last admin, with the spec text', async () => {
    const mission = await teamMission(t, w);
    expectStatus(await removePerson(mission, person('p2').personId), 200);
    for (const token of [w.owner.token, person('orgAdmin').token, person('p1pm').token]) {
      const response = await removePerson(mission, w.owner.personId, token);
      expectStatus(response, 400);
      expect(errorOf(response)).toEqual({ code: 'mission/last-admin', message: SPEC.lastAdmin });
    }
    expect(await teamRow(t, mission, w.owner.personId)).not.toBeNull();
  });

  it('revokes the pending invites of the removed person to the mission', async () => {
    const mission = await teamMission(t, w, { isLicensedActive: true });
    const invitee = await insertPerson(t, 'invitee');
    const invited = await t.request({
      method: 'POST',
      url: `/api/mission/${mission}/invite`,
      token: w.owner.token,
      payload: { inviteeEmail: invitee.email },
    });
    expectStatus(invited, 201);
    expect((await teamRow(t, mission, invitee.personId))?.invitePending).toBe(true);
    expect(await removePerson(mission, invitee.personId).then((r) => r.json())).toEqual({ effect: 'remove' });
    const [invite] = await t.database.db
      .select()
      .from(missionInvites)
      .where(and(eq(missionInvites.missionId, mission), eq(missionInvites.inviteeEmail, invitee.email)));
    expect(invite?.status).toBe('revoked');
    const accept = await t.request({ method: 'PUT', url: `/api/mission-invite/${invite!.id}/accept`, token: w.owner.token });
    expectStatus(accept, 404);
  });

  it("answers 404 'Person not found' for somebody not on the team, 400 for a bad id", async () => {
    const response = await removePerson(missionId, person('orgMember').personId);
    expectStatus(response, 404);
    expect(errorOf(response)).toEqual({ code: 'person/not-found', message: SPEC.personNotFound });
    expectStatus(await removePerson(missionId, 'nope'), 400);
    expectStatus(
      await t.request({
        method: 'DELETE',
        url: `/api/mission/${missionId}/people/${w.owner.personId}?confirm=maybe`,
        token: w.owner.token,
      }),
      400,
    );
  });

  it('lets organisation admins, mission admins and project managers remove others; nobody else', async () => {
    const mission = await teamMission(t, w);
    const target = await insertPerson(t, 'removable');
    await expectAccess(
      t,
      teamFactories(w),
      async () => {
        await addToMission(t, mission, target, 0);
        return { method: 'DELETE', url: `/api/mission/${mission}/people/${target.personId}` };
      },
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
  });

  it('answers a forbidden removal with 403 and leaves the person', async () => {
    const response = await removePerson(missionId, person('p3').personId, person('p0').token);
    expectStatus(response, 403);
    expect(await teamRow(t, missionId, person('p3').personId)).not.toBeNull();
    const pending = await removePerson(missionId, person('p0').personId, person('pending').token);
    expectStatus(pending, 403);
    expect(errorOf(pending).code).toBe('mission/invite-pending');
  });
});
