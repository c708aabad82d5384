import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkFromHomeList } from '@crewplan/domain';
import { people } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { expectStatus } from './support/org.ts';

/**
 * A work-from-home day is booked from the person's today on, as the form offers it (their time zone): at 03:00 UTC on
 * 2 April it is still 1 April in Los Angeles, already 2 April in Tokyo.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
const clock = createTestClock('2025-04-02T03:00:00Z');

const zone = async (caller: Caller, timezone: string | null) => {
  await t.database.db.update(people).set({ timezone }).where(eq(people.id, world.people[caller].personId));
  t.app.ctx.reads.changed();
};
const book = (caller: Caller, day: string) =>
  t.request({ method: 'POST', url: '/api/work-from-home', token: world.people[caller].token, payload: { org: world.orgId, day } });
const mine = (list: WorkFromHomeList) => list.days.filter((day) => day.mine).map((day) => day.day);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await zone('p0', 'America/Los_Angeles');
  await zone('p1', 'Asia/Tokyo');
  await zone('p2', null);
});
afterAll(async () => t.close());

describe('booking a day at home across time zones', () => {
  it("takes the person's today, in their time zone, and lists it; a day over for them is refused", async () => {
    const evening = await book('p0', '2025-04-01');
    expectStatus(evening, 201);
    expect(mine(evening.json() as WorkFromHomeList)).toEqual(['2025-04-01']);
    const listed = await t.request({ method: 'GET', url: '/api/work-from-home', token: world.people.p0.token });
    expect((listed.json() as WorkFromHomeList).from).toBe('2025-04-01');
    expectStatus(await book('p0', '2025-03-31'), 400);
    // in Tokyo 1 April is over
    expectStatus(await book('p1', '2025-04-01'), 400);
    expectStatus(await book('p1', '2025-04-02'), 201);
    // without a time zone of their own the form takes the browser's: a day not yet over somewhere is not refused
    expectStatus(await book('p2', '2025-04-01'), 201);
    expectStatus(await book('p2', '2025-03-31'), 400);
  });
});

describe('a day booked beyond the two-week window', () => {
  const list = async (caller: Caller) =>
    (await t.request({ method: 'GET', url: '/api/work-from-home', token: world.people[caller].token })).json() as WorkFromHomeList;
  const days = (entries: WorkFromHomeList['days']) => entries.map((entry) => entry.day);

  it('is listed, in order, among its own person’s later days, not for a colleague, and can be cancelled', async () => {
    // p0's today is 1 April (Los Angeles): the window ends on 14 April
    expectStatus(await book('p0', '2025-05-20'), 201);
    const booked = await book('p0', '2025-05-01');
    expectStatus(booked, 201);
    expect(days((booked.json() as WorkFromHomeList).later)).toEqual(['2025-05-01', '2025-05-20']);

    const own = await list('p0');
    expect(own.to).toBe('2025-04-14');
    expect(days(own.later)).toEqual(['2025-05-01', '2025-05-20']);
    expect(own.later.every((entry) => entry.mine)).toBe(true);
    expect(days(own.days)).not.toContain('2025-05-01');

    const colleague = await list('p1');
    expect([...days(colleague.days), ...days(colleague.later)]).not.toContain('2025-05-01');
    expect(colleague.later).toEqual([]);

    const cancelled = await t.request({ method: 'DELETE', url: `/api/work-from-home/${own.later[0]!._id}`, token: world.people.p0.token });
    expectStatus(cancelled, 200);
    expect(days((cancelled.json() as WorkFromHomeList).later)).toEqual(['2025-05-20']);
    expect(days((await list('p0')).later)).toEqual(['2025-05-20']);
  });
});
