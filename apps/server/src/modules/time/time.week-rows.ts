import type pg from 'pg';
import { roleRefusal, taskRefusal, type TimesheetRoleFacts, type TimesheetTaskFacts, type WeekSave } from '@crewplan/domain';
import { appError } from '../../lib/errors.ts';
import { roleRefused } from './time.access.ts';
import type { TimesheetRow } from './time.presenter.ts';
import { timesheetRowOf, weekFingerprint } from './time.queries.ts';

/** What the rows name and the week they go to, read in one statement before the write (the checks are those of the single save). */
export type RowFacts = {
  roles: (TimesheetRoleFacts & { id: string; title: string })[];
  tasks: ReadonlyMap<string, TimesheetTaskFacts & { id: string; title: string }>;
  /** The person's name as the approvers' lists show it. */
  personName: string;
  /** Every sheet the person keeps for that week (roles, tasks, organisation work), as read: not locked. */
  week: TimesheetRow[];
  /** The week as read (`weekFingerprint`): the write checks that it is still so. */
  readAs: string;
};

/**
 * The roles and tasks the rows name, the person's roles on the missions of the task rows, their name and their
 * sheets of the week: one prepared statement (the grid saves often; each statement costs the server more than the
 * rows it reads).
 */
export async function rowFactsOf(pool: pg.Pool, personId: string, input: WeekSave): Promise<RowFacts> {
  const roleIds = input.rows.flatMap((row) => row.planItemId ?? []);
  const taskIds = input.rows.flatMap((row) => row.actionItemId ?? []);
  const taskMissions = [...new Set(input.rows.filter((row) => row.actionItemId).map((row) => row.missionId))];
  const { rows } = await pool.query<{
    roles: RowFacts['roles'];
    tasks: (TimesheetTaskFacts & { id: string; title: string })[];
    name: string | null;
    week: Record<string, unknown>[];
    read_as: string;
  }>({
    name: 'week_facts',
    text: FACTS,
    values: [roleIds, personId, taskMissions, taskIds, input.weekStart],
  });
  const [facts] = rows;
  return {
    roles: facts!.roles,
    tasks: new Map(facts!.tasks.map((task) => [task.id, task])),
    personName: facts!.name ?? '',
    week: facts!.week.map(timesheetRowOf),
    readAs: facts!.read_as,
  };
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
  ${weekFingerprint('(select id, xmin from timesheets where person_id = $2 and week_start = $5::date)')} as read_as`;

/** The titles of the rows' roles (for the approvers' lists). */
export const roleTitlesOf = (facts: RowFacts) => new Map(facts.roles.map((role) => [role.id, role.title]));
/** The titles of the rows' tasks (the week's answer names them). */
export const taskTitlesOf = (facts: RowFacts) => new Map([...facts.tasks.values()].map((task) => [task.id, task.title]));

/**
 * The rows of a week, checked before anything is written; a refusal names its row. A role row passes `roleRefusal`
 * (a live role of the person on that mission, active, its dates touching the week), the rule the single save
 * applies. A task row passes `taskRefusal` (a task of that mission, assigned to the person or already on their week,
 * `before`), and the person must hold such a role on its mission: without a project role there is no timesheet.
 */
export function checkRows(facts: RowFacts, personId: string, input: WeekSave, before: readonly TimesheetRow[]): void {
  const rolesById = new Map(facts.roles.map((role) => [role.id, role]));
  const onWeek = new Set(before.flatMap((sheet) => (sheet.taskLines ?? []).map((line) => `${sheet.missionId}:${line.actionItemId}`)));
  const at = (missionId: string) => ({ missionId, personId, weekStart: input.weekStart });

  input.rows.forEach((row, i) => {
    if (row.planItemId) {
      const refusal = roleRefusal(rolesById.get(row.planItemId) ?? null, at(row.missionId));
      if (refusal) throw roleRefused(refusal, { role: `rows.${i}.planItemId`, week: `rows.${i}.planItemId` });
      return;
    }
    const field = `rows.${i}.actionItemId`;
    const task = facts.tasks.get(row.actionItemId!) ?? null;
    const refusal = taskRefusal(task, { ...at(row.missionId), onTheirWeek: onWeek.has(`${row.missionId}:${row.actionItemId}`) });
    if (refusal === 'unknown') throw appError('timeUnknownTask', field);
    if (refusal === 'notYours') throw appError('timeNotYourTask', field);
    if (refusal === 'outsideWeek') throw appError('timeTaskOutsideWeek', field);
    if (!facts.roles.some((role) => roleRefusal(role, at(row.missionId)) === null)) throw appError('timeNoProjectRole', field);
  });
}
