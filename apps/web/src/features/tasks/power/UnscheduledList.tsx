import { useState } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useActionItemMutations, type ActionItem, type MissionWithTasks } from '../api.ts';
import { TaskChip } from './TaskChip.tsx';

export const UNSCHEDULED_ID = 'unscheduled';

/** Tasks not on the grid yet; dropping a scheduled task here takes it off the grid. */
export function UnscheduledList({
  mission,
  tasks,
  canWork,
  actionId,
  compact = false,
}: {
  mission: MissionWithTasks;
  tasks: ActionItem[];
  canWork: boolean;
  /** The action new tasks go under (the one in view), else the first open one. */
  actionId?: string;
  compact?: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: UNSCHEDULED_ID });
  const { quickAdd } = useActionItemMutations(mission._id);
  const [title, setTitle] = useState('');
  const canCreate = mission.abilities['tasks.create'];
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="sm"
      w={compact ? 220 : undefined}
      style={{ flexShrink: 0, outline: isOver ? '2px solid var(--mantine-color-blue-filled)' : undefined }}
      aria-labelledby="power-unscheduled-title"
      component="section"
    >
      <Stack gap="xs">
        <Title order={3} size="h6" id="power-unscheduled-title">
          Unscheduled ({tasks.length})
        </Title>
        {tasks.length === 0 && (
          <Text size="sm" c="dimmed">
            Every open task is on the schedule.
          </Text>
        )}
        {tasks.map((task) => (
          <TaskChip key={task._id} task={task} disabled={!canWork} where="unscheduled" />
        ))}
        {canCreate && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              if (!title.trim()) return;
              quickAdd.mutate(
                { mission, title: title.trim(), actionId },
                {
                  onSuccess: () => setTitle(''),
                  onError: (error) => notifications.show({ message: error.message, color: 'red', autoClose: 3_000 }),
                },
              );
            }}
          >
            <Group gap={4} wrap="nowrap" align="flex-end">
              <TextInput
                size="xs"
                label="New task"
                value={title}
                onChange={(event) => setTitle(event.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button size="xs" type="submit" loading={quickAdd.isPending}>
                Add
              </Button>
            </Group>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
