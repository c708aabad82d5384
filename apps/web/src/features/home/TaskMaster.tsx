import './styles.ts';
import { useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconListCheck, IconPin, IconPinFilled } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { BoardPerson } from '@crewplan/domain/board/board';
import type { TaskMasterItem } from '@crewplan/domain/home/home';
import {
  clampTitle,
  defaultTaskMasterFilters,
  taskMasterStatus,
  taskPills,
  tileDueDate,
  type TaskMasterFilters,
  type TaskMasterStatus,
} from '@crewplan/domain/home/task-master';
import { ORANGE_TEXT } from '../../lib/text-colors.ts';
import { setParams } from '../../lib/url-state.ts';
import { TASK_MASTER_PAGE, taskMasterPageQuery, useChangeTask, type TaskChange } from './api.ts';
import { formatDay } from '../../lib/days.ts';
import classes from './home.module.css';
import { taskMasterLayout } from './task-master-rows.ts';
import { TaskPills } from './TaskPills.tsx';
import { plural } from '@crewplan/domain/shared/words';
import { useTimeZone } from '../../lib/time-zone.ts';

const EMPTY = 'Nothing to show yet...';
const EVERYBODY = 'everybody';

/** A colour for the light page and one for the dark page (needs the page's `color-scheme`, which Mantine sets). */
const onPage = (light: string, dark: string) => `light-dark(${light}, ${dark})`;
const shade = (color: string, index: number) => `var(--mantine-color-${color}-${index})`;

/**
 * Status badges read at AA (4.5:1) in both schemes: a dark shade on the light page, a light one on the dark page (a
 * dark shade there was 1.4:1 for Not planned, under 3.5:1 for the others).
 */
const STATUS_LABELS: Record<TaskMasterStatus, { label: string; color: string }> = {
  overdue: { label: 'Overdue', color: onPage(shade('red', 9), shade('red', 4)) },
  blocked: { label: 'Blocked', color: ORANGE_TEXT },
  done: { label: 'Done', color: onPage(shade('teal', 9), shade('teal', 4)) },
  'in-progress': { label: 'In progress', color: onPage(shade('blue', 9), shade('blue', 4)) },
  'not-planned': { label: 'Not planned', color: onPage(shade('gray', 8), shade('gray', 4)) },
};

const PROJECT_STATUS_OPTIONS = [
  { value: 'all', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'open', label: 'Open' },
  { value: 'planning', label: 'Planning' },
  { value: 'on-hold', label: 'On hold' },
  { value: 'completed', label: 'Completed' },
  { value: 'cancelled', label: 'Cancelled' },
];

type RowProps = { now: Date; timeZone: string; onChange: (id: string, change: TaskChange) => void };

function TaskRow({ item, now, timeZone, onChange }: RowProps & { item: TaskMasterItem }) {
  const { mission } = item;
  const status = STATUS_LABELS[taskMasterStatus(item, mission.projectType, now, timeZone)];
  const due = tileDueDate(item.dueDate);
  const canDone = mission.projectType !== 'kanban' && item.status !== 'done';
  const pills = taskPills(item, mission.projectType, now, timeZone);
  // on a phone the status sits with the pills (unless a pill says it already), leaving the row's width to the title
  const pilled = (pills as readonly string[]).includes(status.label);
  const badge = (shown: { visibleFrom: 'sm' } | { hiddenFrom: 'sm' }) => (
    <Badge variant="outline" color={status.color} style={{ flexShrink: 0 }} {...shown}>
      {status.label}
    </Badge>
  );
  return (
    <Group className={classes.row} h="100%" px={{ base: 'xs', xs: 'md' }} gap="md" wrap="nowrap">
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <UnstyledButton
          onClick={() => setParams({ mission: mission._id, 'action-item': item._id })}
          fw={500}
          title={item.title}
          data-task-id={item._id}
          className={classes.title}
        >
          {clampTitle(item.title, 'actionItem')}
        </UnstyledButton>
        <Text size="xs" c="dimmed" lineClamp={1}>
          {mission.title}
          {due ? ` · Due ${formatDay(due)}` : ''}
          {item.people.length > 0 ? ` · ${plural(item.people.length, 'person', 'people')}` : ''}
        </Text>
        <Group gap={4} wrap="nowrap">
          <TaskPills pills={pills} />
          {!pilled && badge({ hiddenFrom: 'sm' })}
        </Group>
      </Stack>
      {/* Done (shown on hover) comes before the status, so that the statuses line up whether a task can be done or not */}
      <Group gap="xs" wrap="nowrap">
        {canDone && (
          <Button
            size="compact-xs"
            variant="light"
            color="green"
            // green's own text on its light button is 3.8:1 on the light page
            c={onPage(`color-mix(in srgb, ${shade('green', 9)} 75%, black)`, 'var(--mantine-color-green-light-color)')}
            className={classes.hoverDone}
            leftSection={<IconCheck size={12} aria-hidden="true" />}
            onClick={() => onChange(item._id, { status: 'done', percentComplete: 100 })}
            aria-label={`Mark ${item.title} done`}
          >
            Done
          </Button>
        )}
        {badge({ visibleFrom: 'sm' })}
        <ActionIcon
          variant={item.pinned ? 'filled' : 'subtle'}
          onClick={() => onChange(item._id, { pinned: !item.pinned })}
          aria-label={`${item.pinned ? 'Unpin' : 'Pin'} ${item.title}`}
          aria-pressed={item.pinned}
        >
          {item.pinned ? <IconPinFilled size={16} aria-hidden="true" /> : <IconPin size={16} aria-hidden="true" />}
        </ActionIcon>
      </Group>
    </Group>
  );
}

