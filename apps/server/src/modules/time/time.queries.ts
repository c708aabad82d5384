import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { HISTORY_INSERT } from '../../commands/index.ts';
import { boundSql } from '../../db/prepared.ts';
import type { Db, Tx } from '../../db/database.ts';
import { actionItems, timesheets, type TimesheetTaskLine } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import type { TimesheetRow } from './time.presenter.ts';

export type WeekSave = {
  /** The sheet's id when it is new (an existing sheet keeps its own); a fresh one when not given. */
  id?: string;
  orgId: string;
  missionId: string | null;
  planItemId: string | null;
  orgRoleId: string | null;
  personId: string;
  scope: string;
  weekStart: string;
  status: 'draft' | 'submitted';
  dailyMinutes: number[];
  taskLines: TimesheetTaskLine[] | null;
  snapshot: Record<string, unknown>;
};

/**
 * The name of the lock of a person's week, taken by every write of it (`lockWeek`; `saveWeekAsRead` through
 * `timesheet_week_locked`, migration 0025, which names it alike).
 */
const weekLockName = (week: { personId: string; weekStart: string }) => `timesheet-week:${week.personId}:${week.weekStart}`;

/**
 * Locks the person's sheets of the week for this transaction, in one order (by id), before a write of one of them
 * reads the week: two writes of the same week then check the 24-hour day one after the other, and the whole week's
 * save, which locks them too, sees the change (`saveWeekAsRead`).
 */
export async function lockWeek(tx: Tx, week: { personId: string; weekStart: string }): Promise<void> {
  // row locks cannot hold back a sheet not yet written: two first saves of a week (a project's and the
  // organisation's, say) would each find the day empty, so the week itself is locked too
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${weekLockName(week)}, 0))`);
  await tx
    .select({ id: timesheets.id })
    .from(timesheets)
    .where(and(eq(timesheets.personId, week.personId), eq(timesheets.weekStart, week.weekStart)))
    .orderBy(timesheets.id)
    .for('update');
}

/**
 * The upsert of weeks, `INSERT … SELECT … FROM unnest(…) ON CONFLICT DO UPDATE`, with `filter` on the rows: each
 * inserted when new, otherwise written over while it is still a draft or rejected. Submitted and approved weeks are
 * locked: they do not come back, so fewer rows than asked means one was locked meanwhile. The columns go as one
 * array each (`$1`…`$12`, `weekColumns`), so the statement is the same for any number of weeks (a 20-row week: 2 ms
 * here, 5 ms as a VALUES list of 300 parameters).
 */
const upsertWeeks = (filter: string) => `insert into timesheets (id, org_id, mission_id, plan_item_id, org_role_id, person_id, scope,
      week_start, status, daily_minutes, task_lines, snapshot, submitted_at)
    select w.id, w.org_id, w.mission_id, w.plan_item_id, w.org_role_id, w.person_id, w.scope, w.week_start, w.status,
      w.daily_minutes::integer[], w.task_lines, w.snapshot, case when w.status = 'submitted' then now() end
    from unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],
      $8::date[], $9::varchar[], $10::text[], $11::jsonb[], $12::jsonb[])
      as w (id, org_id, mission_id, plan_item_id, org_role_id, person_id, scope, week_start, status, daily_minutes, task_lines, snapshot)
    ${filter}
    on conflict (person_id, week_start, scope) do update set
      daily_minutes = excluded.daily_minutes,
      task_lines = excluded.task_lines,
      snapshot = excluded.snapshot,
      org_role_id = excluded.org_role_id,
      status = excluded.status,
      submitted_at = coalesce(excluded.submitted_at, timesheets.submitted_at),
      -- a resubmitted week no longer carries the reason it was rejected for
      rejection_reason = case when excluded.status = 'submitted' then null else timesheets.rejection_reason end,
      decided_at = case when excluded.status = 'submitted' then null else timesheets.decided_at end,
      decided_by = case when excluded.status = 'submitted' then null else timesheets.decided_by end,
      updated_at = now()
    where timesheets.status in ('draft', 'rejected')
    returning *`;

function weekColumns(weeks: readonly WeekSave[]): unknown[] {
  const list = <T>(pick: (week: WeekSave) => T) => weeks.map(pick);
  const json = (value: unknown) => (value === null ? null : JSON.stringify(value));
  return [
    list((w) => w.id ?? newId()),
    list((w) => w.orgId),
    list((w) => w.missionId),
    list((w) => w.planItemId),
    list((w) => w.orgRoleId),
    list((w) => w.personId),
    list((w) => w.scope),
    list((w) => w.weekStart),
    list((w) => w.status),
    list((w) => `{${w.dailyMinutes.join(',')}}`),
    list((w) => json(w.taskLines)),
    list((w) => json(w.snapshot)),
  ];
}

/** Saves weeks in one statement of the transaction (see `upsertWeeks`). */
export async function saveWeeks(tx: Tx, weeks: readonly WeekSave[]): Promise<TimesheetRow[]> {
  if (weeks.length === 0) return [];
  const { rows } = await tx.execute<Record<string, unknown>>(boundSql(upsertWeeks(''), weekColumns(weeks)));
  return rows.map(timesheetRowOf);
}

/**
 * What a person's week is as read (`weekFingerprint` of its sheets): each sheet's id and row version. A write that
 * finds it different knows the week changed after it was read.
 */
export const weekFingerprint = (sheets: string) =>
  `(select coalesce(string_agg(s.id || ':' || s.xmin::text, ',' order by s.id), '') from ${sheets} s)`;

const renumbered = (text: string, by: number) => text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`);

