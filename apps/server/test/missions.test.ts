import { and, count, eq } from 'drizzle-orm';
import { todayOf } from '../src/lib/clock.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, addIsoMonths } from '@crewplan/domain';
import { actionItems, actions, missionAuditEvents, missionPeople, missions, planItems } from '../src/db/schema/index.ts';
import { AppError } from '../src/lib/errors.ts';
import { setTemplateInstantiator } from '../src/modules/missions/template-hook.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess } from './support/authz-matrix.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { createMissionWorld, missionExpectations, setOrg, type MissionWorld } from './support/missions-world.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

/** Spec texts (messages.tsv), word for word. */
const SPEC = {
  accountLimit: 'Sorry there is a limit for now. Please contact us',
  notFound: 'Sorry that mission was not found and may have been archived or please refresh and try again',
  loadFailed:
    'I could not find data for this mission. Please make sure you have accepted the invite or refresh and try again or contact support',
};

let t: TestApp;
let w: MissionWorld;
let solo: TestPerson;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
  solo = await verifiedPerson(t, { firstName: 'Sol', lastName: 'Personal' });
});
afterAll(async () => t.close());

/** A JSON answer, read loosely. */
type Json = ReturnType<typeof JSON.parse>;
const today = () => new Date().toISOString().slice(0, 10);

async function create(token: string | undefined, payload: Json) {
  return t.request({ method: 'POST', url: '/api/mission', token, payload });
}

