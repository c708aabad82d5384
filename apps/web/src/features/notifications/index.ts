/** Notifications: the bell with its panel, and the invite notice. */
export { NotificationBell } from './NotificationBell.tsx';
export { unreadCountQuery, useNotificationsLoading, workspaceNotificationsQuery } from './api.ts';
