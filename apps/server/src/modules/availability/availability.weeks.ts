import { sql, type SQL } from 'drizzle-orm';
import { mondayOf, WORKING_DAY_HOURS as DAY_HOURS } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { ownHoursBookings, personFilterOf, publicHolidaysOf, sparseLedgerCtes, type LedgerQuery } from './availability.queries.ts';

/** A person's week summed from the ledger: capacity (contract less holidays and approved leave) against bookings. */
export type LedgerWeek = {
  personId: string;
  /** The Monday of the week. */
  week: string;
  contractHours: number;
  capacityHours: number;
  /** Roles' allocated hours and power-scheduled task hours. */
  bookedHours: number;
  leaveHours: number;
  pendingLeaveHours: number;
  holidays: { day: string; name: string }[];
};

type Row = {
  kind: 'leave' | 'member' | 'role' | 'task';
  person_id: string;
  /** A member's start, a role's start, or the day of leave or of a task. */
  a: string | null;
  /** A member's end (exclusive), a role's end. */
  b: string | null;
  /** In hundredths of an hour: a role's daily hours, a day's approved leave, a day's task hours. */
  x: number | null;
  /** In hundredths of an hour: a day's pending leave. */
  y: number | null;
};

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const CONTRACT_DAY = DAY_HOURS * 100;

/**
 * The ledger summed per person and week (Monday first), with the same figures as adding up `readLedger`'s days (the
 * planner-weeks test checks every person and week), bookings counted only on the days the person is a member, but
 * without a row per person and day. One statement reads, from
 * the real tables on every call, only what is not the same every day: memberships, roles with their daily hours
 * (rule 10), and the days that carry leave or power-scheduled task hours (each rounded per day, as the ledger rounds
 * them). The weeks are then closed-form sums in hundredths of an hour (exact):
 * - contract: 8 h × the working weekdays of the week inside the membership (working weekdays run from Monday, so
 *   their count is the length of one date range);
 * - holidays: the organisation's, once for everyone, off the working days each person is contracted on;
 * - a role: its daily hours × its working days in the week inside the membership (the same range arithmetic);
 * - a day of approved leave takes off capacity what the ledger's day would (never below zero, nothing on a holiday),
 *   and a whole day of it takes off the roles' hours booked on it (the ledger books none then).
 */
export async function readLedgerWeeks(db: Db, q: LedgerQuery): Promise<LedgerWeek[]> {
  if (q.to < q.from || (q.personIds && q.personIds.length === 0)) return [];
  const personFilter = personFilterOf(q);
  const from = sql`${q.from}::date`;
  const to = sql`${q.to}::date`;
  const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;
  // the organisation's settings and the figures are read side by side (neither needs the other)
  const [orgs, result] = await Promise.all([
    db.execute<{ dpw: number; country: string | null }>(
      sql`select days_per_week as dpw, holiday_country_code as country from orgs where id = ${q.orgId}`,
    ),
    db.execute<Row>(sql`
    with ${sparseLedgerCtes(q)}
    select 'member' as kind, person_id, ${day(sql`start_date`)} as a, ${day(sql`end_date`)} as b, null::int as x, null::int as y
    from org_people where org_id = ${q.orgId} ${personFilter(sql`person_id`)}
    union all
    select 'role', person_id, ${day(sql`start_date`)}, ${day(sql`end_date`)}, (daily * 100)::int, null from roles where not own_hours
    union all
    select 'leave', person_id, ${day(sql`day`)}, null, (round(approved, 2) * 100)::int, (round(pending, 2) * 100)::int
    from leave where day between ${from} and ${to}
    union all
    select 'task', person_id, ${day(sql`day`)}, null, (round(hours, 2) * 100)::int, null from scheduled`),
  ]);
  const [org] = orgs.rows;
  if (!org) return [];
  const holidays = publicHolidaysOf(org.country, q.from, q.to);
  const holidayDays = new Set(holidays.map((h) => h.day));
  const own = await ownHoursBookings(db, q, { daysPerWeek: org.dpw, isHoliday: (day) => holidayDays.has(day) });
  return sumWeeks(q, org.dpw, holidays, result.rows, own);
}

