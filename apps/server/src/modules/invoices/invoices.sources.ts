import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  currencyStepMinor,
  HOURLY_SHARE,
  MILESTONE_TYPES,
  minutesAmount,
  QUANTITY_SCALE,
  quantityAmount,
  RATE_UNITS,
  type RateUnit,
} from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { clientInvoiceSources, planItems } from '../../db/schema/index.ts';

/**
 * What a mission can bill and has not billed yet, read in one statement with one branch per kind of source:
 * - `timesheet`: an approved week, at the bill rate, unit and currency it was approved with (`timesheets.approved_*`;
 *   weeks approved before those were kept take the role's current bill rate), of a mission that bills its hours;
 * - `milestone`: a milestone (or fundable milestone) with an amount, reached (approved, or its linked task 100 %
 *   complete), of a mission that bills using milestones.
 * Approved expenses join as one more branch here. A source on a live invoice (`client_invoice_sources`) is left out.
 * An archived mission bills nothing, but with `archivedToo` (the mission a draft already bills).
 */
export type SourceKind = 'timesheet' | 'milestone';
export type BillableSource = {
  kind: SourceKind;
  id: string;
  /** The role (plan item) a week bills for, or the milestone itself. */
  itemId: string | null;
  title: string;
  personName: string | null;
  minutes: number;
  /** A week's bill rate per `unit`; a milestone's amount. */
  rateMinor: number;
  unit: RateUnit | null;
  currency: string;
  day: string;
  /** The role's first approved week with hours (a One time bill rate is billed with it, once). */
  firstWeek: boolean;
};

type SourceRow = {
  kind: SourceKind;
  id: string;
  item_id: string | null;
  title: string | null;
  person_name: string | null;
  minutes: string | number;
  rate: string | number | null;
  unit: string | null;
  currency: string;
  day: string;
  first_week: boolean;
};

const MILESTONES = sql.raw(MILESTONE_TYPES.map((type) => `'${type}'`).join(', '));
const WEEK_MINUTES = sql.raw([1, 2, 3, 4, 5, 6, 7].map((day) => `t.daily_minutes[${day}]`).join(' + '));

