import { useState } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { DEFAULT_KANBAN_COLUMNS } from '@crewplan/domain/missions/status';
import { useUpdateMission, type KanbanColumn, type Mission } from './api.ts';
import { FormError } from '../../components/FormError.tsx';
import { columnsProblem, newColumnId } from './columns-rules.ts';

/** The kanban board's columns: rename, reorder, add and remove, saved together. */
export function ColumnsEditor({ mission }: { mission: Mission }) {
  const start = mission.cols.length > 0 ? mission.cols : [...DEFAULT_KANBAN_COLUMNS];
  const [cols, setCols] = useState<KanbanColumn[]>(start);
  const update = useUpdateMission(mission._id);
  const problem = columnsProblem(cols);
  const dirty = JSON.stringify(cols) !== JSON.stringify(start);
  const set = (index: number, name: string) => setCols((all) => all.map((col, i) => (i === index ? { ...col, name } : col)));
  const move = (index: number, by: number) =>
    setCols((all) => {
      const next = [...all];
      const [col] = next.splice(index, 1);
      next.splice(index + by, 0, col!);
      return next;
    });

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Kanban columns
      </Text>
      {cols.map((col, index) => (
        <Group key={col.id} gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`Column ${index + 1} name`}
            value={col.name}
            onChange={(e) => set(index, e.currentTarget.value)}
            maxLength={60}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${col.name || 'column'} up`}
            disabled={index === 0}
            onClick={() => move(index, -1)}
          >
            <IconArrowUp size={16} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${col.name || 'column'} down`}
            disabled={index === cols.length - 1}
            onClick={() => move(index, 1)}
          >
            <IconArrowDown size={16} aria-hidden="true" />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red.8"
            aria-label={`Remove ${col.name || 'column'}`}
            disabled={cols.length <= 1}
            onClick={() => setCols((all) => all.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
      {problem && dirty && <FormError>{problem}</FormError>}
      {update.isError && <FormError>{update.error.message}</FormError>}
      <Group>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden="true" />}
          onClick={() => setCols((all) => [...all, { id: newColumnId(all), name: '' }])}
          disabled={cols.length >= 30}
        >
          Add column
        </Button>
        <Button
          variant="light"
          size="xs"
          disabled={!dirty || Boolean(problem)}
          loading={update.isPending}
          onClick={() => update.mutate({ cols })}
        >
          Save columns
        </Button>
      </Group>
    </Stack>
  );
}