/** The weeks of the span of each member, in hundredths of an hour while summing. */
function sumWeeks(
  q: LedgerQuery,
  daysPerWeek: number,
  holidayList: { day: string; name: string }[],
  rows: Row[],
  ownHours: Map<string, Map<string, number>>,
): LedgerWeek[] {
  const first = dayNumber(q.from);
  const last = dayNumber(q.to);
  const firstMonday = dayNumber(mondayOf(q.from));
  const weekCount = Math.floor((last - firstMonday) / 7) + 1;
  const weeks = Array.from({ length: weekCount }, (_, i) => {
    const monday = firstMonday + 7 * i;
    const hi = Math.min(monday + 6, last);
    return { monday, lo: Math.max(monday, first), lastWorkday: Math.min(hi, monday + daysPerWeek - 1) };
  });
  const weekOf = (dayNo: number) => Math.floor((dayNo - firstMonday) / 7);
  const isWorkday = (dayNo: number) => dayNo - weeks[weekOf(dayNo)]!.monday < daysPerWeek;
  /** The working days of week i within [start, end] (either open). */
  const workdays = (i: number, start: number, end: number) =>
    Math.max(0, Math.min(end, weeks[i]!.lastWorkday) - Math.max(start, weeks[i]!.lo) + 1);
  const holidays = holidayList.filter((h) => h.day >= q.from && h.day <= q.to).map((h) => ({ ...h, no: dayNumber(h.day) }));
  const holidaysOfWeek = weeks.map((_, i) => holidays.filter((h) => weekOf(h.no) === i).map(({ day, name }) => ({ day, name })));
  const workdayHolidays = holidays.filter((h) => isWorkday(h.no));
  const holidayDays = new Set(holidays.map((h) => h.no));
  /** The public holidays on working days of week i within [start, end]. */
  const holidaysIn = (i: number, start: number, end: number) =>
    workdayHolidays.filter((h) => weekOf(h.no) === i && h.no >= start && h.no <= end).length;

  type Member = {
    start: number;
    end: number;
    sums: { contract: number; capacity: number; booked: number; leave: number; pending: number }[];
  };
  const members = new Map<string, Member>();
  for (const row of rows) {
    if (row.kind !== 'member') continue;
    const start = row.a ? dayNumber(row.a) : -Infinity;
    const end = row.b ? dayNumber(row.b) - 1 : Infinity;
    const sums = weeks.map((_, i) => {
      const days = workdays(i, start, end);
      const contractHolidays = workdayHolidays.filter((h) => weekOf(h.no) === i && h.no >= start && h.no <= end).length;
      return { contract: days * CONTRACT_DAY, capacity: (days - contractHolidays) * CONTRACT_DAY, booked: 0, leave: 0, pending: 0 };
    });
    members.set(row.person_id, { start, end, sums });
  }
  /** Each person's roles booking the standard day: their first and last day, and hours a day. */
  const rolesOf = new Map<string, { start: number; end: number; hours: number }[]>();
  const isMemberOn = (member: Member, dayNo: number) => dayNo >= member.start && dayNo <= member.end;
  for (const row of rows) {
    const member = members.get(row.person_id);
    if (!member || row.kind === 'member') continue;
    if (row.kind === 'role') {
      // a role books its person only while they belong to the organisation: the weeks before they join or after
      // they leave (no capacity there) do not read as over-booked
      const start = Math.max(row.a ? dayNumber(row.a) : -Infinity, member.start);
      const end = Math.min(row.b ? dayNumber(row.b) : Infinity, member.end);
      rolesOf.set(row.person_id, [...(rolesOf.get(row.person_id) ?? []), { start, end, hours: row.x! }]);
      // nobody works on a public holiday: a role books none
      for (let i = 0; i < weeks.length; i++) member.sums[i]!.booked += row.x! * (workdays(i, start, end) - holidaysIn(i, start, end));
      continue;
    }
    const dayNo = dayNumber(row.a!);
    const week = member.sums[weekOf(dayNo)]!;
    if (row.kind === 'task') {
      if (isMemberOn(member, dayNo)) week.booked += row.x!;
      continue;
    }
    const approved = row.x!;
    const contract = isWorkday(dayNo) && isMemberOn(member, dayNo) ? CONTRACT_DAY : 0;
    week.leave += approved;
    week.pending += row.y!;
    if (!holidayDays.has(dayNo)) week.capacity += Math.max(0, contract - approved) - contract;
  }
  // a day of approved leave taken whole books none of the person's roles (leaveTakesDay), as the ledger's day
  for (const row of rows) {
    if (row.kind !== 'leave' || row.x! < CONTRACT_DAY) continue;
    const member = members.get(row.person_id);
    const dayNo = dayNumber(row.a!);
    if (!member || !isWorkday(dayNo) || holidayDays.has(dayNo)) continue;
    for (const role of rolesOf.get(row.person_id) ?? [])
      if (dayNo >= role.start && dayNo <= role.end) member.sums[weekOf(dayNo)]!.booked -= role.hours;
  }
  for (const [personId, days] of ownHours) {
    const member = members.get(personId);
    if (member)
      for (const [day, hours] of days)
        if (isMemberOn(member, dayNumber(day))) member.sums[weekOf(dayNumber(day))]!.booked += Math.round(hours * 100);
  }
  return [...members]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .flatMap(([personId, member]) =>
      member.sums.map((sums, i) => ({
        personId,
        week: new Date(weeks[i]!.monday * DAY_MS).toISOString().slice(0, 10),
        contractHours: sums.contract / 100,
        capacityHours: sums.capacity / 100,
        bookedHours: sums.booked / 100,
        leaveHours: sums.leave / 100,
        pendingLeaveHours: sums.pending / 100,
        holidays: holidaysOfWeek[i]!,
      })),
    );
}
