import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missionAuditEvents, missionPeople, missions, orgPeople, people } from '../src/db/schema/index.ts';
import { TREE_STREAM_BATCH } from '../src/modules/missions/tree.service.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { setOrg } from './support/missions-world.ts';
import { addMember, createOrg, expectStatus, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

/** A JSON answer, read loosely. */
type Json = ReturnType<typeof JSON.parse>;

let t: TestApp;
let me: TestPerson;
let owner: TestPerson;
let orgId: string;
const ids: Record<string, string> = {};

/** A mission owned by `owner` with `me` on it at a permission. */
async function onMission(
  name: string,
  permission: number,
  options: Parameters<typeof insertMission>[2] = {},
  extra: { invitePending?: boolean } = {},
) {
  const mission = await insertMission(t, owner, { title: name, kickedOff: true, ...options });
  await addToMission(t, mission.id, me, permission, extra);
  ids[name] = mission.id;
  return mission.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  me = await verifiedPerson(t, { firstName: 'Mia', lastName: 'Member' });
  owner = await verifiedPerson(t, { firstName: 'Owen', lastName: 'Owner' });
  orgId = (await createOrg(t, owner.token))._id;
  await addMember(t, orgId, me, 'MEMBER');
  const mine = await insertMission(t, me, { title: 'personal admin', kickedOff: true });
  ids['personal admin'] = mine.id;
  await onMission('org observer 3', 3, { orgId });
  await onMission('org level 4', 4, { orgId });
  await onMission('external 5', 5, { orgId });
  await onMission('pending invite', 0, { orgId }, { invitePending: true });
  await onMission('completed', 0, { orgId, projectStatus: 'completed' });
  await onMission('cancelled', 0, { orgId, projectStatus: 'cancelled' });
  await onMission('stopped', 0, { orgId, missionStop: new Date('2025-01-01T00:00:00Z') });
  await onMission('stops later', 0, { orgId, missionStop: new Date(Date.now() + 86_400_000) });
  await onMission('old planning', 0, { orgId, kickedOff: false, createdAt: new Date('2024-12-01T00:00:00Z') });
  await onMission('new planning', 0, { orgId, kickedOff: false, createdAt: new Date('2025-01-08T00:00:00Z') });
  await onMission('archived', 0, { orgId, archivedAt: new Date() });
  await onMission('stale', 1, { orgId });
  await t.database.db
    .update(missions)
    .set({ updatedAt: new Date('2025-03-01T00:00:00Z') })
    .where(eq(missions.id, ids.stale!));
});
afterAll(async () => t.close());

async function tree(query = '', token: string | undefined = me.token) {
  const response = await t.request({ method: 'GET', url: `/api/mission/list/tree${query}`, token });
  expectStatus(response, 200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.body.startsWith('[')).toBe(true);
  return response.json() as Json[];
}
const titles = (items: Json[]) => items.map((item) => item.title).sort();