/** The billable, not yet invoiced sources of a mission of the organisation; only `ids` when given. */
export async function billableSources(
  db: Db | Tx,
  orgId: string,
  missionId: string,
  filter: { until?: string | undefined; ids?: readonly string[] | undefined; archivedToo?: boolean } = {},
): Promise<BillableSource[]> {
  const only = (column: string) => (filter.ids ? sql`and ${sql.raw(column)} = any(${sql.param([...filter.ids])}::varchar[])` : sql``);
  const until = (column: string) => (filter.until ? sql`and ${sql.raw(column)} <= ${filter.until}::date` : sql``);
  const result = await db.execute<SourceRow>(sql`
    with m as (
      select id, currency, not_billable, bill_using_milestones from missions
      where id = ${missionId} and org_id = ${orgId} and (archived_at is null or ${filter.archivedToo === true})
    ),
    weeks as (
      select t.id, t.week_start, t.person_id, t.plan_item_id, t.approved_rate_item_id, t.approved_rate_time,
        t.approved_bill_rate_minor, t.approved_bill_unit, t.approved_currency, ${WEEK_MINUTES} as minutes,
        coalesce(t.plan_item_id, t.approved_rate_item_id, (
          -- a task-form week approved before rates were kept with weeks: the person's (first) role on the mission
          select p.id from plan_items p where p.mission_id = t.mission_id and p.person_id = t.person_id
            and p.type = 'person' and not p.was_deleted order by p.start_date nulls last, p.id limit 1
        )) as item_id
      from timesheets t join m on m.id = t.mission_id
      where t.status = 'approved' and not m.not_billable and not m.bill_using_milestones
    ),
    -- a One time rate bills with the role's first week that has hours: an empty week bills nothing and is not drawn
    firsts as (select item_id, min(week_start) as week_start from weeks where minutes > 0 group by item_id),
    time_sources as (
      select 'timesheet' as kind, w.id, w.item_id, coalesce(nullif(i.title, ''), i.role, 'Time') as title,
        nullif(trim(coalesce(pe.first_name, '') || ' ' || coalesce(pe.last_name, '')), '') as person_name,
        w.minutes,
        case when w.approved_rate_time is not null then w.approved_bill_rate_minor else i.bill_rate_minor end as rate,
        coalesce(w.approved_bill_unit, w.approved_rate_time, i.bill_unit, i.rate_time) as unit,
        coalesce(w.approved_currency, m.currency) as currency, to_char(w.week_start, 'YYYY-MM-DD') as day,
        w.week_start = f.week_start as first_week
      from weeks w cross join m
      left join plan_items i on i.id = w.item_id
      left join people pe on pe.id = w.person_id
      left join firsts f on f.item_id is not distinct from w.item_id
      where w.minutes > 0 ${until('w.week_start')} ${only('w.id')}
        and not exists (select 1 from client_invoice_sources s where s.source_kind = 'timesheet' and s.source_id = w.id)
    ),
    milestone_sources as (
      select 'milestone' as kind, i.id, i.id as item_id, coalesce(nullif(i.title, ''), 'Milestone') as title,
        null::text as person_name, 0 as minutes, i.amount_minor as rate, null::varchar as unit, m.currency,
        to_char(coalesce(i.start_date, current_date), 'YYYY-MM-DD') as day, false as first_week
      from plan_items i join m on m.id = i.mission_id
      left join actions ta on ta.id = i.linked_to_task and ta.mission_id = i.mission_id
      left join action_items ti on ti.id = i.linked_to_task and ti.mission_id = i.mission_id
      where i.type in (${MILESTONES}) and not i.was_deleted and m.bill_using_milestones and not m.not_billable
        and coalesce(i.amount_minor, 0) <> 0
        and (i.approved or coalesce(ta.percent_complete, ti.percent_complete) = 100)
        ${until('i.start_date')} ${only('i.id')}
        and not exists (select 1 from client_invoice_sources s where s.source_kind = 'milestone' and s.source_id = i.id)
    )
    select * from time_sources union all select * from milestone_sources
    order by day, kind, id`);
  return result.rows.map((row) => ({
    kind: row.kind,
    id: row.id,
    itemId: row.item_id,
    title: row.title ?? '',
    personName: row.person_name,
    minutes: Number(row.minutes),
    rateMinor: Number(row.rate ?? 0),
    unit: (RATE_UNITS as readonly string[]).includes(row.unit ?? '') ? (row.unit as RateUnit) : row.kind === 'timesheet' ? 'Hourly' : null,
    currency: row.currency,
    day: row.day,
    firstWeek: row.first_week,
  }));
}

/** The line kind a source is billed on. */
export const LINE_KIND_OF: Record<SourceKind, 'time' | 'milestone'> = { timesheet: 'time', milestone: 'milestone' };

/** A line drawn from sources, in the sources' currency (minor units), before any conversion. */
export type DrawnLine = {
  kind: 'time' | 'milestone';
  sources: BillableSource[];
  description: string;
  /** Time in the unit its rate is per (hours, days, weeks…; 1 for a One time rate), or 1 (a milestone). */
  quantity: number;
  unit: string;
  unitPriceMinor: number;
  amountMinor: number;
  currency: string;
  /** The day its amount is converted at: its latest source's. */
  day: string;
};
type SortedLine = DrawnLine & { from: string };

const hoursOf = (minutes: number) => Math.round((minutes / 60) * QUANTITY_SCALE) / QUANTITY_SCALE;

/** What a time line's quantity counts, by the unit of its rate. */
const QUANTITY_UNITS: Record<RateUnit, string> = { Hourly: 'h', Daily: 'd', Weekly: 'wk', Monthly: 'mo', Yearly: 'yr', 'One time': '' };

/**
 * A time line's quantity in the unit its rate is per, so that quantity × unit price is its amount as printed:
 * hours; days of 8 hours, weeks of 40, months and years of 40-hour weeks (rule 189's shares, as `minutesAmount`
 * bills them), to 4 decimals; a One time rate 1 on the line that bills it, else 0.
 */
function timeQuantity(minutes: number, unit: RateUnit, billsOnce: boolean): number {
  const share = HOURLY_SHARE[unit];
  if (!share) return billsOnce ? 1 : 0;
  return Math.round(((minutes * share.numerator) / (60 * share.denominator)) * QUANTITY_SCALE) / QUANTITY_SCALE;
}

