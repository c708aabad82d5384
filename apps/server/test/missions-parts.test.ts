import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actions, licenceCodes, missionBaselines, missions, planItems } from '../src/db/schema/index.ts';
import { issueLicenceCodes } from '../src/modules/missions/licence.service.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { expectAccess } from './support/authz-matrix.ts';
import { insertMission } from './support/missions.ts';
import { createMissionWorld, missionExpectations, type MissionWorld } from './support/missions-world.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';

/** A JSON answer, read loosely. */
type Json = ReturnType<typeof JSON.parse>;

const ACTIVATE_LICENCE = 'Ooops. Please ask an organization manager to activate the license.';
const CATCH_ALL = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const UPDATERS = ['p1pm', 'p2', 'orgAdmin', 'orgManager'] as const;
const READERS = ['p0', 'p1', 'p1pm', 'p2', 'p3', 'p4', 'p5', 'orgAdmin', 'orgManager'] as const;

let t: TestApp;
let w: MissionWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
});
afterAll(async () => t.close());

const call = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: Json, token = w.owner.token) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });
const taggedMission = () => w.mission({ sectionTags: [{ _id: CATCH_ALL, title: 'Catch-all', from: null, to: null, catchAll: true }] });

describe('section tags', () => {
  it('adds, changes and deletes a tag; its actions fall back to the catch-all tag', async () => {
    const id = await taggedMission();
    const added = await call('POST', `/api/mission/${id}/section-tag`, { title: 'Design', from: '2026-01-05', to: '2026-02-01' });
    expectStatus(added, 201);
    const tag = (added.json() as Json).sectionTags[1];
    expect(tag).toEqual({ _id: expect.stringMatching(/^[0-9a-f]{24}$/), title: 'Design', from: '2026-01-05', to: '2026-02-01' });
    const changed = await call('PUT', `/api/mission/${id}/section-tag/${tag._id}`, { title: 'Design & build', to: null });
    expect((changed.json() as Json).sectionTags[1]).toEqual({ ...tag, title: 'Design & build', to: null });
    const [action] = await t.database.db.insert(actions).values({ missionId: id, title: 'Sketch', sectionTagId: tag._id }).returning();
    const deleted = await call('DELETE', `/api/mission/${id}/section-tag/${tag._id}`);
    expect((deleted.json() as Json).sectionTags.map((s: Json) => s._id)).toEqual([CATCH_ALL]);
    const [after] = await t.database.db.select().from(actions).where(eq(actions.id, action!.id));
    expect(after!.sectionTagId).toBe(CATCH_ALL);
  });

  it('the catch-all tag cannot be updated or deleted (rule 34): 400 with a clear message', async () => {
    const id = await taggedMission();
    for (const response of [
      await call('PUT', `/api/mission/${id}/section-tag/${CATCH_ALL}`, { title: 'Mine' }),
      await call('DELETE', `/api/mission/${id}/section-tag/${CATCH_ALL}`),
    ]) {
      expectStatus(response, 400);
      expect(errorOf(response)).toEqual({
        code: 'mission/catch-all-locked',
        message: 'The catch-all section cannot be changed or deleted.',
      });
    }
  });

  it('unknown tag 404; bad input 400 (no title, end before start, bad id)', async () => {
    const id = await taggedMission();
    const unknown = await call('PUT', `/api/mission/${id}/section-tag/0123456789abcdef01234567`, { title: 'x' });
    expect([unknown.statusCode, errorOf(unknown).code]).toEqual([404, 'mission/section-tag-not-found']);
    expectStatus(await call('DELETE', `/api/mission/${id}/section-tag/0123456789abcdef01234567`), 404);
    expectStatus(await call('POST', `/api/mission/${id}/section-tag`, { title: '' }), 400);
    expectStatus(await call('POST', `/api/mission/${id}/section-tag`, { title: 'x', from: '2026-02-01', to: '2026-01-01' }), 400);
    expectStatus(await call('PUT', `/api/mission/${id}/section-tag/nope`, { title: 'x' }), 400);
  });

  it('access matrix: those who update the mission', async () => {
    const id = await taggedMission();
    await expectAccess(
      t,
      w.callers,
      { method: 'POST', url: `/api/mission/${id}/section-tag`, payload: { title: 'T' } },
      missionExpectations(UPDATERS),
    );
  });
});

