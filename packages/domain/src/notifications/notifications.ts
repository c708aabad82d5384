import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';

// The pure rules live apart so that the web's bell, on every page's first load, carries no zod.
export * from './rules.ts';

const personSummarySchema = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), avatar: z.string().nullable() });

/** One notification as the API answers it (spec 3 §3 Notification). */
export const notificationSchema = z.object({
  _id: z.string(),
  type: z.string(),
  view: z.enum(['chats', 'invites', 'leaves', 'allocations']).nullable(),
  title: z.string(),
  body: z.string(),
  isRead: z.boolean(),
  isDisabled: z.boolean(),
  informationalOnly: z.boolean(),
  createdAt: z.string(),
  people: z.string(),
  org: z.string().nullable(),
  mission: z.string().nullable(),
  actor: personSummarySchema.nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type Notification = z.infer<typeof notificationSchema>;

/** `GET /notification`: newest first; seenAt is when the panel was last opened (null: never). */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  seenAt: z.string().nullable(),
  limit: z.number(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({ view: z.enum(['chats', 'invites', 'leaves', 'allocations']).optional() }).strict();

export const unreadCountSchema = z.object({ count: z.number() });

/** `PUT /notification/read`: one notification of the caller's, or all of them. */
export const markReadBodySchema = z.union([z.object({ notificationId: idSchema }).strict(), z.object({ all: z.literal(true) }).strict()]);
export type MarkReadBody = z.infer<typeof markReadBodySchema>;

export const markReadResultSchema = z.object({ updated: z.number() });
export const userReadResultSchema = z.object({ seenAt: z.string() });
