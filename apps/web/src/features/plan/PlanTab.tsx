import './styles.ts';
import { Suspense, useEffect, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { openConfirm } from '../../components/confirm.ts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { Mission } from '@crewplan/domain/missions/mission';
import type { PlanItem, PlanItemType, RequestContext } from '@crewplan/domain/plan/plan';
import { useUrl } from '../../lib/url-state.ts';
import { formatDay } from '../../lib/days.ts';
import { dayIn } from '@crewplan/domain/shared/days';
import { useTimeZone } from '../../lib/time-zone.ts';
import { AddPlanItem } from './AddPlanItem.tsx';
import { BudgetBar } from './BudgetBar.tsx';
import { usePlanContext, usePlanMutations } from './api.ts';
import { EditPlanItem } from './EditPlanItem.tsx';
import {
  fullPlanItems,
  isMarkerType,
  isOneDayType,
  mayDecideRequest,
  SEVERITY_BADGES,
  SEVERITY_COLORS,
  SEVERITY_LABELS,
  TYPE_LABELS,
  unfilledSeverity,
  weeksBetween,
} from './plan-rules.ts';
import { planPartOf } from './plan-parts.ts';
import { RoleDialogs, type RoleDialog } from './RoleDialogs.tsx';
import { Timeline } from './Timeline.tsx';
import { showRemovalFailure } from '../../lib/removal-failure.ts';
import { offersOutlook, StaffingOutlook } from '../staffing/index.ts';

const MARKER_COLORS: Record<PlanItemType, string> = {
  person: 'blue',
  cost: 'gray',
  phase: 'grape',
  milestone: 'teal',
  outcome: 'indigo',
  fundable_milestone: 'green',
};

/** The plan timeline: roles per person across the weeks, capacity, unfilled-role alerts, phases and the budget bar. */
export function PlanTab({ mission }: { mission: Mission }) {
  const { params } = useUrl();
  const part = planPartOf(params);
  const items = fullPlanItems(mission).filter((item) => !item.wasDeleted);
  const today = dayIn(new Date(), useTimeZone());
  const canManage = mission.abilities['plan.manage'];
  const [dialog, setDialog] = useState<RoleDialog | null>(null);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PlanItem | null>(null);
  const [outlook, setOutlook] = useState(false);
  const { org } = usePlanContext(mission.org);
  const { remove } = usePlanMutations(mission._id);
  const mayDecide = (context: RequestContext) => mayDecideRequest(context, mission, org);
  const confirmDelete = (item: PlanItem) => {
    const name = item.role ?? item.title;
    openConfirm({
      title: `Delete ${name}?`,
      children: <Text size="sm">It leaves the plan, with its dependencies. Its requests stay on record.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => remove.mutate(item._id, { onError: showRemovalFailure }),
    });
  };
  const dated = items.flatMap((item) => [item.startDate, item.endDate]).filter((day): day is string => Boolean(day));
  const start = mission.planStartDate ?? [...dated].sort()[0] ?? today;
  const end = mission.planEndDate ?? [...dated].sort().at(-1) ?? today;
  const weeks = weeksBetween(start, end);
  const alerts = items
    .map((item) => ({ item, severity: unfilledSeverity(item, today) }))
    .filter((entry): entry is { item: PlanItem; severity: 2 | 3 } => entry.severity !== null)
    .sort((a, b) => b.severity - a.severity);
  const phases = items.filter((item) => isMarkerType(item.type));

  useEffect(() => {
    if (part) document.getElementById(`plan-${part === 'phase' ? 'make-phase' : part}`)?.scrollIntoView({ block: 'start' });
  }, [part]);
  const marked = (name: string) =>
    part === name || (name === 'make-phase' && part === 'phase') ? { outline: '2px solid var(--mantine-color-blue-filled)' } : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Plan
        </Title>
        <Group gap="xs">
          {offersOutlook(mission) && (
            <Button variant="default" onClick={() => setOutlook(true)}>
              Staffing outlook
            </Button>
          )}
          {canManage && <Button onClick={() => setAdding(true)}>Add to plan</Button>}
        </Group>
      </Group>
      {alerts.length > 0 && (
        <Stack gap={4} aria-label="Unfilled roles" role="list">
          {alerts.map(({ item, severity }) => (
            <Alert key={item._id} color={SEVERITY_COLORS[severity]} role="listitem" py={6} data-severity={severity}>
              <Group gap="xs">
                <Badge {...SEVERITY_BADGES[severity]} variant="filled">
                  {SEVERITY_LABELS[severity]}
                </Badge>
                <Text size="sm">
                  Unfilled role: {item.role ?? item.title} starts {formatDay(item.startDate)}.
                </Text>
              </Group>
            </Alert>
          ))}
        </Stack>
      )}
      <Paper withBorder p="sm" id="plan-mission-timeline" style={marked('mission-timeline')}>
        <Timeline
          mission={mission}
          items={items}
          weeks={weeks}
          canManage={canManage}
          mayDecide={mayDecide}
          onDialog={setDialog}
          onEdit={setEditing}
          onDelete={confirmDelete}
          highlightWeeks={part === 'make-week'}
        />
      </Paper>
      <Paper withBorder p="sm" id="plan-make-phase" style={marked('make-phase')}>
        <Title order={3} size="h6" mb="xs">
          Phases, milestones and outcomes
        </Title>
        {phases.length === 0 ? (
          <Text size="sm" c="dimmed">
            No phases, milestones or outcomes yet.
          </Text>
        ) : (
          <Stack gap={4} role="list" aria-label="Phases, milestones and outcomes">
            {phases.map((item) => (
              <Group key={item._id} gap="xs" role="listitem">
                <Badge variant="light" color={MARKER_COLORS[item.type]}>
                  {TYPE_LABELS[item.type]}
                </Badge>
                <Text size="sm">{item.title}</Text>
                <Text size="sm" c="dimmed">
                  {isOneDayType(item.type)
                    ? // the day it falls on (the server pushes an end not after the start by 5 days, rule 74)
                      formatDay(item.startDate ?? item.endDate)
                    : `${formatDay(item.startDate)} – ${formatDay(item.endDate)}`}
                </Text>
                {item.amount !== null && (
                  <Text size="sm" c="dimmed">
                    {item.amount.toLocaleString('en-GB')} {mission.currency}
                  </Text>
                )}
                {canManage && (
                  <Group gap={0} wrap="nowrap">
                    <ActionIcon size="sm" variant="subtle" aria-label={`Edit ${item.title}`} onClick={() => setEditing(item)}>
                      <IconPencil size={14} />
                    </ActionIcon>
                    <ActionIcon
                      size="sm"
                      variant="subtle"
                      color="red.8"
                      aria-label={`Delete ${item.title}`}
                      onClick={() => confirmDelete(item)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Paper>
      {/* the budget is money: only who sees the mission's money (the plan's managers) */}
      {canManage && mission.abilities['money.read'] && <BudgetBar mission={mission} style={marked('budget-bar')} />}
      {adding && <AddPlanItem mission={mission} onClose={() => setAdding(false)} />}
      {editing && <EditPlanItem key={editing._id} mission={mission} item={editing} onClose={() => setEditing(null)} />}
      {outlook && (
        <Suspense fallback={<Loader size="sm" aria-label="Loading the staffing outlook" />}>
          <StaffingOutlook mission={mission} onClose={() => setOutlook(false)} />
        </Suspense>
      )}
      {dialog && <RoleDialogs mission={mission} dialog={dialog} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
