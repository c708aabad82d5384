import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personEmails } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { addMember, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import { uniqueEmail } from './support/people.ts';
import { createTeamWorld, invitesOf, teamRow, type TeamWorld } from './support/team.ts';

/** Spec texts (messages.tsv), word for word. */
const SPEC = {
  adminDomain: 'Permission admin is not permitted for domains that are not approved by the organization.',
  alreadyOnTeam: (email: string) => `Ooops. ${email} already exists on the mission team.`,
};

let t: TestApp;
let w: TeamWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createTeamWorld(t);
});
afterAll(async () => t.close());

/** A mission of the world's organisation (approved domain example.com) with only its owner, its one admin. */
const soloMission = () => insertMission(t, w.owner, { orgId: w.orgId }).then((m) => m.id);

describe('PUT /api/mission/:id/people/:personId and the approved domains (rule 124)', () => {
  it('does not make admin somebody whose email domain the organisation has not approved', async () => {
    const missionId = await soloMission();
    const outsider = await verifiedPerson(t, { email: `guest.${Date.now()}@elsewhere.org` });
    await addToMission(t, missionId, outsider, 0);
    const response = await t.request({
      method: 'PUT',
      url: `/api/mission/${missionId}/people/${outsider.personId}`,
      token: w.owner.token,
      payload: { permission: 2 },
    });
    expectStatus(response, 400);
    expect(errorOf(response)).toMatchObject({ code: 'invite/domain-not-approved', message: SPEC.adminDomain });
    expect(await teamRow(t, missionId, outsider.personId)).toMatchObject({ permission: 0 });
  });

  it('still makes admin somebody of an approved domain', async () => {
    const missionId = await soloMission();
    const colleague = await verifiedPerson(t, { email: uniqueEmail('colleague') });
    await addToMission(t, missionId, colleague, 0);
    const response = await t.request({
      method: 'PUT',
      url: `/api/mission/${missionId}/people/${colleague.personId}`,
      token: w.owner.token,
      payload: { permission: 2 },
    });
    expectStatus(response, 200);
    expect(await teamRow(t, missionId, colleague.personId)).toMatchObject({ permission: 2 });
  });
});

describe('accepting a mission invite while already on the team', () => {
  it('keeps the permission of somebody already on the team (409), so the only admin stays an admin', async () => {
    const missionId = await soloMission();
    // An address the owner listed but had not verified yet: the invite is to that address, bound to nobody.
    const secondary = uniqueEmail('second');
    await t.database.db.insert(personEmails).values({ personId: w.owner.personId, email: secondary, verified: false });
    const created = await t.request({
      method: 'POST',
      url: `/api/mission/${missionId}/invite`,
      token: w.people.orgAdmin.token,
      payload: { inviteeEmail: secondary },
    });
    expectStatus(created, 201);
    const { _id: inviteId } = created.json() as { _id: string };
    await t.database.db
      .update(personEmails)
      .set({ verified: true })
      .where(and(eq(personEmails.personId, w.owner.personId), eq(personEmails.email, secondary)));

    const accepted = await t.request({ method: 'PUT', url: `/api/mission-invite/${inviteId}/accept`, token: w.owner.token });
    expectStatus(accepted, 409);
    expect(errorOf(accepted)).toMatchObject({ code: 'invite/already_on_team', message: SPEC.alreadyOnTeam(secondary) });
    expect(await teamRow(t, missionId, w.owner.personId)).toMatchObject({ permission: 2, invitePending: false });
    expect((await invitesOf(t, missionId)).find((row) => row.id === inviteId)?.status).not.toBe('accepted');
  });

  it('still lets an organisation observer (4) of the mission accept an invite to its team', async () => {
    const missionId = await soloMission();
    const observer = await verifiedPerson(t, { email: uniqueEmail('observer') });
    await addToMission(t, missionId, observer, 4);
    const created = await t.request({
      method: 'POST',
      url: `/api/mission/${missionId}/invite`,
      token: w.owner.token,
      payload: { inviteeEmail: observer.email, config: { permission: 1 } },
    });
    expectStatus(created, 201);
    const { _id: inviteId } = created.json() as { _id: string };
    expectStatus(await t.request({ method: 'PUT', url: `/api/mission-invite/${inviteId}/accept`, token: observer.token }), 200);
    expect(await teamRow(t, missionId, observer.personId)).toMatchObject({ permission: 1, invitePending: false });
  });
});

describe('changing the permission of somebody whose invite is pending', () => {
  it('keeps the change when they accept', async () => {
    const missionId = await soloMission();
    const invitee = await verifiedPerson(t, { email: uniqueEmail('pending') });
    const created = await t.request({
      method: 'POST',
      url: `/api/mission/${missionId}/invite`,
      token: w.owner.token,
      payload: { inviteeEmail: invitee.email },
    });
    expectStatus(created, 201);
    const { _id: inviteId } = created.json() as { _id: string };
    const changed = await t.request({
      method: 'PUT',
      url: `/api/mission/${missionId}/people/${invitee.personId}`,
      token: w.owner.token,
      payload: { permission: 1, isProjectManager: true, role: 'Planner' },
    });
    expectStatus(changed, 200);
    expect(changed.json()).toMatchObject({ permission: 1, isProjectManager: true, role: 'Planner', invitePending: true });
    expectStatus(await t.request({ method: 'PUT', url: `/api/mission-invite/${inviteId}/accept`, token: invitee.token }), 200);
    expect(await teamRow(t, missionId, invitee.personId)).toMatchObject({
      permission: 1,
      isProjectManager: true,
      role: 'Planner',
      invitePending: false,
    });
  });
});

describe("rule 132: the 'Limited' project manager of an unapproved domain has no settings access", () => {
  const projectManager = async (missionId: string, email: string, options: { orgMember?: boolean } = {}) => {
    const person = await verifiedPerson(t, { email });
    await addToMission(t, missionId, person, 1, { isProjectManager: true });
    if (options.orgMember) await addMember(t, w.orgId, person, 'MEMBER');
    return person;
  };
  const abilitiesOf = async (missionId: string, token: string) => {
    const response = await t.request({ method: 'GET', url: `/api/mission/${missionId}`, token });
    expectStatus(response, 200);
    return (response.json() as { abilities: Record<string, boolean> }).abilities;
  };
  const rename = (missionId: string, token: string) =>
    t.request({ method: 'PUT', url: `/api/mission/${missionId}`, token, payload: { title: `Renamed ${Date.now()}` } });

  it.each([
    ['from an unapproved domain', `guest.${Date.now()}@elsewhere.org`, {}, false],
    ['from an approved domain', uniqueEmail('pm'), {}, true],
    ['from an unapproved domain who is a member of the organisation', `member.${Date.now()}@elsewhere.org`, { orgMember: true }, true],
  ] as const)('a project manager %s', async (_who, email, options, settings) => {
    const missionId = await soloMission();
    const pm = await projectManager(missionId, email, options);
    const abilities = await abilitiesOf(missionId, pm.token);
    expect({ update: abilities['mission.update'], plan: abilities['plan.manage'] }).toEqual({ update: settings, plan: true });
    expectStatus(await rename(missionId, pm.token), settings ? 200 : 403);
  });
});
