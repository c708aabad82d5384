import type pg from 'pg';
import {
  keepsTimesheet,
  overfullWeekDay,
  roleRefusal,
  taskRefusal,
  type TaskLine,
  type TimesheetKeepFacts,
  type TimesheetRoleFacts,
  type TimesheetTaskFacts,
  type WeekSave,
  type WeekSaveRow,
} from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { boundSql } from '../../db/prepared.ts';
import { appError } from '../../lib/errors.ts';
import { roleRefused } from './time.access.ts';
import type { TimesheetRow } from './time.presenter.ts';
import { timesheetRowOf, weekFingerprint } from './time.queries.ts';

/** What the rows name and the week they go to, read in one statement before the write (every write of hours checks them). */
export type RowFacts = {
  roles: (TimesheetRoleFacts & { id: string; title: string })[];
  tasks: ReadonlyMap<string, TimesheetTaskFacts & { id: string; title: string }>;
  /** The person's name as the approvers' lists show it. */
  personName: string;
  /** Every sheet the person keeps for that week (roles, tasks, organisation work), as read. */
  week: TimesheetRow[];
  /** The ids of the week's sheets that views drop (`keepsTimesheet`: a draft of an archived project, say). */
  dropped: ReadonlySet<string>;
  /** The week as read (`weekFingerprint`): the write checks that it is still so. */
  readAs: string;
};

/** A row as the checks see it: a role (plan item) or a task (action item) of a mission. */
type CheckedRow = Pick<WeekSaveRow, 'missionId' | 'planItemId' | 'actionItemId'>;

type FactsRow = {
  roles: RowFacts['roles'];
  tasks: (TimesheetTaskFacts & { id: string; title: string })[];
  name: string | null;
  week: Record<string, unknown>[];
  keeps: (TimesheetKeepFacts & { id: string })[];
  read_as: string;
};

/** The statement's parameters: the roles and tasks the rows name, the missions of the task rows, the person and the week. */
function factsParameters(personId: string, weekStart: string, rows: readonly CheckedRow[]): unknown[] {
  const roleIds = rows.flatMap((row) => row.planItemId ?? []);
  const taskIds = rows.flatMap((row) => row.actionItemId ?? []);
  const taskMissions = [...new Set(rows.filter((row) => row.actionItemId).map((row) => row.missionId))];
  return [roleIds, personId, taskMissions, taskIds, weekStart];
}

const factsOf = (facts: FactsRow): RowFacts => ({
  roles: facts.roles,
  tasks: new Map(facts.tasks.map((task) => [task.id, task])),
  personName: facts.name ?? '',
  week: facts.week.map(timesheetRowOf),
  dropped: new Set(facts.keeps.filter((sheet) => !keepsTimesheet(sheet)).map((sheet) => sheet.id)),
  readAs: facts.read_as,
});

/**
 * The roles and tasks the rows name, the person's roles on the missions of the task rows, their name and their
 * sheets of the week: one prepared statement (the grid saves often; each statement costs the server more than the
 * rows it reads).
 */
export async function rowFactsOf(pool: pg.Pool, personId: string, input: WeekSave): Promise<RowFacts> {
  const { rows } = await pool.query<FactsRow>({
    name: 'week_facts',
    text: FACTS,
    values: factsParameters(personId, input.weekStart, input.rows),
  });
  return factsOf(rows[0]!);
}

/** `rowFactsOf` in a write's transaction (a write of one sheet). */
async function rowFactsIn(tx: Tx, personId: string, weekStart: string, rows: readonly CheckedRow[]): Promise<RowFacts> {
  const { rows: read } = await tx.execute<FactsRow>(boundSql(FACTS, factsParameters(personId, weekStart, rows)));
  return factsOf(read[0]!);
}

const FACTS = `select
  (select coalesce(json_agg(json_build_object('id', p.id, 'missionId', p.mission_id, 'title', p.title, 'type', p.type,
      'personId', p.person_id, 'inactive', p.inactive, 'wasDeleted', p.was_deleted, 'startDate', p.start_date,
      'endDate', p.end_date)), '[]')
   from plan_items p
   where p.id = any($1::varchar[]) or (p.person_id = $2 and p.mission_id = any($3::varchar[]) and p.type = 'person')) as roles,
  (select coalesce(json_agg(json_build_object('id', a.id, 'missionId', a.mission_id, 'people', a.people, 'title', a.title,
      'firstDay', coalesce(a.start_date, a.due_date, a.end_date), 'lastDay', coalesce(a.end_date, a.due_date, a.start_date))), '[]')
   from action_items a where a.id = any($4::varchar[])) as tasks,
  (select trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) from people where id = $2) as name,
  (select coalesce(json_agg(t), '[]') from timesheets t where t.person_id = $2 and t.week_start = $5::date) as week,
  (select coalesce(json_agg(json_build_object('id', t.id, 'status', t.status, 'weekStart', t.week_start,
      'planItem', case when p.id is null then null else json_build_object('inactive', p.inactive, 'wasDeleted', p.was_deleted,
        'startDate', p.start_date, 'endDate', p.end_date) end,
      'mission', case when m.id is null then null else json_build_object('archived', m.archived_at is not null,
        'noTimesheets', m.no_timesheets) end)), '[]')
   from timesheets t left join plan_items p on p.id = t.plan_item_id left join missions m on m.id = t.mission_id
   where t.person_id = $2 and t.week_start = $5::date) as keeps,
  ${weekFingerprint('(select id, xmin from timesheets where person_id = $2 and week_start = $5::date)')} as read_as`;

