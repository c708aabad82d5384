import { sql } from 'drizzle-orm';
import {
  addIsoDays,
  applyChange,
  calendarDays,
  daysBetween,
  defaultDailyHours,
  FINISH_HORIZON_DAYS,
  isMissionAdmin,
  isObserverLevel,
  loadsFor,
  MAX_STAFFING_SPAN_DAYS,
  missionFinish,
  roleBookedHours,
  shiftFits,
  staffsEveryRole,
  weeklyPlot,
  type BookedRole,
  type LoadDay,
  type MissionRole,
  type WeeklyPlot,
  type WhatIfBody,
  type WhatIfResponse,
} from '@crewplan/domain';
import type { OrgLevel } from '@crewplan/domain';
import { appError } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/types.ts';
import { awayDaysOf, bookedEndSql, bookingMissionSql, holidayLookup, readLedger } from '../availability/index.ts';
import { closedTo, membersAmong } from './ai.queries.ts';

type MissionRow = {
  id: string;
  orgId: string | null;
  planStartDate: string | null;
  planEndDate: string | null;
  daysPerWeek: number | null;
  country: string | null;
  permission: number | null;
  isProjectManager: boolean;
  invitePending: boolean;
  level: OrgLevel | null;
};

/**
 * The mission a what-if or plot is about, for a caller who may plan its staffing: the organisation's admins and
 * managers, or its project managers and owners who are current members of the organisation at a working level (the
 * analyses read its ledger, as recommendations do). Not there, not visible or a template (no team at work, rule
 * 240: the ledger books none of its roles) 404, a personal project 422, on the team without that right (not
 * managing it, or from outside the organisation) 403 — each naming `missionId`.
 */
async function plannedMission(ctx: AppContext, callerId: string, missionId: string) {
  const result = await ctx.db.execute<MissionRow>(sql`
    select m.id, m.org_id as "orgId", m.plan_start_date as "planStartDate", m.plan_end_date as "planEndDate", o.days_per_week as "daysPerWeek",
      o.holiday_country_code as country, mp.permission, coalesce(mp.is_project_manager, false) as "isProjectManager", coalesce(mp.invite_pending, false) as "invitePending",
      op.level
    from missions m
    left join orgs o on o.id = m.org_id and o.deleted_at is null
    left join mission_people mp on mp.mission_id = m.id and mp.person_id = ${callerId}
    left join org_people op on op.org_id = m.org_id and op.person_id = ${callerId} and (op.end_date is null or op.end_date > current_date)
    where m.id = ${missionId} and m.archived_at is null and not m.is_template`);
  const mission = result.rows[0];
  const onTeam = !!mission && mission.permission !== null && !mission.invitePending;
  if (!mission || (!onTeam && !staffsEveryRole(mission.level))) {
    throw appError('staffingMissionNotFound');
  }
  if (!mission.orgId || mission.daysPerWeek === null) {
    throw appError('staffingPersonalMission');
  }
  // the analyses read the organisation's ledger: a project manager plans with them as a current member of it
  const member = !!mission.level && !isObserverLevel(mission.level);
  if (
    !staffsEveryRole(mission.level) &&
    !(member && onTeam && isMissionAdmin({ permission: mission.permission!, isProjectManager: mission.isProjectManager }))
  ) {
    throw appError('staffingNotYourMission');
  }
  return mission as MissionRow & { orgId: string; daysPerWeek: number };
}

type RoleRow = {
  id: string;
  title: string;
  personId: string | null;
  allocation: number;
  startDate: string;
  endDate: string;
  dailyHours: BookedRole['dailyHours'];
  weeklyLumpHours: BookedRole['weeklyLumpHours'];
};

/**
 * The mission's live roles with dates, as the domain's what-if reads them, each with what it books as the ledger does:
 * a finished mission's roles only up to the day before it stopped, none when it stopped without a stop time (rule 21).
 * `ids` holds every live dated role, booked or not (a what-if may still hand one over).
 */
async function missionRoles(
  ctx: AppContext,
  missionId: string,
): Promise<{ roles: MissionRole[]; booked: Map<string, RoleRow>; ids: Set<string> }> {
  const result = await ctx.db.execute<RoleRow & { bookedEnd: string | null }>(sql`
    select pi.id, coalesce(nullif(pi.role, ''), nullif(pi.title, ''), 'Role') as title, pi.person_id as "personId", pi.allocation,
      to_char(pi.start_date, 'YYYY-MM-DD') as "startDate", to_char(pi.end_date, 'YYYY-MM-DD') as "endDate",
      case when ${bookingMissionSql} then to_char(${bookedEndSql}, 'YYYY-MM-DD') end as "bookedEnd",
      pi.daily_hours as "dailyHours", pi.weekly_lump_hours as "weeklyLumpHours"
    from plan_items pi join missions m on m.id = pi.mission_id
    where pi.mission_id = ${missionId} and pi.type = 'person' and not pi.was_deleted and not pi.inactive
      and pi.start_date is not null and pi.end_date is not null
    order by pi.start_date, pi.id`);
  const rows = result.rows
    .filter((row) => row.bookedEnd !== null && row.bookedEnd >= row.startDate)
    .map(({ bookedEnd, ...row }) => ({ ...row, endDate: bookedEnd! }));
  const roles = rows.map((row) => ({
    planItemId: row.id,
    title: row.title,
    personId: row.personId,
    startDate: row.startDate,
    endDate: row.endDate,
    dailyHours: defaultDailyHours(row.allocation),
  }));
  return { roles, booked: new Map(rows.map((row) => [row.id, row])), ids: new Set(result.rows.map((row) => row.id)) };
}

