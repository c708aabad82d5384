import { and, eq, inArray, isNull } from 'drizzle-orm';
import {
  canDeleteComment,
  canEditComment,
  canPostComment,
  type commentCreateSchema,
  commentRoomChannel,
  mentionableIds,
  type CommentDto,
  type CommentList,
  type CommentRoomName,
  type CommentUpdate,
  type TaskActor,
} from '@crewplan/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/database.ts';
import { checklistItems, comments, missionPeople } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { entityNotFound, type MissionAccess } from '../../plugins/mission-access.ts';
import type { Change } from '../../plugins/realtime.ts';
import type { AppContext } from '../../plugins/types.ts';
import { taskActorOf } from '../tasks/index.ts';
import { presentComment } from './comments.presenter.ts';
import * as q from './comments.queries.ts';
import { loadChatRoom, type ChatRoom } from './comments.rooms.ts';
import { excerptOf, isEmptyMessage, sanitiseMessage } from './comments.sanitize.ts';

type CommentInput = z.output<typeof commentCreateSchema>;
/** Adds people a message mentioned to its task, one after another (rule 65). */
export type MentionAdder = (access: MissionAccess, actionItemId: string, personIds: string[]) => Promise<void>;

export const COMMENT_ERRORS = {
  empty: () => appError('commentEmpty'),
  unknownTopic: () => appError('commentUnknownTopic'),
  unknownReply: () => appError('commentUnknownReply'),
  /** Finer refusals than the mission gate's (which answers 'forbidden'). */
  mayNotPost: () => appError('commentMayNotPost'),
  notAuthor: () => appError('commentNotAuthor'),
  mayNotDelete: () => appError('commentMayNotDelete'),
} as const;

const publish = (ctx: AppContext, row: { room: string; roomId: string }, type: Change['type'], id: string) =>
  ctx.realtime.publish(commentRoomChannel(row.room as CommentRoomName, row.roomId), { type, entity: 'comments', id });

async function present(db: Db | Tx, actor: TaskActor, id: string): Promise<CommentDto> {
  const [row] = await q.commentsByIds(db, [id]);
  if (!row) throw entityNotFound('comment');
  return presentComment(row, actor);
}

/** Sanitised text, or 400 when nothing is left of it. */
function cleanText(text: string): string {
  const html = sanitiseMessage(text);
  if (isEmptyMessage(html)) throw COMMENT_ERRORS.empty();
  return html;
}

/** The ids among `requested` that may be mentioned on the mission (rule 169). */
async function filterMentions(db: Db | Tx, access: MissionAccess, requested: readonly string[]): Promise<string[]> {
  if (requested.length === 0) return [];
  const team = await db
    .select({ personId: missionPeople.personId, permission: missionPeople.permission, invitePending: missionPeople.invitePending })
    .from(missionPeople)
    .where(and(eq(missionPeople.missionId, access.mission.id), inArray(missionPeople.personId, [...new Set(requested)])));
  return mentionableIds(requested, team, access.personId);
}

async function requireTopic(db: Db | Tx, chat: ChatRoom, topic: string | null): Promise<void> {
  if (topic === null) return;
  if (chat.room !== 'ActionItem') throw COMMENT_ERRORS.unknownTopic();
  const [row] = await db
    .select({ id: checklistItems.id })
    .from(checklistItems)
    .where(and(eq(checklistItems.id, topic), eq(checklistItems.actionItemId, chat.roomId)));
  if (!row) throw COMMENT_ERRORS.unknownTopic();
}

/** The answered message must be in the same chat: its room, and the same subtask chat (or the task's team chat). */
async function requireReplyTarget(db: Db | Tx, chat: ChatRoom, replyTo: string | null, topic: string | null): Promise<void> {
  if (replyTo === null) return;
  const [row] = await db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.id, replyTo),
        eq(comments.room, chat.room),
        eq(comments.roomId, chat.roomId),
        topic === null ? isNull(comments.topic) : eq(comments.topic, topic),
      ),
    );
  if (!row) throw COMMENT_ERRORS.unknownReply();
}