describe('POST /api/mission', () => {
  it('creates a personal mission: creator admin + project manager, default dates, kanban columns, catch-all tag, PM role', async () => {
    const response = await create(solo.token, { title: '  Garden shed  ' });
    expectStatus(response, 201);
    const mission = response.json() as Json;
    expect(mission).toMatchObject({
      title: 'Garden shed',
      org: null,
      projectStatus: 'active',
      displayStatus: 'planning',
      planStartDate: today(),
      planEndDate: addIsoMonths(today(), 3),
      permission: 2,
      isProjectManager: true,
      loadedFromOrg: false,
      cols: [
        { id: 'todo', name: 'To do' },
        { id: 'doing', name: 'In progress' },
        { id: 'review', name: 'Review' },
        { id: 'done', name: 'Done' },
      ],
      freeSlots: { used: 1, limit: 5, full: false, unlimited: false },
      createdBy: solo.personId,
    });
    expect(mission.sectionTags).toEqual([{ _id: expect.any(String), title: 'Catch-all', from: null, to: null, catchAll: true }]);
    expect(mission.people).toEqual([
      expect.objectContaining({ _id: solo.personId, permission: 2, isProjectManager: true, invitePending: false, email: solo.email }),
    ]);
    expect(mission.planItems).toEqual([
      expect.objectContaining({
        type: 'person',
        title: 'Project manager',
        role: 'Project manager',
        person: solo.personId,
        allocation: 100,
        pinnedTo: 'entireMission',
        rateTime: 'Monthly',
        rate: 0,
        startDate: today(),
        endDate: addIsoMonths(today(), 3),
      }),
    ]);
    expect(mission.abilities).toMatchObject({ 'mission.read': true, 'mission.update': true, 'mission.delete': true });
    const [history] = await t.database.db
      .select({ n: count() })
      .from(missionAuditEvents)
      .where(eq(missionAuditEvents.missionId, mission._id));
    expect(history!.n).toBe(3);
  });

  it('keeps given dates and repairs an inverted pair (end three months after the start)', async () => {
    const given = (await create(solo.token, { title: 'Dated', planStartDate: '2026-02-02', planEndDate: '2026-03-02' })).json() as Json;
    expect([given.planStartDate, given.planEndDate]).toEqual(['2026-02-02', '2026-03-02']);
    const inverted = (
      await create(solo.token, { title: 'Inverted', planStartDate: '2026-05-01', planEndDate: '2026-04-01' })
    ).json() as Json;
    expect([inverted.planStartDate, inverted.planEndDate]).toEqual(['2026-05-01', '2026-08-01']);
  });

  it("uses the organisation's default rate time for the PM role", async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    await setOrg(t, org._id, { roleDefaultRateTime: 'Hourly' });
    const mission = (await create(admin.token, { title: 'Org project', org: org._id })).json() as Json;
    expect(mission.org).toBe(org._id);
    expect(mission.planItems[0]).toMatchObject({ person: admin.personId, rateTime: 'Hourly' });
  });

  it("counts an organisation's mission in the organisation's currency unless it names its own; a personal one in USD", async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token, { currency: 'EUR' });
    const inOrg = (await create(admin.token, { title: 'Euro project', org: org._id })).json() as Json;
    expect(inOrg.currency).toBe('EUR');
    const own = (await create(admin.token, { title: 'Pound project', org: org._id, currency: 'GBP' })).json() as Json;
    expect(own.currency).toBe('GBP');
    const personal = (await create(solo.token, { title: 'Personal money' })).json() as Json;
    expect(personal.currency).toBe('USD');
  });

  it('restricted organisations: members without the create flag get 403; the PM role has no person, zero rates, Hourly', async () => {
    const admin = await verifiedPerson(t);
    const member = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    await setOrg(t, org._id, { projectCreationRestricted: true, roleDefaultRateTime: 'Monthly' });
    await addMember(t, org._id, member, 'MANAGER');
    expectStatus(await create(member.token, { title: 'Nope', org: org._id }), 403);
    await addMember(t, org._id, member, 'MANAGER', { canCreateProjects: true });
    const response = await create(member.token, { title: 'Allowed', org: org._id });
    expectStatus(response, 201);
    expect((response.json() as Json).planItems[0]).toMatchObject({ person: null, rate: 0, rateTime: 'Hourly' });
    const [row] = await t.database.db
      .select()
      .from(planItems)
      .where(eq(planItems.missionId, (response.json() as Json)._id));
    expect([row!.rateMinor, row!.billRateMinor]).toEqual([0, 0]);
  });

  it('organisation members (not observers) create projects when not restricted (rule 107)', async () => {
    expectStatus(await create(w.people.orgMember.token, { title: 'By a member', org: w.orgId }), 403);
    expectStatus(await create(w.people.orgObserver.token, { title: 'By an observer', org: w.orgId }), 403);
    expectStatus(await create(w.people.orgManager.token, { title: 'By a manager', org: w.orgId }), 201);
  });

  it('an organisation the caller does not belong to is not disclosed (404)', async () => {
    const response = await create(w.people.outsider.token, { title: 'Intruder', org: w.orgId });
    expectStatus(response, 404);
    expect(errorOf(response).code).toBe('org/not-found');
  });

  it('refuses bad input with 400 and anonymous callers with 401', async () => {
    for (const payload of [
      {},
      { title: '' },
      { title: 'x', projectType: 'huge' },
      { title: 'x', planStartDate: '2026-02-30' },
      { title: 'x', extra: 1 },
    ]) {
      expectStatus(await create(solo.token, payload), 400);
    }
    expectStatus(await create(solo.token, { title: 'x', client: '0123456789abcdef01234567' }), 400);
    expectStatus(await create(w.owner.token, { title: 'x', org: w.orgId, client: '0123456789abcdef01234567' }), 400);
    expectStatus(await create(undefined, { title: 'x' }), 401);
  });

  it('account_limit: 402 with the spec text once a person has 200 personal missions', async () => {
    const busy = await verifiedPerson(t);
    await t.database.db.insert(missions).values(Array.from({ length: 200 }, (_, i) => ({ title: `M${i}`, createdBy: busy.personId })));
    const response = await create(busy.token, { title: 'One too many' });
    expectStatus(response, 402);
    expect(errorOf(response)).toMatchObject({ code: 'account_limit', message: SPEC.accountLimit });
  });

  it('a template: an unknown one is 404 and nothing is created; the registered instantiator runs in the same transaction', async () => {
    const before = await t.database.db.select({ n: count() }).from(missions).where(eq(missions.createdBy, solo.personId));
    const unknown = await create(solo.token, { title: 'From template', template: '0123456789abcdef01234567' });
    expectStatus(unknown, 404);
    expect(errorOf(unknown).code).toBe('template/not-found');
    const after = await t.database.db.select({ n: count() }).from(missions).where(eq(missions.createdBy, solo.personId));
    expect(after[0]!.n).toBe(before[0]!.n);

    const calls: Json[] = [];
    setTemplateInstantiator(async (tx, args) => {
      calls.push(args);
      await tx.insert(planItems).values({ missionId: args.missionId, type: 'phase', title: 'From the template' });
    });
    try {
      const response = await create(solo.token, { title: 'From template', template: '0123456789abcdef01234567' });
      expectStatus(response, 201);
      const mission = response.json() as Json;
      expect(calls).toEqual([
        { templateId: '0123456789abcdef01234567', missionId: mission._id, personId: solo.personId, today: todayOf(t.app.ctx.clock) },
      ]);
      expect(mission.planItems.map((item: Json) => item.title).sort()).toEqual(['From the template', 'Project manager']);
    } finally {
      setTemplateInstantiator(async () => {
        throw new AppError(404, 'template/not-found', 'Sorry that template was not found.');
      });
    }
  });
});

