import './styles.ts';
import { useQuery } from '@tanstack/react-query';
import { Group, Select, Stack, Text, Title } from '@mantine/core';
import { ROLE_PLAN_APPROVED } from '@crewplan/domain/role-plans/rules';
import { orgPeopleQuery } from '../org/index.ts';
import { useRolePlans, useRolePlanWrites, type RolePlanItem } from './api.ts';
import { useResourceOrg } from './OrgPicker.tsx';
import { RolePlansRead, RolePlanTable } from './RolePlanTable.tsx';

/**
 * Assign resources (board-tab gt-assign): the approved role plans, with who holds each; an unassigned one says
 * 'Needs assignment' until somebody of the organisation is given it.
 */
export function AssignResourcesTab() {
  const { org, picker } = useResourceOrg();
  const items = useRolePlans(org?._id ?? null);
  if (!org) return <Text c="dimmed">No organization with an active licence lets you assign resources.</Text>;
  const approved = (items.data ?? []).filter((item) => item.status === ROLE_PLAN_APPROVED);
  const unassigned = approved.filter((item) => !item.personId).length;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Title order={2} size="h3">
          Assign resources
        </Title>
        {picker}
      </Group>
      <RolePlansRead items={items}>
        <RolePlanTable
          items={approved}
          caption={
            approved.length === 0
              ? 'Approved role plans will appear here.'
              : `${unassigned} of ${approved.length} approved roles need assignment.`
          }
          extra={(item) => <AssignPerson orgId={org._id} item={item} />}
        />
      </RolePlansRead>
    </Stack>
  );
}

function AssignPerson({ orgId, item }: { orgId: string; item: RolePlanItem }) {
  const people = useQuery(orgPeopleQuery(orgId, { limit: 200 }));
  const { bulk } = useRolePlanWrites(orgId);
  const options = (people.data?.people ?? []).map((entry) => ({
    value: entry.ref._id,
    label: `${entry.ref.firstName} ${entry.ref.lastName}`.trim() || entry.email,
  }));
  return (
    <Select
      aria-label={`Assign ${item.roleName}`}
      placeholder="Assign…"
      size="xs"
      w={180}
      searchable
      clearable
      data={options}
      value={item.personId}
      disabled={bulk.isPending}
      onChange={(personId) => bulk.mutate({ action: 'assign', rolePlanItemIds: [item._id], personId })}
    />
  );
}
