import { useState } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { TASK_LINK_TYPES, type TaskLinkType } from '@crewplan/domain/tasks/tasks';
import { useDependencyMutations, type ActionItem } from '../api.ts';
import { dependencyProblem, LINK_TYPE_LABELS, taskLabel } from '../task-rules.ts';
import { showRemovalFailure } from '../../../lib/removal-failure.ts';
import { WARNING_TEXT } from '../../../lib/text-colors.ts';

const OPTIONS_SHOWN = 50;

export interface TaskDependenciesProps {
  item: ActionItem;
  /** Every task of the mission (to pick from and to name the links). */
  tasks: readonly ActionItem[];
  canEdit: boolean;
}

/** What a task depends on: add by picking another task with a link type and lag (days); 'Circular dependency' refused. */
export function TaskDependencies({ item, tasks, canEdit }: TaskDependenciesProps) {
  const dependencies = useDependencyMutations(item.missionId, item._id);
  const [linkId, setLinkId] = useState<string | null>(null);
  const [linkType, setLinkType] = useState<TaskLinkType>('dependsOn');
  const [lag, setLag] = useState<number>(0);
  const [problem, setProblem] = useState<string | null>(null);
  const titles = new Map(tasks.map((task) => [task._id, taskLabel(task)]));
  const linked = new Set(item.dependencies.map((dependency) => dependency.linkTo));
  const options = tasks.filter((task) => !linked.has(task._id)).map((task) => ({ value: task._id, label: taskLabel(task) }));
  const showError = (error: unknown) => setProblem(error instanceof Error ? error.message : String(error));

  const add = () => {
    if (!linkId) return;
    const circular = dependencyProblem(tasks, item._id, linkId);
    if (circular) return setProblem(circular);
    setProblem(null);
    dependencies.add.mutate(
      { linkId, linkType, lag },
      {
        onError: showError,
        onSuccess: () => {
          setLinkId(null);
          setLag(0);
        },
      },
    );
  };

  return (
    <Stack gap="xs" role="group" aria-label="Dependencies">
      <Title order={4} size="sm">
        Dependencies
      </Title>
      {item.dependencies.length === 0 && (
        <Text size="xs" c="dimmed">
          No dependencies.
        </Text>
      )}
      {item.dependencies.map((dependency) => (
        <Group key={dependency.linkTo} gap="xs" wrap="nowrap" data-testid="dependency">
          <Text size="sm" style={{ flex: 1 }}>
            {LINK_TYPE_LABELS[dependency.linkType] ?? dependency.linkType} {titles.get(dependency.linkTo) ?? 'a task no longer available'}
            {dependency.lag ? ` (lag ${dependency.lag} d)` : ''}
          </Text>
          {canEdit && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Remove the dependency on ${titles.get(dependency.linkTo) ?? 'this task'}`}
              onClick={() => dependencies.remove.mutate(dependency.linkTo, { onError: showRemovalFailure })}
            >
              <IconTrash size={14} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {canEdit && (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label="Depends on task"
            size="xs"
            searchable
            limit={OPTIONS_SHOWN}
            data={options}
            value={linkId}
            onChange={(value) => {
              setLinkId(value);
              setProblem(null);
            }}
            style={{ flex: 1, minWidth: 180 }}
            comboboxProps={{ zIndex: 400 }}
          />
          <Select
            label="Link type"
            size="xs"
            allowDeselect={false}
            data={TASK_LINK_TYPES.map((value) => ({ value, label: LINK_TYPE_LABELS[value] ?? value }))}
            value={linkType}
            onChange={(value) => value && setLinkType(value as TaskLinkType)}
            w={150}
            comboboxProps={{ zIndex: 400 }}
          />
          <NumberInput label="Lag (days)" size="xs" w={90} value={lag} onChange={(value) => setLag(Number(value) || 0)} />
          <Button size="xs" variant="light" onClick={add} disabled={!linkId} loading={dependencies.add.isPending}>
            Add dependency
          </Button>
        </Group>
      )}
      {problem && (
        <Text size="sm" c={WARNING_TEXT} role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