describe('KPIs', () => {
  it('adds, changes and deletes a KPI', async () => {
    const id = await w.mission();
    const added = await call('POST', `/api/mission/${id}/kpi`, { title: 'Uptime', target: 99.9, unit: '%' });
    expectStatus(added, 201);
    const kpi = (added.json() as Json).kpis[0];
    expect(kpi).toEqual({ _id: expect.any(String), title: 'Uptime', target: 99.9, actual: null, unit: '%' });
    expect((await call('PUT', `/api/mission/${id}/kpi/${kpi._id}`, { actual: 99.95 })).json()).toEqual({
      kpis: [{ ...kpi, actual: 99.95 }],
    });
    expect((await call('DELETE', `/api/mission/${id}/kpi/${kpi._id}`)).json()).toEqual({ kpis: [] });
    const unknown = await call('DELETE', `/api/mission/${id}/kpi/${kpi._id}`);
    expect([unknown.statusCode, errorOf(unknown).code]).toEqual([404, 'mission/kpi-not-found']);
    expectStatus(await call('POST', `/api/mission/${id}/kpi`, { title: 'x', target: 'high' }), 400);
    expectStatus(await call('PUT', `/api/mission/${id}/kpi/${kpi._id}`, { nope: 1 }), 400);
  });

  it('access matrix', async () => {
    const id = await w.mission();
    await expectAccess(
      t,
      w.callers,
      { method: 'POST', url: `/api/mission/${id}/kpi`, payload: { title: 'K' } },
      missionExpectations(UPDATERS),
    );
  });
});

describe('baselines', () => {
  it('snapshots the dates of plan items, actions and action items', async () => {
    const id = await w.mission({ isTemplate: true, isTemplateSaved: true });
    await t.database.db.insert(planItems).values({ missionId: id, title: 'Role', startDate: '2026-01-05', endDate: '2026-02-05' });
    await t.database.db.insert(actions).values({ missionId: id, title: 'Act', startDate: '2026-01-06', endDate: '2026-01-09' });
    const response = await call('POST', `/api/mission/${id}/baseline`, { title: 'Kick-off' });
    expectStatus(response, 201);
    expect(response.json()).toMatchObject({ title: 'Kick-off', items: 2 });
    const [row] = await t.database.db.select().from(missionBaselines).where(eq(missionBaselines.missionId, id));
    expect(row!.snapshot).toMatchObject({
      mission: { planStartDate: '2026-01-05', planEndDate: '2026-04-05' },
      planItems: [{ title: 'Role', startDate: '2026-01-05', endDate: '2026-02-05' }],
      actions: [{ title: 'Act', startDate: '2026-01-06', endDate: '2026-01-09' }],
      actionItems: [],
    });
    // A baseline is not an edit of the plan: the template stays saved.
    const [mission] = await t.database.db.select().from(missions).where(eq(missions.id, id));
    expect(mission!.isTemplateSaved).toBe(true);
    expect(((await call('POST', `/api/mission/${id}/baseline`)).json() as Json).title).toMatch(/^Baseline \d{4}-\d\d-\d\d$/);
    expectStatus(await call('POST', `/api/mission/${id}/baseline`, { title: 'x'.repeat(121) }), 400);
    const read = (await call('GET', `/api/mission/${id}`)).json() as Json;
    expect(read.baselines.map((baseline: Json) => [baseline.title.replace(/\d{4}-\d\d-\d\d/, 'DAY'), baseline.items])).toEqual([
      ['Baseline DAY', 2],
      ['Kick-off', 2],
    ]);
  });

  it('access matrix', async () => {
    const id = await w.mission();
    await expectAccess(t, w.callers, { method: 'POST', url: `/api/mission/${id}/baseline`, payload: {} }, missionExpectations(UPDATERS));
  });
});