/** The title of a sheet's role as the approvers' lists show it ('Tasks' for a task-form week, which has none). */
export const roleTitleOf = (facts: RowFacts, planItemId: string | null) =>
  planItemId ? (facts.roles.find((role) => role.id === planItemId)?.title ?? '') : 'Tasks';
/** The titles of the rows' tasks (the week's answer names them). */
export const taskTitlesOf = (facts: RowFacts) => new Map([...facts.tasks.values()].map((task) => [task.id, task.title]));

/**
 * What the person saw when saving, kept with the sheet for the approvers' lists: the project (none for the
 * organisation's own work), the role and their name.
 */
export const snapshotOf = (facts: RowFacts, missionTitle: string | null, roleTitle: string): Record<string, string> => ({
  ...(missionTitle === null ? {} : { missionTitle }),
  roleTitle,
  personName: facts.personName,
});

/** Where a row's refusal points, by the row's index: its role, its week, its task. */
export type RowFields = { role: (i: number) => string; week: (i: number) => string; task: (i: number) => string };

const WEEK_ROW_FIELDS: RowFields = {
  role: (i) => `rows.${i}.planItemId`,
  week: (i) => `rows.${i}.planItemId`,
  task: (i) => `rows.${i}.actionItemId`,
};

/**
 * The rows of a week, checked before anything is written; a refusal names its row. A role row passes `roleRefusal`
 * (a live role of the person on that mission, active, its dates touching the week). A task row passes `taskRefusal`
 * (a task of that mission, assigned to the person or already on their week, `before`), and the person must hold
 * such a role on its mission: without a project role there is no timesheet.
 */
export function checkRows(
  facts: RowFacts,
  personId: string,
  input: { weekStart: string; rows: readonly CheckedRow[] },
  before: readonly TimesheetRow[],
  fields: RowFields = WEEK_ROW_FIELDS,
): void {
  const rolesById = new Map(facts.roles.map((role) => [role.id, role]));
  const onWeek = new Set(before.flatMap((sheet) => (sheet.taskLines ?? []).map((line) => `${sheet.missionId}:${line.actionItemId}`)));
  const at = (missionId: string) => ({ missionId, personId, weekStart: input.weekStart });

  input.rows.forEach((row, i) => {
    if (row.planItemId) {
      const refusal = roleRefusal(rolesById.get(row.planItemId) ?? null, at(row.missionId));
      if (refusal) throw roleRefused(refusal, { role: fields.role(i), week: fields.week(i) });
      return;
    }
    const field = fields.task(i);
    const task = facts.tasks.get(row.actionItemId!) ?? null;
    const refusal = taskRefusal(task, { ...at(row.missionId), onTheirWeek: onWeek.has(`${row.missionId}:${row.actionItemId}`) });
    if (refusal === 'unknown') throw appError('timeUnknownTask', field);
    if (refusal === 'notYours') throw appError('timeNotYourTask', field);
    if (refusal === 'outsideWeek') throw appError('timeTaskOutsideWeek', field);
    if (!facts.roles.some((role) => roleRefusal(role, at(row.missionId)) === null)) throw appError('timeNoProjectRole', field);
  });
}

/**
 * A day holds at most 24 hours across every sheet of the person's week (`facts.week`, as read) that views keep: the
 * sheets written now (`saved`, by scope) and the others as they are (`overfullWeekDay`). A draft that views drop
 * (`facts.dropped`) is out of the person's reach and counts no more.
 */
export function requireDaysFit(
  facts: Pick<RowFacts, 'week' | 'dropped'>,
  saved: readonly { scope: string; dailyMinutes: readonly number[] }[],
): void {
  const before = facts.week.filter((sheet) => !facts.dropped.has(sheet.id));
  const scopes = new Set(saved.map((sheet) => sheet.scope));
  const day = overfullWeekDay([...before.filter((sheet) => !scopes.has(sheet.scope)), ...saved], before);
  if (day >= 0) throw appError('timeOverDay', day);
}

/** Where the refusals of a write of one sheet point: its role, its week, its i-th task. */
export type SheetFields = { role: string; week: string; task: (i: number) => string };

/**
 * A person's write of one of their sheets, checked in the write's transaction (the caller has locked the week,
 * `lockWeek`) as the whole week's save checks its rows: on a mission, its role and each task line it will hold
 * (`checkRows`; the organisation's own sheets have neither); with `dailyMinutes`, the hours it will hold, no day of
 * the person's week over 24 hours (`requireDaysFit`). Answers what it read, the week before the write among it.
 */
export async function checkOwnSheet(
  tx: Tx,
  personId: string,
  sheet: { missionId: string | null; planItemId: string | null; scope: string; weekStart: string; taskLines: readonly TaskLine[] | null },
  dailyMinutes: readonly number[] | null,
  fields: SheetFields,
): Promise<RowFacts> {
  const { missionId } = sheet;
  const roleRows: CheckedRow[] = missionId && sheet.planItemId ? [{ missionId, planItemId: sheet.planItemId }] : [];
  const taskRows: CheckedRow[] = missionId ? (sheet.taskLines ?? []).map((line) => ({ missionId, actionItemId: line.actionItemId })) : [];
  const rows = [...roleRows, ...taskRows];
  const facts = await rowFactsIn(tx, personId, sheet.weekStart, rows);
  checkRows(facts, personId, { weekStart: sheet.weekStart, rows }, facts.week, {
    role: () => fields.role,
    week: () => fields.week,
    task: (i) => fields.task(i - roleRows.length),
  });
  if (dailyMinutes) requireDaysFit(facts, [{ scope: sheet.scope, dailyMinutes }]);
  return facts;
}