/**
 * A person's week written as one statement with no transaction around it, provided the week is still as it was
 * read: its sheets are locked and their fingerprint compared with `readAs`. The upsert and the history rows
 * (`HISTORY_INSERT`) go together. When the week changed meanwhile, or a sheet meant to be new was first saved by
 * another request (a second tab) as the statement ran, `write_conflict` fails it as a serialization failure: nothing
 * is written, and the caller reads the week again (`runMissionsWrite`). Named, so each connection plans it once.
 */
export async function saveWeekAsRead(
  pool: pg.Pool,
  week: { personId: string; weekStart: string; readAs: string },
  weeks: readonly WeekSave[],
  history: { actorPersonId: string; rows: string },
): Promise<TimesheetRow[]> {
  const { rows } = await pool.query<{ sheets: Record<string, unknown>[] }>({
    name: 'week_save',
    text: WEEK_SAVE,
    values: [...weekColumns(weeks), week.personId, week.weekStart, week.readAs, history.actorPersonId, history.rows],
  });
  return rows[0]!.sheets.map(timesheetRowOf);
}

// the week is locked (`weekLockName`) before its sheets are read, and read as committed by then, not as when the
// statement began: a single write committed meanwhile is seen (migration 0025, `timesheet_week_locked`)
const WEEK_SAVE = `with week as (select id, version as xmin from timesheet_week_locked($13, $14::date)),
  unchanged as (select case when ${weekFingerprint('week')} <> $15 then write_conflict('the week changed after it was read')
    else true end as ok),
  saved as (${upsertWeeks('where (select ok from unchanged)')}),
  history as (${renumbered(HISTORY_INSERT, 15)} where (select ok from unchanged))
  select case when count(*) = cardinality($1::varchar[]) and coalesce(bool_and(saved.id = any($1::varchar[])), true)
    then coalesce(json_agg(saved), '[]') else to_json(write_conflict('a sheet of the week was saved meanwhile')) end as sheets
  from saved`;

const COLUMNS = Object.entries(getTableColumns(timesheets));

/** A row as PostgreSQL sent it (`RETURNING *`), in the fields and types drizzle's own queries give. */
export function timesheetRowOf(raw: Record<string, unknown>): TimesheetRow {
  const row: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as TimesheetRow;
}

/** Saves one week (see `saveWeeks`); null when it is locked. */
export async function saveWeek(tx: Tx, week: WeekSave): Promise<TimesheetRow | null> {
  const [saved] = await saveWeeks(tx, [week]);
  return saved ?? null;
}

/** A sheet by id within an organisation or a mission; null when it is not there. */
export async function findTimesheet(tx: Tx, id: string, where: { orgId?: string; missionId?: string }): Promise<TimesheetRow | null> {
  const [row] = await tx
    .select()
    .from(timesheets)
    .where(
      and(
        eq(timesheets.id, id),
        where.orgId ? eq(timesheets.orgId, where.orgId) : undefined,
        where.missionId ? eq(timesheets.missionId, where.missionId) : undefined,
      ),
    )
    .for('update');
  return row ?? null;
}

/** The titles of the tasks on the sheets, `known` ones kept, the others read in one query (a deleted task has none). */
export async function taskTitles(
  db: Db | Tx,
  sheets: readonly Pick<TimesheetRow, 'taskLines'>[],
  known: ReadonlyMap<string, string> = new Map(),
): Promise<Map<string, string>> {
  const titles = new Map(known);
  const missing = [...new Set(sheets.flatMap((sheet) => (sheet.taskLines ?? []).map((line) => line.actionItemId)))].filter(
    (id) => !titles.has(id),
  );
  if (missing.length === 0) return titles;
  const rows = await db.select({ id: actionItems.id, title: actionItems.title }).from(actionItems).where(inArray(actionItems.id, missing));
  for (const row of rows) titles.set(row.id, row.title);
  return titles;
}
