import { Badge, Table, Text } from '@mantine/core';
import { TIME_MESSAGES, type RoleCellKind, type RoleWeekCell } from '@crewplan/domain/time/time';
import type { Names } from './approvals.ts';
import classes from './time.module.css';
import { weekTitle } from './week.ts';

/** Rule 69: rows not yet approved stand out; a role without its person most (light tints that keep AA contrast). */
export const CELL_COLORS: Record<RoleCellKind, string> = { unfilled: 'red', needsAssignment: 'grape', draft: 'gray' };

/** One role of one week that has no submitted week: its organisation-level cell (rule 80) in the board's list. */
export function RoleCellRow({ cell, names }: { cell: RoleWeekCell; names: Names }) {
  const who = cell.person ? (names.people.get(cell.person) ?? cell.personName ?? cell.person) : null;
  const week = weekTitle(cell.weekStart);
  const mission = names.missions.get(cell.mission) ?? (cell.missionTitle || TIME_MESSAGES.projectNotFound);
  const title = cell.title.trim() || TIME_MESSAGES.unspecifiedRole;
  return (
    <Table.Tr
      className={cell.person ? undefined : classes.unfilledRow}
      aria-label={`${who ? `${who}, ` : ''}${title}, week of ${week}: ${cell.label}`}
      data-testid="role-cell"
    >
      <Table.Td />
      <Table.Td>
        {who ?? (
          <Text span c="dimmed" size="sm" title={TIME_MESSAGES.roleNotAssigned}>
            Nobody yet
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {mission}
        <Text span c="dimmed" size="sm">
          {' '}
          · {title}
        </Text>
      </Table.Td>
      <Table.Td>{week}</Table.Td>
      <Table.Td ta="right">
        {cell.draft ? (
          cell.draft.totalHours
        ) : (
          <Text span c="dimmed">
            –
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge color={CELL_COLORS[cell.kind]} variant="light" tt="none" data-testid="role-cell-label">
          {cell.label}
        </Badge>
      </Table.Td>
      <Table.Td />
    </Table.Tr>
  );
}
