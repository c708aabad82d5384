import { useState } from 'react';
import {
  Badge,
  EmptyState,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconCalendarWeek } from '@tabler/icons-react';
import type { BoardWorkspace } from '@crewplan/domain/board/board';
import { targetDayOf } from '@crewplan/domain/home/weight';
import { setParams } from '../../lib/url-state.ts';
import { dayText } from './board-format.ts';
import { DEFAULT_PLANNER_FILTERS, filterPlanner, plannerGroups, UNASSIGNED, type PlannerGrouping } from './planner-rules.ts';
import { plural } from '@crewplan/domain/shared/words';

const EVERYBODY = 'everybody';
const TASK_STATUS_LABELS: Record<string, string> = {
  open: 'Open',
  'in-progress': 'In progress',
  blocked: 'Blocked',
  review: 'Review',
  done: 'Done',
};
const EVERY_MISSION = 'all';

/** Planner: the tasks of the missions I manage, by week or by person, with filters. */
export function PlannerTab({ workspace }: { workspace: BoardWorkspace | undefined }) {
  const [grouping, setGrouping] = useState<PlannerGrouping>('week');
  const [filters, setFilters] = useState(DEFAULT_PLANNER_FILTERS);
  if (!workspace) return <Loader aria-label="Loading the planner" />;
  const missions = new Map(workspace.missions.map((mission) => [mission._id, mission.title]));
  const names = new Map(workspace.people.map((person) => [person._id, `${person.firstName} ${person.lastName}`.trim()]));
  const groups = plannerGroups(filterPlanner(workspace.items, filters), grouping, workspace.people);
  return (
    <Stack gap="md">
      <Group gap="sm" align="end" wrap="wrap">
        <SegmentedControl
          aria-label="Group the tasks"
          data={[
            { value: 'week', label: 'By week' },
            { value: 'person', label: 'By person' },
          ]}
          value={grouping}
          onChange={(value) => setGrouping(value as PlannerGrouping)}
        />
        <Select
          label="Mission"
          data={[{ value: EVERY_MISSION, label: 'Every mission' }, ...workspace.missions.map((m) => ({ value: m._id, label: m.title }))]}
          value={filters.mission ?? EVERY_MISSION}
          onChange={(value) => setFilters({ ...filters, mission: !value || value === EVERY_MISSION ? null : value })}
          allowDeselect={false}
          w={220}
        />
        <Select
          label="Person"
          data={[
            { value: EVERYBODY, label: 'Everybody' },
            { value: UNASSIGNED, label: 'Nobody yet' },
            ...workspace.people.map((person) => ({ value: person._id, label: names.get(person._id)! })),
          ]}
          value={filters.person ?? EVERYBODY}
          onChange={(value) => setFilters({ ...filters, person: !value || value === EVERYBODY ? null : value })}
          allowDeselect={false}
          searchable
          w={200}
        />
        <Switch
          label="Open tasks only"
          checked={filters.openOnly}
          onChange={(event) => setFilters({ ...filters, openOnly: event.currentTarget.checked })}
          mb={6}
        />
      </Group>
      {groups.length === 0 ? (
        <EmptyState
          icon={<IconCalendarWeek size={32} aria-hidden="true" />}
          withIndicatorBackground
          title="Planner"
          description="The tasks of the missions you manage will appear here."
        />
      ) : (
        groups.map((group, index) => (
          <Paper key={group.key} withBorder p="sm" component="section" aria-labelledby={`planner-group-${index}`}>
            <Group justify="space-between" mb="xs">
              <Title order={2} size="h5" id={`planner-group-${index}`}>
                {/^\d{4}-/.test(group.key) ? `Week of ${dayText(group.key)}` : group.title}
              </Title>
              <Badge variant="outline" color="gray.8">
                {plural(group.items.length, 'task')}
              </Badge>
            </Group>
            {/* the same column widths in every group, so that the groups' columns line up down the page; a phone scrolls */}
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing={4} layout="fixed">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w="32%">Task</Table.Th>
                    <Table.Th w="22%">Mission</Table.Th>
                    <Table.Th w="14%">When</Table.Th>
                    <Table.Th w="20%">People</Table.Th>
                    <Table.Th w="12%">Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.items.map((item) => (
                    <Table.Tr key={item._id}>
                      <Table.Td>
                        <UnstyledButton td="underline" onClick={() => setParams({ mission: item.missionId, 'action-item': item._id })}>
                          {item.title}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{missions.get(item.missionId)}</Table.Td>
                      <Table.Td>{dayText(targetDayOf(item)) || '—'}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{item.people.map((id) => names.get(id) ?? 'Somebody else').join(', ') || '—'}</Text>
                      </Table.Td>
                      <Table.Td>{TASK_STATUS_LABELS[item.status] ?? item.status}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        ))
      )}
    </Stack>
  );
}
