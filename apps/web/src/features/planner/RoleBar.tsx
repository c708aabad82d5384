import { Table } from '@mantine/core';
import { useDraggable } from '@dnd-kit/core';
import type { PlannerRole } from '@crewplan/domain/availability/planner';
import classes from './planner.module.css';
import { barInWeek, type Edge } from './rows.ts';

/** What a dragged edge carries: the role and which of its dates it moves. */
export type EdgeDrag = { kind: 'edge'; role: PlannerRole; edge: Edge };

export const edgeId = (role: PlannerRole, edge: Edge) => `edge:${edge}:${role.planItemId}`;

/**
 * A role's bar over the planner's weeks, in the cells after its row heading: the days of each week it covers, and, for
 * someone who may plan, a handle on its start and its end to drag by whole weeks (with the mouse, or by keyboard:
 * Space to take it, arrows to move it a week, Space to put it down). `shown` is the role as it is drawn, with a drag
 * in progress applied.
 */
export function RoleBarCells({
  role,
  shown,
  weeks,
  canPlan,
}: {
  role: PlannerRole;
  shown: PlannerRole;
  weeks: string[];
  canPlan: boolean;
}) {
  const label = `${role.title} (${role.missionTitle})`;
  return weeks.map((week) => {
    const bar = barInWeek(shown, week);
    // the handles stay where the saved dates are while a drag moves the bar, so the dragged handle is never redrawn
    const saved = canPlan ? barInWeek(role, week) : null;
    return (
      <Table.Td key={week} className={classes.barCell} data-testid={`bar-${role.title}-${week}`} data-covered={bar ? 'true' : 'false'}>
        {bar && <div className={classes.bar} style={{ left: `${bar.from * 100}%`, right: `${(1 - bar.to) * 100}%` }} title={label} />}
        {saved?.startsHere && <EdgeHandle role={role} edge="start" label={label} at={{ left: `${saved.from * 100}%` }} />}
        {saved?.endsHere && <EdgeHandle role={role} edge="end" label={label} at={{ right: `${(1 - saved.to) * 100}%` }} />}
      </Table.Td>
    );
  });
}

function EdgeHandle({ role, edge, label, at }: { role: PlannerRole; edge: Edge; label: string; at: { left: string } | { right: string } }) {
  const data: EdgeDrag = { kind: 'edge', role, edge };
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: edgeId(role, edge), data });
  const date = edge === 'start' ? role.startDate : role.endDate;
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={classes.edge}
      style={at}
      data-dragging={isDragging || undefined}
      data-testid={`edge-${edge}-${role.title}`}
      {...listeners}
      {...attributes}
      aria-label={`Move the ${edge} of ${label}, ${date}, by weeks: drag it, or press Space and the arrow keys`}
    />
  );
}
