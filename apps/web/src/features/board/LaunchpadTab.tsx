import { Badge, Button, EmptyState, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconPlus, IconRocket } from '@tabler/icons-react';
import type { BoardWorkspace } from '@crewplan/domain/board/board';
import { OWNER_PERMISSION } from '@crewplan/domain/board/workspace';
import { setParams } from '../../lib/url-state.ts';
import { dayText, STATUS_LABELS } from './board-format.ts';

const roleText = (mission: { permission: number; isProjectManager: boolean }) =>
  mission.permission === OWNER_PERMISSION ? (mission.isProjectManager ? 'Owner and project manager' : 'Owner') : 'Project manager';

/** Launchpad / Missions: the missions I manage (rule 240) with their status, dates, team size and open tasks. */
export function LaunchpadTab({ workspace }: { workspace: BoardWorkspace | undefined }) {
  if (!workspace) return <Loader aria-label="Loading your missions" />;
  if (workspace.missions.length === 0)
    return (
      <EmptyState
        icon={<IconRocket size={32} aria-hidden="true" />}
        withIndicatorBackground
        title="Launchpad"
        description="Missions you manage as project manager or owner, in a licensed organisation or project, will appear here."
      >
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => setParams({ mc: '' })}>
          New mission
        </Button>
      </EmptyState>
    );
  // a phone scrolls the table sideways, not the page
  return (
    <Table.ScrollContainer minWidth={560} type="native">
      <Table highlightOnHover data-testid="launchpad" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Mission</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th ta="right">Team</Table.Th>
            <Table.Th ta="right">Open tasks</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workspace.missions.map((mission) => (
            <Table.Tr
              key={mission._id}
              style={{ cursor: 'pointer' }}
              onClick={() => setParams({ mission: mission._id, 'mission-tab': null })}
            >
              <Table.Td>
                <UnstyledButton fw={500} td="underline" onClick={() => setParams({ mission: mission._id, 'mission-tab': null })}>
                  {mission.title}
                </UnstyledButton>
                <Text size="xs" c="dimmed">
                  {roleText(mission)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={mission.displayStatus === 'active' ? 'green' : 'gray'} autoContrast>
                  {STATUS_LABELS[mission.displayStatus] ?? mission.displayStatus}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {dayText(mission.planStartDate)} – {dayText(mission.planEndDate)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{mission.peopleCount}</Table.Td>
              <Table.Td ta="right">{mission.openTasks}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