describe('history and audit tree', () => {
  it('history: newest first with actor names, paged with before = nextBefore', async () => {
    const id = await w.mission();
    for (const title of ['One', 'Two', 'Three']) await call('PUT', `/api/mission/${id}`, { title });
    await call('POST', `/api/mission/${id}/kpi`, { title: 'K' }, w.people.orgManager.token);
    const first = (await call('GET', `/api/mission/${id}/history?limit=2`, undefined, w.people.p0.token)).json() as Json;
    expect(first.events.map((e: Json) => [e.entity, e.title, e.actor.name])).toEqual([
      ['kpis', 'K', 'OrgManager Caller'],
      ['missions', 'Three', 'Olive Owner'],
    ]);
    expect(first.nextBefore).toBe(first.events[1].at);
    const rest = (await call('GET', `/api/mission/${id}/history?limit=50&before=${encodeURIComponent(first.nextBefore)}`)).json() as Json;
    expect(rest.events.map((e: Json) => e.title)).toEqual(['Two', 'One']);
    expect(rest.nextBefore).toBeNull();
    expectStatus(await call('GET', `/api/mission/${id}/history?limit=0`), 400);
  });

  it('audit tree: mission → kind → entity → events', async () => {
    const id = await w.mission();
    await call('PUT', `/api/mission/${id}`, { title: 'Audited' });
    const kpi = ((await call('POST', `/api/mission/${id}/kpi`, { title: 'K' })).json() as Json).kpis[0];
    await call('PUT', `/api/mission/${id}/kpi/${kpi._id}`, { title: 'K2' });
    const tree = (await call('GET', `/api/mission/${id}/audit/tree`)).json() as Json;
    expect(tree).toMatchObject({ mission: { _id: id, title: 'Audited' }, total: 3 });
    expect(tree.children.map((kind: Json) => [kind.entity, kind.count])).toEqual([
      ['kpis', 2],
      ['missions', 1],
    ]);
    expect(tree.children[0].children[0]).toMatchObject({ entityId: kpi._id, title: 'K2', count: 2 });
    const only = (await call('GET', `/api/mission/${id}/audit/tree?entity=missions`)).json() as Json;
    expect(only.total).toBe(1);
    expectStatus(await call('GET', `/api/mission/${id}/audit/tree?entity=nope`), 400);
  });

  it('access matrix: every reader', async () => {
    const id = await w.mission();
    await expectAccess(t, w.callers, { method: 'GET', url: `/api/mission/${id}/history` }, missionExpectations(READERS));
    await expectAccess(t, w.callers, { method: 'GET', url: `/api/mission/${id}/audit/tree` }, missionExpectations(READERS));
  });
});

describe('licence keys and promo codes', () => {
  it('an organisation manager activates a licence key: the mission is licensed, the code used up', async () => {
    const [key] = await issueLicenceCodes({ db: t.database.db }, 'key', 1);
    const id = await w.mission();
    const response = await call('POST', `/api/mission/${id}/license`, { licenseKey: ` ${key!.toLowerCase()} ` }, w.people.orgManager.token);
    expectStatus(response, 200);
    expect(response.json()).toEqual({ _id: id, isLicensedActive: true, licensedBy: 'key' });
    const mission = (await call('GET', `/api/mission/${id}`)).json() as Json;
    expect(mission.freeSlots.unlimited).toBe(true);
    const [code] = await t.database.db.select().from(licenceCodes).where(eq(licenceCodes.redeemedMissionId, id));
    expect(code!.redeemedBy).toBe(w.people.orgManager.personId);

    const again = await call('POST', `/api/mission/${await w.mission()}/license`, { licenseKey: key }, w.people.orgManager.token);
    expect([again.statusCode, errorOf(again)]).toEqual([
      400,
      { code: 'licence/invalid', message: 'Sorry that license key is not valid or has already been used.' },
    ]);
    const already = await call('POST', `/api/mission/${id}/license`, { licenseKey: 'KEY-AAAA' }, w.people.orgManager.token);
    expect([already.statusCode, errorOf(already).code]).toEqual([409, 'licence/already-active']);
  });

  it('others are refused with the spec text (rule 113), a mission admin included', async () => {
    const [key] = await issueLicenceCodes({ db: t.database.db }, 'key', 1);
    const id = await w.mission();
    for (const person of [w.people.p2, w.people.p1pm, w.people.p0, w.people.p3]) {
      const refused = await call('POST', `/api/mission/${id}/license`, { licenseKey: key }, person.token);
      expect([refused.statusCode, errorOf(refused).message]).toEqual([403, ACTIVATE_LICENCE]);
    }
  });

  it('a personal project: its owner activates a key', async () => {
    const owner = await verifiedPerson(t);
    const mission = await insertMission(t, owner);
    const [key] = await issueLicenceCodes({ db: t.database.db }, 'key', 1);
    expectStatus(await call('POST', `/api/mission/${mission.id}/license`, { licenseKey: key }, owner.token), 200);
  });

  it('a promo code: applied by a project manager; a key is not a promo code; expired codes are refused', async () => {
    const [promo, expired] = await issueLicenceCodes({ db: t.database.db }, 'promo', 2);
    const [key] = await issueLicenceCodes({ db: t.database.db }, 'key', 1);
    await t.database.db
      .update(licenceCodes)
      .set({ expiresAt: new Date('2020-01-01') })
      .where(eq(licenceCodes.codeHash, (await import('../src/modules/missions/licence.service.ts')).hashCode(expired!)));
    const id = await w.mission();
    for (const code of [key!, expired!, 'PROMO-NOPE']) {
      const refused = await call('PUT', `/api/mission/${id}/promo/apply`, { promoCode: code }, w.people.p1pm.token);
      expect([refused.statusCode, errorOf(refused)]).toEqual([
        400,
        { code: 'licence/invalid', message: 'Sorry that promo code is not valid or has already been used.' },
      ]);
    }
    const applied = await call('PUT', `/api/mission/${id}/promo/apply`, { promoCode: promo }, w.people.p1pm.token);
    expect(applied.json()).toEqual({ _id: id, isLicensedActive: true, licensedBy: 'promo' });
    expectStatus(await call('PUT', `/api/mission/${id}/promo/apply`, {}), 400);
  });

  it('access matrix: promo for mission admins and organisation managers; licence refusals for readers', async () => {
    await expectAccess(
      t,
      w.callers,
      async () => ({ method: 'PUT', url: `/api/mission/${await w.mission()}/promo/apply`, payload: { promoCode: 'NOPE-NOPE' } }),
      missionExpectations(['p1pm', 'p2', 'orgAdmin', 'orgManager']),
    );
    await expectAccess(
      t,
      w.callers,
      async () => ({ method: 'POST', url: `/api/mission/${await w.mission()}/license`, payload: { licenseKey: 'NOPE-NOPE' } }),
      missionExpectations(['orgAdmin', 'orgManager']),
    );
  });
});

