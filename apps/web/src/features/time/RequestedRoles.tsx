import { Badge, Table, Text } from '@mantine/core';
import type { MyRequestedRole } from '@crewplan/domain/time/time';
import { ROLE_CELL_LABELS } from '@crewplan/domain/time/role-cells';
import { CELL_COLORS } from './RoleCellRow.tsx';
import classes from './time.module.css';

/**
 * Roles of the shown week asked for me and waiting for approval: their organisation-level cell 'Needs assignment'
 * (rule 80), with no hours to type until the role is mine.
 */
export function RequestedRoles({ roles }: { roles: readonly MyRequestedRole[] }) {
  if (roles.length === 0) return null;
  return (
    <Table.Tbody data-testid="requested-roles">
      <Table.Tr className={classes.mission}>
        <Table.Th scope="rowgroup" colSpan={10}>
          Waiting for approval
        </Table.Th>
      </Table.Tr>
      {roles.map((role) => (
        <Table.Tr key={role.planItemId} data-testid={`requested-${role.title}`}>
          <Table.Th scope="row" fw="normal">
            <Text size="sm" fw={600} className={classes.rowTitle} title={role.title}>
              {role.title}
            </Text>
            <Text size="xs" c="dimmed">
              {role.missionTitle}
            </Text>
          </Table.Th>
          <Table.Td colSpan={8}>
            <Text size="sm" c="dimmed">
              Hours can be entered once the role is assigned to you.
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge color={CELL_COLORS.needsAssignment} variant="light" tt="none">
              {ROLE_CELL_LABELS.needsAssignment}
            </Badge>
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tbody>
  );
}
