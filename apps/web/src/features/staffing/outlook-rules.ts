import type { Mission } from '@crewplan/domain/missions/mission';
import type { PlanItem } from '@crewplan/domain/plan/plan';
import { mayHoldRole } from '@crewplan/domain/plan/rules';
import type { WeeklyPlot, WhatIfBody, WhatIfResponse } from '@crewplan/domain/staffing/staffing';

/**
 * The staffing outlook's shaping (spec 3 §7 AI, `/ai/what-if` and `/ai/weekly-plot`): who is offered it, the roles and
 * people its inputs list, and the answers turned into chart and table rows. Days are 'YYYY-MM-DD'.
 */

/**
 * Whether the outlook is offered: a project of an organisation, not a template (no team at work, rule 240), to whom
 * plans it (its project managers and owners, or the organisation's admins and managers — the `plan.manage` ability).
 * The server decides again on each call.
 */
export const offersOutlook = (mission: Pick<Mission, 'org' | 'isTemplate' | 'abilities'>) =>
  Boolean(mission.org) && !mission.isTemplate && mission.abilities['plan.manage'];

/** A live, dated person role of the mission, as the what-if lists it. */
export type OutlookRole = { id: string; label: string; personId: string | null; startDate: string; endDate: string };

type RoleItem = Partial<Pick<PlanItem, '_id' | 'type' | 'role' | 'title' | 'person' | 'startDate' | 'endDate' | 'inactive' | 'wasDeleted'>>;

/** The mission's live person roles with both dates, in date order (the roles the server moves and hands over). */
export function outlookRoles(mission: Pick<Mission, 'planItems'>): OutlookRole[] {
  return (mission.planItems as RoleItem[])
    .filter((item) => item.type === 'person' && !item.inactive && !item.wasDeleted && item.startDate && item.endDate && item._id)
    .map((item) => ({
      id: item._id!,
      label: item.role || item.title || 'Role',
      personId: item.person ?? null,
      startDate: item.startDate!.slice(0, 10),
      endDate: item.endDate!.slice(0, 10),
    }))
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id));
}

/** Whether any role has a person: without one the weekly plot has nobody's hours to show. */
export const hasStaffedRole = (roles: readonly OutlookRole[]) => roles.some((role) => role.personId !== null);

/** The team people who may hold a role (invite accepted, below observer), by name. */
export function teamPeople(mission: Pick<Mission, 'people'>): { value: string; label: string }[] {
  return mission.people
    .filter((person) => !person.invitePending && mayHoldRole(person.permission))
    .map((person) => ({ value: person._id, label: `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** What a role's select chooses: no change (null), another person, or nobody. */
export const UNFILLED = 'unfilled';

/** The choices for handing a role over: the team less its holder, and leaving it unfilled when someone holds it. */
export function handOverChoices(role: OutlookRole, people: readonly { value: string; label: string }[]) {
  const others = people.filter((person) => person.value !== role.personId);
  return role.personId ? [...others, { value: UNFILLED, label: 'Nobody (leave it unfilled)' }] : others;
}

/** How the mission moves in a what-if: by a number of days, or to a new start date. */
export type Move = { kind: 'shift'; days: number } | { kind: 'start'; date: string };

/** The `/ai/what-if` body: the move (none when zero or empty) and the roles whose choice is set. */
export function whatIfBody(missionId: string, move: Move, handOvers: Readonly<Record<string, string | null>>): WhatIfBody {
  const reassign = Object.entries(handOvers)
    .filter((entry): entry is [string, string] => entry[1] !== null)
    .map(([missionPlanId, choice]) => ({ missionPlanId, personId: choice === UNFILLED ? null : choice }));
  return {
    missionId,
    ...(move.kind === 'shift' && move.days !== 0 ? { shiftDays: move.days } : {}),
    ...(move.kind === 'start' && move.date ? { startDate: move.date } : {}),
    ...(reassign.length > 0 ? { reassign } : {}),
  };
}

/** A week of the plot as the chart and its table read it. */
export type PlotRow = { weekStart: string; week: string; Planned: number; Available: number; Leave: number };

export const PLOT_SERIES = [
  { name: 'Planned', color: 'blue.6' },
  { name: 'Available', color: 'teal.6' },
  { name: 'Leave', color: 'orange.6' },
] as const;

/** The plot's weeks in order, labelled by `label` (their Monday). */
export function plotRows(plot: Pick<WeeklyPlot, 'weeks'>, label: (day: string) => string): PlotRow[] {
  return [...plot.weeks]
    .sort((a, b) => a.weekStart.localeCompare(b.weekStart))
    .map((week) => ({
      weekStart: week.weekStart,
      week: label(week.weekStart),
      Planned: week.plannedHours,
      Available: week.availableHours,
      Leave: week.leaveHours,
    }));
}

/** The plot's totals over its weeks. */
export const plotTotals = (rows: readonly PlotRow[]) => ({
  Planned: round2(rows.reduce((sum, row) => sum + row.Planned, 0)),
  Available: round2(rows.reduce((sum, row) => sum + row.Available, 0)),
  Leave: round2(rows.reduce((sum, row) => sum + row.Leave, 0)),
});

const round2 = (value: number) => Math.round(value * 100) / 100;

/** A person's line of the what-if: their load before and after, and whether they end up (or were) over-booked. */
export type LoadRow = WhatIfResponse['people'][number] & { label: string; overbooked: boolean; newlyOverbooked: boolean };

/** The what-if's people, over-booked after the change first, then by name. */
export function loadRows(response: Pick<WhatIfResponse, 'people'>): LoadRow[] {
  return response.people
    .map((person) => ({
      ...person,
      label: person.name || 'Unnamed person',
      overbooked: person.after.overbookedDays > 0,
      newlyOverbooked: person.after.overbookedDays > person.before.overbookedDays,
    }))
    .sort((a, b) => Number(b.overbooked) - Number(a.overbooked) || a.label.localeCompare(b.label));
}

/** A before → after pair in words ('unchanged' when equal). */
export const change = (before: string, after: string) => (before === after ? `${after} (unchanged)` : `${before} → ${after}`);
