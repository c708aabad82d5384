import type { ReactNode } from 'react';
import { Alert, Badge, Checkbox, Loader, Table, Text } from '@mantine/core';
import type { RolePlanItem, useRolePlans } from './api.ts';

const hours = (value: number) => `${Number(value.toFixed(2))} h`;
const days = (item: RolePlanItem) => (item.startDate || item.endDate ? `${item.startDate ?? '…'} – ${item.endDate ?? '…'}` : '');

/**
 * Role-plan items as the organisation view shows them: rows not approved yet are highlighted, the role cell says
 * 'Needs assignment', 'Unfilled role' or 'Not submitted yet (Draft)', and each row tells where it came from (rule 86).
 */
export function RolePlanTable({
  items,
  selected,
  onSelect,
  caption,
  extra,
}: {
  items: RolePlanItem[];
  selected?: Set<string>;
  onSelect?: (ids: Set<string>) => void;
  caption: string;
  extra?: (item: RolePlanItem) => ReactNode;
}) {
  const toggle = (id: string, on: boolean) => {
    if (!selected || !onSelect) return;
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped={false} highlightOnHover verticalSpacing="xs">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {onSelect && <Table.Th w={40} aria-label="Select" />}
            <Table.Th>Role</Table.Th>
            <Table.Th>Program</Table.Th>
            <Table.Th>Project</Table.Th>
            <Table.Th>Person</Table.Th>
            <Table.Th ta="right">Needed</Table.Th>
            <Table.Th ta="right">Approved</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Origin</Table.Th>
            {extra && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr
              key={item._id}
              data-attention={item.needsAttention || undefined}
              // rows not approved yet stand out (the organisation view's highlight), in either colour scheme
              style={item.needsAttention ? { backgroundColor: 'var(--mantine-color-yellow-light)' } : undefined}
            >
              {onSelect && (
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${item.roleName}`}
                    checked={selected?.has(item._id) ?? false}
                    onChange={(event) => toggle(item._id, event.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <Text size="sm" fw={500}>
                  {item.roleName}
                </Text>
                {item.cellLabel && (
                  // full-strength text: dimmed grey on the dark highlight measured 4.45:1
                  <Text size="xs" fs="italic">
                    {item.cellLabel}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{item.programTitle ?? ''}</Table.Td>
              <Table.Td>{item.missionId === 'merged' ? 'Merged' : (item.missionTitle ?? '')}</Table.Td>
              <Table.Td>{item.person?.name ?? ''}</Table.Td>
              <Table.Td ta="right">{hours(item.hoursNeeded)}</Table.Td>
              <Table.Td ta="right">{hours(item.hoursApproved)}</Table.Td>
              <Table.Td>{days(item)}</Table.Td>
              <Table.Td>
                {/* the row's highlight says it waits; the badge keeps the text readable on it in either scheme */}
                <Badge variant="default" tt="none">
                  {item.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="xs">{item.originLabel}</Text>
              </Table.Td>
              {extra && <Table.Td>{extra(item)}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The role plans once read: a loader while they are read, the reason when they could not be, else `children`. */
export function RolePlansRead({ items, children }: { items: ReturnType<typeof useRolePlans>; children: ReactNode }) {
  if (items.isError)
    return (
      <Alert color="red" role="alert" title="The role plans could not be loaded">
        {items.error.message}
      </Alert>
    );
  if (items.isPending) return <Loader size="sm" aria-label="Loading role plans" />;
  return children;
}
