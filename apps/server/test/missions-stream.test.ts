import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEMS_PER_BATCH } from '../src/modules/tasks/tasks.queries.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, type MissionWorld } from './support/missions-world.ts';
import { expectStatus } from './support/org.ts';

// GET /mission/:id streams its action items a batch at a time (a cursor on one pooled connection): every task comes,
// in order, as valid JSON, and the connection goes back to the pool when the read ends or the reader goes away.

const ITEMS = ITEMS_PER_BATCH * 2 + 500;

let t: TestApp;
let w: MissionWorld;
let baseUrl: string;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createMissionWorld(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => t.close());

/** A mission with one action holding `count` tasks, sorted in the reverse of their creation. */
async function bigMission(count: number) {
  const missionId = await w.mission({ defaultTaskCode: 'BIG' });
  const q = (text: string, values: unknown[]) => t.database.pool.query(text, values);
  const action = (
    await q(`insert into actions (id, mission_id, title) values (substr(md5($1 || 'a'), 1, 24), $1, 'Work') returning id`, [missionId])
  ).rows[0]!.id as string;
  await q(
    `insert into action_items (id, action_id, mission_id, title, sort_index, people)
     select substr(md5($2 || 'i' || g), 1, 24), $1, $2, 'Task ' || g || ' ✓ "quoted" \\ back', $3 - g, '{}'
     from generate_series(1, $3::int) g`,
    [action, missionId, count],
  );
  return missionId;
}

/** Connections the pool has handed out and not got back. */
const checkedOut = () => t.database.pool.totalCount - t.database.pool.idleCount;

describe('GET /mission/:id with more tasks than one batch', () => {
  it('answers every task once, in sort order, as valid JSON, and gives its connection back', async () => {
    const missionId = await bigMission(ITEMS);
    const response = await t.request({ method: 'GET', url: `/api/mission/${missionId}`, token: w.people.p2.token });
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const mission = response.json() as {
      _id: string;
      actions: unknown[];
      actionItems: { _id: string; title: string; sortIndex: number }[];
    };
    expect(mission._id).toBe(missionId);
    expect(mission.actions).toHaveLength(1);
    expect(mission.actionItems).toHaveLength(ITEMS);
    expect(new Set(mission.actionItems.map((item) => item._id)).size).toBe(ITEMS);
    const sortIndexes = mission.actionItems.map((item) => item.sortIndex);
    expect(sortIndexes).toEqual([...sortIndexes].sort((a, b) => a - b));
    expect(mission.actionItems[0]!.title).toBe(`Task ${ITEMS} ✓ "quoted" \\ back`);
    expect(checkedOut()).toBe(0);
  });

  it('answers an empty list for a mission without tasks', async () => {
    const missionId = await w.mission();
    const response = await t.request({ method: 'GET', url: `/api/mission/${missionId}`, token: w.people.p2.token });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ _id: missionId, actions: [], actionItems: [] });
  });

  it('gives the connection back when the reader goes away mid-answer', async () => {
    const missionId = await bigMission(50_000);
    // a reader who takes the first part of the answer, then closes the connection
    const { first, heldWhileReading } = await new Promise<{ first: string; heldWhileReading: number }>((resolve, reject) => {
      const request = get(
        `${baseUrl}/api/mission/${missionId}`,
        { headers: { authorization: `Bearer ${w.people.p2.token}` } },
        (response) => {
          response.once('data', (chunk: Buffer) => {
            const heldWhileReading = checkedOut();
            request.destroy();
            resolve({ first: chunk.toString('utf8'), heldWhileReading });
          });
        },
      );
      request.on('error', reject);
    });
    expect(first.startsWith(`{"_id":"${missionId}"`)).toBe(true);
    // the answer was still being read from the database (about 25 MB of tasks, far more than sockets buffer)
    expect(heldWhileReading).toBe(1);
    await expect.poll(checkedOut, { timeout: 10_000 }).toBe(0);
    // the pool still serves reads
    const after = await t.request({ method: 'GET', url: `/api/mission/${missionId}`, token: w.people.p2.token });
    expectStatus(after, 200);
    expect((after.json() as { actionItems: unknown[] }).actionItems).toHaveLength(50_000);
  });
});