describe('GET /api/mission/:id', () => {
  it('answers the mission with its team (organisation facts joined), plan items, free slots and abilities', async () => {
    const id = await w.mission();
    await addMember(t, w.orgId, w.people.p1, 'MEMBER', { canApproveRoles: true });
    const response = await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.people.p1.token });
    expectStatus(response, 200);
    const mission = response.json() as Json;
    expect(mission).toMatchObject({
      _id: id,
      org: w.orgId,
      permission: 1,
      isProjectManager: false,
      loadedFromOrg: false,
      datesRepaired: false,
    });
    // Owner (2), p0, p1, p1pm, p2, p4 and the pending invitee take seats; 3 and 5 do not.
    expect(mission.freeSlots).toEqual({ used: 7, limit: 5, full: true, unlimited: false });
    expect(mission.people).toHaveLength(9);
    expect(mission.people.find((p: Json) => p._id === w.people.p1.personId)).toMatchObject({ canApproveRoles: true, isOrgAdmin: false });
    expect(mission.people.find((p: Json) => p._id === w.owner.personId)).toMatchObject({ isOrgAdmin: true, permission: 2 });
    expect(mission.abilities).toMatchObject({ 'mission.read': true, 'mission.update': false, 'mission.delete': false });
  });

  it('an organisation admin not on the team reads it as observer 4, loadedFromOrg, and may update', async () => {
    const id = await w.mission();
    const mission = (await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.people.orgAdmin.token })).json() as Json;
    expect(mission).toMatchObject({ permission: 4, loadedFromOrg: true });
    expect(mission.abilities['mission.update']).toBe(true);
  });

  it('free slots are unlimited on a licensed mission or organisation', async () => {
    const id = await w.mission({ isLicensedActive: true });
    const mission = (await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.owner.token })).json() as Json;
    expect(mission.freeSlots).toMatchObject({ unlimited: true, full: false });
  });

  it('the errors of the spec: not visible 404, pending invite 403', async () => {
    const id = await w.mission();
    const outsider = await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.people.outsider.token });
    expect([outsider.statusCode, errorOf(outsider)]).toEqual([404, { code: 'mission/not-found', message: SPEC.notFound }]);
    const pending = await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.people.pending.token });
    expect([pending.statusCode, errorOf(pending)]).toEqual([403, { code: 'mission/invite-pending', message: SPEC.loadFailed }]);
    const unknown = await t.request({ method: 'GET', url: '/api/mission/0123456789abcdef01234567', token: w.owner.token });
    expectStatus(unknown, 404);
    expectStatus(await t.request({ method: 'GET', url: '/api/mission/nope', token: w.owner.token }), 400);
  });

  it('access matrix', async () => {
    const id = await w.mission();
    await expectAccess(
      t,
      w.callers,
      { method: 'GET', url: `/api/mission/${id}` },
      missionExpectations(['p0', 'p1', 'p1pm', 'p2', 'p3', 'p4', 'p5', 'orgAdmin', 'orgManager']),
    );
  });
});

