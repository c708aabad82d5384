import { viewOfType, type Notification } from '@crewplan/domain/notifications/notifications';
import type { notifications, people } from '../../db/schema/index.ts';
import { avatarUrl } from '../people/index.ts';

type NotificationRow = typeof notifications.$inferSelect;
type PersonRow = typeof people.$inferSelect;

/** A notification row → the API shape, with the person who caused it. */
export function presentNotification(row: NotificationRow, actor: PersonRow | null): Notification {
  return {
    _id: row.id,
    type: row.type,
    view: viewOfType(row.type),
    title: row.title,
    body: row.body,
    isRead: row.isRead,
    isDisabled: row.isDisabled,
    informationalOnly: row.informationalOnly,
    createdAt: row.createdAt.toISOString(),
    people: row.personId,
    org: row.orgId,
    mission: row.missionId,
    actor: actor ? { _id: actor.id, firstName: actor.firstName, lastName: actor.lastName, avatar: avatarUrl(actor) } : null,
    data: row.data,
  };
}
