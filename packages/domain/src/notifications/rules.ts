/** The notification types of the spec (3 §3 Notification). */
export const NOTIFICATION_TYPES = [
  'mentionComment',
  'payment',
  'orgRolePlanItemStatusChange',
  'invite',
  'orgInvite',
  'leave_request_approval',
  'leave_request_approval_final',
  'leave_request_rejected',
  'timesheetSubmitted',
  'timesheetDecided',
  'expenseSubmitted',
  'expenseDecided',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** The views of the notification panel (rule 245), in the order the panel shows them. */
export const NOTIFICATION_VIEWS = ['pinned', 'chats', 'invites', 'leaves', 'allocations'] as const;
export type NotificationView = (typeof NOTIFICATION_VIEWS)[number];

/** Views that list notifications; 'pinned' lists the person's pinned tasks instead. */
export type NotificationListView = Exclude<NotificationView, 'pinned'>;

const VIEW_OF_TYPE: Record<NotificationType, NotificationListView | null> = {
  mentionComment: 'chats',
  invite: 'invites',
  orgInvite: 'invites',
  leave_request_approval: 'leaves',
  leave_request_approval_final: 'leaves',
  leave_request_rejected: 'leaves',
  orgRolePlanItemStatusChange: 'allocations',
  timesheetSubmitted: 'allocations',
  timesheetDecided: 'allocations',
  expenseSubmitted: 'allocations',
  expenseDecided: 'allocations',
  payment: null,
};

/** The panel view a notification type belongs to; null for types shown only in the full list (payment). */
export function viewOfType(type: string): NotificationListView | null {
  return (VIEW_OF_TYPE as Record<string, NotificationListView | null>)[type] ?? null;
}

/** The types a list view shows. */
export function typesOfView(view: NotificationListView): NotificationType[] {
  return NOTIFICATION_TYPES.filter((type) => VIEW_OF_TYPE[type] === view);
}

/** Rule 243: the list returns the larger of the unread count and 300 notifications. */
export const NOTIFICATION_LIST_MIN = 300;

/** Rule 243: how many notifications the list returns for a person with this many unread. */
export function notificationListLimit(unreadCount: number): number {
  return Math.max(Math.max(0, Math.floor(unreadCount)), NOTIFICATION_LIST_MIN);
}

/** Rule 245: the panel's width, wider while a thread is open beside the list. */
export function notificationPanelWidth(threadOpen: boolean): number {
  return threadOpen ? 1050 : 620;
}

/** Spec texts of notifications (catalog/messages.tsv). */
export const NOTIFICATION_MESSAGES = {
  paymentTitle: 'Payment issue',
  paymentBody: 'Your payment information must be updated.',
  leaveRejectedTitle: 'Oh-oh, a leave request was rejected',
  threadGone: 'Oops. This thread is no longer available',
  taskGone: 'Task no longer exists',
  notFound: 'Sorry that notification was not found.',
} as const;

/** What a task the person pinned needs to be listed in the pinned view. */
export type PinnableItem = { pinned: boolean; updatedAt: string };

/** The pinned view: the person's own pinned tasks, most recently changed first. */
export function pinnedItems<T extends PinnableItem>(items: readonly T[]): T[] {
  return items.filter((item) => item.pinned).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** Whether a notification arrived after the panel was last opened ("new" in the panel). */
export function isNewSince(createdAt: string, seenAt: string | null): boolean {
  return seenAt === null || createdAt > seenAt;
}

/** The role request transitions told as orgRolePlanItemStatusChange. */
export type RoleRequestStatus = 'pending_approval' | 'approved' | 'rejected';

/** The title of a role request notification. */
export function roleRequestTitle(status: RoleRequestStatus, roleTitle: string, actorName: string): string {
  const role = roleTitle || 'a role';
  if (status === 'pending_approval') return `${actorName} asks for approval of ${role}`;
  return `${actorName} ${status === 'approved' ? 'approved' : 'rejected'} the request for ${role}`;
}

/**
 * Who is told of a role request transition: on submission the approvers, on a decision the requester and the person
 * asked for; never the one who acted, nobody twice.
 */
export function roleRequestRecipients(input: {
  status: RoleRequestStatus;
  actorId: string;
  approvers: readonly string[];
  requesterId: string | null;
  personId: string | null;
}): string[] {
  const candidates = input.status === 'pending_approval' ? input.approvers : [input.requesterId, input.personId];
  return [...new Set(candidates.filter((id): id is string => Boolean(id) && id !== input.actorId))];
}

/** Invites are mailed by the invite itself (with its link): their notifications are not mailed a second time. */
export function isMailedAsNotification(type: string): boolean {
  return type !== 'invite' && type !== 'orgInvite';
}
