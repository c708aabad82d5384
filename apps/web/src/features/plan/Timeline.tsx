import { ActionIcon, Badge, Box, Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Mission } from '@crewplan/domain/missions/mission';
import type { PlanItem, RequestContext } from '@crewplan/domain/plan/plan';
import { formatDay } from '../../lib/days.ts';
import { ALLOCATION_LABELS, barSpan, capacityHeight, pendingRequestOf, personName, weekDailyHours } from './plan-rules.ts';
import type { RoleDialog } from './RoleDialogs.tsx';
import { plural } from '@crewplan/domain/shared/words';
import { WARNING_TEXT } from '../../lib/text-colors.ts';

const WEEK_WIDTH = 30;
const shortDay = (day: string) => `${Number(day.slice(8, 10))}/${Number(day.slice(5, 7))}`;

/** Roles per person as bars across the weeks, with their allocation, and the capacity bar of each week. */
export function Timeline({
  mission,
  items,
  weeks,
  canManage,
  mayDecide,
  onDialog,
  onEdit,
  onDelete,
  highlightWeeks,
}: {
  mission: Mission;
  items: PlanItem[];
  weeks: string[];
  /** The caller manages the plan: edits items, changes people, asks approval, deletes items. */
  canManage: boolean;
  /** The caller may approve or reject a pending request of this context. */
  mayDecide: (context: RequestContext) => boolean;
  onDialog: (dialog: RoleDialog) => void;
  onEdit: (item: PlanItem) => void;
  onDelete: (item: PlanItem) => void;
  highlightWeeks: boolean;
}) {
  const roles = items
    .filter((item) => item.type === 'person' || item.type === 'cost')
    .sort(
      (a, b) =>
        personName(mission, a.person).localeCompare(personName(mission, b.person)) || (a.startDate ?? '').localeCompare(b.startDate ?? ''),
    );
  return (
    <Box style={{ overflowX: 'auto' }}>
      <Table
        withRowBorders={false}
        layout="fixed"
        miw={360 + weeks.length * WEEK_WIDTH}
        aria-label="Roles across the weeks"
        verticalSpacing={4}
        horizontalSpacing={0}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={360} px="xs">
              Role and person
            </Table.Th>
            {weeks.map((week) => (
              <Table.Th
                key={week}
                w={WEEK_WIDTH}
                style={{ fontSize: 10, fontWeight: 400, textAlign: 'center' }}
                aria-label={`Week of ${formatDay(week)}`}
              >
                {shortDay(week)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {roles.map((item) => {
            const span = barSpan(item, weeks);
            const pending = pendingRequestOf(item);
            const label = item.role ?? item.title;
            return (
              <Table.Tr key={item._id} data-testid={`role-${item._id}`}>
                <Table.Td px="xs">
                  <Group gap={6} wrap="nowrap">
                    <Box style={{ minWidth: 0, flex: 1 }}>
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm" fw={500} lineClamp={1}>
                          {label}
                        </Text>
                        {item.type === 'person' && item.allocationStatus.pm !== 'approved' && (
                          <Badge
                            size="xs"
                            variant="light"
                            color={item.allocationStatus.pm === 'pending_approval' ? 'yellow' : 'gray'}
                            c="var(--mantine-color-text)"
                            style={{ flexShrink: 0 }}
                          >
                            {ALLOCATION_LABELS[item.allocationStatus.pm]}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c={item.person ? undefined : WARNING_TEXT} lineClamp={1}>
                        {item.type === 'cost' ? 'Cost' : personName(mission, item.person)} · {item.allocation}%
                      </Text>
                      {pending?.person && pending.person !== item.person && (
                        <Text size="xs" lineClamp={1}>
                          Requested: {personName(mission, pending.person)}
                        </Text>
                      )}
                    </Box>
                    {item.type === 'person' && (canManage || (pending !== null && mayDecide(pending.context))) && (
                      <Group gap={2} wrap="nowrap">
                        {canManage && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-label={`Change person of ${label}`}
                            onClick={() => onDialog({ kind: 'person', item })}
                          >
                            Person
                          </Button>
                        )}
                        {pending && mayDecide(pending.context) && (
                          <>
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="teal"
                              c="teal.9"
                              aria-label={`Approve ${label}`}
                              onClick={() => onDialog({ kind: 'approve', item })}
                            >
                              Approve
                            </Button>
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              color="red"
                              aria-label={`Reject ${label}`}
                              onClick={() => onDialog({ kind: 'reject', item })}
                            >
                              Reject
                            </Button>
                          </>
                        )}
                        {canManage && !pending && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            aria-label={`Request approval for ${label}`}
                            onClick={() => onDialog({ kind: 'request', item })}
                          >
                            Request
                          </Button>
                        )}
                      </Group>
                    )}
                    {canManage && (
                      <Group gap={0} wrap="nowrap">
                        <ActionIcon size="sm" variant="subtle" aria-label={`Edit ${label}`} onClick={() => onEdit(item)}>
                          <IconPencil size={14} />
                        </ActionIcon>
                        <ActionIcon size="sm" variant="subtle" color="red.8" aria-label={`Delete ${label}`} onClick={() => onDelete(item)}>
                          <IconTrash size={14} />
                        </ActionIcon>
                      </Group>
                    )}
                  </Group>
                </Table.Td>
                {weeks.map((week, index) => {
                  const inside = span !== null && index >= span.first && index <= span.last;
                  return (
                    <Table.Td key={week} p={0}>
                      {inside && (
                        <Tooltip label={`${label}: ${formatDay(item.startDate)} – ${formatDay(item.endDate)}, ${item.allocation}%`}>
                          <Box
                            data-testid={`bar-${week}`}
                            h={18}
                            bg={item.person ? 'blue.6' : 'red.3'}
                            style={{
                              borderTopLeftRadius: index === span.first ? 9 : 0,
                              borderBottomLeftRadius: index === span.first ? 9 : 0,
                              borderTopRightRadius: index === span.last ? 9 : 0,
                              borderBottomRightRadius: index === span.last ? 9 : 0,
                              opacity: Math.max(0.35, item.allocation / 100),
                            }}
                          />
                        </Tooltip>
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
          <Table.Tr id="plan-make-week" style={highlightWeeks ? { outline: '2px solid var(--mantine-color-blue-filled)' } : undefined}>
            <Table.Td px="xs">
              <Text size="xs" c="dimmed">
                Capacity (hours a day asked for)
              </Text>
            </Table.Td>
            {weeks.map((week) => {
              const hours = weekDailyHours(items, week);
              return (
                <Table.Td key={week} p={0} style={{ verticalAlign: 'bottom' }}>
                  <Box h={40} style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'center' }} title={`${hours} h a day`}>
                    <Box
                      w={16}
                      h={`${capacityHeight(hours)}%`}
                      bg={hours > 8 ? 'orange.6' : 'teal.6'}
                      data-testid={`capacity-${week}`}
                      aria-label={`Week of ${formatDay(week)}: ${plural(hours, 'hour')} a day`}
                      role="img"
                    />
                  </Box>
                </Table.Td>
              );
            })}
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {roles.length === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          No roles yet.
        </Text>
      )}
    </Box>
  );
}
