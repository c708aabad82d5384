import { createServer, type Server, type Socket } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createMailer, type Mail } from '../src/modules/mail/mailer.ts';
import { MAX_ATTEMPTS } from '../src/modules/mail/queue.ts';
import { buildTestApp, createTestDatabase } from './support/app.ts';
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

let database: Database & { drop: () => Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

const rowsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('mail queue', () => {
  it('delivers queued mail through the transport with its headers, then forgets it', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const delivered: string[] = [];
    const mailer = createMailer({
      db: database.db,
      smtpUrl: undefined,
      from: 'Crewplan <noreply@crewplan.test>',
      log,
      deliver: async (message) => {
        const info = await transport.sendMail({ from: 'Crewplan <noreply@crewplan.test>', ...message });
        delivered.push((info.message as Buffer).toString());
      },
    });
    const to = uniqueEmail('queued');
    await mailer.send(mail(to));
    await until(async () => delivered.length === 1 && (await rowsTo(to)).length === 0);
    await mailer.close();
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toContain(`To: ${to}`);
    expect(delivered[0]).toContain('List-Unsubscribe: <http://localhost:3000/api/unsubscribe/email?token=t>');
    expect(await rowsTo(to)).toEqual([]);
  });

  it('keeps mail that could not be sent for a later try, and marks it failed after the last one', async () => {
    let tries = 0;
    const mailer = createMailer({
      db: database.db,
      smtpUrl: undefined,
      from: 'noreply@crewplan.test',
      log,
      deliver: async () => {
        tries++;
        throw new Error('421 try again later');
      },
    });
    const to = uniqueEmail('refused');
    await mailer.send(mail(to));
    await until(async () => (await rowsTo(to))[0]?.lastError != null);
    const [first] = await rowsTo(to);
    expect(first).toMatchObject({ status: 'queued', attempts: 1, lastError: '421 try again later' });
    // the next try waits 30 s
    const wait = (first!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(31);
    // make every later try due at once
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.to, to));
      await mailer.send(mail(uniqueEmail('nudge')));
      await until(async () => (await rowsTo(to))[0]!.attempts === attempt && (await rowsTo(to))[0]!.lastError != null);
    }
    await until(async () => (await rowsTo(to))[0]!.status === 'failed');
    await mailer.close();
    expect((await rowsTo(to))[0]).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(tries).toBeGreaterThanOrEqual(MAX_ATTEMPTS);
  });

  it('keeps mail for the development mailbox without an SMTP server', async () => {
    const mailer = createMailer({ db: database.db, smtpUrl: undefined, from: 'noreply@crewplan.test', log });
    const to = uniqueEmail('kept');
    await mailer.send(mail(to));
    await mailer.close();
    expect(await rowsTo(to)).toMatchObject([{ status: 'kept', attempts: 0, headers: mail(to).headers }]);
  });
});

describe('with an SMTP server that does not answer', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // accepts connections and never speaks: a request that mails must not wait for it
    silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    silent.close();
  });

  it('signs up at once; the verification mail waits in the queue', async () => {
    const { port } = silent.address() as { port: number };
    const t = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    try {
      const email = uniqueEmail('smtp-down');
      const started = Date.now();
      const response = await t.request({ method: 'POST', url: '/api/auth/signup', payload: { email, password: 'correct-horse-42' } });
      expectStatus(response, 201);
      expect(Date.now() - started).toBeLessThan(5_000);
      const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(rows).toMatchObject([{ status: 'queued' }]);
    } finally {
      // the queue's connection is waiting for a greeting: hang up, and the app closes without waiting for it
      await until(async () => sockets.size > 0);
      for (const socket of sockets) socket.destroy();
      await t.close();
    }
  });
});
