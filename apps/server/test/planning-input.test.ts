import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, actions, departments, missions, planItems, templates } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, type MissionWorld } from './support/missions-world.ts';
import { insertMission } from './support/missions.ts';
import { createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';

/**
 * The planning half's API as a hostile but legitimate client sees it: ids of other missions and organisations in
 * bodies, deleted targets, odd values in every field. Never a 5xx; a refusal names the field and writes nothing.
 */
type Json = ReturnType<typeof JSON.parse>;

let t: TestApp;
let w: MissionWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
});
afterAll(async () => t.close());

const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json, token = w.people.p2.token) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload }) });

const CATCH_ALL = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const SECTION = 'bbbbbbbbbbbbbbbbbbbbbbbb';

/** A mission with two sections, a role, an action and a task. */
async function fixture(missionId?: string) {
  const id =
    missionId ??
    (await w.mission({
      sectionTags: [
        { _id: CATCH_ALL, title: 'Catch-all', from: null, to: null, catchAll: true },
        { _id: SECTION, title: 'Design', from: null, to: null },
      ],
    }));
  const db = t.database.db;
  const [plan] = await db
    .insert(planItems)
    .values({ missionId: id, title: 'Dev', startDate: '2026-01-05', endDate: '2026-03-01' })
    .returning();
  const [action] = await db
    .insert(actions)
    .values({ missionId: id, title: 'A', planItemId: plan!.id, createdBy: w.owner.personId })
    .returning();
  const [item] = await db
    .insert(actionItems)
    .values({ missionId: id, actionId: action!.id, title: 'T', createdBy: w.owner.personId })
    .returning();
  return { missionId: id, plan: plan!.id, action: action!.id, item: item!.id };
}

const actionsOf = async (missionId: string) => t.database.db.select().from(actions).where(eq(actions.missionId, missionId));

describe('an action under a deleted plan item', () => {
  it('is refused with 404 and nothing is written', async () => {
    const m = await fixture();
    const [gone] = await t.database.db.insert(planItems).values({ missionId: m.missionId, title: 'Gone', wasDeleted: true }).returning();
    const response = await call('POST', `/api/mission-plan/${gone!.id}/action?withItem=true`, { title: 'Orphan' });
    expectStatus(response, 404);
    expect(errorOf(response)).toEqual({
      code: 'plan-item/not-found',
      message: 'Sorry that role or plan item was not found. It may have been deleted.',
    });
    expect((await actionsOf(m.missionId)).map((row) => row.title)).toEqual(['A']);
    expectStatus(await call('POST', `/api/mission-plan/${m.plan}/action`, { title: 'Fine' }), 201);
  });
});

describe('the section of an action is one of its mission', () => {
  it('refuses an unknown section or one of another mission on create, naming sectionTagId, and writes nothing', async () => {
    const m = await fixture();
    const other = await w.mission({ sectionTags: [{ _id: 'cccccccccccccccccccccccc', title: 'Theirs', from: null, to: null }] });
    for (const sectionTagId of ['nope', 'cccccccccccccccccccccccc']) {
      const response = await call('POST', `/api/mission-plan/${m.plan}/action`, { title: 'X', sectionTagId });
      expectStatus(response, 404);
      expect(errorOf(response)).toMatchObject({ code: 'mission/section-tag-not-found', fields: { sectionTagId: expect.any(String) } });
    }
    expect(await actionsOf(m.missionId)).toHaveLength(1);
    expect(await actionsOf(other)).toHaveLength(0);
    const made = await call('POST', `/api/mission-plan/${m.plan}/action`, { title: 'In design', sectionTagId: SECTION });
    expectStatus(made, 201);
    expect((made.json() as Json).action.sectionTagId).toBe(SECTION);
  });

  it('refuses it on update and in a bulk update, leaving the action as it was; null and known sections pass', async () => {
    const m = await fixture();
    const update = await call('PUT', `/api/action/${m.action}`, { sectionTagId: 'nope', title: 'Renamed' });
    expectStatus(update, 404);
    expect(Object.keys(errorOf(update).fields ?? {})).toEqual(['sectionTagId']);
    const bulk = await call('PUT', `/api/action/${m.action}/bulk`, {
      action: { sectionTagId: 'nope' },
      items: [{ _id: m.item, title: 'Z' }],
    });
    expectStatus(bulk, 404);
    const [row] = await t.database.db.select().from(actions).where(eq(actions.id, m.action));
    expect([row!.title, row!.sectionTagId]).toEqual(['A', null]);
    const [item] = await t.database.db.select().from(actionItems).where(eq(actionItems.id, m.item));
    expect(item!.title).toBe('T');
    expectStatus(await call('PUT', `/api/action/${m.action}`, { sectionTagId: CATCH_ALL }), 200);
    expectStatus(await call('PUT', `/api/action/${m.action}`, { sectionTagId: null }), 200);
  });
});

