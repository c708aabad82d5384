import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { CommentRoomName } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { comments, people } from '../../db/schema/index.ts';

export type CommentRow = typeof comments.$inferSelect;

/** Most messages a mission-wide list returns (the newest, shown oldest first). */
export const MISSION_LIST_MAX = 1_000;

const replies = sql<number>`(select count(*)::int from ${comments} as r where r.reply_to = ${comments.id})`;

const listColumns = {
  comment: comments,
  replyCount: replies,
  author: { id: people.id, firstName: people.firstName, lastName: people.lastName, avatarVersion: people.avatarVersion },
};

export type ListedComment = { comment: CommentRow; replyCount: number; author: AuthorRow | null };
export type AuthorRow = { id: string; firstName: string; lastName: string; avatarVersion: number | null };

async function list(db: Db | Tx, where: SQL | undefined, newestFirst = false, limit?: number): Promise<ListedComment[]> {
  const query = db
    .select(listColumns)
    .from(comments)
    .leftJoin(people, eq(people.id, comments.createdBy))
    .where(where)
    .orderBy(newestFirst ? desc(comments.createdAt) : asc(comments.createdAt), asc(comments.id));
  const rows = (limit ? await query.limit(limit) : await query) as ListedComment[];
  return newestFirst ? rows.reverse() : rows;
}

/** A room's messages, oldest first; `topic` keeps one subtask's chat (null: the task's own team chat). */
export const roomComments = (db: Db | Tx, room: CommentRoomName, roomId: string, topic?: string | null) =>
  list(
    db,
    and(
      eq(comments.room, room),
      eq(comments.roomId, roomId),
      topic === undefined ? undefined : topic === null ? isNull(comments.topic) : eq(comments.topic, topic),
    ),
  );

/** The answers to one message, oldest first. */
export const repliesOf = (db: Db | Tx, commentId: string) => list(db, eq(comments.replyTo, commentId));

/** Every room's messages of a mission: the newest MISSION_LIST_MAX, oldest first. */
export const missionComments = (db: Db | Tx, missionId: string) => list(db, eq(comments.missionId, missionId), true, MISSION_LIST_MAX);

/** Messages by id (after a write), oldest first. */
export const commentsByIds = (db: Db | Tx, ids: string[]) => list(db, inArray(comments.id, ids));

export async function countRoom(db: Db | Tx, room: CommentRoomName, roomId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.room, room), eq(comments.roomId, roomId)));
  return row?.n ?? 0;
}

export async function countMission(db: Db | Tx, missionId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(comments).where(eq(comments.missionId, missionId));
  return row?.n ?? 0;
}

/** One message of the mission, locked for the rest of the transaction; null when it is not there. */
export async function lockComment(tx: Tx, missionId: string, id: string): Promise<CommentRow | null> {
  const [row] = await tx
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), eq(comments.missionId, missionId)))
    .for('update');
  return row ?? null;
}

/** A message and every answer below it (answers to answers too). */
export async function threadIds(tx: Tx, id: string): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`
    with recursive thread(id) as (
      select ${id}::varchar
      union select c.id from ${comments} c join thread t on c.reply_to = t.id
    )
    select id from thread`);
  return rows.rows.map((row) => row.id);
}
