import './styles.ts';
import { useEffect, useState } from 'react';
import { Box, Button, Drawer, Group, ScrollArea, Tabs } from '@mantine/core';
import { notificationPanelWidth } from '@crewplan/domain/notifications/rules';
import { notifications as toast } from '@mantine/notifications';
import { queryClient } from '../../lib/query-client.ts';
import { setParams } from '../../lib/url-state.ts';
import { markPanelOpened, notificationKeys, useMarkAllRead, useMarkRead, type Notification } from './api.ts';
import { NotificationList, PinnedList } from './NotificationList.tsx';
import { PANEL_TABS, TAB_LABELS, targetOf, type NotificationTarget, type PanelTab } from './notification-rules.ts';
import { ThreadView, type Thread } from './ThreadView.tsx';

/**
 * The notification panel (spec 3 §2): tabs for all and each view, 'Mark all as read', and a thread beside the list
 * for a task message (the panel widens from 620 to 1050). Opening it tells the server the panel was seen.
 */
export function NotificationPanel({ onClose }: { onClose: () => void }) {
  const [tab, setTab] = useState<PanelTab>('all');
  const [thread, setThread] = useState<Thread | null>(null);
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();

  useEffect(() => {
    void markPanelOpened()
      .then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.all }))
      .catch(() => undefined);
  }, []);

  const go = (target: NotificationTarget) => {
    if (target.kind === 'thread') return setThread(target);
    if (target.kind === 'invite') setParams({ 'invite-notice': target.notificationId });
    if (target.kind === 'mission') setParams({ mission: target.missionId });
    if (target.kind === 'org') setParams({ org: target.orgId, ...(target.tab ? { 'org-tab': target.tab } : {}) });
    if (target.kind === 'leave') setParams({ 'leave-notice': target.leaveId });
    if (target.kind !== 'none') onClose();
  };

  const open = (notification: Notification) => {
    if (!notification.isRead) markRead.mutate(notification._id);
    go(targetOf(notification));
  };

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onError: (error) => toast.show({ color: 'red', message: error.message, autoClose: 3000, position: 'top-center' }),
    });

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={notificationPanelWidth(thread !== null)}
      title="Notifications"
      closeButtonProps={{ 'aria-label': 'Close notifications' }}
      padding="md"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Box w={thread ? 560 : '100%'} style={{ flexShrink: 0 }}>
          <Group justify="flex-end" mb="xs">
            <Button variant="subtle" size="xs" onClick={markAllRead} loading={markAll.isPending}>
              Mark all as read
            </Button>
          </Group>
          <Tabs value={tab} onChange={(value) => setTab((value as PanelTab | null) ?? 'all')} keepMounted={false}>
            <Tabs.List>
              {PANEL_TABS.map((name) => (
                <Tabs.Tab key={name} value={name}>
                  {TAB_LABELS[name]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {PANEL_TABS.map((name) => (
              <Tabs.Panel key={name} value={name} pt="sm">
                {name === 'pinned' ? (
                  <PinnedList
                    onOpen={(itemId) => {
                      setParams({ 'action-item': itemId });
                      onClose();
                    }}
                  />
                ) : (
                  <NotificationList tab={name} onOpen={open} activeThread={thread?.actionItemId ?? null} />
                )}
              </Tabs.Panel>
            ))}
          </Tabs>
        </Box>
        {thread && (
          <ThreadView
            thread={thread}
            onClose={() => setThread(null)}
            onOpenTask={() => {
              setParams({ mission: thread.missionId, 'action-item': thread.actionItemId });
              onClose();
            }}
          />
        )}
      </Group>
    </Drawer>
  );
}
