import { sql } from 'drizzle-orm';
import { bigint, boolean, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './columns.ts';
import { missions } from './missions.ts';
import { orgs } from './org.ts';
import { people } from './people.ts';

const personRef = (name: string) => varchar(name, { length: 24 }).references(() => people.id, { onDelete: 'set null' });

/**
 * An uploaded (or external) file attached to a mission or to one of its action items (spec 3 §3 File).
 * The bytes live in the file store under storageKey; mimetype is what the server sniffed, never the client's word.
 */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 24 }).references(() => orgs.id, { onDelete: 'set null' }),
    missionId: varchar('mission_id', { length: 24 })
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    /** 'missions' for project files, 'action.items' for task files. */
    attachedTo: varchar('attached_to', { length: 16 }).notNull(),
    /** The mission id or the action item id. */
    attachedToId: varchar('attached_to_id', { length: 24 }).notNull(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mimetype: text('mimetype').notNull().default('application/octet-stream'),
    /** 'upload' or 'external' (external files keep their own path). */
    source: varchar('source', { length: 16 }).notNull().default('upload'),
    storageKey: text('storage_key'),
    externalPath: text('external_path'),
    createdBy: personRef('created_by'),
    ...timestamps,
  },
  (t) => [
    index('files_attached_idx').on(t.attachedTo, t.attachedToId),
    index('files_mission_idx').on(t.missionId),
    index('files_org_idx').on(t.orgId),
  ],
);

/**
 * A chat message in a room (Mission, MissionPlan, Action, ActionItem) of one mission (spec 3 §3 Comment).
 * text is sanitised HTML; a reply points at the comment it answers; claps are the people who clapped.
 */
export const comments = pgTable(
  'comments',
  {
    id: idColumn(),
    missionId: varchar('mission_id', { length: 24 })
      .notNull()
      .references(() => missions.id, { onDelete: 'cascade' }),
    room: varchar('room', { length: 16 }).notNull(),
    roomId: varchar('room_id', { length: 24 }).notNull(),
    text: text('text').notNull(),
    /** A subtask (checklist item) id when the message belongs to a subtask chat. */
    topic: varchar('topic', { length: 24 }),
    mentions: varchar('mentions', { length: 24 })
      .array()
      .notNull()
      .default(sql`'{}'`),
    replyTo: varchar('reply_to', { length: 24 }),
    claps: varchar('claps', { length: 24 })
      .array()
      .notNull()
      .default(sql`'{}'`),
    createdBy: personRef('created_by'),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('comments_room_idx').on(t.room, t.roomId, t.createdAt),
    index('comments_mission_idx').on(t.missionId),
    index('comments_reply_idx').on(t.replyTo),
  ],
);

/**
 * One notification for one person (spec 3 §3 Notification). type is one of the spec's types; data carries
 * what the panel needs to open the thing (room, roomName, topic, statusMap…).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    personId: varchar('person_id', { length: 24 })
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull(),
    title: text('title').notNull().default(''),
    body: text('body').notNull().default(''),
    isRead: boolean('is_read').notNull().default(false),
    isDisabled: boolean('is_disabled').notNull().default(false),
    informationalOnly: boolean('informational_only').notNull().default(false),
    orgId: varchar('org_id', { length: 24 }).references(() => orgs.id, { onDelete: 'cascade' }),
    missionId: varchar('mission_id', { length: 24 }).references(() => missions.id, { onDelete: 'cascade' }),
    /** Who caused it (the author of a mention, the inviter…). */
    actorId: personRef('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('notifications_person_idx').on(t.personId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.personId)
      .where(sql`not is_read and not is_disabled`),
  ],
);

/** When a person last opened their notification panel ("user read"): newer ones are shown as new. */
export const notificationReads = pgTable('notification_reads', {
  personId: varchar('person_id', { length: 24 })
    .primaryKey()
    .references(() => people.id, { onDelete: 'cascade' }),
  readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
});
