import type { Notification } from '@crewplan/domain/notifications/notifications';
import { viewOfType, type NotificationView } from '@crewplan/domain/notifications/rules';

/** The panel's tabs: everything, then the spec's views (rule 245). */
export const PANEL_TABS = ['all', 'pinned', 'chats', 'invites', 'leaves', 'allocations'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

export const TAB_LABELS: Record<PanelTab, string> = {
  all: 'All',
  pinned: 'Pinned',
  chats: 'Chats',
  invites: 'Invites',
  leaves: 'Leaves',
  allocations: 'Allocations',
};

export const EMPTY_TEXT: Record<PanelTab, string> = {
  all: 'No notifications yet.',
  pinned: 'No pinned tasks. Pin a task to keep it here.',
  chats: 'Nobody has mentioned you in a chat yet.',
  invites: 'No invites.',
  leaves: 'No leave notifications.',
  allocations: 'No role requests or allocation changes.',
};

/** The view asked of the server for a tab (all and pinned ask for no view). */
export function serverViewOf(tab: PanelTab): Exclude<NotificationView, 'pinned'> | undefined {
  return tab === 'all' || tab === 'pinned' ? undefined : tab;
}

/** What clicking a notification opens. */
export type NotificationTarget =
  | { kind: 'thread'; missionId: string; actionItemId: string; title: string }
  | { kind: 'invite'; notificationId: string }
  | { kind: 'mission'; missionId: string }
  | { kind: 'org'; orgId: string; tab?: 'billing' }
  | { kind: 'leave'; leaveId: string }
  | { kind: 'none' };

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * A task mention opens its thread; invites their notice; role changes their mission (their organisation for readers who
 * may not open it); leave notices their request's review, as their mail's link does (their organisation when they
 * name no request); a payment issue the organisation's billing, where the payment information is updated.
 */
export function targetOf(notification: Pick<Notification, '_id' | 'type' | 'mission' | 'org' | 'data'>): NotificationTarget {
  const { type, mission, org, data } = notification;
  if (type === 'invite' || type === 'orgInvite') return { kind: 'invite', notificationId: notification._id };
  if (type === 'payment' && org) return { kind: 'org', orgId: org, tab: 'billing' };
  if (viewOfType(type) === 'leaves' && text(data.leaveId)) return { kind: 'leave', leaveId: text(data.leaveId) };
  if (type === 'mentionComment' && data.room === 'ActionItem' && mission && text(data.roomId))
    return { kind: 'thread', missionId: mission, actionItemId: text(data.roomId), title: text(data.roomName) };
  // a role approver off the mission's team is sent to the organisation instead
  if (mission && !(data.opensMission === false && org)) return { kind: 'mission', missionId: mission };
  if (org) return { kind: 'org', orgId: org };
  return { kind: 'none' };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "5 minutes ago", "yesterday", "just now": how long ago an ISO time was, in English. */
export function relativeTime(iso: string, now: number): string {
  const elapsed = now - Date.parse(iso);
  if (!Number.isFinite(elapsed) || elapsed < 45_000) return 'just now';
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return format.format(-Math.floor(elapsed / size), unit);
  }
  return format.format(-1, 'minute');
}

/** The sound plays when the unread count grows after it was first known (not on the first load, not on reads). */
export function shouldChime(previous: number | undefined, next: number | undefined): boolean {
  return previous !== undefined && next !== undefined && next > previous;
}

/** The badge text: up to 99, then 99+. */
export function badgeLabel(count: number): string {
  return count > 99 ? '99+' : String(count);
}

/** The person's name as the list shows it. */
export function actorName(actor: Notification['actor']): string {
  return actor ? `${actor.firstName} ${actor.lastName}`.trim() : '';
}

/** A role request a notification asked the reader to decide, and where it stands now. */
export type RoleRequestAsk = {
  planItemId: string;
  context: 'pm' | 'org';
  roleTitle: string;
  status: 'pending_approval' | 'approved' | 'rejected';
};

const REQUEST_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;

/**
 * The role request a notification asks its reader (an approver) to decide: pending, or decided since (by them or
 * another approver). Null for other notifications, and for those telling a requester of a decision.
 */
export function roleRequestAskOf(notification: Pick<Notification, 'type' | 'data'>): RoleRequestAsk | null {
  if (notification.type !== 'orgRolePlanItemStatusChange') return null;
  const statusMap = notification.data.statusMap as Record<string, unknown> | undefined;
  if (!statusMap) return null;
  const { status, context } = statusMap;
  const known = REQUEST_STATUSES.find((value) => value === status);
  // notifications written before `ask` was recorded asked only while pending
  const ask = statusMap.ask === true || status === 'pending_approval';
  if (!known || !ask || (context !== 'pm' && context !== 'org') || !text(statusMap.planItemId)) return null;
  return { planItemId: text(statusMap.planItemId), context, roleTitle: text(statusMap.roleTitle), status: known };
}
