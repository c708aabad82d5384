import '@svar-ui/react-gantt/all.css';
import './gantt.css';
import './wx-icons.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Gantt, Willow, type IApi } from '@svar-ui/react-gantt';
import type { Mission } from '@crewplan/domain/missions/mission';
import type { PlanItem } from '@crewplan/domain/plan/plan';
import { setParams, useUrl } from '../../../lib/url-state.ts';
import { defaultPlanItem, refreshTasks, tasksOf, type MissionWithTasks } from '../api.ts';
import { dayIn } from '@crewplan/domain/shared/days';
import { useTimeZone } from '../../../lib/time-zone.ts';
import { actionInView } from '../task-rules.ts';
import { keepGanttMarkupRepaired } from './gantt-a11y.ts';
import { addDependency, addRow, removeDependency, saveRowEdit } from './api.ts';
import {
  addTargetOf,
  CELL_WIDTHS,
  dependencyOf,
  editOf,
  NEW_ACTION_TITLE,
  NEW_TASK_TITLE,
  parseRowId,
  toGantt,
  ZOOM_LEVELS,
  type GanttRow,
  type ZoomLevel,
} from './gantt-rules.ts';
import { FocusedAction } from '../FocusedAction.tsx';
import { NewAction } from '../board/NewAction.tsx';

/** The grid's columns: names edit in place for those who work on tasks; "+" adds for those who create them. */
const columnsFor = (canWork: boolean, canCreate: boolean) => [
  { id: 'text', header: 'Task', flexgrow: 1, ...(canWork ? { editor: 'text' } : {}) },
  { id: 'start', header: 'Start', width: 100, align: 'center' as const },
  { id: 'duration', header: 'Days', width: 70, align: 'center' as const },
  ...(canCreate ? [{ id: 'add-task', header: 'Add', width: 50, align: 'center' as const }] : []),
];

