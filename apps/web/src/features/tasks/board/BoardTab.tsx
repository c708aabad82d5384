import { useCallback, useMemo, useState } from 'react';
import {
  closestCorners,
  pointerWithin,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Mission } from '@crewplan/domain/missions/mission';
import { useProfile } from '../../../lib/profile.ts';
import { setParams, useUrl } from '../../../lib/url-state.ts';
import { tasksOf, useActionItemMutations, type MissionWithTasks } from '../api.ts';
import { everyoneOf, taskPeopleOf, taskViewerOf } from '../task-people.ts';
import {
  actionInView,
  boardColumns,
  dropTarget,
  filterTasks,
  nextSortIndex,
  openActions,
  quickAddActionOf,
  tagOptions,
  taskAccess,
  type TaskFilter,
} from '../task-rules.ts';
import { ActionsMenu } from './ActionsMenu.tsx';
import { BoardColumn } from './BoardColumn.tsx';
import { NewAction } from './NewAction.tsx';
import { TaskCard } from './TaskCard.tsx';
import { FocusedAction } from '../FocusedAction.tsx';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { plural } from '@crewplan/domain/shared/words';

const SCREEN_READER_INSTRUCTIONS = {
  draggable:
    'To move a task, drag it, or press Space on its handle. Use the arrow keys to move it within a column or to another column, Space to drop it, Escape to cancel.',
};

const openTask = (itemId: string) => setParams({ 'action-item': itemId });

/**
 * Where a drag is over: the column under the pointer (an empty one too), and within it the card under the pointer,
 * if any; keyboard moves (no pointer) take the nearest corners.
 */
const underPointer: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  if (under.length === 0) return closestCorners(args);
  const card = under.find((collision) => collision.data?.droppableContainer?.data.current?.type === 'task');
  return card ? [card] : under;
};

/**
 * The board of simple and kanban projects (spec 1 §1: they share one view). Columns are the mission's `cols`;
 * cards move between and within columns by mouse or keyboard and the move is saved (column and sortIndex).
 * Simple projects differ only where the spec says: overdue marks and the hover Done control (never on kanban).
 */
