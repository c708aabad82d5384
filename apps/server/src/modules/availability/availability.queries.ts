import { sql, type SQL } from 'drizzle-orm';
import { roleBookedHours, WORKING_DAY_HOURS as DAY_HOURS, type BookedRole } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { publicHolidays } from '../../lib/holidays.ts';

/** One person's day in an organisation: what their contract gives, what takes it, and what is booked on it. */
export type LedgerDay = {
  personId: string;
  /** ISO date yyyy-mm-dd. */
  day: string;
  /** 8 h on the organisation's working weekdays (its days per week, Monday first) between the person's start and end dates. */
  contractHours: number;
  /** The public holiday (global only) of the organisation's holiday country on that day. */
  holidayName: string | null;
  /** Approved leave of that day (a request's counted day hours). */
  leaveApprovedHours: number;
  /** Submitted or first-approved leave, not yet final. */
  leavePendingHours: number;
  workFromHome: boolean;
  /**
   * The sum of the person's active roles' daily hours that day (rule 10: 8 h × the allocation, working weekdays),
   * none on a public holiday or a day of approved leave of the whole day.
   */
  allocatedHours: number;
  /** Hours of power-scheduled tasks of the person that day (a task's duration spread over its scheduled days). */
  scheduledTaskHours: number;
  /** Approved timesheet hours of that day. */
  approvedTimeHours: number;
  /** What is left: max(0, contract − holiday − approved leave − allocated). */
  availableHours: number;
};

export type LedgerQuery = { orgId: string; personIds?: readonly string[]; from: string; to: string };

type Row = {
  person_id: string;
  day: string;
  contract_hours: number;
  holiday_name: string | null;
  leave_approved_hours: number;
  leave_pending_hours: number;
  work_from_home: boolean;
  allocated_hours: number;
  scheduled_task_hours: number;
  approved_time_hours: number;
  available_hours: number;
  /** What is left before the roles with hours of their own, unrounded and possibly below zero. */
  remainder: number;
};

/**
 * Rule 10 in SQL: a role's daily hours from its allocation percent, 8 h × the percent (clamped to 0–100) rounded to
 * the hundredth: the same figure as `defaultDailyHours` (the availability test checks both agree on every percent).
 */
export const dailyHoursSql = (allocation: SQL) =>
  sql`round(${sql.raw(String(DAY_HOURS))} * least(100, greatest(0, ${allocation})))::numeric / 100`;

/**
 * Rule 21: a finished mission (completed or cancelled, or its stop time passed) books nobody. Its roles book up to
 * the day before it stopped (the weeks it ran keep their bookings), and nothing at all when it has no stop time.
 * `bookingMissionSql` keeps the missions that book; `bookedEndSql` is a role's last booked day (`pi` of `m`).
 */
export const bookingMissionSql = sql`(m.mission_stop is not null or m.project_status not in ('completed', 'cancelled'))`;
export const bookedEndSql = sql`least(pi.end_date, (m.mission_stop at time zone 'UTC')::date - 1)`;

/** The public holidays of a country over the years of a span. */
export function publicHolidaysOf(country: string | null, from: string, to: string): { day: string; name: string }[] {
  const list: { day: string; name: string }[] = [];
  if (country)
    for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++)
      for (const holiday of publicHolidays(country, year)) list.push({ day: holiday.date, name: holiday.name });
  return list;
}

/** Whether a day is a public holiday of the country (none without one), each year's list read once. */
export function holidayLookup(country: string | null): (day: string) => boolean {
  const years = new Map<string, Set<string>>();
  return (day) => {
    if (!country) return false;
    const year = day.slice(0, 4);
    let days = years.get(year);
    if (!days) years.set(year, (days = new Set(publicHolidays(country, Number(year)).map((holiday) => holiday.date))));
    return days.has(day);
  };
}