describe('the task a milestone follows (linkedToTask) is a task of its mission', () => {
  it('refuses a task of another mission, of another organisation or unknown, naming linkedToTask, and writes nothing', async () => {
    const m = await fixture();
    const other = await fixture(await w.mission());
    const outsider = await verifiedPerson(t);
    const far = await fixture((await insertMission(t, outsider, { orgId: (await createOrg(t, outsider.token))._id })).id);
    for (const linkedToTask of [other.item, other.action, far.item, '0123456789abcdef01234567']) {
      const created = await call('POST', `/api/mission-plan/mission/${m.missionId}`, { type: 'milestone', title: 'Paid', linkedToTask });
      expectStatus(created, 400);
      expect(errorOf(created)).toEqual({
        code: 'plan/task-unknown',
        message: 'This task is not a task of the project.',
        fields: { linkedToTask: 'This task is not a task of the project.' },
      });
      const updated = await call('PUT', `/api/mission-plan/${m.plan}/bulk`, { linkedToTask, title: 'Changed' });
      expectStatus(updated, 400);
      expect(Object.keys(errorOf(updated).fields ?? {})).toEqual(['linkedToTask']);
    }
    const rows = await t.database.db.select().from(planItems).where(eq(planItems.missionId, m.missionId));
    expect(rows.map((row) => [row.title, row.linkedToTask])).toEqual([['Dev', null]]);
  });

  it('takes an action or a task of the mission, and null', async () => {
    const m = await fixture();
    const made = await call('POST', `/api/mission-plan/mission/${m.missionId}`, { type: 'milestone', title: 'Paid', linkedToTask: m.item });
    expectStatus(made, 201);
    expect((made.json() as Json).linkedToTask).toBe(m.item);
    const toAction = await call('PUT', `/api/mission-plan/${(made.json() as Json)._id}/bulk`, { linkedToTask: m.action });
    expectStatus(toAction, 200);
    expect((toAction.json() as Json).linkedToTask).toBe(m.action);
    expectStatus(await call('PUT', `/api/mission-plan/${(made.json() as Json)._id}/bulk`, { linkedToTask: null }), 200);
  });
});

describe('a deleted task or action leaves no link on the plan', () => {
  it("drops a deleted task's hours-on-tasks entries and unlinks milestones, so the role still saves", async () => {
    const m = await fixture();
    const [other] = await t.database.db
      .insert(actionItems)
      .values({ missionId: m.missionId, actionId: m.action, title: 'Stays', createdBy: w.owner.personId })
      .returning();
    const raciOnTasks = [
      { taskId: m.item, hoursPer: 2, frequency: 'Total' },
      { taskId: other!.id, hoursPer: 3, frequency: 'Total' },
    ];
    expectStatus(await call('PUT', `/api/mission-plan/${m.plan}/bulk`, { raciOnTasks }), 200);
    const milestone = await call('POST', `/api/mission-plan/mission/${m.missionId}`, {
      type: 'milestone',
      title: 'Paid',
      linkedToTask: m.item,
    });
    const milestoneId = (milestone.json() as Json)._id as string;

    expectStatus(await call('DELETE', `/api/action-item/${m.item}`), 200);
    const rows = await t.database.db.select().from(planItems).where(eq(planItems.missionId, m.missionId));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(m.plan)!.raciOnTasks.map((entry) => entry.taskId)).toEqual([other!.id]);
    expect(byId.get(milestoneId)!.linkedToTask).toBeNull();
    // the role saves again with what its manager sees
    expectStatus(await call('PUT', `/api/mission-plan/${m.plan}/bulk`, { raciOnTasks: byId.get(m.plan)!.raciOnTasks }), 200);

    expectStatus(await call('PUT', `/api/mission-plan/${milestoneId}/bulk`, { linkedToTask: m.action }), 200);
    expectStatus(await call('DELETE', `/api/action/${m.action}`), 200);
    const after = await t.database.db.select().from(planItems).where(eq(planItems.missionId, m.missionId));
    expect(after.map((row) => [row.title, row.raciOnTasks.length, row.linkedToTask])).toEqual(
      expect.arrayContaining([
        ['Dev', 0, null],
        ['Paid', 0, null],
      ]),
    );
  });
});

