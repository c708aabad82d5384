import { Fragment, memo, useState, type CSSProperties, type HTMLAttributes, type ReactElement } from 'react';
import { ActionIcon, Avatar, Badge, Button, Tooltip } from '@mantine/core';
import { IconCheck, IconGripVertical } from '@tabler/icons-react';
import { initialsOf, type PersonSummary } from '../../../components/people/people-rules.ts';
import type { ActionItem } from '../api.ts';
import { isOverdue, shownTaskCode, taskDayOf } from '@crewplan/domain/tasks/rules';
import { COMPLEXITY_LABELS, complexityClass, metaTypeLabel, visibleTags } from '../task-rules.ts';
import classes from './board.module.css';

const AVATARS_SHOWN = 3;
const TAGS_SHOWN = 3;

export interface TaskCardProps {
  item: ActionItem;
  people: ReadonlyMap<string, PersonSummary>;
  projectType: string;
  now: Date;
  /** The person's time zone: where "today" is for the overdue mark. */
  timeZone: string;
  onOpen: (itemId: string) => void;
  /** Offers the hover Done control (not on kanban, rule 60). */
  onDone?: (itemId: string) => void;
  /** The drag handle's keyboard listener and attributes (absent on the drag overlay). */
  handle?: HTMLAttributes<HTMLButtonElement>;
  /** The pointer listener that lets the whole card be dragged (absent when the viewer may not move it). */
  dragArea?: HTMLAttributes<HTMLDivElement>;
  setHandleRef?: (element: HTMLElement | null) => void;
  style?: CSSProperties;
  dragging?: boolean;
}

/**
 * A task tile: code, title, type, complexity, tags, due date (overdue mark off kanban), people. A board of 10,000
 * tasks draws dozens of tiles at every scroll step, so the tile is kept light: its frame, rows and texts are plain
 * elements styled by the board's CSS, and its tooltips exist only once the pointer has come onto it.
 */
export const TaskCard = memo(function TaskCard({
  item,
  people,
  projectType,
  now,
  timeZone,
  onOpen,
  onDone,
  handle,
  dragArea,
  setHandleRef,
  style,
  dragging,
}: TaskCardProps) {
  const due = taskDayOf(item.dueDate);
  const overdue = isOverdue(item, projectType, now, timeZone);
  const meta = metaTypeLabel(item.metaType);
  const level = complexityClass(item.complexityMultiplier);
  const tags = visibleTags(item.tags);
  const assignees = item.people.map((id) => people.get(id)).filter((person): person is PersonSummary => Boolean(person));
  const done = item.status === 'done';
  const [pointedAt, setPointedAt] = useState(false);
  const tip = (label: string, target: ReactElement) => (pointedAt ? <Tooltip label={label}>{target}</Tooltip> : target);
  return (
    <div
      onPointerEnter={pointedAt ? undefined : () => setPointedAt(true)}
      {...dragArea}
      className={classes.card}
      data-movable={dragArea ? true : undefined}
      style={{ ...style, opacity: dragging ? 0.4 : 1 }}
      data-testid="task-card"
      data-task-id={item._id}
      aria-label={`Task ${item.title}`}
      role="group"
    >
      <div className={classes.row}>
        <div className={classes.cluster}>
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
          <span className={classes.small} data-testid="task-code">
            {shownTaskCode(item.code, item.createdAt)}
          </span>
        </div>
        <div className={classes.cluster}>
          {meta && (
            <Badge size="xs" color={meta === 'Critical' ? 'red.9' : meta === 'Bug' ? 'pink.9' : 'grape.9'} variant="outline">
              {meta}
            </Badge>
          )}
          {tip(
            `Complexity: ${COMPLEXITY_LABELS[level]}`,
            <Badge size="xs" variant="outline" color="gray.8" aria-label={`Complexity ${COMPLEXITY_LABELS[level]}`}>
              C{level}
            </Badge>,
          )}
        </div>
      </div>
      <button
        type="button"
        className={`${classes.open} mantine-focus-auto`}
        onClick={() => onOpen(item._id)}
        aria-label={`Open ${item.title}`}
      >
        <span className={classes.title} data-done={done || undefined}>
          {item.title}
        </span>
      </button>
      {tags.length > 0 && (
        <div className={classes.tags}>
          {tags.slice(0, TAGS_SHOWN).map((tag) => (
            <Badge key={tag} size="xs" variant="outline" color="blue.9" tt="none">
              {tag}
            </Badge>
          ))}
          {tags.length > TAGS_SHOWN && <span className={classes.small}>+{tags.length - TAGS_SHOWN}</span>}
        </div>
      )}
      <div className={`${classes.row} ${classes.footer}`}>
        <div className={classes.cluster}>
          {due && <span className={overdue ? classes.late : classes.small}>Due {due}</span>}
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
        </div>
        <div className={classes.cluster}>
          {onDone && !done && (
            <Button
              size="compact-xs"
              variant="default"
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
                <Fragment key={person.id}>
                  {tip(
                    person.name,
                    <Avatar size="sm" radius="xl" src={person.avatar ?? null} alt={person.name} color="brand" variant="filled">
                      {initialsOf(person.name)}
                    </Avatar>,
                  )}
                </Fragment>
              ))}
              {assignees.length > AVATARS_SHOWN && (
                <Avatar size="sm" radius="xl">
                  +{assignees.length - AVATARS_SHOWN}
                </Avatar>
              )}
            </Avatar.Group>
          )}
        </div>
      </div>
    </div>
  );
});
