import {
  Badge,
  Button,
  Divider,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { openConfirm } from '../../../components/confirm.ts';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { mondayOf } from '@crewplan/domain/missions/dates';
import { columnOfTask } from '@crewplan/domain/tasks/rules';
import { TASK_STATUSES, type ActionItemUpdate } from '@crewplan/domain/tasks/tasks';
import { useFeatureSlots } from '../../../lib/feature-slots.tsx';
import { useProfile } from '../../../lib/profile.ts';
import { setParams } from '../../../lib/url-state.ts';
import { tasksOf, useActionItemMutations, type ActionItem, type MissionWithTasks } from '../api.ts';
import { everyoneOf, taskPeopleOf, taskViewerOf } from '../task-people.ts';
import {
  COMPLEXITY_LABELS,
  COMPLEXITY_MULTIPLIERS,
  complexityClass,
  DONE,
  durationText,
  META_TYPES,
  metaTypeLabel,
  openActions,
  STATUS_LABELS,
  taskAccess,
  taskCodeText,
} from '../task-rules.ts';
import { EditableNumber } from './EditableNumber.tsx';
import { EditableText } from './EditableText.tsx';
import { TaskChecklist } from './TaskChecklist.tsx';
import { TaskDependencies } from './TaskDependencies.tsx';
import { TaskPeople } from './TaskPeople.tsx';
import { showRemovalFailure } from '../../../lib/removal-failure.ts';
import { isOverdue } from '@crewplan/domain/tasks/rules';
import { useTimeZone } from '../../../lib/time-zone.ts';

const failed = (error: unknown) =>
  notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Sorry. Please try again.' });

const dayOf = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** Every field of a task, editable by those the task rules allow (others read). */
export function TaskDetail({ item, mission }: { item: ActionItem; mission: MissionWithTasks }) {
  const selfId = useProfile().data?._id ?? null;
  const { actions, actionItems } = tasksOf(mission);
  const action = actions.find((entry) => entry._id === item.actionId) ?? null;
  const access = taskAccess(taskViewerOf(mission, selfId), item, action);
  const mutations = useActionItemMutations(mission._id);
  const timeZone = useTimeZone();
  const everyone = everyoneOf(mission);
  const { TaskFiles, TaskChat } = useFeatureSlots();
  const save = (update: ActionItemUpdate) => mutations.update.mutate({ itemId: item._id, ...update }, { onError: failed });
  const done = item.status === DONE;
  const level = complexityClass(item.complexityMultiplier);
  const overdue = isOverdue(item, mission.projectType, new Date(), timeZone);
  const completedBy = item.completedBy ? (everyone.get(item.completedBy)?.name ?? 'someone') : null;
  const readOnly = !access.edit;
  // a copy is a new task: for those who may create tasks (the server also waits for a manager's first visit, rule 51)
  const canCopy = mission.abilities['tasks.create'];
  // a task moves to another open action of the mission (a done action is closed); its own stays listed
  const actionOptions = [...openActions(actions), ...(action && action.status === DONE ? [action] : [])].map((entry) => ({
    value: entry._id,
    label: entry.status === DONE ? `${entry.title} (done)` : entry.title,
  }));
  const moveTo = (actionId: string) => {
    if (actionId === item.actionId) return;
    const target = actions.find((entry) => entry._id === actionId);
    mutations.move.mutate(
      { itemId: item._id, actionId },
      { onError: failed, onSuccess: () => notifications.show({ message: `Moved to the action “${target?.title ?? ''}”.` }) },
    );
  };

  return (
    <Stack gap="md" data-testid="task-detail">
      <Group gap="xs">
        <Badge variant="outline" color="gray.8">
          {taskCodeText(item)}
        </Badge>
        {metaTypeLabel(item.metaType) && <Badge color="grape.9">{metaTypeLabel(item.metaType)}</Badge>}
        <Badge color={done ? 'teal.9' : 'blue.9'} variant="filled" data-testid="task-status">
          {STATUS_LABELS[item.status] ?? item.status}
        </Badge>
        {overdue && <Badge color="red.9">Overdue</Badge>}
        {action && (
          <Text size="xs" c="dimmed">
            in {action.title}
          </Text>
        )}
      </Group>
      {readOnly && (
        <Text size="sm" c="dimmed" role="note">
          {access.status ? 'You can change the status of this task.' : 'You can read this task; only its people and admins change it.'}
        </Text>
      )}
      <EditableText label="Title" value={item.title} required disabled={readOnly} onSave={(title) => save({ title })} />
      <EditableText
        label="Short description"
        value={item.shortDescription ?? ''}
        disabled={readOnly}
        onSave={(shortDescription) => save({ shortDescription: shortDescription || null })}
      />
      <EditableText
        label="Description"
        value={item.description}
        multiline
        disabled={readOnly}
        onSave={(description) => save({ description })}
      />

      <Group gap="sm" align="flex-end">
        <Select
          label="Status"
          allowDeselect={false}
          data={TASK_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] ?? value }))}
          value={item.status}
          disabled={!access.status}
          onChange={(status) => status && save({ status: status as ActionItemUpdate['status'] })}
          comboboxProps={{ zIndex: 400 }}
          w={160}
        />
        {done ? (
          <Button variant="light" disabled={!access.status} onClick={() => save({ status: 'open' })}>
            Reopen task
          </Button>
        ) : (
          <Button color="green" disabled={!access.status} onClick={() => save({ status: 'done', percentComplete: 100 })}>
            Complete task
          </Button>
        )}
        <Select
          label="Column"
          allowDeselect={false}
          data={mission.cols.map((col) => ({ value: col.id, label: col.name }))}
          value={columnOfTask(item, mission.cols) ?? null}
          disabled={readOnly}
          onChange={(col) => col && mutations.move.mutate({ itemId: item._id, col }, { onError: failed })}
          comboboxProps={{ zIndex: 400 }}
          w={160}
        />
        <Select
          label="Action"
          allowDeselect={false}
          searchable
          data={actionOptions}
          value={item.actionId}
          disabled={readOnly || actionOptions.length < 2}
          onChange={(actionId) => actionId && moveTo(actionId)}
          comboboxProps={{ zIndex: 400 }}
          w={200}
        />
      </Group>
      {done && item.completedOn && (
        <Text size="sm" c="dimmed" data-testid="task-completed">
          Completed {new Date(item.completedOn).toLocaleString()}
          {completedBy ? ` by ${completedBy}` : ''}
        </Text>
      )}

      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <TextInput
          type="date"
          label="Start date"
          value={item.startDate ?? ''}
          disabled={readOnly}
          onChange={(event) => save({ startDate: dayOf(event.currentTarget.value) })}
        />
        <TextInput
          type="date"
          label="End date"
          value={item.endDate ?? ''}
          disabled={readOnly}
          onChange={(event) => save({ endDate: dayOf(event.currentTarget.value) })}
        />
        <TextInput
          type="date"
          label="Due date"
          value={item.dueDate ?? ''}
          disabled={readOnly}
          onChange={(event) => save({ dueDate: dayOf(event.currentTarget.value) })}
        />
        <TextInput
          type="date"
          label="Week"
          description="Its Monday is kept"
          value={item.week ?? ''}
          disabled={readOnly}
          onChange={(event) => {
            const day = dayOf(event.currentTarget.value);
            save({ week: day ? mondayOf(day) : null });
          }}
        />
      </SimpleGrid>

      <Group gap="sm" align="flex-start">
        <EditableNumber
          label="Estimated duration (hours)"
          description={durationText(item.estimatedDuration) || 'Not estimated'}
          min={0}
          clearable
          value={item.estimatedDuration}
          disabled={readOnly}
          onSave={(estimatedDuration) => save({ estimatedDuration })}
          w={230}
        />
        <EditableNumber
          label="Actual duration (hours)"
          description={durationText(item.actualDuration) || 'Not recorded'}
          min={0}
          clearable
          value={item.actualDuration}
          disabled={readOnly}
          onSave={(actualDuration) => save({ actualDuration })}
          w={200}
        />
        <EditableNumber
          label="Percent complete"
          description="0 to 100"
          min={0}
          max={100}
          integer
          suffix="%"
          value={item.percentComplete}
          disabled={readOnly}
          onSave={(percentComplete) => percentComplete !== null && save({ percentComplete })}
          w={140}
        />
      </Group>

      <Group gap="sm" align="flex-start">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="complexity-label">
            Complexity
          </Text>
          <SegmentedControl
            aria-labelledby="complexity-label"
            disabled={readOnly}
            value={String(level)}
            data={([1, 2, 3] as const).map((value) => ({ value: String(value), label: COMPLEXITY_LABELS[value] }))}
            onChange={(value) => save({ complexityMultiplier: COMPLEXITY_MULTIPLIERS[Number(value) as 1 | 2 | 3] })}
          />
          <Text size="xs" c="dimmed">
            Class {level} (multiplier {item.complexityMultiplier})
          </Text>
        </Stack>
        <Select
          label="Type"
          placeholder="None"
          clearable
          data={[...META_TYPES]}
          value={metaTypeLabel(item.metaType)}
          disabled={readOnly}
          onChange={(value) => save({ metaType: (value as ActionItemUpdate['metaType']) ?? null })}
          comboboxProps={{ zIndex: 400 }}
          w={170}
        />
      </Group>

      <TagsInput
        label="Tags"
        value={item.tags}
        disabled={readOnly}
        onChange={(tags) => save({ tags })}
        comboboxProps={{ zIndex: 400 }}
        description="Tags over 20 characters stay off the cards unless they name a task."
      />

      <Group gap="lg">
        <Switch label="Pinned" checked={item.pinned} onChange={(event) => save({ pinned: event.currentTarget.checked })} />
        <Switch label="Seen" checked={item.seen} onChange={(event) => save({ seen: event.currentTarget.checked })} />
      </Group>

      <Divider />
      <TaskPeople item={item} everyone={everyone} assignable={[...taskPeopleOf(mission).values()]} canEdit={access.edit} onError={failed} />
      <Divider />
      <TaskChecklist item={item} canEdit={access.edit} onError={failed} />
      <Divider />
      <TaskDependencies item={item} tasks={actionItems} canEdit={access.edit} />
      <Divider />
      {TaskFiles && <TaskFiles missionId={mission._id} actionItemId={item._id} title={item.title} />}
      {TaskChat && <TaskChat missionId={mission._id} actionItemId={item._id} title={item.title} />}
      {(canCopy || access.admin) && (
        <>
          <Divider />
          <Group>
            {canCopy && (
              <Button
                variant="light"
                leftSection={<IconCopy size={14} />}
                loading={mutations.copy.isPending}
                onClick={() =>
                  mutations.copy.mutate(
                    { mission, item },
                    {
                      onError: failed,
                      onSuccess: (copy) => {
                        notifications.show({ message: `Copied as “${copy.title}”.` });
                        setParams({ 'action-item': copy._id });
                      },
                    },
                  )
                }
              >
                Copy task
              </Button>
            )}
            {access.admin && (
              <Button
                color="red"
                variant="subtle"
                onClick={() =>
                  openConfirm({
                    title: 'Delete this task?',
                    children: <Text size="sm">“{item.title}” and its checklist are deleted for everybody on the mission.</Text>,
                    labels: { confirm: 'Delete task', cancel: 'Keep it' },
                    confirmProps: { color: 'red' },
                    zIndex: 400,
                    onConfirm: () =>
                      mutations.remove.mutate(item._id, {
                        onError: showRemovalFailure,
                        onSuccess: () => setParams({ 'action-item': null }),
                      }),
                  })
                }
              >
                Delete task
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
