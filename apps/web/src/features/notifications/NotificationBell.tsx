import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ActionIcon, Indicator } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconBell } from '@tabler/icons-react';
import { unreadCountQuery } from './api.ts';
import { badgeLabel, shouldChime } from './notification-rules.ts';
import { chimeSoon } from './sound.ts';

const NotificationPanel = lazy(() => import('./NotificationPanel.tsx').then((m) => ({ default: m.NotificationPanel })));

/**
 * The bell in the header: the unread count as a badge, kept live by the person's realtime room; a new notification
 * chimes 1.5 s later (rule 246). It opens the notification panel.
 */
export function NotificationBell() {
  const unread = useQuery(unreadCountQuery);
  const [opened, setOpened] = useState(false);
  const previous = useRef<number | undefined>(undefined);
  const count = unread.data ?? 0;

  useEffect(() => {
    const before = previous.current;
    previous.current = unread.data;
    if (shouldChime(before, unread.data)) return chimeSoon();
  }, [unread.data]);

  return (
    <>
      <Indicator label={badgeLabel(count)} size={18} color="red" disabled={count === 0} offset={4} data-testid="notification-badge">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={count > 0 ? `Notifications (${count} unread)` : 'Notifications'}
          aria-haspopup="dialog"
          aria-expanded={opened}
          onClick={() => setOpened(true)}
        >
          <IconBell size={18} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
      {opened && (
        <Suspense fallback={null}>
          <NotificationPanel onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
