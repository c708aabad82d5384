import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, mailOutbox } from '../src/db/schema/index.ts';
import { createJobRunner, defaultBackoffMs } from '../src/jobs/runner.ts';
import { createDiskFileStore } from '../src/lib/file-store-disk.ts';
import { createMailer, type Mail } from '../src/modules/mail/mailer.ts';
import { MAIL_JOB, MAX_ATTEMPTS } from '../src/modules/mail/queue.ts';
import { buildTestApp, createTestDatabase, type TestDatabase } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { expectStatus } from './support/org.ts';
import { uniqueEmail } from './support/people.ts';

const log = pino({ level: 'silent' });
const mail = (to: string): Mail => ({
  to,
  subject: 'Hello',
  text: 'Hi there',
  html: '<p>Hi there</p>',
  headers: { 'List-Unsubscribe': '<http://localhost:3000/api/unsubscribe/email?token=t>' },
});

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const rowsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
/** The mail's delivery job. */
const jobOf = async (to: string) => {
  const [row] = await rowsTo(to);
  const [job] = await database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, MAIL_JOB), sql`${jobs.payload}->>'mailId' = ${row!.id}`));
  return job!;
};

describe('mail queue', () => {
  it('delivers queued mail through the transport with its headers, then forgets it', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const delivered: string[] = [];
    const runner = createJobRunner({ db: database.db, clock: createTestClock(), log });
    const mailer = createMailer({
      db: database.db,
      jobs: runner,
      smtpUrl: undefined,
      from: 'Crewplan <noreply@crewplan.test>',
      deliver: async (message) => {
        const info = await transport.sendMail({ from: 'Crewplan <noreply@crewplan.test>', ...message });
        delivered.push((info.message as Buffer).toString());
      },
    });
    const to = uniqueEmail('queued');
    await mailer.send(mail(to));
    expect(await rowsTo(to)).toMatchObject([{ status: 'queued' }]);
    const job = await jobOf(to);
    expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain(`To: ${to}`);
    expect(delivered[0]).toContain('List-Unsubscribe: <http://localhost:3000/api/unsubscribe/email?token=t>');
    expect(await rowsTo(to)).toEqual([]);
    const [done] = await database.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect(done).toMatchObject({ attempts: 1, lastError: null, failedAt: null });
    expect(done!.doneAt).not.toBeNull();
  });

  it('sends a file from the file store as an attachment, read when the mail is delivered', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'crewplan-mail-'));
    try {
      const store = createDiskFileStore(dataDir);
      const bytes = Buffer.from('%PDF-1.4 Αθηναϊκή\n%%EOF\n');
      await store.put('invoices/sent-test', Readable.from(bytes), bytes.length, 'application/pdf');
      const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
      const delivered: string[] = [];
      const runner = createJobRunner({ db: database.db, clock: createTestClock(), log });
      const mailer = createMailer({
        db: database.db,
        jobs: runner,
        smtpUrl: undefined,
        from: 'Crewplan <noreply@crewplan.test>',
        store,
        deliver: async (message) => {
          const info = await transport.sendMail({ from: 'Crewplan <noreply@crewplan.test>', ...message });
          delivered.push((info.message as Buffer).toString());
        },
      });
      const to = uniqueEmail('attached');
      await mailer.send({
        ...mail(to),
        attachments: [{ filename: 'Invoice 0001.pdf', contentType: 'application/pdf', storageKey: 'invoices/sent-test' }],
      });
      expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
      expect(delivered).toHaveLength(1);
      expect(delivered[0]).toContain('Content-Type: application/pdf; name="Invoice 0001.pdf"');
      expect(delivered[0]).toContain(bytes.toString('base64').slice(0, 40));
      expect(await rowsTo(to)).toEqual([]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps mail that could not be sent for a later try, and marks it failed after the last one', async () => {
    let tries = 0;
    const clock = createTestClock();
    const runner = createJobRunner({ db: database.db, clock, log });
    const mailer = createMailer({
      db: database.db,
      jobs: runner,
      smtpUrl: undefined,
      from: 'noreply@crewplan.test',
      deliver: async () => {
        tries++;
        throw new Error('421 try again later');
      },
    });
    const to = uniqueEmail('refused');
    await mailer.send(mail(to));
    await runner.runDue();
    expect(tries).toBe(1);
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'queued', attempts: 1, lastError: '421 try again later' });
    // the next try waits 30 s, then 1, 2, 4, … minutes
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const wait = defaultBackoffMs(attempt - 1);
      expect((await jobOf(to)).runAt.getTime() - clock.now().getTime()).toBe(wait);
      clock.advance(wait - 1);
      await runner.runDue();
      expect(tries).toBe(attempt - 1);
      clock.advance(1);
      await runner.runDue();
      expect(tries).toBe(attempt);
      expect((await rowsTo(to))[0]).toMatchObject({ attempts: attempt, lastError: '421 try again later' });
    }
    expect(defaultBackoffMs(1)).toBe(30_000);
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(await jobOf(to)).toMatchObject({ attempts: MAX_ATTEMPTS, lastError: '421 try again later', doneAt: null });
    expect((await jobOf(to)).failedAt).not.toBeNull();
    clock.advance(24 * 3_600_000);
    await runner.runDue();
    expect(tries).toBe(MAX_ATTEMPTS);
  });

  it('keeps mail for the development mailbox without an SMTP server', async () => {
    const runner = createJobRunner({ db: database.db, clock: createTestClock(), log });
    const mailer = createMailer({ db: database.db, jobs: runner, smtpUrl: undefined, from: 'noreply@crewplan.test' });
    const to = uniqueEmail('kept');
    await mailer.send(mail(to));
    await mailer.close();
    expect(await rowsTo(to)).toMatchObject([{ status: 'kept', attempts: 0, headers: mail(to).headers }]);
    const [row] = await rowsTo(to);
    expect(
      await database.db
        .select()
        .from(jobs)
        .where(sql`${jobs.payload}->>'mailId' = ${row!.id}`),
    ).toEqual([]);
  });
});

describe('with an SMTP server that does not answer', () => {
  let silent: Server;
  beforeAll(async () => {
    // accepts connections and never speaks: a request that mails must not wait for it
    silent = createServer();
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    silent.close();
  });

  it('signs up at once; the verification mail waits in the queue for its job', async () => {
    const { port } = silent.address() as { port: number };
    const t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const email = uniqueEmail('smtp-down');
      const response = await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'correct-horse-42' } });
      expectStatus(response, 201);
      const rowsOf = () => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(await rowsOf()).toMatchObject([{ status: 'queued', attempts: 0 }]);
      // the job connects and waits for a greeting: hang up, and the try fails and is kept for later
      const connected = new Promise<Socket>((resolve) => silent.once('connection', resolve));
      const running = t.app.ctx.jobs.runDue();
      (await connected).destroy();
      await running;
      expect(await rowsOf()).toMatchObject([{ status: 'queued', attempts: 1 }]);
      expect((await rowsOf())[0]!.lastError).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
