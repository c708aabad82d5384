import './styles.ts';
import { Fragment, useRef, useState } from 'react';
import { Alert, Badge, Checkbox, Group, Loader, Modal, NumberInput, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type DragEndEvent,
  type DragMoveEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import type { PlannerPerson, PlannerRole } from '@crewplan/domain/availability/planner';
import { formatDay } from '../../lib/days.ts';
import { usePhone } from '../../lib/phone.ts';
import { useProfile } from '../../lib/profile.ts';
import { useTimeZone } from '../../lib/time-zone.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { useMyOrgs } from '../org/index.ts';
import { plannerQuery, useChangeRole, type PlannerRoleChange } from './api.ts';
import classes from './planner.module.css';
import { RoleBarCells, type EdgeDrag } from './RoleBar.tsx';
import { ReasonPrompt } from './ReasonPrompt.tsx';
import { asksForReason, heatCell, movedEdge, plannerGroups, plannerToday, weeksMoved, type Edge, type GroupBy } from './rows.ts';

const WEEKS = 8;
/** The keyboard's step for dragging a role onto a person, in pixels (the library's own). */
const KEY_STEP = 25;

/** A role edge being dragged: how many weeks it has moved so far. */
type Moving = { planItemId: string; edge: Edge; weeks: number };
const edgeOf = (data: unknown) => ((data as EdgeDrag | undefined)?.kind === 'edge' ? (data as EdgeDrag) : null);

/**
 * The resource planner (`?planner=<orgId>`): the organisation's people × weeks, each week's booked hours against its
 * capacity as a heat cell (red when over-booked), leave and holidays in the cell; unfilled roles in a row above to
 * drag onto a person; each person's roles below them, with their allocation and dates to type and a bar over the
 * weeks whose start and end edges drag by whole weeks (by keyboard too). `planner-mine` is the
 * assignment calendar: the same view of one's own row.
 */
export function PlannerScreen({ value }: { value: string }) {
  const { params } = useUrl();
  const orgs = useMyOrgs();
  const profile = useProfile();
  const orgId = value || orgs.data?.[0]?._id || '';
  const mine = params.has('planner-mine');
  const timeZone = useTimeZone();
  const [from, setFrom] = useState(() => plannerToday(new Date(), timeZone));
  const [by, setBy] = useState<GroupBy>('department');
  const [search, setSearch] = useState('');
  const [overOnly, setOverOnly] = useState(false);
  const query = useQuery({ ...plannerQuery(orgId, from, WEEKS), enabled: !!orgId });
  const change = useChangeRole(orgId);
  const [moving, setMoving] = useState<Moving | null>(null);
  /** A person dropped on a role the organisation must approve: the request waits for its reason. */
  const [asking, setAsking] = useState<{ planItemId: string; personId: string } | null>(null);
  const weekHeader = useRef<HTMLTableCellElement>(null);
  const columnWidth = () => weekHeader.current?.getBoundingClientRect().width ?? 0;
  // by keyboard, a role's edge moves a week (one column) per arrow key; a role to staff moves the library's step
  const coordinateGetter: KeyboardCoordinateGetter = (event, { active, currentCoordinates: at }) => {
    const step = String(active).startsWith('edge:') ? columnWidth() : KEY_STEP;
    if (event.code === 'ArrowRight') return { ...at, x: at.x + step };
    if (event.code === 'ArrowLeft') return { ...at, x: at.x - step };
    if (event.code === 'ArrowDown') return { ...at, y: at.y + KEY_STEP };
    if (event.code === 'ArrowUp') return { ...at, y: at.y - KEY_STEP };
    return undefined;
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  const close = () => setParams({ planner: null, 'planner-mine': null });
  const plan = (planItemId: string, body: PlannerRoleChange) => change.mutate({ planItemId, change: body });
  const assign = (planItemId: string, personId: string) =>
    change.mutate(
      { planItemId, change: { personId } },
      { onError: (error) => asksForReason(error) && setAsking({ planItemId, personId }) },
    );
  const request = (reason: string) =>
    asking &&
    change.mutate(
      { planItemId: asking.planItemId, change: { personId: asking.personId, reason } },
      // another refusal (an overlapping role, say) closes the prompt and shows above the planner
      { onSettled: (_, error) => !asksForReason(error) && setAsking(null) },
    );
  const onDragMove = ({ active, delta }: DragMoveEvent) => {
    const drag = edgeOf(active.data.current);
    if (drag) setMoving({ planItemId: drag.role.planItemId, edge: drag.edge, weeks: weeksMoved(delta.x, columnWidth()) });
  };
  const onDragEnd = ({ active, over, delta }: DragEndEvent) => {
    setMoving(null);
    const drag = edgeOf(active.data.current);
    if (drag) {
      const dates = movedEdge(drag.role, drag.edge, weeksMoved(delta.x, columnWidth()));
      if (dates) plan(drag.role.planItemId, dates);
      return;
    }
    if (over && typeof over.id === 'string' && over.id.startsWith('person:')) assign(String(active.id), over.id.slice(7));
  };
  const shownRole = (role: PlannerRole): PlannerRole =>
    moving?.planItemId === role.planItemId ? { ...role, ...movedEdge(role, moving.edge, moving.weeks) } : role;
  const shift = (weeks: number) => {
    const date = new Date(`${query.data?.from ?? from}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + weeks * 7);
    setFrom(date.toISOString().slice(0, 10));
  };
  const data = query.data;
  // a phone gives the planner its whole screen
  const phone = usePhone();
  const groups = data ? plannerGroups(data, { by, search, overOnly, onlyPersonId: mine ? profile.data?._id : null }) : [];
  return (
    <Modal opened onClose={close} title={mine ? 'Assignment calendar' : 'Resource planner'} size="min(96rem, 98vw)" fullScreen={phone}>
      <Stack gap="sm" data-testid="planner">
        <Group gap="sm" wrap="wrap">
          <Group gap={4}>
            <Badge component="button" variant="default" onClick={() => shift(-4)} aria-label="Earlier weeks">
              ‹ Earlier
            </Badge>
            <Badge component="button" variant="default" onClick={() => shift(4)} aria-label="Later weeks">
              Later ›
            </Badge>
          </Group>
          {!mine && (
            <>
              <SegmentedControl
                size="xs"
                value={by}
                onChange={(next) => setBy(next as GroupBy)}
                data={[
                  { value: 'department', label: 'Department' },
                  { value: 'office', label: 'Office' },
                  { value: 'role', label: 'Role' },
                  { value: 'none', label: 'Everyone' },
                ]}
                aria-label="Group people by"
              />
              <TextInput
                size="xs"
                placeholder="Search people or roles"
                aria-label="Search"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
              <Checkbox size="xs" label="Over-booked only" checked={overOnly} onChange={(e) => setOverOnly(e.currentTarget.checked)} />
            </>
          )}
        </Group>
        {query.isPending && orgId && <Loader aria-label="Loading the planner" />}
        {(query.isError || (change.isError && !asksForReason(change.error))) && (
          <Alert color="red" role="alert" data-testid="planner-error">
            {(query.error ?? change.error)?.message}
          </Alert>
        )}
        {asking && <ReasonPrompt busy={change.isPending} onSend={request} onCancel={() => setAsking(null)} />}
        {data && (
          <DndContext sensors={sensors} onDragMove={onDragMove} onDragEnd={onDragEnd} onDragCancel={() => setMoving(null)}>
            {data.canPlan && !mine && (
              <Group gap="xs" data-testid="unfilled-roles" className={classes.unfilled}>
                <Text size="sm" fw={600}>
                  Roles to staff
                </Text>
                {data.unfilled.length === 0 && (
                  <Text size="sm" c="dimmed">
                    Every role has a person.
                  </Text>
                )}
                {data.unfilled.map((role) => (
                  <UnfilledRole key={role.planItemId} role={role} />
                ))}
              </Group>
            )}
            <Table.ScrollContainer minWidth={960}>
              <Table withTableBorder withColumnBorders aria-label="People by week">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col" className={classes.personColumn}>
                      Person
                    </Table.Th>
                    {data.weeks.map((week, i) => (
                      <Table.Th
                        key={week}
                        ref={i === 0 ? weekHeader : undefined}
                        scope="col"
                        ta="center"
                        title={`Week of ${formatDay(week)}`}
                      >
                        {formatDay(week).replace(/ \d{4}$/, '')}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                {groups.map((group) => (
                  <Table.Tbody key={group.title}>
                    {!mine && (
                      <Table.Tr className={classes.group}>
                        <Table.Th scope="rowgroup" colSpan={data.weeks.length + 1}>
                          {group.title}
                        </Table.Th>
                      </Table.Tr>
                    )}
                    {group.people.map((person) => (
                      <PersonRow
                        key={person._id}
                        person={person}
                        weeks={data.weeks}
                        canPlan={data.canPlan}
                        onPlan={plan}
                        shownRole={shownRole}
                      />
                    ))}
                  </Table.Tbody>
                ))}
              </Table>
            </Table.ScrollContainer>
          </DndContext>
        )}
      </Stack>
    </Modal>
  );
}

function UnfilledRole({ role }: { role: PlannerRole }) {
  const { attributes, listeners, setNodeRef, transform } = useDraggable({ id: role.planItemId });
  const style = transform ? { transform: `translate(${transform.x}px, ${transform.y}px)` } : undefined;
  return (
    <button
      type="button"
      ref={setNodeRef}
      style={style}
      className={classes.chip}
      data-testid={`unfilled-${role.title}`}
      {...listeners}
      {...attributes}
    >
      {role.title} · {role.missionTitle} · {role.allocation}% · {role.startDate ?? '…'} – {role.endDate ?? '…'}
    </button>
  );
}

function PersonRow(props: {
  person: PlannerPerson;
  weeks: string[];
  canPlan: boolean;
  onPlan: (id: string, change: PlannerRoleChange) => void;
  shownRole: (role: PlannerRole) => PlannerRole;
}) {
  const { person, weeks, canPlan, onPlan, shownRole } = props;
  const name = `${person.firstName} ${person.lastName}`;
  const { setNodeRef, isOver } = useDroppable({ id: `person:${person._id}`, disabled: !canPlan });
  const byWeek = new Map(person.weeks.map((week) => [week.week, heatCell(week)]));
  return (
    <>
      <Table.Tr data-testid={`person-${name}`}>
        <Table.Th scope="row" ref={setNodeRef} className={isOver ? classes.dropping : undefined} fw="normal">
          <Text size="sm" fw={600}>
            {name}
          </Text>
        </Table.Th>
        {weeks.map((week) => {
          const cell = byWeek.get(week);
          return (
            <Table.Td
              key={week}
              ta="center"
              className={classes[cell?.level ?? 'none']}
              data-testid={`heat-${name}-${week}`}
              data-level={cell?.level ?? 'none'}
              title={cell ? [`Booked ${cell.label}`, ...cell.notes].join('\n') : undefined}
            >
              <Text size="xs" fw={600}>
                {cell?.label ?? ''}
              </Text>
              {cell && cell.notes.length > 0 && (
                <Text size="xs" className={classes.note}>
                  {cell.leaveHours > 0 ? 'Leave' : 'Holiday'}
                </Text>
              )}
            </Table.Td>
          );
        })}
      </Table.Tr>
      {person.roles.map((role) => (
        <Table.Tr key={role.planItemId} data-testid={`role-${name}-${role.title}`}>
          <Table.Th scope="row" fw="normal" className={classes.roleHeading}>
            {/* the inputs start from the saved dates again whenever they change (a drag, another person's edit) */}
            <Fragment key={`${role.startDate} ${role.endDate} ${role.allocation}`}>
              <RoleLine role={role} canPlan={canPlan} onPlan={onPlan} />
            </Fragment>
          </Table.Th>
          <RoleBarCells role={role} shown={shownRole(role)} weeks={weeks} canPlan={canPlan} />
        </Table.Tr>
      ))}
    </>
  );
}

function RoleLine({
  role,
  canPlan,
  onPlan,
}: {
  role: PlannerRole;
  canPlan: boolean;
  onPlan: (id: string, change: PlannerRoleChange) => void;
}) {
  const label = `${role.title} (${role.missionTitle})`;
  if (!canPlan)
    return (
      <Text size="xs" c="dimmed">
        {label} · {role.allocation}%
      </Text>
    );
  return (
    <Group gap={4} wrap="nowrap" className={classes.role}>
      <Text size="xs" className={classes.roleTitle} title={label}>
        {label}
      </Text>
      <NumberInput
        size="xs"
        w={64}
        min={0}
        max={100}
        suffix="%"
        aria-label={`Allocation of ${label}`}
        defaultValue={role.allocation}
        onBlur={(event) => {
          const allocation = Number(event.currentTarget.value.replace('%', ''));
          if (Number.isInteger(allocation) && allocation !== role.allocation) onPlan(role.planItemId, { allocation });
        }}
      />
      <TextInput
        size="xs"
        type="date"
        aria-label={`Start of ${label}`}
        defaultValue={role.startDate ?? ''}
        onBlur={(event) =>
          event.currentTarget.value &&
          event.currentTarget.value !== role.startDate &&
          onPlan(role.planItemId, { startDate: event.currentTarget.value })
        }
      />
      <TextInput
        size="xs"
        type="date"
        aria-label={`End of ${label}`}
        defaultValue={role.endDate ?? ''}
        onBlur={(event) =>
          event.currentTarget.value &&
          event.currentTarget.value !== role.endDate &&
          onPlan(role.planItemId, { endDate: event.currentTarget.value })
        }
      />
    </Group>
  );
}
