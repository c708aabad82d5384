import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, planItems } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

type Json = ReturnType<typeof JSON.parse>;

let t: TestApp;
let w: MissionWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
});
afterAll(async () => t.close());

/** Fractions a binary float32 or an integer column would not keep: quarter hours, and finer. */
const FRACTIONS = [1.5, 2.25, 0.25, 7.6, 0.1];

const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: Json) =>
  t.request({ method, url, token: w.owner.token, ...(payload === undefined ? {} : { payload }) });

async function ok(method: 'POST' | 'PUT' | 'GET', url: string, payload?: Json): Promise<Json> {
  const response = await call(method, url, payload);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

function expectRefused(response: Awaited<ReturnType<typeof call>>, field: string) {
  expectStatus(response, 400);
  expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
}

/** A mission with a plan item, one action under it and one task of that action. */
async function setup() {
  const missionId = await w.mission();
  const [plan] = await t.database.db.insert(planItems).values({ missionId, title: 'Dev' }).returning();
  const action = (await ok('POST', `/api/mission-plan/${plan!.id}/action`, { title: 'Action', estimatedDuration: 1.5 })).action as Json;
  const task = await ok('POST', `/api/action-item/action/${action._id}`, { title: 'Task', estimatedDuration: 2.25, actualDuration: 0.25 });
  return { missionId, planId: plan!.id, action, task };
}

describe('hours are kept exactly, fractions included', () => {
  it('tasks: estimated and actual duration round-trip on create, update and read', async () => {
    const { action, task } = await setup();
    expect(action.estimatedDuration).toBe(1.5);
    expect(task).toMatchObject({ estimatedDuration: 2.25, actualDuration: 0.25 });
    for (const hours of FRACTIONS) {
      await ok('PUT', `/api/action-item/${task._id}`, { estimatedDuration: hours, actualDuration: hours + 0.25 });
      expect(await ok('GET', `/api/action-item/${task._id}`)).toMatchObject({ estimatedDuration: hours, actualDuration: hours + 0.25 });
    }
    const [row] = await t.database.db.select().from(actionItems).where(eq(actionItems.id, task._id));
    expect(row).toMatchObject({ estimatedDuration: 0.1, actualDuration: 0.35 });
  });

  it('actions: the estimated duration round-trips', async () => {
    const { action } = await setup();
    for (const hours of FRACTIONS) {
      expect(await ok('PUT', `/api/action/${action._id}`, { estimatedDuration: hours })).toMatchObject({ estimatedDuration: hours });
    }
  });

  it('tasks and actions refuse negative or non-numeric hours with 400, never 500', async () => {
    const { action, task } = await setup();
    for (const bad of [-0.25, -1, '1.5', 'abc', true, {}]) {
      expectRefused(await call('PUT', `/api/action-item/${task._id}`, { estimatedDuration: bad }), 'estimatedDuration');
      expectRefused(await call('PUT', `/api/action-item/${task._id}`, { actualDuration: bad }), 'actualDuration');
      expectRefused(await call('PUT', `/api/action/${action._id}`, { estimatedDuration: bad }), 'estimatedDuration');
    }
  });

  it("plan items: hours needed and a schedule's hours a day round-trip", async () => {
    const missionId = await w.mission();
    const item = await ok('POST', `/api/mission-plan/mission/${missionId}`, {
      role: 'Dev',
      hoursNeeded: 12.75,
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    expect(item.hoursNeeded).toBe(12.75);
    expect((await ok('PUT', `/api/mission-plan/${item._id}/bulk`, { hoursNeeded: 0.25 })).hoursNeeded).toBe(0.25);
    expectRefused(await call('PUT', `/api/mission-plan/${item._id}/bulk`, { hoursNeeded: -1.5 }), 'hoursNeeded');
    const base = `/api/mission-plan/${item._id}/schedule`;
    const added = await ok('POST', base, { startDate: '2026-02-02', endDate: '2026-02-06', hoursPerDay: 7.6 });
    const schedule = added.schedules[0] as Json;
    expect(schedule.hoursPerDay).toBe(7.6);
    expect((await ok('PUT', `${base}/${schedule._id}`, { hoursPerDay: 0.1 })).schedules[0]).toMatchObject({ hoursPerDay: 0.1 });
  });

  it("an organisation's overtime threshold round-trips", async () => {
    const org = await ok('POST', '/api/org', { title: 'Fractions', overTimeAfter: 7.6 });
    expect(org.overTimeAfter).toBe(7.6);
    expect((await ok('GET', `/api/org/${org._id}`)).overTimeAfter).toBe(7.6);
  });
});
