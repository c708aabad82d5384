import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionItems, missions, planItems } from '../src/db/schema/index.ts';
import { BusyError, inTransaction } from '../src/db/transaction.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, type MissionWorld } from './support/missions-world.ts';
import type { MissionOptions } from './support/missions.ts';
import { errorOf, expectStatus } from './support/org.ts';

type Json = ReturnType<typeof JSON.parse>;

let t: TestApp;
let w: MissionWorld;
beforeAll(async () => {
  // A short lock time-out, so that a row held by another connection shows as "busy" at once.
  t = await buildTestApp({ pool: { lockTimeoutMs: 300 } });
  w = await createMissionWorld(t);
});
afterAll(async () => t.close());

const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: Json) =>
  t.request({ method, url, token: w.people.p2.token, ...(payload === undefined ? {} : { payload }) });

/** A mission with two actions of five tasks each. */
async function setup(options: MissionOptions = {}) {
  const missionId = await w.mission({ defaultTaskCode: 'L', ...options });
  const [plan] = await t.database.db.insert(planItems).values({ missionId, title: 'Dev' }).returning();
  const actionIds: string[] = [];
  const itemIds: string[] = [];
  for (const title of ['A', 'B']) {
    const created = await call('POST', `/api/mission-plan/${plan!.id}/action`, { title });
    expectStatus(created, 201);
    const actionId = (created.json() as Json).action._id as string;
    actionIds.push(actionId);
    for (let i = 0; i < 5; i += 1) {
      const task = await call('POST', `/api/action-item/action/${actionId}`, { title: `${title}${i}` });
      expectStatus(task, 201);
      itemIds.push((task.json() as Json)._id as string);
    }
  }
  return { missionId, actionIds, itemIds };
}

/** Creates, updates and moves (column, position and between actions) on one mission, all at once. */
function mixedWrites(actionIds: string[], itemIds: string[], rounds: number) {
  const requests: Promise<{ statusCode: number; body: string }>[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const item = itemIds[round % itemIds.length]!;
    const actionId = actionIds[round % 2]!;
    requests.push(
      call('POST', `/api/action-item/action/${actionId}`, { title: `New ${round}` }),
      call('PUT', `/api/action-item/${item}`, { title: `Changed ${round}`, status: round % 3 === 0 ? 'in-progress' : 'open' }),
      call('PUT', `/api/action-item/${item}/move`, { actionId: actionIds[(round + 1) % 2], col: round % 2 ? 'doing' : 'todo' }),
      call('PUT', `/api/action/${actionId}`, { title: `Action ${round}` }),
    );
  }
  return Promise.all(requests);
}

describe('concurrent writes on one mission', () => {
  it('creates, updates and moves tasks at once without a single 5xx, handing out distinct codes', async () => {
    const { missionId, actionIds, itemIds } = await setup();
    const responses = await mixedWrites(actionIds, itemIds, 40);
    const failed = responses.filter((response) => response.statusCode >= 300);
    expect(failed.map((response) => `${response.statusCode} ${response.body}`)).toEqual([]);
    const rows = await t.database.db.select({ code: actionItems.code }).from(actionItems).where(eq(actionItems.missionId, missionId));
    expect(rows).toHaveLength(10 + 40);
    expect(new Set(rows.map((row) => row.code)).size).toBe(rows.length);
  });

  it('marks a saved template unsaved once, under the same load', async () => {
    const { missionId, actionIds, itemIds } = await setup({ isTemplate: true });
    await t.database.db.update(missions).set({ isTemplateSaved: true }).where(eq(missions.id, missionId));
    const responses = await mixedWrites(actionIds, itemIds, 20);
    expect(responses.filter((response) => response.statusCode >= 300).map((response) => response.body)).toEqual([]);
    const [row] = await t.database.db.select().from(missions).where(eq(missions.id, missionId));
    expect(row!.isTemplateSaved).toBe(false);
  });

  it('leaves a mission that is not a template untouched by task writes', async () => {
    const { missionId, itemIds } = await setup();
    const [before] = await t.database.db.select().from(missions).where(eq(missions.id, missionId));
    expectStatus(await call('PUT', `/api/action-item/${itemIds[0]}`, { title: 'Quiet' }), 200);
    const [after] = await t.database.db.select().from(missions).where(eq(missions.id, missionId));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    expect(after!.isTemplateSaved).toBe(false);
  });
});

describe('a write that cannot get its lock', () => {
  it('is tried again, then answered 503 with Retry-After, and nothing is saved', async () => {
    const { itemIds } = await setup();
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select 1 from action_items where id = $1 for update', [itemIds[0]]);
      const response = await call('PUT', `/api/action-item/${itemIds[0]}`, { title: 'Blocked' });
      expectStatus(response, 503);
      expect(response.headers['retry-after']).toBe('1');
      expect(errorOf(response)).toMatchObject({ code: 'busy', message: 'The server is busy. Please try again in a moment.' });
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const [row] = await t.database.db.select().from(actionItems).where(eq(actionItems.id, itemIds[0]!));
    expect(row!.title).toBe('A0');
    expectStatus(await call('PUT', `/api/action-item/${itemIds[0]}`, { title: 'Free' }), 200);
  });

  it('runs a transaction again after a deadlock, and gives up with BusyError', async () => {
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    let attempts = 0;
    const value = await inTransaction(t.database.db, async (tx) => {
      attempts += 1;
      await tx.execute('select 1');
      if (attempts < 3) throw deadlock;
      return 'done';
    });
    expect({ value, attempts }).toEqual({ value: 'done', attempts: 3 });
    await expect(
      inTransaction(t.database.db, async () => {
        throw deadlock;
      }),
    ).rejects.toBeInstanceOf(BusyError);
    await expect(
      inTransaction(t.database.db, async () => {
        throw new Error('not a database error');
      }),
    ).rejects.toThrow('not a database error');
  });
});
