import { sql, type SQL } from 'drizzle-orm';
import { DAY_MINUTES, HOURLY_SHARE, MILESTONE_TYPES } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';

/**
 * The money of missions in SQL, set-based (DESIGN §8): one statement reads the missions' plan items, approved weeks
 * and tasks and answers one line per mission, plan item and month, in integer minor units rounded once per line. The
 * rules are `money/cost.ts` of the domain; this file states them in SQL. Callers choose the grouping (`moneyLines`
 * per item and month, `missionTotals` per mission). Each line keeps its currency: the mission's, or the one a week
 * or an expense was approved in when the mission has changed its currency since; callers convert (`inCurrency`).
 */

/** Rule 189's hourly share of the unit in column `unit`, as SQL (null for One time and unknown units). */
const share = (unit: string, part: 'numerator' | 'denominator') =>
  `(case ${unit}${Object.entries(HOURLY_SHARE)
    .map(([name, value]) => (value ? ` when '${name}' then ${value[part]}` : ''))
    .join('')} end)`;

/** Working days (Mon–Fri) from `a` to `b` both included, 0 when b < a: `weekdaysBetween` of the domain. */
const weekdays = (a: string, b: string) => {
  // ISO weekday by integer arithmetic (1 January 2001 was a Monday): no timestamp conversion per row
  const dow = `((((${a}) - date '2001-01-01') % 7 + 7) % 7 + 1)`;
  return sql.raw(`(case when ${b} < ${a} then 0 else ((${b} - ${a} + 1) / 7) * 5
    + greatest(0, least(5, ${dow} + (${b} - ${a} + 1) % 7 - 1) - ${dow} + 1)
    + greatest(0, ${dow} + (${b} - ${a} + 1) % 7 - 8) end)`);
};

/** The first day of the month of a date column, by date arithmetic. */
const monthStart = (day: string) => `(${day} - (extract(day from ${day})::int - 1))`;

/** Amount of `days` planned working days: rate × days × 8 h × allocation / 100 × share, rounded once. */
const plannedAmount = (rate: string, unit: string, days: string) =>
  sql.raw(`coalesce(round(${rate}::numeric * ${days} * 8 * i.allocation * ${share(unit, 'numerator')}
    / (100 * ${share(unit, 'denominator')})), 0)`);

/** Amount of worked minutes: rate × minutes / 60 × share, rounded once. */
const minutesAmount = (rate: string, unit: string, minutes: string) =>
  sql.raw(`coalesce(round(${rate}::numeric * ${minutes} * ${share(unit, 'numerator')} / (60 * ${share(unit, 'denominator')})), 0)`);

const MILESTONES = sql.raw(MILESTONE_TYPES.map((type) => `'${type}'`).join(', '));

/**
 * The line CTEs: `lines (mission_id, item_id, kind, month (its first day), planned_minutes, approved_minutes, planned_cost, actual_cost,
 * planned_revenue, actual_revenue, pv_to_date, source_id, day, currency)` and `progress (mission_id, pct)`, for the
 * organisation's missions `ids`.
 */
