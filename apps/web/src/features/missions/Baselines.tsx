import { useState } from 'react';
import { Button, Group, Table, Text, TextInput } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useBaseline, type Mission } from './api.ts';
import { FormError } from '../../components/FormError.tsx';
import { formatDay } from '../../lib/days.ts';

/** Saved baselines of the plan, and a way to save one now (those who may update the mission). */
export function Baselines({ mission, canEdit }: { mission: Mission; canEdit: boolean }) {
  const [title, setTitle] = useState('');
  const save = useBaseline(mission._id);
  return (
    <>
      {mission.baselines.length === 0 ? (
        <Text size="sm" c="dimmed">
          No baseline yet. A baseline keeps today&apos;s plan dates to compare the forecast against.
        </Text>
      ) : (
        <Table aria-label="Baselines" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Baseline</Table.Th>
              <Table.Th>Saved</Table.Th>
              <Table.Th>Dated items</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mission.baselines.map((baseline) => (
              <Table.Tr key={baseline._id}>
                <Table.Td>{baseline.title}</Table.Td>
                <Table.Td>{formatDay(baseline.createdAt)}</Table.Td>
                <Table.Td>{baseline.items}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {canEdit && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(title.trim(), { onSuccess: () => setTitle('') });
          }}
        >
          <Group mt="xs" align="flex-end">
            <TextInput
              label="Baseline name"
              placeholder="Baseline of today"
              value={title}
              maxLength={120}
              onChange={(event) => setTitle(event.currentTarget.value)}
            />
            <Button type="submit" variant="light" leftSection={<IconCamera size={16} aria-hidden="true" />} loading={save.isPending}>
              Save a baseline
            </Button>
          </Group>
          {save.isError && <FormError>{save.error.message}</FormError>}
        </form>
      )}
    </>
  );
}