function Filters({
  filters,
  onChange,
  people,
  me,
}: {
  filters: TaskMasterFilters;
  onChange: (filters: TaskMasterFilters) => void;
  people: BoardPerson[];
  me: string;
}) {
  const personOptions = [
    { value: me, label: 'Myself' },
    { value: EVERYBODY, label: 'Everybody' },
    ...people
      .filter((person) => person._id !== me)
      .map((person) => ({ value: person._id, label: `${person.firstName} ${person.lastName}`.trim() })),
  ];
  return (
    <Group gap="sm" align="end" wrap="wrap">
      <Select
        label="Project status"
        data={PROJECT_STATUS_OPTIONS}
        value={filters.projectStatus}
        onChange={(value) => onChange({ ...filters, projectStatus: value ?? 'all' })}
        allowDeselect={false}
        w={160}
      />
      <SegmentedControl
        aria-label="Tasks shown"
        data={[
          { value: 'all', label: 'All tasks' },
          { value: 'mine', label: 'Only mine' },
        ]}
        value={filters.show}
        onChange={(value) => onChange({ ...filters, show: value as TaskMasterFilters['show'] })}
      />
      <Select
        label="Person"
        data={personOptions}
        value={filters.person ?? EVERYBODY}
        onChange={(value) => onChange({ ...filters, person: !value || value === EVERYBODY ? null : value })}
        disabled={filters.show === 'mine'}
        allowDeselect={false}
        searchable
        w={200}
      />
    </Group>
  );
}

/** A row of the grid, placed by the virtualiser. */
function Placed({ style, label, testId, children }: { style: CSSProperties; label: string; testId: string; children: ReactNode }) {
  return (
    <div role="listitem" aria-label={label} data-testid={testId} style={style}>
      {children}
    </div>
  );
}

/** A task's row: its page is fetched when the row first shows (pages already read are shared by their rows). */
function TaskSlot({ filters, index, style, ...row }: RowProps & { filters: TaskMasterFilters; index: number; style: CSSProperties }) {
  const page = useQuery(taskMasterPageQuery(filters, Math.floor(index / TASK_MASTER_PAGE)));
  const item = page.data?.items[index % TASK_MASTER_PAGE];
  if (!item)
    return (
      <Placed style={style} label="Loading a task" testId="task-master-loading">
        <Stack className={classes.row} h="100%" px="md" justify="center" gap="xs" aria-busy="true">
          <Skeleton height={14} width="40%" />
          <Skeleton height={10} width="25%" />
        </Stack>
      </Placed>
    );
  return (
    <Placed style={style} label={`Task ${item.title}`} testId="task-master-row">
      <TaskRow item={item} {...row} />
    </Placed>
  );
}

/**
 * Task master (rules 236–238): every task I work on or manage, grouped, filtered and virtualised; the server filters,
 * counts and pages them, and a row reads its page when it scrolls into view.
 */
export default function TaskMaster({ me }: { me: string }) {
  const [filters, setFilters] = useState(() => defaultTaskMasterFilters(me));
  const first = useQuery(taskMasterPageQuery(filters, 0));
  // the people of the teams I manage do not depend on the filters: the person filter keeps them while a page loads
  const [people, setPeople] = useState<BoardPerson[]>([]);
  if (first.data && first.data.people !== people) setPeople(first.data.people);
  const change = useChangeTask();
  const scroller = useRef<HTMLDivElement | null>(null);
  const now = new Date();
  const timeZone = useTimeZone();
  const layout = taskMasterLayout(first.data?.groups ?? []);
  const virtualizer = useVirtualizer({
    count: layout.count,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => layout.rowAt(index).height,
    getItemKey: (index) => layout.rowAt(index).key,
    overscan: 6,
  });
  const onChange = (id: string, body: TaskChange) =>
    change.mutate({ id, change: body }, { onError: (error) => notifications.show({ color: 'red', message: error.message }) });
  return (
    <Stack gap="md">
      <Filters filters={filters} onChange={setFilters} people={people} me={me} />
      {first.isPending ? (
        <Loader aria-label="Loading your tasks" />
      ) : layout.count === 0 ? (
        <EmptyState icon={<IconListCheck size={32} aria-hidden="true" />} withIndicatorBackground title={EMPTY} />
      ) : (
        <Paper withBorder radius="md" ref={scroller} className={classes.scroller}>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="list" aria-label="Task master">
            {virtualizer.getVirtualItems().map((virtual) => {
              const row = layout.rowAt(virtual.index);
              const style: CSSProperties = {
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: row.height,
                transform: `translateY(${virtual.start}px)`,
              };
              return row.kind === 'group' ? (
                <Placed key={virtual.key} style={style} label={`${row.title}, ${plural(row.count, 'task')}`} testId="task-master-group">
                  <Group className={`${classes.row} ${classes.group}`} h="100%" px="md" justify="space-between">
                    <Text fw={600} lineClamp={2}>
                      {clampTitle(row.title, 'other')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {plural(row.count, 'task')}
                    </Text>
                  </Group>
                </Placed>
              ) : (
                <TaskSlot
                  key={virtual.key}
                  style={style}
                  filters={filters}
                  index={row.index}
                  now={now}
                  timeZone={timeZone}
                  onChange={onChange}
                />
              );
            })}
          </div>
        </Paper>
      )}
    </Stack>
  );
}