describe('workspace reports of the organisation', () => {
  it('lists the listed missions and their plans to every member, observers included; overview counts them', async () => {
    const admin = await verifiedPerson(t);
    const observer = await verifiedPerson(t);
    const org = (await createOrg(t, admin.token))._id;
    await addMember(t, org, observer, 'OBSERVER_ORG');
    const running = await insertMission(t, admin, { orgId: org, title: 'Running', kickedOff: true });
    await insertMission(t, admin, { orgId: org, title: 'Planning' });
    await insertMission(t, admin, { orgId: org, title: 'Done', kickedOff: true, projectStatus: 'completed' });
    await insertMission(t, admin, { orgId: org, title: 'Old idea', createdAt: new Date('2024-06-01T00:00:00Z') });
    await insertMission(t, admin, { orgId: org, title: 'Template', isTemplate: true });
    await insertMission(t, admin, { orgId: org, title: 'Deleted', archivedAt: new Date() });
    await insertMission(t, admin, { title: 'Personal' });
    await t.database.db
      .insert(planItems)
      .values({ missionId: running.id, title: 'Dev', role: 'Developer', startDate: '2026-01-05', endDate: '2026-02-05' });

    const list = (await call('GET', `/api/org/${org}/workspace/mission`, undefined, observer.token)).json() as Json;
    expect(list.missions.map((m: Json) => m.title)).toEqual(['Done', 'Planning', 'Running']);
    expect(list.missions.find((m: Json) => m.title === 'Running')).toMatchObject({
      displayStatus: 'active',
      finished: false,
      peopleCount: 1,
    });
    const plans = (await call('GET', `/api/org/${org}/workspace/missionPlan`, undefined, observer.token)).json() as Json;
    expect(plans.missionPlans).toEqual([
      expect.objectContaining({ missionId: running.id, title: 'Dev', role: 'Developer', type: 'person' }),
    ]);
    const overview = (await call('GET', `/api/org/${org}/mission/overview`, undefined, admin.token)).json() as Json;
    expect(overview.totals).toEqual({ missions: 3, active: 2, planning: 1, finished: 1 });
    expectStatus(await call('GET', `/api/org/${org}/workspace/mission`, undefined, w.people.outsider.token), 404);
  });
});