describe('changing the project type (rule 16: the type decides the work view)', () => {
  it('those who update the mission change it; the tasks stay and a bad type is 400', async () => {
    const created = await create(w.owner.token, { title: 'Railway', org: w.orgId });
    expectStatus(created, 201);
    const id = (created.json() as Json)._id as string;
    const read = async () => (await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.owner.token })).json() as Json;
    const planItemId = (await read()).planItems[0]._id as string;
    const made = await t.request({
      method: 'POST',
      url: `/api/mission-plan/${planItemId}/action`,
      token: w.owner.token,
      payload: { title: 'Lay the track' },
    });
    expectStatus(made, 201);
    for (const projectType of ['mx-gantt', 'kanban', 'power', 'simple']) {
      const changed = await t.request({ method: 'PUT', url: `/api/mission/${id}`, token: w.owner.token, payload: { projectType } });
      expectStatus(changed, 200);
      const mission = await read();
      expect([mission.projectType, mission.actions.map((action: { title: string }) => action.title)]).toEqual([
        projectType,
        ['Lay the track'],
      ]);
    }
    const bad = await t.request({ method: 'PUT', url: `/api/mission/${id}`, token: w.owner.token, payload: { projectType: 'gantt' } });
    expectStatus(bad, 400);
    expect((await read()).projectType).toBe('simple');
  });

  it("reads a project's approved domains as the organisation's are, and refuses one that is not a domain", async () => {
    const id = await w.mission();
    const put = (inviteDomains: string[]) =>
      t.request({ method: 'PUT', url: `/api/mission/${id}`, token: w.owner.token, payload: { inviteDomains } });
    expectStatus(await put([' Partner.COM ', '@partner.com', 'any']), 200);
    const read = await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.owner.token });
    expect((read.json() as { inviteDomains: string[] }).inviteDomains).toEqual(['partner.com', 'ANY']);
    const bad = await put(['partner.com', 'not a domain']);
    expectStatus(bad, 400);
    expect(bad.body).toContain('Sorry but that domain may be invalid…');
  });

  it('access matrix', async () => {
    const id = await w.mission();
    await expectAccess(
      t,
      w.callers,
      { method: 'PUT', url: `/api/mission/${id}`, payload: { projectType: 'mx-gantt' } },
      missionExpectations(['p1pm', 'p2', 'orgAdmin', 'orgManager']),
    );
  });
});

describe('date repair on load (rule 24)', () => {
  it('admins and managers save the repair; others see it repaired, unsaved', async () => {
    const id = await w.mission({ planStartDate: null, planEndDate: '2026-06-30' });
    await t.database.db.insert(planItems).values({ missionId: id, title: 'Bad', startDate: '2026-05-10', endDate: '2026-05-01' });

    const seen = (await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.people.p0.token })).json() as Json;
    expect(seen).toMatchObject({ planStartDate: '2026-04-30', planEndDate: '2026-06-30', datesRepaired: true });
    expect(seen.planItems.find((item: Json) => item.title === 'Bad').endDate).toBe('2026-05-15');
    let [row] = await t.database.db.select().from(missions).where(eq(missions.id, id));
    expect(row!.planStartDate).toBeNull();

    const repaired = (await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.people.orgManager.token })).json() as Json;
    expect(repaired).toMatchObject({ planStartDate: '2026-04-30', datesRepaired: true });
    [row] = await t.database.db.select().from(missions).where(eq(missions.id, id));
    expect(row!.planStartDate).toBe('2026-04-30');
    const [item] = await t.database.db
      .select()
      .from(planItems)
      .where(and(eq(planItems.missionId, id), eq(planItems.title, 'Bad')));
    expect(item!.endDate).toBe('2026-05-15');

    const again = (await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.people.p0.token })).json() as Json;
    expect(again.datesRepaired).toBe(false);
  });

  it('repair=false answers the mission as stored and saves nothing, even to a manager', async () => {
    const id = await w.mission({ planStartDate: null, planEndDate: '2026-06-30' });
    await t.database.db.insert(planItems).values({ missionId: id, title: 'Bad', startDate: '2026-05-10', endDate: '2026-05-01' });
    const raw = await t.request({ method: 'GET', url: `/api/mission/${id}?repair=false`, token: w.people.orgManager.token });
    expectStatus(raw, 200);
    const seen = raw.json() as Json;
    expect(seen).toMatchObject({ planStartDate: null, planEndDate: '2026-06-30', datesRepaired: false });
    expect(seen.planItems.find((item: Json) => item.title === 'Bad').endDate).toBe('2026-05-01');
    const [row] = await t.database.db.select().from(missions).where(eq(missions.id, id));
    expect(row!.planStartDate).toBeNull();
    expectStatus(await t.request({ method: 'GET', url: `/api/mission/${id}?repair=maybe`, token: w.people.orgManager.token }), 400);
    const repaired = (
      await t.request({ method: 'GET', url: `/api/mission/${id}?repair=true`, token: w.people.orgManager.token })
    ).json() as Json;
    expect(repaired).toMatchObject({ planStartDate: '2026-04-30', datesRepaired: true });
  });

  it('tasks ending before they start end the day they start, saved by those who may update the mission', async () => {
    const id = await w.mission();
    const [action] = await t.database.db
      .insert(actions)
      .values({ missionId: id, title: 'Inverted action', startDate: '2026-02-10', endDate: '2026-02-01' })
      .returning();
    await t.database.db.insert(actionItems).values([
      { actionId: action!.id, missionId: id, title: 'Inverted task', startDate: '2026-02-12', endDate: '2026-02-11' },
      { actionId: action!.id, missionId: id, title: 'Fine task', startDate: '2026-02-12', endDate: '2026-02-13' },
    ]);
    const ends = async () =>
      (
        await t.database.db
          .select({ title: actionItems.title, endDate: actionItems.endDate })
          .from(actionItems)
          .where(eq(actionItems.missionId, id))
      )
        .map((row) => `${row.title}: ${row.endDate}`)
        .sort();

    await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.people.p0.token });
    expect(await ends()).toEqual(['Fine task: 2026-02-13', 'Inverted task: 2026-02-11']);

    const read = (await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.owner.token })).json() as Json;
    expect(read.datesRepaired).toBe(true);
    expect(await ends()).toEqual(['Fine task: 2026-02-13', 'Inverted task: 2026-02-12']);
    const [fixedAction] = await t.database.db.select().from(actions).where(eq(actions.id, action!.id));
    expect(fixedAction!.endDate).toBe('2026-02-10');
    expect(((await t.request({ method: 'GET', url: `/api/mission/${id}`, token: w.owner.token })).json() as Json).datesRepaired).toBe(
      false,
    );
  });
});