/** `GET /comment/room/:room/id/:id` and `GET /action-item/:id/comment`: a room's messages and whether the caller may write. */
export async function listRoom(
  ctx: AppContext,
  access: MissionAccess,
  room: CommentRoomName,
  roomId: string,
  topic?: string,
): Promise<CommentList> {
  const chat = await loadChatRoom(ctx.db, access, room, roomId);
  const actor = taskActorOf(access);
  const rows = await q.roomComments(ctx.db, room, roomId, topic);
  return { comments: rows.map((row) => presentComment(row, actor)), canPost: canPostComment(actor, chat.target) };
}

/** `GET /comment/count/room/:room/id/:id`. */
export async function countRoom(ctx: AppContext, access: MissionAccess, room: CommentRoomName, roomId: string) {
  await loadChatRoom(ctx.db, access, room, roomId);
  return { count: await q.countRoom(ctx.db, room, roomId) };
}

/** `GET /comment/count/mission/:id`. */
export const countMission = (ctx: AppContext, access: MissionAccess) => q.countMission(ctx.db, access.mission.id);

/** `GET /comment/replies/:id`: the answers to a message. */
export async function listReplies(ctx: AppContext, access: MissionAccess, id: string) {
  const actor = taskActorOf(access);
  return { comments: (await q.repliesOf(ctx.db, id)).map((row) => presentComment(row, actor)) };
}

/** `GET /comment/mission/:id`: the mission's messages in every room (the newest thousand). */
export async function listMission(ctx: AppContext, access: MissionAccess) {
  const actor = taskActorOf(access);
  return { comments: (await q.missionComments(ctx.db, access.mission.id)).map((row) => presentComment(row, actor)) };
}

/**
 * `POST /comment/room/:room/id/:id` and `POST /action-item/:id/comment`: writes a message in a room (rule 104: those
 * who may update what the room is about, or observers). The text is sanitised; mentions keep the team's permission ≤ 3
 * without the author; in a task's chat, the mentioned people not on the task join it one after another.
 */
export async function postComment(
  ctx: AppContext,
  access: MissionAccess,
  room: CommentRoomName,
  roomId: string,
  input: CommentInput,
  addMentioned: MentionAdder,
): Promise<CommentDto> {
  const chat = await loadChatRoom(ctx.db, access, room, roomId);
  const actor = taskActorOf(access);
  if (!canPostComment(actor, chat.target)) throw COMMENT_ERRORS.mayNotPost();
  const text = cleanText(input.text);
  await requireTopic(ctx.db, chat, input.topic);
  await requireReplyTarget(ctx.db, chat, input.replyTo, input.topic);
  const mentions = await filterMentions(ctx.db, access, input.mentions);
  const [row] = await ctx.db
    .insert(comments)
    .values({
      missionId: access.mission.id,
      room,
      roomId,
      text,
      topic: input.topic,
      mentions,
      replyTo: input.replyTo,
      createdBy: access.personId,
    })
    .returning({ id: comments.id });
  const comment = await present(ctx.db, actor, row!.id);
  publish(ctx, chat, 'create', comment._id);
  await tellMentioned(ctx, access, chat, { comment, text, topic: input.topic, mentions }, addMentioned);
  return comment;
}

/**
 * The people a message mentions (newly, after an edit) are told ('comment.created', the notifications module), and in a
 * task's chat those not on the task join it one after another (rule 65).
 */
async function tellMentioned(
  ctx: AppContext,
  access: MissionAccess,
  chat: ChatRoom,
  message: { comment: CommentDto; text: string; topic: string | null; mentions: string[] },
  addMentioned: MentionAdder,
): Promise<void> {
  const { comment, mentions } = message;
  await ctx.events.emit('comment.created', {
    commentId: comment._id,
    missionId: access.mission.id,
    missionTitle: access.mission.title,
    orgId: access.mission.orgId,
    room: chat.room,
    roomId: chat.roomId,
    roomName: chat.title,
    topic: message.topic,
    authorId: access.personId,
    authorName: comment.createdBy ? `${comment.createdBy.firstName} ${comment.createdBy.lastName}`.trim() : '',
    mentions,
    excerpt: excerptOf(message.text),
  });
  const joining = chat.itemPeople ? mentions.filter((personId) => !chat.itemPeople!.includes(personId)) : [];
  if (joining.length > 0) await addMentioned(access, chat.roomId, joining);
}