/**
 * The roles with each day's hours (of those inside `window`) as the ledger books them (`roleBookedHours`: none on a
 * public holiday or a day its person's approved leave takes whole, a role's own hours where it keeps them), its own
 * hours moved with it by `shiftDays`: without them a mission's roles would count hours the ledger never booked, and
 * a what-if that changes nothing would change the loads.
 */
function withBookedDays(
  roles: readonly MissionRole[],
  booked: ReadonlyMap<string, RoleRow>,
  shiftDays: number,
  calendar: { daysPerWeek: number; isHoliday: (day: string) => boolean },
  away: ReadonlyMap<string, ReadonlySet<string>>,
  window: { from: string; to: string },
): MissionRole[] {
  const moved = (entries: BookedRole['dailyHours']) => entries.map((entry) => ({ ...entry, date: addIsoDays(entry.date, shiftDays) }));
  return roles.map((role) => {
    const row = booked.get(role.planItemId)!;
    const source = { ...role, allocation: row.allocation, dailyHours: moved(row.dailyHours), weeklyLumpHours: moved(row.weeklyLumpHours) };
    const span = { from: [role.startDate, window.from].sort()[1]!, to: [role.endDate, window.to].sort()[0]! };
    const isAway = (day: string) => (role.personId ? (away.get(role.personId)?.has(day) ?? false) : false);
    const hours = roleBookedHours(source, span, { ...calendar, isAway });
    return { ...role, hoursByDay: Object.fromEntries(calendarDays(span.from, span.to).map((day) => [day, hours.get(day) ?? 0])) };
  });
}

async function ledgerByPerson(ctx: AppContext, orgId: string, personIds: string[], from: string, to: string) {
  const byPerson = new Map<string, LoadDay[]>();
  for (const day of await readLedger(ctx.db, { orgId, personIds, from, to })) {
    const list = byPerson.get(day.personId) ?? [];
    list.push(day);
    byPerson.set(day.personId, list);
  }
  return byPerson;
}

async function namesOf(ctx: AppContext, personIds: string[]): Promise<Map<string, string>> {
  if (personIds.length === 0) return new Map();
  const result = await ctx.db.execute<{ id: string; name: string }>(sql`
    select id, trim(first_name || ' ' || last_name) as name from people where id = any(${`{${personIds.join(',')}}`}::varchar[])`);
  return new Map(result.rows.map((row) => [row.id, row.name]));
}

const span = (roles: readonly { startDate: string; endDate: string }[]) => ({
  from: roles.reduce((min, role) => (role.startDate < min ? role.startDate : min), roles[0]!.startDate),
  to: roles.reduce((max, role) => (role.endDate > max ? role.endDate : max), roles[0]!.endDate),
});

/**
 * `POST /ai/what-if`: each person's load and the finish date if the mission's dates move (`shiftDays`, or a new
 * `startDate` for the plan) or roles change hands (`reassign`), from the availability ledger. Nothing is written.
 */
