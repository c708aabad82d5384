import { useRef } from 'react';
import { ActionIcon, Alert, Avatar, Box, Group, Loader, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { IconEyeOff, IconPin } from '@tabler/icons-react';
import { isNewSince } from '@crewplan/domain/notifications/rules';
import { notificationListQuery, pinnedItemsQuery, useDisableNotification, type Notification } from './api.ts';
import { actorName, EMPTY_TEXT, roleRequestAskOf, relativeTime, TAB_LABELS, type PanelTab } from './notification-rules.ts';
import { RoleRequestDecision } from './RoleRequestDecision.tsx';

const ROW_ESTIMATE = 84;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();

function Empty({ tab }: { tab: PanelTab }) {
  return (
    <Text c="dimmed" ta="center" py="xl" data-testid="notifications-empty">
      {EMPTY_TEXT[tab]}
    </Text>
  );
}

/** One notification: actor, text, relative time, an unread mark; click opens it, the eye hides it. */
function NotificationRow(props: {
  notification: Notification;
  fresh: boolean;
  active: boolean;
  now: number;
  onOpen: (notification: Notification) => void;
  onHide: (id: string) => void;
}) {
  const { notification, fresh, active, now } = props;
  const name = actorName(notification.actor);
  const request = roleRequestAskOf(notification);
  return (
    <Box
      p="xs"
      bg={active ? 'var(--mantine-color-default-hover)' : notification.isRead ? undefined : 'var(--mantine-primary-color-light)'}
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="notification-item"
      data-unread={!notification.isRead}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <UnstyledButton onClick={() => props.onOpen(notification)} style={{ flex: 1, minWidth: 0 }}>
          <Group wrap="nowrap" align="flex-start" gap="sm">
            <Avatar src={notification.actor?.avatar} alt="" radius="xl" size="md" color="brand" aria-hidden="true">
              {initials(name) || null}
            </Avatar>
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={notification.isRead ? 400 : 600} lineClamp={2}>
                {notification.title}
              </Text>
              {notification.body && (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {notification.body}
                </Text>
              )}
              <Text size="xs" c="dimmed">
                <time dateTime={notification.createdAt}>{relativeTime(notification.createdAt, now)}</time>
                {fresh && !notification.isRead ? ' · new' : ''}
              </Text>
            </Box>
          </Group>
        </UnstyledButton>
        {!notification.isRead && (
          <Box
            w={10}
            h={10}
            mt={6}
            bg="var(--mantine-primary-color-filled)"
            style={{ borderRadius: '50%', flexShrink: 0 }}
            role="img"
            aria-label="Unread"
          />
        )}
        <Tooltip label="Hide">
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Hide notification: ${notification.title}`}
            onClick={() => props.onHide(notification._id)}
          >
            <IconEyeOff size={16} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Group>
      {request && (
        <Box pl={48}>
          <RoleRequestDecision request={request} />
        </Box>
      )}
    </Box>
  );
}

/** One tab's notifications, virtualised (the list holds at least 300). */
export function NotificationList({
  tab,
  onOpen,
  activeThread,
}: {
  tab: PanelTab;
  onOpen: (notification: Notification) => void;
  activeThread: string | null;
}) {
  const list = useQuery(notificationListQuery(tab));
  const disable = useDisableNotification();
  const scroller = useRef<HTMLDivElement>(null);
  const rows = list.data?.notifications ?? [];
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => rows[index]!._id,
    overscan: 6,
  });
  if (list.isPending) return <Loader size="sm" mx="auto" display="block" aria-label="Loading notifications" />;
  if (list.isError)
    return (
      <Alert color="red" role="alert">
        {list.error.message}
      </Alert>
    );
  if (rows.length === 0) return <Empty tab={tab} />;
  const now = Date.now();
  return (
    <Box ref={scroller} h="calc(100dvh - 190px)" style={{ overflowY: 'auto' }}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="list" aria-label={`${TAB_LABELS[tab]} notifications`}>
        {virtualizer.getVirtualItems().map((virtual) => {
          const notification = rows[virtual.index]!;
          return (
            <div
              key={virtual.key}
              role="listitem"
              data-index={virtual.index}
              ref={virtualizer.measureElement}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${virtual.start}px)`,
                paddingBottom: 4,
              }}
            >
              <NotificationRow
                notification={notification}
                fresh={isNewSince(notification.createdAt, list.data.seenAt)}
                active={activeThread !== null && notification.data.roomId === activeThread}
                now={now}
                onOpen={onOpen}
                onHide={(id) => disable.mutate(id)}
              />
            </div>
          );
        })}
      </div>
    </Box>
  );
}

/** The pinned view: the tasks I pinned; click opens the task. */
export function PinnedList({ onOpen }: { onOpen: (itemId: string) => void }) {
  const items = useQuery(pinnedItemsQuery);
  if (items.isPending) return <Loader size="sm" mx="auto" display="block" aria-label="Loading pinned tasks" />;
  if (items.isError)
    return (
      <Alert color="red" role="alert">
        {items.error.message}
      </Alert>
    );
  if (items.data.length === 0) return <Empty tab="pinned" />;
  return (
    <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pinned tasks">
      {items.data.map((item) => (
        <Box component="li" key={item._id}>
          <UnstyledButton onClick={() => onOpen(item._id)} p="xs" w="100%">
            <Group wrap="nowrap" gap="sm">
              <IconPin size={16} aria-hidden="true" />
              <Box style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {item.code ? `${item.code} · ` : ''}
                  {item.title}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {item.mission.title}
                </Text>
              </Box>
            </Group>
          </UnstyledButton>
        </Box>
      ))}
    </Stack>
  );
}
