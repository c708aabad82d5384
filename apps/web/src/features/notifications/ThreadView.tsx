import { ActionIcon, Alert, Badge, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconX } from '@tabler/icons-react';
import { NOTIFICATION_MESSAGES } from '@crewplan/domain/notifications/rules';
import { useFeatureSlots } from '../../lib/feature-slots.tsx';
import { taskExistsQuery } from './api.ts';

export type Thread = { missionId: string; actionItemId: string; title: string };

/** The chat of a task beside the list (the TaskChat slot); a task that is gone shows the spec's text. */
export function ThreadView({ thread, onClose, onOpenTask }: { thread: Thread; onClose: () => void; onOpenTask: () => void }) {
  const exists = useQuery(taskExistsQuery(thread.actionItemId));
  const { TaskChat } = useFeatureSlots();
  return (
    <Box style={{ flex: 1, minWidth: 0 }} component="section" aria-label="Thread">
      <Group justify="space-between" wrap="nowrap" mb="sm">
        <Text fw={600} truncate>
          {thread.title || 'Thread'}
        </Text>
        <ActionIcon variant="subtle" color="gray" aria-label="Close the thread" onClick={onClose}>
          <IconX size={16} aria-hidden="true" />
        </ActionIcon>
      </Group>
      {exists.isPending && <Loader size="sm" aria-label="Loading the thread" />}
      {exists.isError && (
        <Alert color="red" role="alert">
          {exists.error.message}
        </Alert>
      )}
      {exists.data === false && (
        <Stack gap="xs" data-testid="thread-gone">
          <Badge color="gray" variant="light">
            {NOTIFICATION_MESSAGES.taskGone}
          </Badge>
          <Text>{NOTIFICATION_MESSAGES.threadGone}</Text>
        </Stack>
      )}
      {exists.data === true && (
        <Stack gap="sm">
          <Button variant="light" size="xs" onClick={onOpenTask} w="fit-content">
            Open the task
          </Button>
          {TaskChat && <TaskChat missionId={thread.missionId} actionItemId={thread.actionItemId} title={thread.title} />}
        </Stack>
      )}
    </Box>
  );
}