describe('DELETE /api/mission/:id', () => {
  it('deletes the mission and its linked project (rule 32); both answer 404 then', async () => {
    const linked = await w.mission();
    const id = await w.mission({ linkedProject: linked });
    const response = await t.request({ method: 'DELETE', url: `/api/mission/${id}`, token: w.owner.token });
    expectStatus(response, 200);
    expect((response.json() as Json).deleted).toEqual([id, linked]);
    for (const gone of [id, linked]) {
      expectStatus(await t.request({ method: 'GET', url: `/api/mission/${gone}`, token: w.owner.token }), 404);
    }
  });

  it('deletes a linked template mission too, but not a linked mission the caller may not delete', async () => {
    const template = await w.mission({ isTemplate: true });
    const id = await w.mission({ linkedTemplate: template });
    expect(((await t.request({ method: 'DELETE', url: `/api/mission/${id}`, token: w.owner.token })).json() as Json).deleted).toEqual([
      id,
      template,
    ]);

    const foreign = await insertMission(t, solo);
    const mine = await insertMission(t, w.people.p2, { linkedProject: foreign.id });
    expect(
      ((await t.request({ method: 'DELETE', url: `/api/mission/${mine.id}`, token: w.people.p2.token })).json() as Json).deleted,
    ).toEqual([mine.id]);
    expectStatus(await t.request({ method: 'GET', url: `/api/mission/${foreign.id}`, token: solo.token }), 200);
  });

  it("deleting a template mission keeps the project it was made from and clears that project's link to it", async () => {
    const source = await w.mission();
    const template = await w.mission({ isTemplate: true, linkedProject: source });
    await t.database.db.update(missions).set({ linkedTemplate: template }).where(eq(missions.id, source));
    const response = await t.request({ method: 'DELETE', url: `/api/mission/${template}`, token: w.owner.token });
    expect((response.json() as Json).deleted).toEqual([template]);
    const read = await t.request({ method: 'GET', url: `/api/mission/${source}`, token: w.owner.token });
    expectStatus(read, 200);
    expect((read.json() as Json).linkedTemplate).toBeNull();
  });

  it('access matrix', async () => {
    await expectAccess(
      t,
      w.callers,
      async () => ({ method: 'DELETE', url: `/api/mission/${await w.mission()}` }),
      missionExpectations(['p2', 'orgAdmin']),
    );
  });
});