/** The gantt of the mission: phases and milestones, actions over their tasks, dependency links; edits are saved at once. */
export function GanttTab({ mission }: { mission: Mission }) {
  const work = mission as MissionWithTasks;
  const { actions: allActions, actionItems: allItems } = tasksOf(work);
  // `?action=<id>` (spec 1 §2) shows only that action over its tasks, until cleared
  const { params } = useUrl();
  const focused = actionInView(allActions, params.get('action'));
  const actions = useMemo(() => (focused ? [focused] : allActions), [allActions, focused]);
  const actionItems = useMemo(() => (focused ? allItems.filter((item) => item.actionId === focused._id) : allItems), [allItems, focused]);
  const canWork = mission.abilities['tasks.work'];
  const canCreate = canWork && mission.abilities['tasks.create'];
  const columns = useMemo(() => columnsFor(canWork, canCreate), [canWork, canCreate]);
  const [zoom, setZoom] = useState<ZoomLevel>('day');
  const timeZone = useTimeZone();
  const data = useMemo(() => {
    // the mission read may carry the short plan item shape: what the gantt needs gets its default
    const planItems = (mission.planItems as Partial<PlanItem>[]).map((item) => ({
      ...(item as PlanItem),
      dependencies: item.dependencies ?? [],
      inactive: item.inactive ?? false,
      wasDeleted: item.wasDeleted ?? false,
    }));
    return toGantt({ actions, actionItems, planItems, fallbackDay: mission.planStartDate ?? dayIn(new Date(), timeZone) });
  }, [actions, actionItems, mission.planItems, mission.planStartDate, timeZone]);
  const scales = useMemo(() => ZOOM_LEVELS[zoom].map((scale) => ({ ...scale })), [zoom]);
  const box = useRef<HTMLDivElement>(null);
  const hasRows = data.tasks.length > 0;
  useEffect(() => (box.current ? keepGanttMarkupRepaired(box.current) : undefined), [hasRows]);
  const missionId = useRef(mission._id);
  missionId.current = mission._id;
  // the library calls back into what was current when it started: the rows and the plan item as they are now
  const rows = useRef(new Map<string, GanttRow>());
  rows.current = new Map(data.tasks.map((row) => [row.id, row]));
  const planItem = useRef(defaultPlanItem(mission.planItems));
  planItem.current = defaultPlanItem(mission.planItems);
  const creating = useRef(canCreate);
  creating.current = canCreate;

  const failed = (error: unknown) => {
    notifications.show({
      message: error instanceof Error ? error.message : 'Sorry, that change was not saved.',
      color: 'red',
      autoClose: 3_000,
    });
    void refreshTasks(missionId.current);
  };
  const saved = () => void refreshTasks(missionId.current);

  const init = (api: IApi) => {
    api.on('update-task', ({ id, task, inProgress }) => {
      const row = parseRowId(id);
      const before = rows.current.get(String(id));
      if (inProgress || !row || !before) return;
      const change = editOf(before, task);
      if (Object.keys(change).length > 0) saveRowEdit(row.kind, row.id, change).then(saved, failed);
    });
    // "+" adds through the API; the row appears when the mission's tasks come back (the library adds nothing itself)
    api.intercept('add-task', ({ target }) => {
      if (!creating.current) return false;
      const where = addTargetOf(target, (rowId) => rows.current.get(rowId)?.parent);
      if (where.kind === 'item') addRow(where, NEW_TASK_TITLE).then(saved, failed);
      else if (planItem.current) addRow({ kind: 'action', planItemId: planItem.current._id }, NEW_ACTION_TITLE).then(saved, failed);
      return false;
    });
    api.intercept('add-link', ({ link }) => {
      const dependency =
        link.source !== undefined && link.target !== undefined
          ? dependencyOf({ source: link.source, target: link.target, type: link.type ?? 'e2s', lag: link.lag })
          : null;
      if (!dependency) {
        notifications.show({ message: 'Links join two tasks, two actions or two plan items.', color: 'red', autoClose: 3_000 });
        return false;
      }
      addDependency(dependency).then(saved, failed);
      return true;
    });
    api.on('delete-link', ({ id }) => {
      const [kind, pair] = String(id).split(':');
      const [onId, dependentId] = (pair ?? '').split('>');
      if ((kind === 'item' || kind === 'action' || kind === 'plan') && onId && dependentId)
        removeDependency({ kind, dependentId, onId }).then(saved, failed);
    });
    // a double click opens the task screen instead of the library's editor
    api.intercept('show-editor', ({ id }) => {
      const row = parseRowId(id);
      if (row?.kind === 'item') setParams({ 'action-item': row.id });
      return false;
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Gantt
        </Title>
        <Group gap="sm">
          {canCreate && <NewAction mission={mission} onCreated={saved} />}
          <SegmentedControl
            aria-label="Zoom"
            value={zoom}
            onChange={(value) => setZoom(value as ZoomLevel)}
            data={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
              { value: 'month', label: 'Month' },
            ]}
          />
        </Group>
      </Group>
      {focused && <FocusedAction title={focused.title} tab="gantt" />}
      {!canWork && <Alert color="gray">You can look at the gantt; changing it is for the people working on this project.</Alert>}
      {data.tasks.length === 0 ? (
        <Text c="dimmed">No actions, phases or milestones yet.</Text>
      ) : (
        <div ref={box} className="crewplan-gantt" data-testid="gantt" style={{ height: Math.min(640, 120 + data.tasks.length * 38) }}>
          <Willow fonts={false}>
            <Gantt
              tasks={data.tasks}
              links={data.links}
              scales={scales}
              cellWidth={CELL_WIDTHS[zoom]}
              columns={columns}
              readonly={!canWork}
              init={init}
            />
          </Willow>
        </div>
      )}
      <Text size="xs" c="dimmed">
        Drag a bar to move it, its ends to resize it; click the dot at a bar&apos;s end, then the dot of another bar, to link them.
        Double-click a name to rename it, a bar to open its task; + adds a task to an action (in the header, a new action).
      </Text>
    </Stack>
  );
}