/** The organisation's working week and public holidays over the span; null when the organisation is not there. */
async function calendarFor(db: Db, q: LedgerQuery) {
  const [org] = (
    await db.execute<{ country: string | null; dpw: number }>(
      sql`select holiday_country_code as country, days_per_week as dpw from orgs where id = ${q.orgId}`,
    )
  ).rows;
  if (!org) return null;
  return { country: org.country, daysPerWeek: org.dpw, holidays: publicHolidaysOf(org.country, q.from, q.to) };
}

/**
 * The days of each person that approved leave takes whole (`leaveTakesDay`), from `from` to `to` and the days of
 * their weeks (a week's lump of hours is shared over the days of its week the person is there).
 */
export async function awayDaysOf(db: Db, q: LedgerQuery): Promise<Map<string, Set<string>>> {
  const result = await db.execute<{ personId: string; day: string }>(sql`
    select lr.person_id as "personId", x->>'date' as day
    from leave_requests lr cross join jsonb_array_elements(lr.days) x
    where lr.org_id = ${q.orgId} and lr.status = 'approved'
      and lr.start_date <= ${q.to}::date + 6 and lr.end_date >= ${q.from}::date - 6 ${personFilterOf(q)(sql`lr.person_id`)}
    group by 1, 2
    having sum((x->>'hours')::numeric) >= ${sql.raw(String(DAY_HOURS))}`);
  const away = new Map<string, Set<string>>();
  for (const row of result.rows) away.set(row.personId, (away.get(row.personId) ?? new Set()).add(row.day));
  return away;
}

/**
 * The hours booked by the roles with hours of their own (a day's, or a week's lump: `roleBookedHours`), per person
 * and day of the span, none on a day the person's approved leave takes whole; the other roles book the standard
 * day, summed in closed form by the statements.
 */
export async function ownHoursBookings(
  db: Db,
  q: LedgerQuery,
  calendar: { daysPerWeek: number; isHoliday: (day: string) => boolean },
): Promise<Map<string, Map<string, number>>> {
  const [result, away] = await Promise.all([
    db.execute<BookedRole & { personId: string }>(sql`
    with ${sparseLedgerCtes(q)}
    select person_id as "personId", to_char(start_date, 'YYYY-MM-DD') as "startDate", to_char(end_date, 'YYYY-MM-DD') as "endDate",
      allocation, daily_hours as "dailyHours", weekly_lump_hours as "weeklyLumpHours"
    from roles where own_hours`),
    awayDaysOf(db, q),
  ]);
  const byPerson = new Map<string, Map<string, number>>();
  for (const role of result.rows) {
    const days = byPerson.get(role.personId) ?? new Map<string, number>();
    const isAway = (day: string) => away.get(role.personId)?.has(day) ?? false;
    for (const [day, hours] of roleBookedHours(role, q, { ...calendar, isAway })) days.set(day, cents((days.get(day) ?? 0) + hours));
    byPerson.set(role.personId, days);
  }
  return byPerson;
}

/**
 * `and <column>` is one of the asked people, or nothing when the query asks for everyone. The ids go as one
 * parameter (ids never hold a comma): hundreds of them as one parameter each made the statement slow to plan.
 */
export const personFilterOf = (q: LedgerQuery) => (column: SQL) =>
  q.personIds ? sql`and ${column} = any(string_to_array(${q.personIds.join(',')}, ','))` : sql``;

/**
 * The parts of the ledger that are not one row per person and day, shared by the daily and the weekly statements:
 * `leave` (a person's approved and pending leave hours per day, from the requests' counted days), `scheduled` (a
 * person's power-scheduled task hours per day, a task's duration spread over its scheduled days) and `roles` (the
 * person's active roles of the span with their daily hours, rule 10).
 */
