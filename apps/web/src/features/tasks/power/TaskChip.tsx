import { useDraggable } from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Paper, Text } from '@mantine/core';
import type { ActionItem } from '../api.ts';
import { durationText } from '../task-rules.ts';

/** A task that can be dragged (pointer or keyboard) onto a day and hour, or back to the list. */
export function TaskChip({ task, disabled, where }: { task: ActionItem; disabled: boolean; where?: string }) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: `task:${task._id}`, disabled });
  const hours = durationText(task.estimatedDuration);
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      shadow={isDragging ? 'md' : undefined}
      px={6}
      py={2}
      data-testid={`power-task-${task._id}`}
      aria-label={`${task.title}${hours ? `, ${hours}` : ''}${where ? `, ${where}` : ''}`}
      style={{
        transform: CSS.Translate.toString(transform),
        zIndex: isDragging ? 10 : undefined,
        position: 'relative',
        cursor: disabled ? 'default' : 'grab',
        background: task.status === 'done' ? 'var(--mantine-color-green-light)' : 'var(--mantine-color-blue-light)',
        touchAction: 'none',
      }}
      {...listeners}
      {...attributes}
    >
      <Text size="xs" fw={500} lineClamp={1} td={task.status === 'done' ? 'line-through' : undefined}>
        {task.title}
      </Text>
      {hours && (
        <Text size="xs" c="dimmed">
          {hours}
        </Text>
      )}
    </Paper>
  );
}