function linesWith(orgId: string | null, missionIds: string[], today: string): SQL {
  const inOrg = (column: string) => (orgId ? sql`and ${sql.raw(column)} = ${orgId}` : sql``);
  return sql`
  with m as (
    select id, currency, not_billable, bill_using_milestones, plan_start_date, plan_end_date
    from missions where id = any(${sql.param(missionIds)}::varchar[]) ${inOrg('org_id')}
  ),
  items as (
    select p.id, p.mission_id, p.type, p.allocation, p.inactive, p.was_deleted, p.person_id,
      coalesce(p.start_date, m.plan_start_date) as s, coalesce(p.end_date, m.plan_end_date) as e,
      p.rate_minor, p.rate_time, p.bill_rate_minor, coalesce(p.bill_unit, p.rate_time) as bill_unit,
      p.amount_minor, p.approved, p.linked_to_task, m.currency,
      case when m.not_billable then 'none' when m.bill_using_milestones then 'milestones' else 'hours' end as source
    from plan_items p join m on m.id = p.mission_id
    where p.type in ('person', 'cost', ${MILESTONES})
  ),
  planned as (
    select i.mission_id, i.id as item_id, 'person' as kind, g.mo as month,
      ${sql.raw(`${DAY_MINUTES}`)} * i.allocation * g.days / 100.0 as planned_minutes, 0 as approved_minutes,
      case when i.rate_time = 'One time' then (case when g.first then i.rate_minor else 0 end)
        else ${plannedAmount('i.rate_minor', 'i.rate_time', 'g.days')} end as planned_cost,
      0 as actual_cost,
      case when i.source <> 'hours' then 0
        when i.bill_unit = 'One time' then (case when g.first then i.bill_rate_minor else 0 end)
        else ${plannedAmount('i.bill_rate_minor', 'i.bill_unit', 'g.days')} end as planned_revenue,
      0 as actual_revenue,
      case when i.rate_time = 'One time' then (case when g.first and i.s <= ${today}::date then i.rate_minor else 0 end)
        else ${plannedAmount('i.rate_minor', 'i.rate_time', 'g.to_date')} end as pv_to_date,
      null::varchar as source_id, null::date as day, i.currency
    from items i
    cross join lateral (
      select seg.mo, seg.mo = ${sql.raw(monthStart('i.s'))} as first,
        ${weekdays('seg.a', 'seg.b')} as days, ${weekdays('seg.a', 'least(seg.b, seg.today)')} as to_date
      from (
        select mo::date as mo, greatest(i.s, mo::date) as a, least(i.e, (mo + interval '1 month' - interval '1 day')::date) as b,
          ${today}::date as today
        from generate_series(${sql.raw(monthStart('i.s'))}::timestamp, i.e::timestamp, interval '1 month') as mo
      ) seg
    ) g
    where i.type = 'person' and not i.inactive and not i.was_deleted and i.s < i.e
  ),
  sheets as (
    select t.id, t.mission_id, t.week_start, t.daily_minutes, i.id as item_id,
      coalesce(i.s < i.e, true) as counts, coalesce(i.source, 'none') as source,
      case when t.approved_rate_time is not null then t.approved_rate_minor else i.rate_minor end as rate,
      coalesce(t.approved_rate_time, i.rate_time) as rate_time,
      case when t.approved_rate_time is not null then t.approved_bill_rate_minor else i.bill_rate_minor end as bill,
      coalesce(t.approved_bill_unit, t.approved_rate_time, i.bill_unit) as bill_unit,
      -- kept rates are in the currency the week was approved in, which the mission may have left since
      case when t.approved_rate_time is not null then coalesce(t.approved_currency, m.currency) else m.currency end as currency,
      -- a week crosses at most one month end: k of its days lie in the month it starts in
      (case when extract(day from t.week_start + 6) >= 7 then 7 else 7 - extract(day from t.week_start + 6)::int end) as k
    from timesheets t
    join m on m.id = t.mission_id
    -- a task-form week approved before rates were kept with weeks: the person's role covering the week, else their first
    left join lateral (
      select r.id from items r
      where t.plan_item_id is null and t.approved_rate_item_id is null and r.mission_id = t.mission_id
        and r.person_id = t.person_id and r.type = 'person' and not r.was_deleted
      order by (r.s <= t.week_start + 6 and r.e >= t.week_start) desc nulls last, r.s nulls last, r.id
      limit 1
    ) fr on true
    left join items i on i.id = coalesce(t.plan_item_id, t.approved_rate_item_id, fr.id)
    where t.status = 'approved' ${inOrg('t.org_id')}
  ),
  sheet_parts as (
    select s.*, (case when 1 <= s.k then s.daily_minutes[1] else 0 end) + (case when 2 <= s.k then s.daily_minutes[2] else 0 end) + (case when 3 <= s.k then s.daily_minutes[3] else 0 end) + (case when 4 <= s.k then s.daily_minutes[4] else 0 end) + (case when 5 <= s.k then s.daily_minutes[5] else 0 end) + (case when 6 <= s.k then s.daily_minutes[6] else 0 end) + (case when 7 <= s.k then s.daily_minutes[7] else 0 end) as first_minutes,
      s.daily_minutes[1] + s.daily_minutes[2] + s.daily_minutes[3] + s.daily_minutes[4] + s.daily_minutes[5]
        + s.daily_minutes[6] + s.daily_minutes[7] as week_minutes
    from sheets s
  ),
  sheet_months as (
    select s.id, s.mission_id, s.week_start, s.item_id, s.counts, s.source, s.rate, s.rate_time, s.bill, s.bill_unit, s.currency,
      case when p.part = 1 then ${sql.raw(monthStart('s.week_start'))} else s.week_start + s.k end as month,
      case when p.part = 1 then s.first_minutes else s.week_minutes - s.first_minutes end as minutes,
      -- the line a One time rate (cost, bill) counts in: the first month with minutes of one week, the first approved
      -- at that rate: one sheet, as the same week may have several (a role and a task week, a role handed over)
      (s.id = fc.id and (p.part = 1 or s.first_minutes = 0)) as first_cost_line,
      (s.id = fb.id and (p.part = 1 or s.first_minutes = 0)) as first_bill_line
    from sheet_parts s
    cross join (values (1), (2)) as p(part)
    left join (
      select distinct on (item_id) item_id, id from sheet_parts
      where rate_time = 'One time' and week_minutes > 0 order by item_id, week_start, id
    ) fc on fc.item_id = s.item_id
    left join (
      select distinct on (item_id) item_id, id from sheet_parts
      where bill_unit = 'One time' and week_minutes > 0 order by item_id, week_start, id
    ) fb on fb.item_id = s.item_id
    where (case when p.part = 1 then s.first_minutes else s.week_minutes - s.first_minutes end) > 0
  ),
  actual as (
    select a.mission_id, a.item_id, 'person' as kind, a.month, 0 as planned_minutes, a.minutes as approved_minutes,
      0 as planned_cost,
      case when not a.counts then 0
        when a.rate_time = 'One time' then (case when a.first_cost_line then a.rate else 0 end)
        else ${minutesAmount('a.rate', 'a.rate_time', 'a.minutes')} end as actual_cost,
      0 as planned_revenue,
      case when not a.counts or a.source <> 'hours' then 0
        when a.bill_unit = 'One time' then (case when a.first_bill_line then a.bill else 0 end)
        else ${minutesAmount('a.bill', 'a.bill_unit', 'a.minutes')} end as actual_revenue,
      0 as pv_to_date, a.id as source_id, a.week_start as day, a.currency
    from sheet_months a
  ),
  costs as (
    select i.mission_id, i.id as item_id, 'cost' as kind, ${sql.raw(monthStart('i.s'))} as month, 0 as planned_minutes,
      0 as approved_minutes, i.amount_minor as planned_cost,
      case when i.s <= ${today}::date then i.amount_minor else 0 end as actual_cost, 0 as planned_revenue, 0 as actual_revenue,
      case when i.s <= ${today}::date then i.amount_minor else 0 end as pv_to_date, i.id as source_id, i.s as day, i.currency
    from items i
    where i.type = 'cost' and not i.was_deleted and i.s is not null and coalesce(i.amount_minor, 0) <> 0
      and not (i.e is not null and i.s >= i.e)
  ),
  milestones as (
    select i.mission_id, i.id as item_id, 'milestone' as kind, ${sql.raw(monthStart('i.s'))} as month, 0 as planned_minutes,
      0 as approved_minutes, 0 as planned_cost, 0 as actual_cost, i.amount_minor as planned_revenue,
      case when i.approved or coalesce(ta.percent_complete, ti.percent_complete) = 100 then i.amount_minor else 0 end as actual_revenue,
      0 as pv_to_date, i.id as source_id, i.s as day, i.currency
    from items i
    left join actions ta on ta.id = i.linked_to_task and ta.mission_id = i.mission_id
    left join action_items ti on ti.id = i.linked_to_task and ti.mission_id = i.mission_id
    where i.type in (${MILESTONES}) and not i.was_deleted and i.source = 'milestones' and i.s is not null
      and coalesce(i.amount_minor, 0) <> 0
  ),
  spent as (
    -- rule 182: approved or paid expenses, at the total converted into the mission's currency when approved
    select e.mission_id, null::varchar as item_id, 'expenses' as kind, ${sql.raw(monthStart('e.day'))} as month,
      0 as planned_minutes, 0 as approved_minutes, 0 as planned_cost, e.cost_minor as actual_cost, 0 as planned_revenue,
      0 as actual_revenue, 0 as pv_to_date, e.id as source_id, e.day, coalesce(e.cost_currency, m.currency) as currency
    from expenses e join m on m.id = e.mission_id
    where e.status in ('approved', 'paid') and e.cost_minor is not null ${inOrg('e.org_id')}
  ),
  lines as (
    select * from planned union all select * from actual union all select * from costs
    union all select * from milestones union all select * from spent
  ),
  progress as (
    -- percent complete of each mission: its leaf tasks weighted by estimated hours (equally without estimates)
    select a.mission_id,
      case when sum(greatest(coalesce(a.estimated_duration, 0), 0)) > 0
        then sum(a.percent_complete * greatest(coalesce(a.estimated_duration, 0), 0)) / sum(greatest(coalesce(a.estimated_duration, 0), 0))
        else avg(a.percent_complete) end as pct
    from actions a join m on m.id = a.mission_id
    where not exists (select 1 from actions c where c.parent_id = a.id and c.mission_id = a.mission_id)
    group by a.mission_id
  )`;
}

