import './styles.ts';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Autocomplete, Button, Group, NumberInput, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { orgQuery } from '../../lib/org-query.ts';
import { useRolePlans, useRolePlanWrites } from './api.ts';
import { useResourceOrg } from './OrgPicker.tsx';
import { RolePlansRead, RolePlanTable } from './RolePlanTable.tsx';

/** Statuses the organisation uses most; any other value may be typed (rule 85: statuses are free values). */
const STATUS_SUGGESTIONS = ['requested', 'approved', 'rejected', 'on hold'];

/**
 * Request resources (board-tab gt-request): the organisation view of its role-plan items. People request roles
 * (drafts), and those with the rights of rule 89 move many at once to a status or combine their approved hours.
 */
export function RequestResourcesTab() {
  const { org, picker } = useResourceOrg();
  const items = useRolePlans(org?._id ?? null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [status, setStatus] = useState('approved');
  if (!org) return <Text c="dimmed">No organization with an active licence lets you request resources.</Text>;
  const ids = [...selected].filter((id) => items.data?.some((item) => item._id === id && item.status !== 'merged'));
  const shown = (items.data ?? []).filter((item) => item.status !== 'merged');
  return (
    <Stack gap="md">
      <Group justify="space-between" align="end">
        <Title order={2} size="h3">
          Request resources
        </Title>
        {picker}
      </Group>
      <RequestForm orgId={org._id} />
      <BulkBar orgId={org._id} ids={ids} status={status} onStatus={setStatus} onDone={() => setSelected(new Set())} />
      <RolePlansRead items={items}>
        <RolePlanTable
          items={shown}
          selected={selected}
          onSelect={setSelected}
          caption={shown.length === 0 ? 'No role is requested yet.' : 'Highlighted rows are not approved yet.'}
        />
      </RolePlansRead>
    </Stack>
  );
}

function BulkBar(props: { orgId: string; ids: string[]; status: string; onStatus: (value: string) => void; onDone: () => void }) {
  const { bulk } = useRolePlanWrites(props.orgId);
  const run = (body: Parameters<typeof bulk.mutate>[0]) => bulk.mutate(body, { onSuccess: props.onDone });
  return (
    <Group align="end" gap="sm">
      <Autocomplete label="Status" w={180} data={STATUS_SUGGESTIONS} value={props.status} onChange={props.onStatus} />
      <Button
        variant="light"
        disabled={props.ids.length === 0 || !props.status.trim()}
        loading={bulk.isPending}
        onClick={() => run({ action: 'status', rolePlanItemIds: props.ids, status: props.status.trim() })}
      >
        Set status ({props.ids.length})
      </Button>
      <Button
        variant="light"
        disabled={props.ids.length < 2}
        loading={bulk.isPending}
        onClick={() => run({ action: 'merge', rolePlanItemIds: props.ids })}
      >
        Combine approved hours
      </Button>
    </Group>
  );
}

function RequestForm({ orgId }: { orgId: string }) {
  const detail = useQuery(orgQuery(orgId));
  const { create } = useRolePlanWrites(orgId);
  const [roleId, setRoleId] = useState<string | null>(null);
  const [programId, setProgramId] = useState<string | null>(null);
  const [hoursNeeded, setHoursNeeded] = useState<number | string>(8);
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const roles = (detail.data?.roles ?? []).filter((role) => !role.isDeleted).map((role) => ({ value: role._id, label: role.name }));
  const programs = (detail.data?.programs ?? []).filter((p) => !p.isDeleted).map((p) => ({ value: p._id, label: p.title }));
  const submit = () =>
    roleId &&
    create.mutate(
      {
        roleId,
        programId,
        hoursNeeded: Number(hoursNeeded) || 0,
        startDate: startDate || null,
        endDate: endDate || null,
      },
      { onSuccess: () => setRoleId(null) },
    );
  return (
    <Paper withBorder p="sm">
      <Group align="end" gap="sm" wrap="wrap">
        <Select label="Role" w={200} data={roles} value={roleId} onChange={setRoleId} searchable placeholder="Choose a role" />
        <Select label="Program" w={200} data={programs} value={programId} onChange={setProgramId} clearable placeholder="None" />
        <NumberInput label="Hours needed" w={130} min={0} step={0.25} value={hoursNeeded} onChange={setHoursNeeded} />
        <TextInput label="From" type="date" w={160} value={startDate} onChange={(e) => setStartDate(e.currentTarget.value)} />
        <TextInput label="To" type="date" w={160} value={endDate} onChange={(e) => setEndDate(e.currentTarget.value)} />
        <Button onClick={submit} disabled={!roleId} loading={create.isPending}>
          Request role
        </Button>
      </Group>
    </Paper>
  );
}
