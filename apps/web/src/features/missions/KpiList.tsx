import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { openConfirm } from '../../components/confirm.ts';
import { IconPlus } from '@tabler/icons-react';
import type { Mission, MissionKpi } from './api.ts';
import { useKpiMutations } from './api.ts';
import { FormError } from '../../components/FormError.tsx';
import { showRemovalFailure } from '../../lib/removal-failure.ts';
import { RowActions } from '../../components/RowActions.tsx';

const shown = (value: number | null, unit: string) => (value === null ? '—' : `${value}${unit ? ` ${unit}` : ''}`);

/** The mission's KPIs with their target and actual values. */
export function KpiList({ mission, canEdit }: { mission: Mission; canEdit: boolean }) {
  const [editing, setEditing] = useState<{ kpi: MissionKpi | null } | null>(null);
  const { remove } = useKpiMutations(mission._id);
  const confirmDelete = (kpi: MissionKpi) =>
    openConfirm({
      title: `Delete KPI ${kpi.title}?`,
      labels: { confirm: 'Delete KPI', cancel: 'Cancel' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => remove.mutate(kpi._id, { onError: showRemovalFailure }),
    });

  return (
    <Stack gap="xs">
      {mission.kpis.length === 0 ? (
        <Text size="sm" c="dimmed">
          No KPIs yet.
        </Text>
      ) : (
        // a phone scrolls the table sideways, not the screen (by keyboard too: the box takes focus)
        <Table.ScrollContainer minWidth={420} type="native" tabIndex={0} role="region" aria-label="KPIs">
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>KPI</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Actual</Table.Th>
                {canEdit && <Table.Th aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mission.kpis.map((kpi) => (
                <Table.Tr key={kpi._id}>
                  <Table.Td>{kpi.title}</Table.Td>
                  <Table.Td>{shown(kpi.target, kpi.unit)}</Table.Td>
                  <Table.Td>{shown(kpi.actual, kpi.unit)}</Table.Td>
                  {canEdit && (
                    <Table.Td>
                      <RowActions
                        edit={{ label: `Edit KPI ${kpi.title}`, onClick: () => setEditing({ kpi }) }}
                        remove={{ label: `Delete KPI ${kpi.title}`, onClick: () => confirmDelete(kpi) }}
                      />
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {remove.isError && <FormError>{remove.error.message}</FormError>}
      {canEdit && (
        <Group>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden="true" />}
            onClick={() => setEditing({ kpi: null })}
          >
            Add KPI
          </Button>
        </Group>
      )}
      {editing && <KpiForm missionId={mission._id} kpi={editing.kpi} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

const numberOrNull = (value: string | number) => (value === '' || value === null ? null : Number(value));

function KpiForm({ missionId, kpi, onClose }: { missionId: string; kpi: MissionKpi | null; onClose: () => void }) {
  const { add, edit } = useKpiMutations(missionId);
  const [title, setTitle] = useState(kpi?.title ?? '');
  const [target, setTarget] = useState<string | number>(kpi?.target ?? '');
  const [actual, setActual] = useState<string | number>(kpi?.actual ?? '');
  const [unit, setUnit] = useState(kpi?.unit ?? '');
  const saving = kpi ? edit : add;
  const submit = () => {
    const body = { title: title.trim(), target: numberOrNull(target), actual: numberOrNull(actual), unit: unit.trim() };
    if (kpi) edit.mutate({ kpiId: kpi._id, ...body }, { onSuccess: onClose });
    else add.mutate(body, { onSuccess: onClose });
  };
  return (
    <Modal opened onClose={onClose} title={kpi ? `Edit KPI ${kpi.title}` : 'Add a KPI'}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (title.trim()) submit();
        }}
      >
        <Stack>
          <TextInput label="KPI" value={title} onChange={(e) => setTitle(e.currentTarget.value)} maxLength={120} required data-autofocus />
          <Group grow>
            <NumberInput label="Target" value={target} onChange={setTarget} />
            <NumberInput label="Actual" value={actual} onChange={setActual} />
            <TextInput label="Unit" value={unit} onChange={(e) => setUnit(e.currentTarget.value)} maxLength={20} />
          </Group>
          {saving.isError && <FormError>{saving.error.message}</FormError>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving.isPending} disabled={!title.trim()}>
              Save KPI
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