const FIGURES = sql.raw(`sum(planned_minutes) as planned_minutes, sum(approved_minutes) as approved_minutes,
  sum(planned_cost) as planned_cost, sum(actual_cost) as actual_cost, sum(planned_revenue) as planned_revenue,
  sum(actual_revenue) as actual_revenue, sum(pv_to_date) as pv_to_date`);

/**
 * The lines with what converting them needs (rule 193: each amount at the rate of its day): a line in another currency
 * than `to` (null: its mission's) is kept apart per source (a week, an expense, a cost item, a milestone) with its day
 * (`rate_day`, a planned line's being the first of its month), so that a report converts exactly what its drill-down
 * lists; a line already in `to` has neither and is summed as before.
 */
const linesApart = (to: string | null) => sql`(
    select l.*, case when l.currency <> coalesce(${to}::varchar, m.currency) then l.source_id end as apart_id,
      case when l.currency <> coalesce(${to}::varchar, m.currency) then coalesce(l.day, l.month) end as rate_day
    from lines l join m on m.id = l.mission_id
  ) l`;

/** Sums as SQL answers them (numeric and bigint come as strings). */
export type RawFigures = {
  planned_minutes: string;
  approved_minutes: string;
  planned_cost: string;
  actual_cost: string;
  planned_revenue: string;
  actual_revenue: string;
  pv_to_date: string;
};

