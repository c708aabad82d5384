import './styles.ts';
import { Alert, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { ROLE_PLAN_MERGED } from '@crewplan/domain/role-plans/rules';
import { useRolePlans, type RolePlanItem } from './api.ts';
import { useResourceOrg } from './OrgPicker.tsx';

/** The scheduled role plans by person, earliest first; who holds none shows under 'Not assigned'. */
function byPerson(items: RolePlanItem[]) {
  const groups = new Map<string, { name: string; items: RolePlanItem[] }>();
  for (const item of items) {
    const key = item.person?._id ?? '';
    const group = groups.get(key) ?? { name: item.person?.name || 'Not assigned', items: [] };
    group.items.push(item);
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, items: group.items.sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? '')) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Scheduling (board-tab scheduling): projects scheduled off-task — the periods and hours people are planned on
 * projects through their role plans, without tasks, by person.
 */
export function SchedulingTab() {
  const { org, picker } = useResourceOrg();
  const items = useRolePlans(org?._id ?? null);
  if (!org) return <Text c="dimmed">No organization with an active licence schedules resources for you.</Text>;
  const scheduled = (items.data ?? []).filter((item) => item.status !== ROLE_PLAN_MERGED && item.startDate && item.endDate);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Title order={2} size="h3">
          Scheduling
        </Title>
        {picker}
      </Group>
      {items.isError && (
        <Alert color="red" role="alert" title="The schedule could not be loaded">
          {items.error.message}
        </Alert>
      )}
      {items.isPending ? (
        <Loader size="sm" aria-label="Loading the schedule" />
      ) : scheduled.length === 0 ? (
        <Text c="dimmed">Role plans with dates will appear here, by person.</Text>
      ) : (
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Person</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Project</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th ta="right">Hours</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {byPerson(scheduled).flatMap((group) =>
              group.items.map((item, index) => (
                <Table.Tr key={item._id}>
                  <Table.Td fw={index === 0 ? 600 : undefined}>{index === 0 ? group.name : ''}</Table.Td>
                  <Table.Td>{item.roleName}</Table.Td>
                  <Table.Td>{item.missionId === 'merged' ? 'Merged' : (item.missionTitle ?? item.programTitle ?? '')}</Table.Td>
                  <Table.Td>{item.startDate}</Table.Td>
                  <Table.Td>{item.endDate}</Table.Td>
                  <Table.Td ta="right">{Number(Math.max(item.hoursApproved, item.hoursNeeded).toFixed(2))} h</Table.Td>
                  <Table.Td>{item.status}</Table.Td>
                </Table.Tr>
              )),
            )}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