describe('GET /api/mission/list/tree', () => {
  it('lists the missions where I am on the team with the invite accepted and permission 3 or lower (rule 36)', async () => {
    expect(titles(await tree())).toEqual(
      [
        'cancelled',
        'completed',
        'new planning',
        'old planning',
        'org observer 3',
        'personal admin',
        'stale',
        'stopped',
        'stops later',
      ].sort(),
    );
  });

  it('answers each mission with the tree item shape', async () => {
    const item = (await tree()).find((row) => row.title === 'org observer 3');
    expect(item).toEqual({
      _id: ids['org observer 3'],
      title: 'org observer 3',
      projectCode: null,
      org: orgId,
      orgTitle: expect.any(String),
      client: null,
      program: null,
      goal: null,
      planStartDate: '2026-01-05',
      planEndDate: '2026-04-05',
      projectStatus: 'active',
      displayStatus: 'active',
      missionStop: null,
      kickedOff: true,
      projectType: 'simple',
      theme: null,
      isTemplate: false,
      isModel: false,
      isProposal: false,
      isProcess: false,
      createdFromGtCrm: false,
      isLicensedActive: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/Z$/),
      permission: 3,
      isProjectManager: false,
      peopleCount: 2,
    });
    expect((await tree()).find((row) => row.title === 'new planning').displayStatus).toBe('planning');
  });

  it('isActive=true: not finished (rule 21) and listed in the work-space (rule 22: old missions never kicked off are left out)', async () => {
    expect(titles(await tree('?isActive=true'))).toEqual(
      ['new planning', 'org observer 3', 'personal admin', 'stale', 'stops later'].sort(),
    );
  });

  it('isActive=false: the vault, finished missions only', async () => {
    expect(titles(await tree('?isActive=false'))).toEqual(['cancelled', 'completed', 'stopped']);
  });

  it('staleDate: only missions not updated since that day; org: one organisation', async () => {
    expect(titles(await tree('?staleDate=2025-06-01'))).toEqual(['stale']);
    expect(titles(await tree(`?org=${orgId}`))).not.toContain('personal admin');
    expect(titles(await tree(`?org=${orgId}&isActive=false`))).toEqual(['cancelled', 'completed', 'stopped']);
  });

  it('staleDate also keeps missions whose plan ended before that day, changed lately or not (the vault: older ones)', async () => {
    const keeper = await verifiedPerson(t);
    await insertMission(t, keeper, { title: 'ended long ago', kickedOff: true, planStartDate: '2024-10-01', planEndDate: '2025-01-31' });
    await insertMission(t, keeper, { title: 'ends after', kickedOff: true, planStartDate: '2025-05-01', planEndDate: '2025-06-01' });
    expect(titles(await tree('?staleDate=2025-06-01', keeper.token))).toEqual(['ended long ago']);
  });

  it('staleDate leaves out a mission whose plan or tasks changed since that day (its history), though the mission itself did not', async () => {
    const worker = await verifiedPerson(t);
    const worked = await insertMission(t, worker, { title: 'worked on', kickedOff: true, updatedAt: new Date('2025-03-01T00:00:00Z') });
    await insertMission(t, worker, { title: 'left alone', kickedOff: true, updatedAt: new Date('2025-03-01T00:00:00Z') });
    await t.database.db.insert(missionAuditEvents).values({
      missionId: worked.id,
      actorPersonId: worker.personId,
      action: 'update',
      entity: 'action.items',
      entityId: worked.id,
      createdAt: new Date('2025-07-01T00:00:00Z'),
    });
    expect(titles(await tree('?staleDate=2025-06-01', worker.token))).toEqual(['left alone']);
  });

  it('withholds the projects of an organisation requiring two-factor sign-in until I set it up (rule 109)', async () => {
    await setOrg(t, orgId, { isMFARequired: true });
    try {
      expect(titles(await tree())).toEqual(['personal admin']);
      await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, me.personId));
      t.app.ctx.reads.changed(); // written behind the server's back
      expect(await tree()).toHaveLength(9);
    } finally {
      await setOrg(t, orgId, { isMFARequired: false });
      await t.database.db.update(people).set({ twoFactorEnabled: false }).where(eq(people.id, me.personId));
    }
  });

  it("lists the missions of an organisation I never belonged to (an invitee from outside, a client's observer)", async () => {
    const outsider = await verifiedPerson(t);
    const observed = await insertMission(t, owner, { orgId, title: 'observed from outside', kickedOff: true });
    const worked = await insertMission(t, owner, { orgId, title: 'worked from outside', kickedOff: true });
    await addToMission(t, observed.id, outsider, 3);
    await addToMission(t, worked.id, outsider, 0);
    for (const query of ['', '?isActive=true', `?org=${orgId}`])
      expect(titles(await tree(query, outsider.token))).toEqual(['observed from outside', 'worked from outside']);
    expect((await tree('', outsider.token))[0]).toMatchObject({ org: orgId, orgTitle: expect.any(String) });
  });

  it('leaves out the missions of an organisation I no longer belong to', async () => {
    const leaver = await verifiedPerson(t);
    const otherOrg = (await createOrg(t, owner.token))._id;
    await addMember(t, otherOrg, leaver, 'MEMBER');
    const mission = await insertMission(t, owner, { orgId: otherOrg, title: 'left behind' });
    await addToMission(t, mission.id, leaver, 0);
    expect(titles(await tree('', leaver.token))).toEqual(['left behind']);
    await t.database.db.update(orgPeople).set({ endDate: '2025-01-01' }).where(eq(orgPeople.personId, leaver.personId));
    t.app.ctx.reads.changed(); // written behind the server's back
    expect(await tree('', leaver.token)).toEqual([]);
  });

  it('stream=true answers the same array, batch after batch', async () => {
    const busy = await verifiedPerson(t);
    const rows = Array.from({ length: TREE_STREAM_BATCH + 3 }, (_, i) => ({ title: `Bulk ${i}`, createdBy: busy.personId }));
    const created = await t.database.db.insert(missions).values(rows).returning({ id: missions.id });
    await t.database.db
      .insert(missionPeople)
      .values(created.map(({ id }) => ({ missionId: id, personId: busy.personId, email: busy.email, permission: 0 })));
    const whole = await tree('', busy.token);
    const streamed = await tree('?stream=true', busy.token);
    expect(streamed).toHaveLength(TREE_STREAM_BATCH + 3);
    expect(streamed).toEqual(whole);
    expect(await tree('?stream=true', (await verifiedPerson(t)).token)).toEqual([]);
  });

  it('refuses bad filters (400) and anonymous callers (401)', async () => {
    for (const query of ['?isActive=maybe', '?staleDate=2025-02-30', '?org=nope', '?other=1']) {
      expectStatus(await t.request({ method: 'GET', url: `/api/mission/list/tree${query}`, token: me.token }), 400);
    }
    expectStatus(await t.request({ method: 'GET', url: '/api/mission/list/tree' }), 401);
  });
});
