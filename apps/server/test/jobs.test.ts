import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { defaultBackoffMs } from '../src/jobs/runner.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from './support/app.ts';
import { createTestClock } from './support/clock.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const jobRow = async (id: number) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/** An app on the shared database whose `test.*` job kinds note what they ran. */
async function appWith(clock = createTestClock()) {
  const t = await buildTestApp({ database, clock });
  const ran: unknown[] = [];
  t.app.ctx.jobs.define('test.note', async (payload) => {
    // a query in the middle, so that concurrent runners interleave
    await t.database.db.select({ id: jobs.id }).from(jobs).limit(1);
    ran.push(payload);
  });
  return { t, ran, clock };
}

describe('jobs', () => {
  it('survive a restart: a job stored by one app runs in the next one on the same database', async () => {
    const first = await appWith();
    const id = await first.t.app.ctx.jobs.enqueue('test.note', { n: 'restart' }, { delayMs: 60_000 });
    await first.t.close();
    expect(first.ran).toEqual([]);

    const second = await appWith(createTestClock(first.clock.now()));
    try {
      expect(await second.t.app.ctx.jobs.runDue()).toBe(0);
      second.clock.advance(60_000);
      expect(await second.t.app.ctx.jobs.runDue()).toBe(1);
      expect(second.ran).toEqual([{ n: 'restart' }]);
      const row = await jobRow(id);
      expect(row).toMatchObject({ attempts: 1, lastError: null, lockedUntil: null, failedAt: null });
      expect(row.doneAt).toEqual(second.clock.now());
      expect(await second.t.app.ctx.jobs.runDue()).toBe(0);
    } finally {
      await second.t.close();
    }
  });

  it('run by themselves as they fall due in a started app', async () => {
    const t = await buildTestApp({ database, runJobs: true });
    try {
      const ran: unknown[] = [];
      let done = () => {};
      const bothRan = new Promise<void>((resolve) => (done = resolve));
      t.app.ctx.jobs.define('test.auto', async (payload) => {
        ran.push(payload);
        if (ran.length === 2) done();
      });
      await t.app.ctx.jobs.enqueue('test.auto', { n: 1 });
      await t.app.ctx.jobs.enqueue('test.auto', { n: 2 });
      await bothRan;
      expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await t.close();
    }
  });

  it('try a failing job again after 30 s, 1, 2, … minutes, and mark it failed after its last attempt', async () => {
    const { t, clock } = await appWith();
    let tries = 0;
    let succeedOn = 3;
    t.app.ctx.jobs.define(
      'test.flaky',
      async () => {
        tries++;
        if (tries < succeedOn) throw new Error(`try ${tries} failed`);
      },
      { maxAttempts: 4 },
    );
    try {
      const id = await t.app.ctx.jobs.enqueue('test.flaky', {});
      await t.app.ctx.jobs.runDue();
      expect(await jobRow(id)).toMatchObject({ attempts: 1, lastError: 'try 1 failed', doneAt: null, lockedUntil: null });
      expect((await jobRow(id)).runAt.getTime() - clock.now().getTime()).toBe(30_000);
      clock.advance(29_999);
      expect(await t.app.ctx.jobs.runDue()).toBe(0);
      clock.advance(1);
      expect(await t.app.ctx.jobs.runDue()).toBe(1);
      expect(await jobRow(id)).toMatchObject({ attempts: 2, lastError: 'try 2 failed' });
      expect((await jobRow(id)).runAt.getTime() - clock.now().getTime()).toBe(60_000);
      clock.advance(60_000);
      await t.app.ctx.jobs.runDue();
      expect(tries).toBe(3);
      expect((await jobRow(id)).doneAt).toEqual(clock.now());

      tries = 0;
      succeedOn = Infinity;
      const doomed = await t.app.ctx.jobs.enqueue('test.flaky', {});
      for (let attempt = 1; attempt <= 4; attempt++) {
        await t.app.ctx.jobs.runDue();
        clock.advance(defaultBackoffMs(attempt));
      }
      expect(await jobRow(doomed)).toMatchObject({ attempts: 4, lastError: 'try 4 failed', doneAt: null });
      expect((await jobRow(doomed)).failedAt).not.toBeNull();
      clock.advance(24 * 3_600_000);
      expect(await t.app.ctx.jobs.runDue()).toBe(0);
      expect(tries).toBe(4);
    } finally {
      await t.close();
    }
  });

  it('are run once by two runners on one database, however their runs overlap', async () => {
    const start = createTestClock();
    const a = await appWith(createTestClock(start.now()));
    const b = await appWith(createTestClock(start.now()));
    try {
      const ids: number[] = [];
      for (let n = 0; n < 60; n++) ids.push(await a.t.app.ctx.jobs.enqueue('test.note', { n }));
      const [ranByA, ranByB] = await Promise.all([a.t.app.ctx.jobs.runDue(), b.t.app.ctx.jobs.runDue()]);
      expect(ranByA + ranByB).toBe(60);
      const ran = [...a.ran, ...b.ran].map((payload) => (payload as { n: number }).n).sort((x, y) => x - y);
      expect(ran).toEqual(Array.from({ length: 60 }, (_, n) => n));
      for (const id of ids) expect((await jobRow(id)).attempts).toBe(1);
    } finally {
      await a.t.close();
      await b.t.close();
    }
  });

  it('skip a job another runner holds, without waiting for it', async () => {
    const { t, ran } = await appWith();
    const holder = await database.pool.connect();
    try {
      const held = await t.app.ctx.jobs.enqueue('test.note', { n: 'held' });
      await t.app.ctx.jobs.enqueue('test.note', { n: 'free' });
      await holder.query('begin');
      await holder.query('select id from jobs where id = $1 for update', [held]);
      expect(await t.app.ctx.jobs.runDue()).toBe(1);
      expect(ran).toEqual([{ n: 'free' }]);
      await holder.query('rollback');
      expect(await t.app.ctx.jobs.runDue()).toBe(1);
      expect(ran).toEqual([{ n: 'free' }, { n: 'held' }]);
    } finally {
      holder.release();
      await t.close();
    }
  });

  it('are taken over by another runner once a claim is older than its lock (a server died mid-job)', async () => {
    const { t, ran, clock } = await appWith();
    try {
      const id = await t.app.ctx.jobs.enqueue('test.note', { n: 'orphan' });
      // as a server that claimed the job and died would leave it
      await database.db
        .update(jobs)
        .set({ attempts: 1, lockedUntil: new Date(clock.now().getTime() + 5 * 60_000) })
        .where(eq(jobs.id, id));
      expect(await t.app.ctx.jobs.runDue()).toBe(0);
      clock.advance(5 * 60_000);
      expect(await t.app.ctx.jobs.runDue()).toBe(1);
      expect(ran).toEqual([{ n: 'orphan' }]);
      expect(await jobRow(id)).toMatchObject({ attempts: 2, lockedUntil: null });
    } finally {
      await t.close();
    }
  });
});