export async function whatIf(ctx: AppContext, callerId: string, body: WhatIfBody): Promise<WhatIfResponse> {
  if (body.shiftDays !== undefined && body.startDate !== undefined) {
    throw appError('staffingOneChange');
  }
  const mission = await plannedMission(ctx, callerId, body.missionId);
  const { roles: plain, booked, ids } = await missionRoles(ctx, mission.id);
  const calendar = { daysPerWeek: mission.daysPerWeek, isHoliday: holidayLookup(mission.country) };
  const planStart = mission.planStartDate ?? (plain.length > 0 ? span(plain).from : null);
  const planEnd = mission.planEndDate ?? (plain.length > 0 ? span(plain).to : null);
  if (!planStart || !planEnd) throw appError('staffingMissionWithoutDates');
  const shiftDays = body.startDate ? daysBetween(planStart, body.startDate) : (body.shiftDays ?? 0);
  // the days read: the plan's and every role's, which may run past the plan
  const days = span([...plain, { startDate: planStart, endDate: planEnd }]);
  if (daysBetween(days.from, days.to) > MAX_STAFFING_SPAN_DAYS) throw appError('staffingMissionTooLong');
  if (!shiftFits(days, shiftDays)) throw appError('staffingShiftTooFar', body.startDate ? 'startDate' : 'shiftDays');
  const reassign = body.reassign ?? [];
  reassign.forEach((entry, index) => {
    if (!ids.has(entry.missionPlanId)) {
      throw appError('staffingRoleNotFound', `reassign.${index}.missionPlanId`);
    }
  });
  const newPeople = [...new Set(reassign.map((entry) => entry.personId).filter((id): id is string => !!id))];
  const members = await membersAmong(ctx.db, mission.orgId, newPeople);
  // a project manager plans only with the people they may assign: another department's kept people are not there
  const hidden = staffsEveryRole(mission.level) ? new Set<string>() : await closedTo(ctx.db, mission.orgId, callerId, newPeople);
  reassign.forEach((entry, index) => {
    if (entry.personId && (!members.has(entry.personId) || hidden.has(entry.personId))) {
      throw appError('staffingPersonNotFound', `reassign.${index}.personId`);
    }
  });
  const changed = applyChange(plain, {
    shiftDays,
    reassign: reassign.map((entry) => ({ planItemId: entry.missionPlanId, personId: entry.personId })),
  });
  const window = {
    from: [planStart, addIsoDays(planStart, shiftDays)].sort()[0]!,
    to: [planEnd, addIsoDays(planEnd, shiftDays)].sort()[1]!,
  };
  const people = [...new Set([...plain, ...changed].map((role) => role.personId).filter((id): id is string => !!id))];
  // finishes are worked out from each role's own start, which may come before the plan's (and its end after it)
  const read = {
    from: [days.from, addIsoDays(days.from, shiftDays)].sort()[0]!,
    to: addIsoDays([days.to, addIsoDays(days.to, shiftDays)].sort()[1]!, FINISH_HORIZON_DAYS),
  };
  const q = { orgId: mission.orgId, personIds: people, from: read.from, to: read.to };
  const [ledger, away, names] = await Promise.all([
    ledgerByPerson(ctx, mission.orgId, people, read.from, read.to),
    people.length > 0 ? awayDaysOf(ctx.db, q) : new Map<string, Set<string>>(),
    namesOf(ctx, people),
  ]);
  const roles = withBookedDays(plain, booked, 0, calendar, away, days);
  const after = withBookedDays(changed, booked, shiftDays, calendar, away, {
    from: addIsoDays(days.from, shiftDays),
    to: addIsoDays(days.to, shiftDays),
  });
  const loads = loadsFor(ledger, roles, after, window, mission.daysPerWeek);
  return {
    missionId: mission.id,
    shiftDays,
    window,
    finish: {
      planned: planEnd,
      before: roles.length > 0 ? missionFinish(roles, ledger, roles, mission.daysPerWeek) : planEnd,
      after: after.length > 0 ? missionFinish(after, ledger, roles, mission.daysPerWeek) : addIsoDays(planEnd, shiftDays),
    },
    people: loads.map((load) => ({ ...load, name: names.get(load.personId) ?? '' })),
  };
}

/** `POST /ai/weekly-plot`: per week, the hours the mission's roles plan and what the people on them could give it. */
export async function plotWeeks(
  ctx: AppContext,
  callerId: string,
  body: { missionId: string; from?: string; to?: string },
): Promise<WeeklyPlot> {
  const mission = await plannedMission(ctx, callerId, body.missionId);
  const { roles: plain, booked } = await missionRoles(ctx, mission.id);
  const from = body.from ?? mission.planStartDate ?? (plain.length > 0 ? span(plain).from : null);
  const to = body.to ?? mission.planEndDate ?? (plain.length > 0 ? span(plain).to : null);
  if (!from || !to) throw appError('staffingMissionWithoutDates');
  if (to < from) throw appError('staffingRangeBackwards');
  if (daysBetween(from, to) > MAX_STAFFING_SPAN_DAYS) throw appError('staffingRangeTooLong');
  const people = [...new Set(plain.map((role) => role.personId).filter((id): id is string => !!id))];
  const [ledger, away] = await Promise.all([
    ledgerByPerson(ctx, mission.orgId, people, from, to),
    people.length > 0 ? awayDaysOf(ctx.db, { orgId: mission.orgId, personIds: people, from, to }) : new Map<string, Set<string>>(),
  ]);
  const calendar = { daysPerWeek: mission.daysPerWeek, isHoliday: holidayLookup(mission.country) };
  const roles = withBookedDays(plain, booked, 0, calendar, away, { from, to });
  return { missionId: mission.id, from, to, weeks: weeklyPlot(roles, ledger, { from, to }, mission.daysPerWeek) };
}
