import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '@crewplan/domain';
import {
  markReadBodySchema,
  markReadResultSchema,
  notificationListQuerySchema,
  notificationListSchema,
  unreadCountSchema,
  userReadResultSchema,
} from '@crewplan/domain/notifications/notifications';
import { principalOf } from '../../plugins/authz.ts';
import { listNotifications, unreadCount } from './notifications.queries.ts';
import { disableNotification, markPanelOpened, markRead } from './notifications.service.ts';
import { subscribeNotificationEvents } from './notifications.subscribers.ts';

const tags = ['notifications'];
const reads = { authz: { signedIn: 'notification.read' } } as const;
const updates = { authz: { signedIn: 'notification.update' } } as const;

/** The caller's own notifications (spec 3 §7): list, unread count, read marks, panel opened, hide. */
export async function notificationsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  subscribeNotificationEvents(ctx);

  r.get('/api/notification', {
    config: reads,
    schema: {
      tags,
      summary: 'My notifications, newest first, without hidden ones; at most the larger of my unread count and 300',
      querystring: notificationListQuerySchema,
      response: { 200: notificationListSchema },
    },
    handler: async (request) => listNotifications(ctx, principalOf(request).personId, request.query.view),
  });

  r.get('/api/notification/unread/count', {
    config: { ...reads, readCache: true },
    schema: { tags, summary: 'How many of my notifications are neither read nor hidden', response: { 200: unreadCountSchema } },
    handler: async (request) => ({ count: await unreadCount(ctx, principalOf(request).personId) }),
  });

  r.put('/api/notification/read', {
    config: updates,
    schema: {
      tags,
      summary: 'Mark one of my notifications read (notificationId), or all of them (all: true)',
      body: markReadBodySchema,
      response: { 200: markReadResultSchema },
    },
    handler: async (request) => markRead(ctx, principalOf(request).personId, request.body),
  });

  r.put('/api/notification/user/read', {
    config: updates,
    schema: {
      tags,
      summary: 'I opened my notification panel now (the list answers it as seenAt)',
      response: { 200: userReadResultSchema },
    },
    handler: async (request) => markPanelOpened(ctx, principalOf(request).personId),
  });

  r.put('/api/notification/disable/:id', {
    config: updates,
    schema: {
      tags,
      summary: 'Hide one of my notifications from the lists and the unread count',
      params: z.object({ id: idSchema }),
      response: { 200: markReadResultSchema },
    },
    handler: async (request) => disableNotification(ctx, principalOf(request).personId, request.params.id),
  });
}