describe('the departments a template gives its projects', () => {
  it("refuses another organisation's or an unknown department, naming the field, and writes no template", async () => {
    const outsider = await verifiedPerson(t);
    const farOrg = (await createOrg(t, outsider.token))._id;
    const [farDepartment] = await t.database.db.insert(departments).values({ orgId: farOrg, title: 'Far' }).returning();
    const before = await t.database.db.select().from(templates);
    for (const [template, message] of [
      [{ isPrivate: false, org: w.orgId, data: { departmentTags: [farDepartment!.id] } }, 'Unknown department in this organization.'],
      [
        { isPrivate: false, org: w.orgId, data: { departmentTags: ['0123456789abcdef01234567'] } },
        'Unknown department in this organization.',
      ],
      [{ data: { departmentTags: [farDepartment!.id] } }, 'A personal project has no departments or offices.'],
    ] as const) {
      const response = await call('POST', '/api/template', { template: { title: 'T', ...template } }, w.owner.token);
      expectStatus(response, 400);
      expect(errorOf(response)).toEqual({ code: 'validation', message, fields: { 'template.data.departmentTags': message } });
    }
    expect(await t.database.db.select().from(templates)).toHaveLength(before.length);
  });

  it('takes departments of its organisation, and a project made from it gets them', async () => {
    const [department] = await t.database.db.insert(departments).values({ orgId: w.orgId, title: 'Ours' }).returning();
    const template = await call(
      'POST',
      '/api/template',
      { template: { title: 'T', isPrivate: false, org: w.orgId, data: { departmentTags: [department!.id] } } },
      w.owner.token,
    );
    expectStatus(template, 201);
    const made = await call(
      'POST',
      '/api/mission',
      { title: 'From T', org: w.orgId, template: (template.json() as Json)._id },
      w.owner.token,
    );
    expectStatus(made, 201);
    const [row] = await t.database.db
      .select()
      .from(missions)
      .where(eq(missions.id, (made.json() as Json)._id));
    expect(row!.departmentTags).toEqual([department!.id]);
  });
});

describe('odd values in every field of the planning calls', () => {
  const ODD: unknown[] = [
    0.5,
    -1,
    1e308,
    'NaN',
    '🚀',
    'x'.repeat(10_000),
    'a\u0000b',
    '\ud800',
    '2999-01-01',
    '0001-01-01',
    [],
    Array.from({ length: 1000 }, () => '0123456789abcdef01234567'),
    '0123456789abcdef01234567',
    null,
    {},
  ];

  it('never answer 5xx, and a validation refusal names a field', async () => {
    const m = await fixture();
    const calls: [string, string, Record<string, unknown>, string[]][] = [
      [
        'POST',
        `/api/mission-plan/mission/${m.missionId}`,
        { title: 'X', type: 'milestone' },
        ['allocation', 'startDate', 'endDate', 'hoursNeeded', 'y', 'pinnedTo', 'linkedToTask', 'raciOnTasks', 'dailyHours'],
      ],
      [
        'PUT',
        `/api/mission-plan/${m.plan}/bulk`,
        { title: 'X' },
        ['startDate', 'endDate', 'quantity', 'amount', 'linkedToTask', 'allocationDraft', 'weeklyLumpHours'],
      ],
      [
        'POST',
        `/api/mission-plan/${m.plan}/schedule`,
        { startDate: '2026-01-12', endDate: '2026-01-16' },
        ['startDate', 'endDate', 'hoursPerDay', 'note'],
      ],
      [
        'POST',
        `/api/mission-plan/${m.plan}/action`,
        { title: 'X' },
        ['startDate', 'estimatedDuration', 'sectionTagId', 'parentId', 'sortIndex', 'people'],
      ],
      ['PUT', `/api/action/${m.action}`, { title: 'X' }, ['endDate', 'complexityMultiplier', 'sectionTagId', 'position', 'rate']],
      ['PUT', `/api/action-item/${m.item}`, { title: 'X' }, ['col', 'startHour', 'actualDuration', 'metaType', 'week', 'prevEndDate']],
      ['PUT', `/api/action-item/${m.item}/move`, { col: 'todo' }, ['actionId', 'sortIndex', 'startDate', 'y']],
      ['POST', `/api/action-item/${m.item}/checklist`, { title: 'L' }, ['title', 'people', 'sortIndex']],
      ['POST', `/api/action-item/${m.item}/dependency`, { linkId: m.item }, ['linkId', 'lag']],
      ['POST', '/api/template', { title: 'T' }, ['description', 'dataPlanItems', 'data']],
    ];
    for (const [method, url, base, fields] of calls) {
      for (const field of fields) {
        for (const value of ODD) {
          const body = { ...base, [field]: value };
          const payload = url === '/api/template' ? { template: body } : body;
          const response = await call(method as 'PUT', url, payload);
          const label = `${method} ${url} ${field}=${JSON.stringify(value).slice(0, 40)} → ${response.body.slice(0, 300)}`;
          expect(response.statusCode, label).toBeLessThan(500);
          if (response.statusCode === 400 && errorOf(response).code === 'validation')
            expect(Object.keys(errorOf(response).fields ?? {}).length, label).toBeGreaterThan(0);
        }
      }
    }
  }, 300_000);
});
