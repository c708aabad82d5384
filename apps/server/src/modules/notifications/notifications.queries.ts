import { and, count, desc, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import {
  notificationListLimit,
  typesOfView,
  type NotificationList,
  type NotificationListView,
} from '@crewplan/domain/notifications/notifications';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPerDb } from '../../db/prepared.ts';
import { notificationReads, notifications, people } from '../../db/schema/index.ts';
import { orgMissionShown } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { presentNotification } from './notifications.presenter.ts';

/**
 * A notification of a mission the person may no longer be shown (`orgMissionShown`: its organisation requires
 * two-factor sign-in they lack (rule 109), they left it, or it was deleted) is left out of the list and the count
 * alike. A mission invite stays: it can still be accepted, and accepting it is how the mission becomes theirs.
 */
export const missionNotWithheld = sql.raw(`("notifications"."type" = 'invite' or not exists (select 1 from missions m
  left join orgs o on o.id = m.org_id where m.id = "notifications"."mission_id"
  and not ${orgMissionShown('"notifications"."person_id"')}))`);

const shown = (personId: string | Placeholder) =>
  and(eq(notifications.personId, personId), eq(notifications.isDisabled, false), missionNotWithheld);

/** How many of the person's notifications are neither read nor disabled. */
export async function unreadCount(ctx: AppContext, personId: string): Promise<number> {
  const [row] = await unreadStatement(ctx.db).execute({ personId });
  return row?.value ?? 0;
}

/** Prepared: the shell asks for it on every screen. */
const unreadStatement = preparedPerDb((db) =>
  db
    .select({ value: count() })
    .from(notifications)
    .where(and(shown(sql.placeholder('personId')), eq(notifications.isRead, false)))
    .prepare('unread_notifications'),
);

/**
 * The person's notifications (never anybody else's), newest first, without disabled ones; narrowed to a view's types
 * when asked. At most the larger of the unread count and 300 (rule 243).
 */
export async function listNotifications(ctx: AppContext, personId: string, view?: NotificationListView): Promise<NotificationList> {
  const limit = notificationListLimit(await unreadCount(ctx, personId));
  const actor = alias(people, 'actor');
  const rows = await ctx.db
    .select({ notification: notifications, actor })
    .from(notifications)
    .leftJoin(actor, eq(actor.id, notifications.actorId))
    .where(and(shown(personId), view ? inArray(notifications.type, typesOfView(view)) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const [read] = await ctx.db
    .select({ readAt: notificationReads.readAt })
    .from(notificationReads)
    .where(eq(notificationReads.personId, personId));
  return {
    notifications: rows.map((row) => presentNotification(row.notification, row.actor)),
    seenAt: read?.readAt.toISOString() ?? null,
    limit,
  };
}