describe('org.person.removed with removeFromMissions', () => {
  it('removes the person from the missions of the organisation, except where they are the only admin', async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    const leaver = await verifiedPerson(t);
    await addMember(t, org._id, leaver, 'MEMBER');
    const onTeam = await insertMission(t, admin, { orgId: org._id });
    await addToMission(t, onTeam.id, leaver, 0);
    const soleAdmin = await insertMission(t, leaver, { orgId: org._id });
    const personal = await insertMission(t, admin);
    await addToMission(t, personal.id, leaver, 0);

    const response = await t.request({
      method: 'DELETE',
      url: `/api/org/${org._id}/people/${leaver.personId}?removeFromMissions=true`,
      token: admin.token,
    });
    expectStatus(response, 200);
    const rows = await t.database.db.select().from(missionPeople).where(eq(missionPeople.personId, leaver.personId));
    expect(rows.map((row) => row.missionId).sort()).toEqual([soleAdmin.id, personal.id].sort());
  });

  it('counts only the admins who accepted: the only accepted admin stays though another admin is invited', async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    const leaver = await verifiedPerson(t);
    const invited = await verifiedPerson(t);
    await addMember(t, org._id, leaver, 'MEMBER');
    // the leaver runs both; on the first another admin is only invited, on the second one accepted
    const onlyAccepted = await insertMission(t, leaver, { orgId: org._id });
    await addToMission(t, onlyAccepted.id, invited, 2, { invitePending: true });
    const twoAccepted = await insertMission(t, leaver, { orgId: org._id });
    await addToMission(t, twoAccepted.id, admin, 2);

    const response = await t.request({
      method: 'DELETE',
      url: `/api/org/${org._id}/people/${leaver.personId}?removeFromMissions=true`,
      token: admin.token,
    });
    expectStatus(response, 200);
    const rows = await t.database.db.select().from(missionPeople).where(eq(missionPeople.personId, leaver.personId));
    expect(rows.map((row) => [row.missionId, row.permission, row.invitePending])).toEqual([[onlyAccepted.id, 2, false]]);
  });
});