export type LineRow = RawFigures & {
  item_id: string | null;
  kind: 'person' | 'cost' | 'milestone' | 'expenses';
  month: string;
  currency: string;
  /** The day whose rate converts the line (YYYY-MM-DD), for a line in another currency than the one asked for. */
  day: string | null;
};

export type ItemRow = { id: string; title: string; person_name: string | null };

/**
 * One mission's lines per plan item and month (those in another currency than `to`, the report's, per source: see
 * `linesApart`), with beside them the titles and people of its items (in the order of their start) and the mission's
 * percent complete.
 */
export async function moneyLines(db: Db | Tx, orgId: string | null, missionId: string, today: string, to: string | null = null) {
  const [result, items, progress] = await Promise.all([
    db.execute<LineRow>(sql`${linesWith(orgId, [missionId], today)}
      select l.item_id, l.kind, to_char(l.month, 'YYYY-MM') as month, l.currency, to_char(l.rate_day, 'YYYY-MM-DD') as day,
        ${FIGURES}
      from ${linesApart(to)}
      group by l.item_id, l.kind, l.month, l.currency, l.apart_id, l.rate_day
      order by l.kind, l.item_id nulls last, l.month`),
    db.execute<ItemRow>(sql`
      select p.id, coalesce(nullif(p.title, ''), p.role, '') as title,
        nullif(trim(coalesce(pe.first_name, '') || ' ' || coalesce(pe.last_name, '')), '') as person_name
      from plan_items p join missions m on m.id = p.mission_id left join people pe on pe.id = p.person_id
      where p.mission_id = ${missionId} and m.org_id is not distinct from ${orgId}
      order by p.start_date nulls last, p.id`),
    // only the CTEs it reads are run: the mission and its tasks
    db.execute<{ pct: string | null }>(sql`${linesWith(orgId, [missionId], today)} select pct from progress`),
  ]);
  return { lines: result.rows, items: items.rows, pct: Number(progress.rows[0]?.pct ?? 0) };
}

export type MissionMonthRow = RawFigures & {
  mission_id: string;
  month: string;
  currency: string;
  day: string | null;
};

/**
 * Several missions' lines per mission, month and currency (those in another currency than `to`, the report's, per
 * source: see `linesApart`); their percent complete is `missionProgress`.
 */