/**
 * What a line of `sources` in `currency` comes to at `rateMinor`: a milestone its amount; time its minutes at the rate
 * per its unit, rounded once; a One time rate its amount once, on the line that holds the role's first approved week
 * with hours. Rounded to the currency's smallest amount (whole yen for a currency without minor units).
 */
export function drawnAmount(kind: DrawnLine['kind'], sources: readonly BillableSource[], rateMinor: number, currency: string): number {
  const step = currencyStepMinor(currency);
  if (kind === 'milestone') return quantityAmount(1, rateMinor, step);
  const unit = sources[0]?.unit ?? 'Hourly';
  if (unit === 'One time') return sources.some((source) => source.firstWeek) ? quantityAmount(1, rateMinor, step) : 0;
  return minutesAmount(
    sources.reduce((sum, source) => sum + source.minutes, 0),
    rateMinor,
    unit,
    step,
  );
}

/**
 * Sources → lines: a role's weeks at one bill rate, unit and currency make one line (its time in the rate's unit ×
 * rate, rounded once for the line); each milestone is a line of its own.
 */
export function drawLines(sources: readonly BillableSource[]): DrawnLine[] {
  const groups = new Map<string, BillableSource[]>();
  for (const source of sources) {
    const key = source.kind === 'timesheet' ? `t:${source.itemId}:${source.rateMinor}:${source.unit}:${source.currency}` : `m:${source.id}`;
    groups.set(key, [...(groups.get(key) ?? []), source]);
  }
  const lines: SortedLine[] = [...groups.values()].map((group) => {
    const first = group[0]!;
    const day = group.reduce((latest, source) => (source.day > latest ? source.day : latest), first.day);
    if (first.kind === 'milestone') {
      return {
        kind: 'milestone',
        sources: group,
        description: first.title,
        quantity: 1,
        unit: '',
        unitPriceMinor: first.rateMinor,
        amountMinor: drawnAmount('milestone', group, first.rateMinor, first.currency),
        currency: first.currency,
        day,
        from: first.day,
      };
    }
    const unit = first.unit ?? 'Hourly';
    const minutes = group.reduce((sum, source) => sum + source.minutes, 0);
    const people = [...new Set(group.map((source) => source.personName).filter(Boolean))].join(', ');
    const from = group.reduce((earliest, source) => (source.day < earliest ? source.day : earliest), first.day);
    // a line billed per day, week… says its hours too
    const hours = unit === 'Hourly' ? '' : `, ${hoursOf(minutes)} h`;
    return {
      kind: 'time',
      sources: group,
      description: `${first.title}${people ? ` — ${people}` : ''} (weeks from ${from}${hours})`,
      quantity: timeQuantity(
        minutes,
        unit,
        group.some((source) => source.firstWeek),
      ),
      unit: QUANTITY_UNITS[unit],
      unitPriceMinor: first.rateMinor,
      amountMinor: drawnAmount('time', group, first.rateMinor, first.currency),
      currency: first.currency,
      day,
      from,
    };
  });
  // time before milestones, each by its first day, then by what it bills
  return lines
    .sort(
      (a, b) =>
        (a.kind === b.kind ? 0 : a.kind === 'time' ? -1 : 1) || a.from.localeCompare(b.from) || a.description.localeCompare(b.description),
    )
    .map(({ from: _from, ...line }) => line);
}

/**
 * As an invoice is issued, the milestones it bills that are reached only by their task being complete are approved:
 * billed, a milestone stays reached when its task is reopened (its approval is then kept as billed, `releaseBilledSource`).
 */
export async function approveBilledMilestones(tx: Tx, invoiceId: string, now: Date): Promise<void> {
  const billed = tx
    .select({ id: clientInvoiceSources.sourceId })
    .from(clientInvoiceSources)
    .where(and(eq(clientInvoiceSources.invoiceId, invoiceId), eq(clientInvoiceSources.sourceKind, 'milestone')));
  await tx
    .update(planItems)
    .set({ approved: true, updatedAt: now })
    .where(and(eq(planItems.approved, false), inArray(planItems.id, billed)));
}