describe('demo seed', () => {
  it('adds a mission of the demo organisation with the demo people on its team (2, 1 + PM, 0, 3)', async () => {
    const fresh = await buildTestApp();
    try {
      const { seedDemo, DEMO_SIGN_IN, DEMO_MISSION_TITLE } = await import('../src/modules/platform/seed.ts');
      expect(await seedDemo(fresh.app)).toBe(true);
      expect(await seedDemo(fresh.app)).toBe(false);
      const signIn = await fresh.request({ method: 'POST', url: '/api/identity/sign-in/email', payload: DEMO_SIGN_IN });
      const token = signIn.headers['set-auth-token'] as string;
      const list = (await fresh.request({ method: 'GET', url: '/api/mission/list/tree?isActive=true', token })).json() as Json[];
      expect(list.map((item) => item.title)).toEqual([DEMO_MISSION_TITLE]);
      // the client's observer, not in the organisation, finds the mission among theirs too
      const cleo = await fresh.request({
        method: 'POST',
        url: '/api/identity/sign-in/email',
        payload: { ...DEMO_SIGN_IN, email: 'cleo.client@crewplan.local' },
      });
      const cleoToken = cleo.headers['set-auth-token'] as string;
      const cleoList = (
        await fresh.request({ method: 'GET', url: '/api/mission/list/tree?isActive=true', token: cleoToken })
      ).json() as Json[];
      expect(cleoList.map((item) => [item.title, item.permission])).toEqual([[DEMO_MISSION_TITLE, 3]]);
      const mission = (await fresh.request({ method: 'GET', url: `/api/mission/${list[0]._id}`, token })).json() as Json;
      const team = mission.people.map((p: Json) => [p.ref.firstName, p.permission, p.isProjectManager]);
      expect(team.sort()).toEqual([
        ['Cleo', 3, false],
        ['Dana', 2, true],
        ['Ria', 0, false],
        ['Sam', 1, true],
      ]);
      expect(mission.planItems.map((item: Json) => item.title).sort()).toEqual([
        'Designer',
        'Discovery',
        'Launch',
        'Product owner',
        'Project manager',
      ]);
      expect(mission.sectionTags.map((tag: Json) => tag.title)).toEqual(['Catch-all', 'Discovery', 'Build']);
      expect(mission.kpis).toHaveLength(2);
      expect(mission.datesRepaired).toBe(false);
      // a newcomer signed in as Dana meets work: the organisation is in its trial, she holds two coded tasks
      const dana = mission.people.find((p: Json) => p.ref.firstName === 'Dana').ref._id as string;
      expect(mission.actionItems.map((item: Json) => item.code)).toEqual(['WEB-1', 'WEB-2', 'WEB-3', 'WEB-4', 'WEB-5', 'WEB-6', 'WEB-7']);
      expect(mission.actionItems.filter((item: Json) => item.people.includes(dana)).map((item: Json) => item.title)).toEqual([
        'Sitemap',
        'Launch checklist',
      ]);
      const org = (await fresh.request({ method: 'GET', url: `/api/org/${mission.org._id ?? mission.org}`, token })).json() as Json;
      expect(org.isLicensedActive).toBe(true);
      // the demo's first weeks: Sam approved Ria's first week, her second waits for him, as do her leave and an
      // expense of hers; Dana approved Sam's train ticket
      const sam = await fresh.request({
        method: 'POST',
        url: '/api/identity/sign-in/email',
        payload: { ...DEMO_SIGN_IN, email: 'sam.lead@crewplan.local' },
      });
      const samToken = sam.headers['set-auth-token'] as string;
      const sheets = (await fresh.request({ method: 'GET', url: '/api/timesheet/project-manager', token: samToken })).json() as Json[];
      expect(sheets.map((sheet) => [sheet.weekStart, sheet.status, sheet.dailyHours]).sort()).toEqual([
        [mission.planStartDate, 'approved', [4, 4, 3.5, 4, 4, 0, 0]],
        [addIsoDays(mission.planStartDate, 7), 'submitted', [4, 4.5, 4, 3, 4, 0, 0]],
      ]);
      const leave = (await fresh.request({ method: 'GET', url: '/api/people-leave/list/project-manager', token: samToken })).json() as Json;
      expect(leave.requests.map((request: Json) => [request.person.firstName, request.status])).toEqual([['Ria', 'pending_approval']]);
      const expenses = (await fresh.request({ method: 'GET', url: '/api/expense/project-manager', token })).json() as Json;
      expect(expenses.expenses.map((expense: Json) => [expense.description, expense.amount, expense.status]).sort()).toEqual([
        ['Stock photos for the home page', 59.9, 'submitted'],
        ['Train to the Acme kick-off', 249, 'approved'],
      ]);
      // Shortening the demo by a month sends its tasks planned after the new end back to the planning board.
      const shortened = await fresh.request({
        method: 'PUT',
        url: `/api/mission/${mission._id}`,
        token,
        payload: { planEndDate: addIsoDays(mission.planEndDate, -35) },
      });
      expectStatus(shortened, 200);
      expect((shortened.json() as Json).cleared.actionItems).toBeGreaterThanOrEqual(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('realtime', () => {
  it('every write is told to the mission after it commits: ids and changed fields, deletes as delete', async () => {
    const heard: Json[] = [];
    t.app.ctx.events.on('mission.changed', (event) => {
      heard.push(event);
    });
    const id = await w.mission();
    await t.request({ method: 'PUT', url: `/api/mission/${id}`, token: w.owner.token, payload: { title: 'Live' } });
    await t.request({ method: 'POST', url: `/api/mission/${id}/kpi`, token: w.owner.token, payload: { title: 'K' } });
    expectStatus(await t.request({ method: 'PUT', url: `/api/mission/${id}`, token: w.owner.token, payload: { nope: 1 } }), 400);
    await t.request({ method: 'DELETE', url: `/api/mission/${id}`, token: w.owner.token });
    const mine = heard.filter((event) => event.missionId === id).map((event) => event.changes[0]);
    expect(mine).toEqual([
      { type: 'update', entity: 'missions', id, data: { title: 'Live' } },
      { type: 'create', entity: 'kpis', id: expect.any(String), data: { title: 'K', target: null, actual: null, unit: '' } },
      { type: 'delete', entity: 'missions', id },
    ]);
  });
});

describe('organisation mission limit', () => {
  it(`account_limit once an organisation has 5,000 missions`, async () => {
    const admin = await verifiedPerson(t);
    const org = await createOrg(t, admin.token);
    await t.database.db.insert(missions).values(Array.from({ length: 5000 }, (_, i) => ({ title: `M${i}`, orgId: org._id })));
    const response = await create(admin.token, { title: 'One too many', org: org._id });
    expect([response.statusCode, errorOf(response)]).toEqual([402, { code: 'account_limit', message: SPEC.accountLimit }]);
  });
});