export async function missionMonths(db: Db | Tx, orgId: string, missionIds: string[], today: string, to: string) {
  if (missionIds.length === 0) return [];
  const result = await db.execute<MissionMonthRow>(sql`${linesWith(orgId, missionIds, today)}
    select l.mission_id, to_char(l.month, 'YYYY-MM') as month, l.currency, to_char(l.rate_day, 'YYYY-MM-DD') as day,
      ${FIGURES}
    from ${linesApart(to)}
    group by l.mission_id, l.month, l.currency, l.apart_id, l.rate_day
    order by l.mission_id, l.month`);
  return result.rows;
}

/** Several missions' percent complete, those without lines too (a mission earns value from its tasks alone). */
export async function missionProgress(db: Db | Tx, orgId: string, missionIds: string[], today: string): Promise<Map<string, number>> {
  if (missionIds.length === 0) return new Map();
  // only the CTEs it reads are run: the missions and their tasks
  const result = await db.execute<{ mission_id: string; pct: string | null }>(sql`${linesWith(orgId, missionIds, today)}
    select mission_id, pct from progress`);
  return new Map(result.rows.map((row) => [row.mission_id, Number(row.pct ?? 0)]));
}

/** A mission's total in its own currency (`day` null), or what it booked in another, per source (see `linesApart`). */
export type MissionTotalRow = RawFigures & { mission_id: string; currency: string; day: string | null; pct: string | null };

/** Several missions' totals, with each mission's percent complete; amounts in another currency per source, to convert. */
export async function missionTotals(db: Db | Tx, orgId: string | null, missionIds: string[], today: string) {
  if (missionIds.length === 0) return [];
  const result = await db.execute<MissionTotalRow>(sql`${linesWith(orgId, missionIds, today)}
    select l.mission_id, l.currency, to_char(l.rate_day, 'YYYY-MM-DD') as day, ${FIGURES}, min(pr.pct) as pct
    from ${linesApart(null)} left join progress pr on pr.mission_id = l.mission_id
    group by l.mission_id, l.currency, l.apart_id, l.rate_day`);
  return result.rows;
}

export type ActualRow = {
  kind: 'timesheet' | 'cost' | 'milestone' | 'expense';
  id: string;
  item_id: string | null;
  person_name: string | null;
  date: string;
  /** The month of this part (a week across a month end comes in two parts, as the report counts it). */
  month: string;
  currency: string;
  minutes: string;
  cost: string;
  revenue: string;
};

/**
 * The approved weeks (per week and month part, only those of `month` when given), spent cost items and earned
 * milestones behind a mission's figures, of one plan item when given, oldest first.
 */
export async function actualLines(
  db: Db | Tx,
  orgId: string | null,
  missionId: string,
  today: string,
  filter: { planItemId?: string | undefined; month?: string | undefined },
) {
  const result = await db.execute<ActualRow>(sql`${linesWith(orgId, [missionId], today)}
    select case l.kind when 'person' then 'timesheet' when 'expenses' then 'expense' else l.kind end as kind,
      l.source_id as id, l.item_id, to_char(l.day, 'YYYY-MM-DD') as date, to_char(l.month, 'YYYY-MM') as month, l.currency,
      min(nullif(trim(coalesce(pe.first_name, '') || ' ' || coalesce(pe.last_name, '')), '')) as person_name,
      sum(l.approved_minutes) as minutes, sum(l.actual_cost) as cost, sum(l.actual_revenue) as revenue
    from lines l
    left join timesheets t on t.id = l.source_id and l.kind = 'person'
    left join expenses e on e.id = l.source_id and l.kind = 'expenses'
    left join plan_items p on p.id = l.item_id
    -- who worked the week or spent the expense, else the plan item's person
    left join people pe on pe.id = coalesce(t.person_id, e.person_id, p.person_id)
    where l.source_id is not null
      and (l.approved_minutes <> 0 or l.actual_cost <> 0 or l.actual_revenue <> 0)
      ${filter.planItemId ? sql`and l.item_id = ${filter.planItemId}` : sql``}
      ${filter.month ? sql`and l.month = ${`${filter.month}-01`}::date` : sql``}
    group by l.kind, l.source_id, l.item_id, l.day, l.month, l.currency
    order by l.day, l.kind, l.source_id, l.month`);
  return result.rows;
}
