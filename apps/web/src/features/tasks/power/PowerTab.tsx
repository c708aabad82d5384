import { useMemo, useRef, useState } from 'react';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { ActionIcon, Alert, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { Mission } from '@crewplan/domain/missions/mission';
import { setParams, useUrl } from '../../../lib/url-state.ts';
import { tasksOf, useActionItemMutations, type ActionItem, type MissionWithTasks } from '../api.ts';
import { dayIn } from '@crewplan/domain/shared/days';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { actionInView } from '../task-rules.ts';
import {
  addDays,
  dayLabel,
  hourLabel,
  initialWeek,
  isScheduled,
  nextSlot,
  parseSlotId,
  POWER_TABS,
  powerTabOf,
  slotId,
  weekDays,
  type GridKey,
} from './power-rules.ts';
import { UNSCHEDULED_ID, UnscheduledList } from './UnscheduledList.tsx';
import { WeekGrid } from './WeekGrid.tsx';
import { FocusedAction } from '../FocusedAction.tsx';

const GRID_KEYS: readonly string[] = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'];

// A pointer drops where it points; the keyboard moves the dragged rectangle onto a cell's centre.
const collision: CollisionDetection = (args) => (args.pointerCoordinates ? pointerWithin(args) : closestCenter(args));

/** The power view: hour-level scheduling of the mission's tasks on a week of working days (`powerTab` picks the part). */
export function PowerTab({ mission }: { mission: Mission }) {
  const { params } = useUrl();
  const sub = powerTabOf(params.get('powerTab'));
  const work = mission as MissionWithTasks;
  const includeWeekends = mission.includeWeekends;
  const { actions, actionItems: allItems } = tasksOf(work);
  // `?action=<id>` (spec 1 §2) shows only that action's tasks, until cleared
  const focused = actionInView(actions, params.get('action'));
  const actionItems = focused ? allItems.filter((item) => item.actionId === focused._id) : allItems;
  const canWork = mission.abilities['tasks.work'];
  const timeZone = useTimeZone();
  const [week, setWeek] = useState(() => initialWeek(actionItems, dayIn(new Date(), timeZone)));
  const days = useMemo(() => weekDays(week, includeWeekends), [week, includeWeekends]);
  const daysRef = useRef(days);
  daysRef.current = days;
  const { move } = useActionItemMutations(mission._id);
  const scheduled = actionItems.filter(isScheduled);
  const unscheduled = actionItems.filter((item) => !isScheduled(item) && item.status !== 'done');
  const titles = new Map(actionItems.map((item) => [item._id, item.title]));

  const keyboardCoordinates = useMemo<KeyboardCoordinateGetter>(
    () =>
      (event, { context }) => {
        if (!GRID_KEYS.includes(event.code)) return undefined;
        event.preventDefault();
        const { collisionRect, droppableRects, over } = context;
        const target = nextSlot(parseSlotId(String(over?.id ?? '')), event.code as GridKey, daysRef.current);
        const rect = target ? droppableRects.get(slotId(target.day, target.hour)) : undefined;
        if (!rect || !collisionRect) return undefined;
        return { x: rect.left + rect.width / 2 - collisionRect.width / 2, y: rect.top + rect.height / 2 - collisionRect.height / 2 };
      },
    [],
  );
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const placeName = (id: string | number | undefined) => {
    if (id === UNSCHEDULED_ID) return 'the unscheduled list';
    const slot = parseSlotId(String(id ?? ''));
    return slot ? `${dayLabel(slot.day)} at ${hourLabel(slot.hour)}` : 'nowhere';
  };
  const taskName = (id: string | number) => titles.get(String(id).replace(/^task:/, '')) ?? 'Task';

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const itemId = String(active.id).replace(/^task:/, '');
    const slot = parseSlotId(String(over.id));
    const target = slot
      ? { startDate: slot.day, startHour: slot.hour }
      : over.id === UNSCHEDULED_ID
        ? { startDate: null, startHour: null }
        : null;
    if (!target) return;
    const item = actionItems.find((entry) => entry._id === itemId);
    if (item && item.startDate?.slice(0, 10) === target.startDate && item.startHour === target.startHour) return;
    move.mutate(
      { itemId, ...target },
      { onError: (error) => notifications.show({ message: error.message, color: 'red', autoClose: 3_000 }) },
    );
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} size="h4">
          Power schedule
        </Title>
        <SegmentedControl
          aria-label="Power view part"
          value={sub}
          onChange={(value) => setParams({ powerTab: value === 'schedule' ? null : value }, { replace: true })}
          data={POWER_TABS.map((tab) => ({ value: tab.value, label: tab.label }))}
        />
      </Group>
      {focused && <FocusedAction title={focused.title} tab="power" />}
      {!canWork && <Alert color="gray">You can look at the schedule; changing it is for the people working on this project.</Alert>}
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements: {
            onDragStart: ({ active }) => `Picked up ${taskName(active.id)}. Use the arrow keys to choose a day and hour.`,
            onDragOver: ({ active, over }) => `${taskName(active.id)} is over ${placeName(over?.id)}.`,
            onDragEnd: ({ active, over }) => `${taskName(active.id)} was dropped on ${placeName(over?.id)}.`,
            onDragCancel: ({ active }) => `Moving ${taskName(active.id)} was cancelled.`,
          },
          screenReaderInstructions: {
            draggable:
              'To schedule a task, press space or enter to pick it up, use the arrow keys to move a day or an hour, and press space or enter again to drop it. Escape cancels.',
          },
        }}
      >
        {sub === 'schedule' ? (
          <Group align="flex-start" gap="md" wrap="nowrap">
            <UnscheduledList mission={work} tasks={unscheduled} canWork={canWork} actionId={focused?._id} compact />
            <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
              <Group gap="xs">
                <ActionIcon variant="default" aria-label="Previous week" onClick={() => setWeek(addDays(week, -7))}>
                  <IconChevronLeft size={16} />
                </ActionIcon>
                <Text fw={500} data-testid="power-week">
                  Week of {dayLabel(week)}
                </Text>
                <ActionIcon variant="default" aria-label="Next week" onClick={() => setWeek(addDays(week, 7))}>
                  <IconChevronRight size={16} />
                </ActionIcon>
              </Group>
              <WeekGrid days={days} tasks={scheduled as ActionItem[]} includeWeekends={includeWeekends} canWork={canWork} />
            </Stack>
          </Group>
        ) : (
          <UnscheduledList mission={work} tasks={unscheduled} canWork={canWork} actionId={focused?._id} />
        )}
      </DndContext>
    </Stack>
  );
}
