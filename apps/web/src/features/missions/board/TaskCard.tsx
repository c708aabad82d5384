import { memo, type CSSProperties, type HTMLAttributes } from 'react';
import { ActionIcon, Avatar, Badge, Button, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconGripVertical } from '@tabler/icons-react';
import { initialsOf, type PersonSummary } from '../../../components/people/people-rules.ts';
import type { ActionItem } from '../../missions/tasks/api.ts';
import {
  COMPLEXITY_LABELS,
  complexityClass,
  isOverdue,
  metaTypeLabel,
  parsedDueDate,
  taskCodeShown,
  visibleTags,
} from '../../missions/tasks/task-rules.ts';
import classes from './board.module.css';

const AVATARS_SHOWN = 3;
const TAGS_SHOWN = 3;

export interface TaskCardProps {
  item: ActionItem;
  people: ReadonlyMap<string, PersonSummary>;
  projectType: string;
  now: Date;
  onOpen: (itemId: string) => void;
  /** Offers the hover Done control (not on kanban, rule 60). */
  onDone?: (itemId: string) => void;
  /** The drag handle's listeners and attributes (absent on the drag overlay). */
  handle?: HTMLAttributes<HTMLButtonElement>;
  setHandleRef?: (element: HTMLElement | null) => void;
  style?: CSSProperties;
  dragging?: boolean;
}

/** A task tile: code, title, type, complexity, tags, due date (overdue mark off kanban), people. */
export const TaskCard = memo(function TaskCard({
  item,
  people,
  projectType,
  now,
  onOpen,
  onDone,
  handle,
  setHandleRef,
  style,
  dragging,
}: TaskCardProps) {
  const due = parsedDueDate(item.dueDate);
  const overdue = isOverdue(item, projectType, now);
  const meta = metaTypeLabel(item.metaType);
  const level = complexityClass(item.complexityMultiplier);
  const tags = visibleTags(item.tags);
  const assignees = item.people.map((id) => people.get(id)).filter((person): person is PersonSummary => Boolean(person));
  const done = item.status === 'done';
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      className={classes.card}
      style={{ ...style, opacity: dragging ? 0.4 : 1 }}
      data-testid="task-card"
      data-task-id={item._id}
      aria-label={`Task ${item.title}`}
      role="group"
    >
      <Group gap={6} wrap="nowrap" justify="space-between">
        <Group gap={6} wrap="nowrap">
          {handle && (
            <ActionIcon
              ref={setHandleRef}
              variant="subtle"
              color="gray"
              size="sm"
              className={classes.handle}
              aria-label={`Move ${item.title}`}
              {...handle}
            >
              <IconGripVertical size={14} />
            </ActionIcon>
          )}
          <Text size="xs" c="dimmed" data-testid="task-code">
            {taskCodeShown(item)}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          {meta && (
            <Badge size="xs" color={meta === 'Critical' ? 'red.9' : meta === 'Bug' ? 'pink.9' : 'grape.9'} variant="outline">
              {meta}
            </Badge>
          )}
          <Tooltip label={`Complexity: ${COMPLEXITY_LABELS[level]}`}>
            <Badge size="xs" variant="outline" color="gray.8" aria-label={`Complexity ${COMPLEXITY_LABELS[level]}`}>
              C{level}
            </Badge>
          </Tooltip>
        </Group>
      </Group>
      <UnstyledButton onClick={() => onOpen(item._id)} mt={4} w="100%" aria-label={`Open ${item.title}`}>
        <Text size="sm" fw={500} lineClamp={2} td={done ? 'line-through' : undefined}>
          {item.title}
        </Text>
      </UnstyledButton>
      {tags.length > 0 && (
        <Group gap={4} mt={4}>
          {tags.slice(0, TAGS_SHOWN).map((tag) => (
            <Badge key={tag} size="xs" variant="outline" color="blue.9" tt="none">
              {tag}
            </Badge>
          ))}
          {tags.length > TAGS_SHOWN && (
            <Text size="xs" c="dimmed">
              +{tags.length - TAGS_SHOWN}
            </Text>
          )}
        </Group>
      )}
      <Group gap={6} mt={6} justify="space-between" wrap="nowrap">
        <Group gap={4} wrap="nowrap">
          {due && (
            <Text size="xs" c={overdue ? 'red.8' : 'dimmed'}>
              Due {due}
            </Text>
          )}
          {overdue && (
            <Badge size="xs" color="red.9" variant="filled">
              Overdue
            </Badge>
          )}
          {done && (
            <Badge size="xs" color="teal.9" variant="filled">
              Done
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {onDone && !done && (
            <Button
              size="compact-xs"
              variant="light"
              color="green"
              className={classes.hoverDone}
              leftSection={<IconCheck size={12} />}
              onClick={() => onDone(item._id)}
              aria-label={`Mark ${item.title} done`}
            >
              Done
            </Button>
          )}
          {assignees.length > 0 && (
            <Avatar.Group spacing="xs">
              {assignees.slice(0, AVATARS_SHOWN).map((person) => (
                <Tooltip key={person.id} label={person.name}>
                  <Avatar size="sm" radius="xl" src={person.avatar ?? null} alt={person.name} color="initials" name={person.name}>
                    {initialsOf(person.name)}
                  </Avatar>
                </Tooltip>
              ))}
              {assignees.length > AVATARS_SHOWN && (
                <Avatar size="sm" radius="xl">
                  +{assignees.length - AVATARS_SHOWN}
                </Avatar>
              )}
            </Avatar.Group>
          )}
        </Group>
      </Group>
    </Paper>
  );
});
