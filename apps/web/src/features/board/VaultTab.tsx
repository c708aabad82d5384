import { Badge, EmptyState, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { addTemporaryMission, useMissionTree } from '../../lib/mission-tree.ts';
import { setParams } from '../../lib/url-state.ts';
import { dayText } from './board-format.ts';
import { staleDateOf, VAULT_REASON_LABELS, vaultRows } from './vault-rules.ts';
import { WARNING_TEXT } from '../../lib/text-colors.ts';

/** The vault: completed, older or abandoned missions; a row opens the mission and adds it to the missions menu for now. */
export function VaultTab() {
  const client = useQueryClient();
  const now = new Date();
  const finished = useMissionTree({ isActive: false });
  const stale = useMissionTree({ staleDate: staleDateOf(now) });
  if (finished.isPending || stale.isPending) return <Loader aria-label="Loading the vault" />;
  const rows = vaultRows(finished.data ?? [], stale.data ?? [], now);
  if (rows.length === 0)
    return (
      <EmptyState
        icon={<IconArchive size={32} aria-hidden="true" />}
        withIndicatorBackground
        title="The vault"
        description="Completed, older or abandoned missions will appear here."
      />
    );
  return (
    <Table highlightOnHover data-testid="vault">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Mission</Table.Th>
          <Table.Th>Why here</Table.Th>
          <Table.Th>Plan</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(({ mission, reason, dateError }) => (
          <Table.Tr key={mission._id}>
            <Table.Td>
              <UnstyledButton
                onClick={() => {
                  addTemporaryMission(client, mission);
                  setParams({ mission: mission._id, 'mission-tab': null });
                }}
                fw={500}
                td="underline"
              >
                {mission.title}
              </UnstyledButton>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={reason === 'completed' ? 'blue' : 'gray'}>
                {VAULT_REASON_LABELS[reason]}
              </Badge>
            </Table.Td>
            <Table.Td>
              {dateError ? (
                <Text span c={WARNING_TEXT} size="sm">
                  {dateError}
                </Text>
              ) : (
                <Text span size="sm">
                  {dayText(mission.planStartDate)} – {dayText(mission.planEndDate)}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
