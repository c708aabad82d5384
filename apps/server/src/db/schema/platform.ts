import { bigserial, customType, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { idColumn } from './columns.ts';

/** A file sent with a mail: its bytes stay in the file store under `storageKey`. */
export type MailAttachment = { filename: string; contentType: string; storageKey: string };

/**
 * Mail on its way. With an SMTP server, rows are `queued` until their `mail.deliver` job delivers them (then deleted)
 * or gives up (`failed`, with the last error); without one they are `kept` for /dev/mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /** Files sent with the mail, read from the file store when it is delivered. */
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: text('status', { enum: ['kept', 'queued', 'failed'] })
      .notNull()
      .default('kept'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

/**
 * Delayed work (mail delivery, the mention gap, …): a row per job, due at `run_at`. A runner claims due jobs with
 * SKIP LOCKED and holds each until `locked_until`, so a server that dies mid-job leaves it for another; a failed try
 * moves `run_at` ahead (backoff) until the kind's last attempt marks it `failed_at`. Done jobs keep `done_at` a while.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`done_at is null and failed_at is null`),
    index('jobs_done_idx')
      .on(t.doneAt)
      .where(sql`done_at is not null`),
  ],
);

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/** Required by @socket.io/postgres-adapter for payloads over the NOTIFY size limit. */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'bigint' }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
