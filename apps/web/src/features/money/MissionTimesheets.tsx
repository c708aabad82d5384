import { Alert, Badge, Loader, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TimesheetStatus } from '@crewplan/domain/time/time';
import { missionTimesheetsQuery, type Mission } from './api.ts';
import { BADGE_TEXT, formatHours } from './format.ts';
import { formatDay } from '../../lib/days.ts';

const STATUS: Record<TimesheetStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  submitted: { label: 'Submitted', color: 'blue' },
  approved: { label: 'Approved', color: 'green' },
  rejected: { label: 'Rejected', color: 'red' },
};

/** The budget view's Timesheets tab: the mission's weeks, newest first; only approved weeks count as actual hours. */
export function MissionTimesheets({ mission }: { mission: Mission }) {
  const sheets = useQuery(missionTimesheetsQuery(mission._id));
  if (sheets.isPending) return <Loader aria-label="Loading the timesheets" />;
  if (sheets.isError)
    return (
      <Alert color="red" role="alert" title="The timesheets could not be loaded">
        {sheets.error.message}
      </Alert>
    );
  if (sheets.data.length === 0)
    return (
      <Text c="dimmed" data-testid="mission-timesheets-empty">
        No timesheets on this mission yet. Weeks appear here once people on its roles save them.
      </Text>
    );
  const people = new Map(mission.people.map((p) => [p.ref._id, `${p.ref.firstName} ${p.ref.lastName}`.trim()]));
  const roles = new Map(mission.planItems.map((item) => [item._id, item.title]));
  const rows = [...sheets.data].sort((a, b) => b.weekStart.localeCompare(a.weekStart) || a.person.localeCompare(b.person));
  const snapshotText = (value: unknown) => (typeof value === 'string' ? value : '');
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover aria-label="Timesheets of the mission" data-testid="mission-timesheets">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Week of</Table.Th>
            <Table.Th scope="col">Person</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
            <Table.Th scope="col" ta="right">
              Hours
            </Table.Th>
            <Table.Th scope="col">Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((sheet) => (
            <Table.Tr key={sheet._id}>
              <Table.Td>{formatDay(sheet.weekStart)}</Table.Td>
              <Table.Td>{people.get(sheet.person) ?? (snapshotText(sheet.snapshot.personName) || 'Someone who left')}</Table.Td>
              <Table.Td>{(sheet.planItemId && roles.get(sheet.planItemId)) || snapshotText(sheet.snapshot.roleTitle) || '—'}</Table.Td>
              <Table.Td ta="right">{formatHours(sheet.totalHours)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={STATUS[sheet.status].color} c={BADGE_TEXT}>
                  {STATUS[sheet.status].label}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
