import { memo, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ActionItem } from '../api.ts';
import type { BoardColumn as Column } from '../task-rules.ts';
import classes from './board.module.css';
import { TaskCard, type TaskCardProps } from './TaskCard.tsx';
import { plural } from '@crewplan/domain/shared/words';

const CARD_ESTIMATE = 112;
const CARD_GAP = 8;

/** A column hands its cards what they share: the people, the project type, now and the person's zone, the handlers. */
export interface BoardColumnProps extends Pick<TaskCardProps, 'people' | 'projectType' | 'now' | 'timeZone' | 'onOpen' | 'onDone'> {
  column: Column<ActionItem>;
  /** Quick add (those who may create tasks): resolves once the task exists. */
  onAdd?: (title: string) => Promise<unknown>;
  /** Whether the viewer may move this task (its people and admins; others see no handle). */
  canMove: (itemId: string) => boolean;
  /** Whether the viewer may change this task's status (the hover Done control). */
  canComplete: (itemId: string) => boolean;
}

/** A card in its sortable place; it and its tile draw again only when they change, not at each scroll step. */
const SortableCard = memo(function SortableCard(
  props: Omit<BoardColumnProps, 'column' | 'onAdd'> & { item: ActionItem; columnId: string },
) {
  const { item, columnId, canMove, canComplete, onDone, ...card } = props;
  const movable = canMove(item._id);
  const sortable = useSortable({ id: item._id, data: { type: 'task', columnId }, disabled: !movable });
  const { attributes, listeners } = sortable;
  // the whole card drags with the pointer (a few pixels of travel first, so a click still opens it); the handle is
  // the keyboard's way to pick it up
  const onKeyDown = listeners?.onKeyDown as ((event: KeyboardEvent<HTMLButtonElement>) => void) | undefined;
  const pointerDown = listeners?.onPointerDown as ((event: PointerEvent<HTMLDivElement>) => void) | undefined;
  const handle = useMemo(() => (movable ? { ...attributes, onKeyDown } : undefined), [movable, attributes, onKeyDown]);
  const dragArea = useMemo(() => (movable && pointerDown ? { onPointerDown: pointerDown } : undefined), [movable, pointerDown]);
  return (
    <div ref={sortable.setNodeRef} style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}>
      <TaskCard
        {...card}
        item={item}
        onDone={onDone && canComplete(item._id) ? onDone : undefined}
        dragging={sortable.isDragging}
        setHandleRef={sortable.setActivatorNodeRef}
        handle={handle}
        dragArea={dragArea}
      />
    </div>
  );
});

/**
 * One column of the board: a drop zone (the whole column, header included, also when empty) whose cards are virtualised (only those in view are in the page, so 10,000
 * tasks scroll smoothly), sortable by mouse and keyboard, with a quick add on top.
 */
export const BoardColumn = memo(function BoardColumn({ column, onAdd, ...rest }: BoardColumnProps) {
  const scroller = useRef<HTMLDivElement | null>(null);
  const droppable = useDroppable({ id: column.id, data: { type: 'column' } });
  const items = column.items;
  // the same list while the column scrolls: a new one would make the sortable context start over each frame
  const ids = useMemo(() => items.map((item) => item._id), [items]);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE,
    getItemKey: (index) => items[index]!._id,
    overscan: 4,
    gap: CARD_GAP,
  });
  return (
    <Paper
      ref={droppable.setNodeRef}
      p="xs"
      radius="md"
      className={classes.column}
      role="region"
      aria-label={`${column.name} column`}
      data-testid="board-column"
    >
      <Group justify="space-between" mb="xs" px={4}>
        <Title order={3} size="sm">
          {column.name}
        </Title>
        <Badge variant="outline" color="gray.8" aria-label={plural(items.length, 'task')}>
          {items.length}
        </Badge>
      </Group>
      {onAdd && <QuickAdd columnName={column.name} onAdd={onAdd} />}
      <div ref={scroller} className={`${classes.scroller} ${droppable.isOver ? classes.over : ''}`} data-testid="column-cards">
        <SortableContext id={column.id} items={ids} strategy={verticalListSortingStrategy}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((row) => {
              const item = items[row.index]!;
              return (
                <div
                  key={row.key}
                  data-index={row.index}
                  ref={virtualizer.measureElement}
                  style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${row.start}px)` }}
                >
                  <SortableCard {...rest} item={item} columnId={column.id} />
                </div>
              );
            })}
          </div>
        </SortableContext>
        {items.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" py="md">
            No tasks
          </Text>
        )}
      </div>
    </Paper>
  );
});

function QuickAdd({ columnName, onAdd }: { columnName: string; onAdd: (title: string) => Promise<unknown> }) {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const text = title.trim();
    if (!text || busy) return;
    setBusy(true);
    try {
      await onAdd(text);
      setTitle('');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextInput
        mb="xs"
        size="xs"
        placeholder="Add a task…"
        aria-label={`New task in ${columnName}`}
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        rightSection={
          <ActionIcon type="submit" size="sm" variant="subtle" loading={busy} aria-label={`Add the task to ${columnName}`}>
            <IconPlus size={14} />
          </ActionIcon>
        }
      />
    </form>
  );
}
