import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, orgs, people } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission, type MissionOptions } from './support/missions.ts';
import { addMember, createOrg, expectStatus, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

type Workspace = {
  missions: { _id: string; title: string; openTasks: number; peopleCount: number; permission: number; isProjectManager: boolean }[];
  items: { _id: string; title: string; missionId: string; billRate: number | null }[];
  people: { _id: string; firstName: string }[];
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const workspace = async (person: TestPerson) => {
  const response = await t.request({ method: 'GET', url: '/api/board/workspace', token: person.token });
  expectStatus(response, 200);
  return response.json() as Workspace;
};
const titles = (answer: Workspace) => answer.missions.map((mission) => mission.title).sort();

/** A mission with a licence of its own (a personal project), owned by `owner`. */
const licensed = (owner: TestPerson, title: string, options: MissionOptions = {}) =>
  insertMission(t, owner, { title, isLicensedActive: true, ...options });

async function addTask(missionId: string, title: string, fields: Partial<typeof actionItems.$inferInsert> = {}) {
  const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Action' }).returning();
  const [item] = await t.database.db
    .insert(actionItems)
    .values({ missionId, actionId: action!.id, title, ...fields })
    .returning();
  return item!;
}

describe('GET /board/workspace', () => {
  it('answers 401 without a token and nothing to somebody who manages nothing', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/board/workspace' });
    expectStatus(anonymous, 401);
    const nobody = await verifiedPerson(t);
    expect(await workspace(nobody)).toEqual({ missions: [], items: [], people: [] });
  });

  it('lists the licensed missions I own or manage as project manager, with their tasks, team and counts', async () => {
    const me = await verifiedPerson(t, { firstName: 'Maya', lastName: 'Manager' });
    const other = await verifiedPerson(t, { firstName: 'Otto', lastName: 'Other' });
    const owned = await licensed(me, 'A owned');
    await addToMission(t, owned.id, other, 0);
    const open = await addTask(owned.id, 'Open task', { people: [other.personId] });
    await addTask(owned.id, 'Done task', { status: 'done' });
    const managed = await licensed(other, 'B managed as PM');
    await addToMission(t, managed.id, me, 1, { isProjectManager: true });
    await addTask(managed.id, 'Managed task');

    const answer = await workspace(me);
    expect(titles(answer)).toEqual(['A owned', 'B managed as PM']);
    expect(answer.missions.find((m) => m._id === owned.id)).toMatchObject({
      permission: 2,
      isProjectManager: false,
      planStartDate: '2026-01-05',
      planEndDate: '2026-04-05',
      displayStatus: 'planning',
      peopleCount: 2,
      openTasks: 1,
    });
    expect(answer.missions.find((m) => m._id === managed.id)).toMatchObject({ permission: 1, isProjectManager: true, openTasks: 1 });
    expect(answer.items.map((item) => item.title).sort()).toEqual(['Done task', 'Managed task', 'Open task']);
    expect(answer.items.find((item) => item._id === open.id)).toMatchObject({ missionId: owned.id, people: [other.personId] });
    expect(answer.people.map((person) => person.firstName).sort()).toEqual(['Maya', 'Otto']);
  });

  it("tells the tasks' bill rates only of the missions whose money I see", async () => {
    const me = await verifiedPerson(t);
    const other = await verifiedPerson(t);
    const owned = await licensed(me, 'owned');
    const ownedTask = await addTask(owned.id, 'Owned task', { billRateMinor: 1250 });
    // an observer flagged project manager is in the work space (rule 240) but is no admin of the mission (rule 98)
    const observed = await licensed(other, 'observed as PM');
    await addToMission(t, observed.id, me, 3, { isProjectManager: true });
    const observedTask = await addTask(observed.id, 'Observed task', { billRateMinor: 990 });
    const answer = await workspace(me);
    expect(titles(answer)).toEqual(['observed as PM', 'owned']);
    expect(answer.items.find((item) => item._id === ownedTask.id)?.billRate).toBe(12.5);
    expect(answer.items.find((item) => item._id === observedTask.id)?.billRate).toBeNull();
  });

  it('leaves out missions I do not manage, unlicensed ones, templates and pending or observer places (rule 240)', async () => {
    const me = await verifiedPerson(t);
    const other = await verifiedPerson(t);
    await insertMission(t, me, { title: 'unlicensed' });
    await licensed(me, 'template', { isTemplate: true });
    await licensed(me, 'archived', { archivedAt: new Date() });
    for (const [title, permission, options] of [
      ['member', 0, {}],
      ['team lead', 1, {}],
      ['observer', 3, {}],
      ['org observer PM', 4, { isProjectManager: true }],
      ['pending PM invite', 1, { isProjectManager: true, invitePending: true }],
    ] as const) {
      const mission = await licensed(other, title);
      await addToMission(t, mission.id, me, permission, options);
    }
    await licensed(me, 'kept');
    expect(titles(await workspace(me))).toEqual(['kept']);
  });

  it('keeps missions not kicked off only when created on or after 2025-01-08 (rule 22)', async () => {
    const me = await verifiedPerson(t);
    await licensed(me, 'old, kicked off', { createdAt: new Date('2024-05-01T00:00:00Z'), kickedOff: true });
    await licensed(me, 'old, not kicked off', { createdAt: new Date('2025-01-07T23:59:59Z'), kickedOff: false });
    await licensed(me, 'new, not kicked off', { createdAt: new Date('2025-01-08T00:00:00Z'), kickedOff: false });
    expect(titles(await workspace(me))).toEqual(['new, not kicked off', 'old, kicked off']);
  });

  it('lists an organisation’s missions while the organisation is licensed active or in its trial', async () => {
    const me = await verifiedPerson(t);
    const org = await createOrg(t, me.token);
    const mission = await insertMission(t, me, { title: 'org mission', orgId: org._id });
    await addTask(mission.id, 'Org task');
    expect(titles(await workspace(me))).toEqual([]);

    await t.database.db.update(orgs).set({ isLicensedActive: true, isOrgLicensed: true }).where(eq(orgs.id, org._id));
    expect(titles(await workspace(me))).toEqual(['org mission']);

    await t.database.db
      .update(orgs)
      .set({ isOrgLicensed: false, trialStartedOn: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(orgs.id, org._id));
    expect(titles(await workspace(me))).toEqual([]);

    await t.database.db.update(orgs).set({ trialStartedOn: new Date() }).where(eq(orgs.id, org._id));
    const answer = await workspace(me);
    expect(titles(answer)).toEqual(['org mission']);
    expect(answer.items.map((item) => item.title)).toEqual(['Org task']);
  });

  it('withholds an organisation’s missions, their tasks and team while it requires two-factor sign-in I lack (rule 109)', async () => {
    const me = await verifiedPerson(t, { firstName: 'Mfa', lastName: 'Less' });
    const org = await createOrg(t, me.token);
    await t.database.db.update(orgs).set({ isLicensedActive: true, isOrgLicensed: true, isMFARequired: true }).where(eq(orgs.id, org._id));
    const mission = await insertMission(t, me, { title: 'secret org mission', orgId: org._id });
    await addTask(mission.id, 'Secret task');
    await licensed(me, 'personal');
    const answer = await workspace(me);
    expect(titles(answer)).toEqual(['personal']);
    expect(answer.items).toEqual([]);

    await t.database.db.update(people).set({ twoFactorEnabled: true }).where(eq(people.id, me.personId));
    expect(titles(await workspace(me))).toEqual(['personal', 'secret org mission']);
  });

  it('drops an organisation’s missions once I have left the organisation', async () => {
    const admin = await verifiedPerson(t);
    const me = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    await t.database.db.update(orgs).set({ isLicensedActive: true, isOrgLicensed: true }).where(eq(orgs.id, org._id));
    await addMember(t, org._id, me, 'MEMBER');
    await insertMission(t, me, { title: 'mine in the org', orgId: org._id });
    expect(titles(await workspace(me))).toEqual(['mine in the org']);
    await addMember(t, org._id, me, 'MEMBER', { endDate: '2020-01-01' });
    expect(titles(await workspace(me))).toEqual([]);
  });

  it('answers 404 to its missions’ own addresses once I have left, though my place on their teams stays', async () => {
    const admin = await verifiedPerson(t);
    const me = await verifiedPerson(t);
    const outsider = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    await addMember(t, org._id, me, 'MEMBER');
    const mission = await insertMission(t, admin, { title: 'theirs', orgId: org._id });
    await addToMission(t, mission.id, me, 1);
    await addToMission(t, mission.id, outsider, 1);
    const [action] = await t.database.db.insert(actions).values({ missionId: mission.id, title: 'Survey' }).returning();
    const read = (person: TestPerson, url: string) => t.request({ method: 'GET', url, token: person.token });
    expectStatus(await read(me, `/api/mission/${mission.id}`), 200);
    await addMember(t, org._id, me, 'MEMBER', { endDate: '2020-01-01' });
    t.app.ctx.reads.changed(); // written behind the server's back
    expectStatus(await read(me, `/api/mission/${mission.id}`), 404);
    expectStatus(await read(me, `/api/action/${action!.id}`), 404);
    // somebody on the team who never belonged to the organisation keeps it
    expectStatus(await read(outsider, `/api/mission/${mission.id}`), 200);
  });
});