export function BoardTab({ mission }: { mission: Mission }) {
  const data = mission as MissionWithTasks;
  const selfId = useProfile().data?._id ?? null;
  const { actions, actionItems: allItems } = tasksOf(data);
  // `?action=<id>` (spec 1 §2) shows only that action's tasks, until cleared
  const { params } = useUrl();
  const actionParam = params.get('action');
  const focused = actionInView(actions, actionParam);
  const actionItems = useMemo(() => (focused ? allItems.filter((item) => item.actionId === focused._id) : allItems), [allItems, focused]);
  const [chosenAction, setChosenAction] = useState<string | null>(null);
  const addUnder = quickAddActionOf(actions, chosenAction ?? focused?._id);
  const addable = useMemo(() => openActions(actions), [actions]);
  const [filter, setFilter] = useState<TaskFilter>({ person: null, tag: null });
  const [activeId, setActiveId] = useState<UniqueIdentifier | null>(null);
  const mutations = useActionItemMutations(mission._id);
  const viewer = taskViewerOf(mission, selfId);
  const people = useMemo(() => everyoneOf(mission), [mission]);
  const assignable = useMemo(() => taskPeopleOf(mission), [mission]);
  const actionsById = useMemo(() => new Map(actions.map((action) => [action._id, action])), [actions]);
  const columns = useMemo(() => boardColumns(mission.cols, filterTasks(actionItems, filter)), [mission.cols, actionItems, filter]);
  const tags = useMemo(() => tagOptions(actionItems), [actionItems]);
  const itemsById = useMemo(() => new Map(actionItems.map((item) => [item._id, item])), [actionItems]);
  const columnNames = useMemo(() => new Map(mission.cols.map((col) => [col.id, col.name])), [mission.cols]);
  const now = useMemo(() => new Date(), []);
  const timeZone = useTimeZone();
  const kanban = mission.projectType === 'kanban';

  const accessOf = useCallback(
    (itemId: string) => {
      const item = itemsById.get(itemId);
      return item ? taskAccess(viewer, item, actionsById.get(item.actionId) ?? null) : null;
    },
    // the viewer is rebuilt each render from the mission; its fields are what matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [itemsById, actionsById, selfId, mission.permission, mission.isProjectManager, mission.abilities],
  );
  const canMove = useCallback((itemId: string) => accessOf(itemId)?.edit ?? false, [accessOf]);
  const canComplete = useCallback((itemId: string) => accessOf(itemId)?.status ?? false, [accessOf]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const titleOf = (id: UniqueIdentifier) => itemsById.get(String(id))?.title ?? 'task';
  const placeOf = (id: UniqueIdentifier) => {
    const name = columnNames.get(String(id));
    if (name) return `the ${name} column`;
    const item = itemsById.get(String(id));
    return item ? `${item.title} in ${columnNames.get(item.col) ?? 'its column'}` : 'the board';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is over ${placeOf(over.id)}.` : `${titleOf(active.id)} is not over a column.`,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} was dropped on ${placeOf(over.id)}.` : `${titleOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const failed = (error: unknown) =>
    notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Sorry. Please try again.' });

  const onDragStart = ({ active }: DragStartEvent) => setActiveId(active.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over) return;
    const itemId = String(active.id);
    if (!accessOf(itemId)?.edit) {
      notifications.show({ color: 'red', message: 'Sorry. Only people on this task or its admins can move it.' });
      return;
    }
    const target = dropTarget(columns, itemId, String(over.id));
    if (!target) return;
    mutations.move.mutate({ itemId, col: target.col, sortIndex: target.sortIndex }, { onError: failed });
    if (target.renumber.length) mutations.bulk.mutate(target.renumber, { onError: failed });
  };

  const onDone = useCallback(
    (itemId: string) => mutations.update.mutate({ itemId, status: 'done', percentComplete: 100 }, { onError: failed }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [mission._id],
  );
  const canCreate = mission.abilities['tasks.create'];
  const addTo = (colId: string) => (title: string) => {
    const column = columns.find((col) => col.id === colId);
    return mutations.quickAdd
      .mutateAsync({ mission: data, title, actionId: addUnder, col: colId, sortIndex: nextSortIndex(column?.items ?? []) })
      .catch((error: unknown) => failed(error));
  };
  const active = activeId ? itemsById.get(String(activeId)) : undefined;
  const taskCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const item of allItems) counts.set(item.actionId, (counts.get(item.actionId) ?? 0) + 1);
    return counts;
  }, [allItems]);
  const onActionDeleted = (actionId: string) => {
    if (chosenAction === actionId) setChosenAction(null);
    if (focused?._id === actionId) setParams({ action: null, 'mission-tab': 'board' }, { replace: true });
  };

  return (
    <Stack gap="sm" data-testid="board">
      <Group gap="sm" align="flex-end">
        <Select
          label="Person"
          placeholder="Everyone"
          size="xs"
          clearable
          searchable
          data={[...assignable.values()].map((person) => ({ value: person.id, label: person.name }))}
          value={filter.person}
          onChange={(person) => setFilter((current) => ({ ...current, person }))}
        />
        <Select
          label="Tag"
          placeholder="Every tag"
          size="xs"
          clearable
          searchable
          data={tags}
          value={filter.tag}
          onChange={(tag) => setFilter((current) => ({ ...current, tag }))}
        />
        {canCreate && addable.length > 1 && (
          <Select
            label="Add tasks to"
            size="xs"
            allowDeselect={false}
            data={addable.map((action) => ({ value: action._id, label: action.title }))}
            value={addUnder}
            onChange={setChosenAction}
          />
        )}
        <Group gap="sm" ml="auto" align="center">
          <Text size="xs" c="dimmed" aria-live="polite">
            {plural(actionItems.length, 'task')}
          </Text>
          {actions.length > 0 && <ActionsMenu mission={mission} actions={actions} taskCounts={taskCounts} onDeleted={onActionDeleted} />}
          {canCreate && <NewAction mission={mission} onCreated={(action) => setChosenAction(action._id)} />}
        </Group>
      </Group>
      {focused && <FocusedAction title={focused.title} tab="board" />}
      {actionParam && !focused && actions.length > 0 && (
        <Text size="sm" c="dimmed" role="note">
          That action is not on this project; every task is shown.
        </Text>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={underPointer}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActiveId(null)}
        accessibility={{ announcements, screenReaderInstructions: SCREEN_READER_INSTRUCTIONS }}
      >
        <Group align="flex-start" gap="sm" wrap="nowrap" style={{ overflowX: 'auto' }} pb="xs">
          {columns.map((column) => (
            <BoardColumn
              key={column.id}
              column={column}
              people={people}
              projectType={mission.projectType}
              now={now}
              timeZone={timeZone}
              onOpen={openTask}
              onDone={kanban ? undefined : onDone}
              onAdd={canCreate ? addTo(column.id) : undefined}
              canMove={canMove}
              canComplete={canComplete}
            />
          ))}
        </Group>
        <DragOverlay>
          {active && (
            <TaskCard item={active} people={people} projectType={mission.projectType} now={now} timeZone={timeZone} onOpen={() => {}} />
          )}
        </DragOverlay>
      </DndContext>
    </Stack>
  );
}