export function sparseLedgerCtes(q: LedgerQuery): SQL {
  const personFilter = personFilterOf(q);
  const from = sql`${q.from}::date`;
  const to = sql`${q.to}::date`;
  return sql`
    leave as (
      select lr.person_id, (x->>'date')::date as day,
        sum(case when lr.status = 'approved' then (x->>'hours')::numeric else 0 end) as approved,
        sum(case when lr.status <> 'approved' then (x->>'hours')::numeric else 0 end) as pending
      from leave_requests lr cross join jsonb_array_elements(lr.days) x
      where lr.org_id = ${q.orgId} and lr.status in ('approved', 'pending_approval', 'pending_final_approval')
        and lr.start_date <= ${to} and lr.end_date >= ${from} ${personFilter(sql`lr.person_id`)}
      group by 1, 2
    ),
    tasks as (
      select ai.id, p.person_id, ai.start_date, greatest(ai.start_date, coalesce(ai.end_date, ai.start_date)) as end_date,
        ai.estimated_duration as hours, m.include_weekends
      from action_items ai
      join missions m on m.id = ai.mission_id and m.org_id = ${q.orgId} and m.project_type = 'power'
        and m.archived_at is null and not m.is_template
      cross join unnest(ai.people) as p(person_id)
      where ai.start_date is not null and ai.estimated_duration > 0
        and ai.start_date <= ${to} and coalesce(ai.end_date, ai.start_date) >= ${from} ${personFilter(sql`p.person_id`)}
    ),
    task_days as (
      select t.person_id, s::date as day, t.hours / count(*) over (partition by t.id, t.person_id) as hours
      from tasks t cross join generate_series(t.start_date, t.end_date, interval '1 day') s
      where t.include_weekends or extract(isodow from s) < 6
    ),
    scheduled as (
      select person_id, day, sum(hours) as hours from task_days where day between ${from} and ${to} group by 1, 2
    ),
    roles as (
      select * from (
        select pi.person_id, pi.start_date, ${bookedEndSql} as end_date, pi.allocation, ${dailyHoursSql(sql`pi.allocation`)} as daily,
          pi.daily_hours, pi.weekly_lump_hours,
          jsonb_array_length(pi.daily_hours) > 0 or jsonb_array_length(pi.weekly_lump_hours) > 0 as own_hours
        from plan_items pi
        join missions m on m.id = pi.mission_id and m.org_id = ${q.orgId} and m.archived_at is null and not m.is_template
          and ${bookingMissionSql}
        where pi.type = 'person' and pi.person_id is not null and not pi.inactive and not pi.was_deleted
          and (pi.start_date is null or pi.start_date <= ${to}) ${personFilter(sql`pi.person_id`)}
      ) r
      where r.end_date is null or r.end_date >= ${from}
    )`;
}

