import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { personRefSchema } from '../org/people.ts';
import { COMMENT_ROOM_NAMES } from './rooms.ts';

export { COMMENT_ROOM_NAMES, commentRoomChannel, type CommentRoomName } from './rooms.ts';

/**
 * Comments (chat messages) as the API presents and accepts them (spec 3 §3 Comment, §5, §7 Comments; rules 247–251).
 * The server stores sanitised HTML; the web renders it as it comes.
 */

export const commentRoomSchema = z.enum(COMMENT_ROOM_NAMES);

/** Longest message accepted, in characters of HTML as sent (a pasted page is refused, not cut). */
export const COMMENT_TEXT_MAX = 20_000;
/** Most people one message may mention. */
export const COMMENT_MENTIONS_MAX = 100;
/** The excerpt of a message carried by events and notifications, in characters of plain text. */
export const COMMENT_EXCERPT_LENGTH = 140;

export const COMMENT_MESSAGES = {
  teamChat: 'Team chat',
  subtaskChat: 'Subtask chat',
  emptyText: 'Please write a message first.',
  unknownTopic: 'That subtask is not part of this task.',
  unknownReply: 'The message you reply to is not in this chat.',
  mayNotPost: 'Only people who can update this task, or observers, can write in this chat.',
  onlyAuthorEdits: 'Only the author can change this message.',
  mayNotDelete: 'Only the author or a project admin can delete this message.',
} as const;

export const commentSchema = z.object({
  _id: z.string(),
  room: commentRoomSchema,
  roomId: z.string(),
  missionId: z.string(),
  /** Sanitised HTML. */
  text: z.string(),
  /** The subtask (checklist item) whose chat this is, or null for the task's team chat. */
  topic: z.string().nullable(),
  mentions: z.array(z.string()),
  replyTo: z.string().nullable(),
  replyCount: z.number(),
  claps: z.array(z.string()),
  clapped: z.boolean(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  createdBy: personRefSchema.nullable(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type CommentDto = z.infer<typeof commentSchema>;

/** A room's messages, oldest first, and whether the caller may write in it (the comment box is shown only then). */
export const commentListSchema = z.object({ comments: z.array(commentSchema), canPost: z.boolean() });
export type CommentList = z.infer<typeof commentListSchema>;
/** Messages without the caller's posting right (replies of a message, every chat of a mission). */
export const commentsSchema = z.object({ comments: z.array(commentSchema) });
export const commentCountSchema = z.object({ count: z.number() });
/** A deleted message and its answers. */
export const commentDeletedSchema = z.object({ deleted: z.array(z.string()) });

const commentTextSchema = z.string().max(COMMENT_TEXT_MAX);

export const commentCreateSchema = z.strictObject({
  text: commentTextSchema,
  mentions: z.array(idSchema).max(COMMENT_MENTIONS_MAX).default([]),
  topic: idSchema.nullable().default(null),
  replyTo: idSchema.nullable().default(null),
});
export type CommentCreate = z.input<typeof commentCreateSchema>;

export const commentUpdateSchema = z.strictObject({
  text: commentTextSchema,
  mentions: z.array(idSchema).max(COMMENT_MENTIONS_MAX).optional(),
});
export type CommentUpdate = z.input<typeof commentUpdateSchema>;

/** `GET /action-item/:id/comment?topic=`: one subtask's chat; without it every message of the task (all its chats). */
export const commentTopicQuerySchema = z.object({ topic: idSchema.optional() });