/** Runs `change` on one message of the mission in a transaction; 404 when it is not there (or not in `inRoom`). */
async function onComment<T>(
  ctx: AppContext,
  access: MissionAccess,
  id: string,
  change: (tx: Tx, row: q.CommentRow) => Promise<T>,
  inRoom?: { room: CommentRoomName; roomId: string },
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const row = await q.lockComment(tx, access.mission.id, id);
    if (!row || (inRoom && (row.room !== inRoom.room || row.roomId !== inRoom.roomId))) throw entityNotFound('comment');
    return change(tx, row);
  });
}

/**
 * `PUT /comment/:id`: the author changes their message (marked edited); mentions, when sent, are filtered again, and
 * the people it mentions only now are told as a new message's would be.
 */
export async function editComment(
  ctx: AppContext,
  access: MissionAccess,
  id: string,
  input: CommentUpdate,
  addMentioned: MentionAdder,
): Promise<CommentDto> {
  const actor = taskActorOf(access);
  const { row, text, mentions } = await onComment(ctx, access, id, async (tx, row) => {
    if (!canEditComment(actor, row)) throw COMMENT_ERRORS.notAuthor();
    const text = cleanText(input.text);
    const mentions = input.mentions ? await filterMentions(tx, access, input.mentions) : row.mentions;
    const now = ctx.clock.now();
    await tx
      .update(comments)
      .set({ text, mentions, editedAt: now, updatedAt: now })
      .where(and(eq(comments.id, id), eq(comments.missionId, access.mission.id)));
    return { row, text, mentions };
  });
  publish(ctx, row, 'update', id);
  const comment = await present(ctx.db, actor, id);
  const added = mentions.filter((personId) => !row.mentions.includes(personId));
  if (added.length > 0) {
    const chat = await loadChatRoom(ctx.db, access, row.room as CommentRoomName, row.roomId);
    await tellMentioned(ctx, access, chat, { comment, text, topic: row.topic, mentions: added }, addMentioned);
  }
  return comment;
}

/**
 * `DELETE /comment/:id` and `DELETE /action-item/:id/comment/:commentId`: the author, or a mission admin, deletes a
 * message with the answers below it.
 */
export async function deleteComment(
  ctx: AppContext,
  access: MissionAccess,
  id: string,
  inRoom?: { room: CommentRoomName; roomId: string },
): Promise<{ deleted: string[] }> {
  const { row, deleted } = await onComment(
    ctx,
    access,
    id,
    async (tx, row) => {
      if (!canDeleteComment(taskActorOf(access), row)) throw COMMENT_ERRORS.mayNotDelete();
      const ids = await q.threadIds(tx, id);
      await tx.delete(comments).where(inArray(comments.id, ids));
      return { row, deleted: ids };
    },
    inRoom,
  );
  for (const deletedId of deleted) publish(ctx, row, 'delete', deletedId);
  return { deleted };
}

/** `PUT /comment/:id/clap`: adds the caller's clap, or takes it back (anyone who reads the mission). */
export async function toggleClap(ctx: AppContext, access: MissionAccess, id: string): Promise<CommentDto> {
  const row = await onComment(ctx, access, id, async (tx, row) => {
    const claps = row.claps.includes(access.personId)
      ? row.claps.filter((personId) => personId !== access.personId)
      : [...row.claps, access.personId];
    await tx
      .update(comments)
      .set({ claps })
      .where(and(eq(comments.id, id), eq(comments.missionId, access.mission.id)));
    return row;
  });
  publish(ctx, row, 'update', id);
  return present(ctx.db, taskActorOf(access), id);
}