/** The ledger as one statement over every person and day of the span (a row each, unordered): what `readLedger` reads. */
function ledgerSql(q: LedgerQuery, holidays: string): SQL {
  const personFilter = personFilterOf(q);
  const from = sql`${q.from}::date`;
  const to = sql`${q.to}::date`;
  return sql`
    with org as (
      select id, days_per_week, holiday_country_code as country from orgs where id = ${q.orgId}
    ),
    members as (
      select op.person_id, op.start_date, op.end_date from org_people op where op.org_id = ${q.orgId} ${personFilter(sql`op.person_id`)}
    ),
    days as (
      select d::date as day, extract(isodow from d)::int <= (select days_per_week from org) as workday
      from generate_series(${from}, ${to}, interval '1 day') d
    ),
    holidays as (
      select (h->>'day')::date as day, h->>'name' as name
      from jsonb_array_elements(${holidays}::jsonb) h
      where h->>'country' = (select country from org)
    ),
    ${sparseLedgerCtes(q)},
    home as (
      select person_id, day from work_from_home_days
      where org_id = ${q.orgId} and day between ${from} and ${to} ${personFilter(sql`person_id`)}
    ),
    allocated as (
      select r.person_id, d.day, sum(r.daily) as hours
      from roles r join days d on d.workday
        and (r.start_date is null or d.day >= r.start_date) and (r.end_date is null or d.day <= r.end_date)
      where not r.own_hours and not exists (select 1 from holidays h where h.day = d.day)
        -- approved leave of the whole day takes the person off their roles (leaveTakesDay)
        and not exists (select 1 from leave l where l.person_id = r.person_id and l.day = d.day
          and l.approved >= ${sql.raw(String(DAY_HOURS))})
      group by 1, 2
    ),
    timed as (
      select ts.person_id, ts.week_start + (i - 1) as day, sum(ts.daily_minutes[i])::numeric / 60 as hours
      from timesheets ts cross join generate_subscripts(ts.daily_minutes, 1) i
      where ts.org_id = ${q.orgId} and ts.status = 'approved' and ts.week_start between ${from} - 6 and ${to}
        ${personFilter(sql`ts.person_id`)}
      group by 1, 2
    ),
    grid as (
      select mb.person_id, d.day,
        case when d.workday and (mb.start_date is null or d.day >= mb.start_date) and (mb.end_date is null or d.day < mb.end_date)
          then ${sql.raw(String(DAY_HOURS))} else 0 end::numeric as contract,
        h.name as holiday_name,
        coalesce(l.approved, 0) as approved, coalesce(l.pending, 0) as pending,
        hm.day is not null as work_from_home,
        coalesce(a.hours, 0)::numeric as allocated, coalesce(s.hours, 0) as scheduled, coalesce(tm.hours, 0) as timed
      from members mb cross join days d
      left join holidays h on h.day = d.day
      left join leave l on l.person_id = mb.person_id and l.day = d.day
      left join home hm on hm.person_id = mb.person_id and hm.day = d.day
      left join allocated a on a.person_id = mb.person_id and a.day = d.day
      left join scheduled s on s.person_id = mb.person_id and s.day = d.day
      left join timed tm on tm.person_id = mb.person_id and tm.day = d.day
    )
    select person_id, to_char(day, 'YYYY-MM-DD') as day,
      contract::float8 as contract_hours, holiday_name,
      round(approved, 2)::float8 as leave_approved_hours, round(pending, 2)::float8 as leave_pending_hours, work_from_home,
      round(allocated, 2)::float8 as allocated_hours, round(scheduled, 2)::float8 as scheduled_task_hours,
      round(timed, 2)::float8 as approved_time_hours,
      round(greatest(0, contract - case when holiday_name is null then 0 else contract end - approved - allocated), 2)::float8
        as available_hours,
      (contract - case when holiday_name is null then 0 else contract end - approved - allocated)::float8 as remainder
    from grid
    `;
}

/**
 * The availability ledger: per person of the organisation and day, computed on every call from the real tables
 * (memberships, leave requests, work-from-home days, plan items, power-scheduled tasks, approved timesheets) in one
 * statement over `generate_series` of the days; nothing is stored. Public holidays come from the leave module's
 * tables (the organisation's holiday country, as leave counts its days). Ordered by person, then day.
 */
export async function readLedger(db: Db, q: LedgerQuery): Promise<LedgerDay[]> {
  if (q.to < q.from || (q.personIds && q.personIds.length === 0)) return [];
  const calendar = await calendarFor(db, q);
  if (calendar === null) return [];
  const holidayDays = new Set(calendar.holidays.map((h) => h.day));
  const holidays = JSON.stringify(calendar.holidays.map((h) => ({ country: calendar.country, ...h })));
  const [result, own] = await Promise.all([
    db.execute<Row>(sql`${ledgerSql(q, holidays)} order by person_id, day`),
    ownHoursBookings(db, q, { daysPerWeek: calendar.daysPerWeek, isHoliday: (day) => holidayDays.has(day) }),
  ]);
  return result.rows.map((row) => {
    const ownHours = own.get(row.person_id)?.get(row.day) ?? 0;
    return {
      personId: row.person_id,
      day: row.day,
      contractHours: row.contract_hours,
      holidayName: row.holiday_name,
      leaveApprovedHours: row.leave_approved_hours,
      leavePendingHours: row.leave_pending_hours,
      workFromHome: row.work_from_home,
      allocatedHours: ownHours ? cents(row.allocated_hours + ownHours) : row.allocated_hours,
      scheduledTaskHours: row.scheduled_task_hours,
      approvedTimeHours: row.approved_time_hours,
      availableHours: ownHours ? cents(Math.max(0, row.remainder - ownHours)) : row.available_hours,
    };
  });
}

const cents = (hours: number) => Math.round(hours * 100) / 100;
