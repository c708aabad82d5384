import { roleRefusal, taskRefusal, type WeekSave } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { appError } from '../../lib/errors.ts';
import { roleRefused } from './time.access.ts';
import type { TimesheetRow } from './time.presenter.ts';
import { rolesOfWeek, tasksOfWeek } from './time.queries.ts';

/** What the rows name, read before the week's transaction (no locks: the checks are those of the single save). */
export type RowFacts = {
  roles: Awaited<ReturnType<typeof rolesOfWeek>>;
  tasks: ReadonlyMap<string, Awaited<ReturnType<typeof tasksOfWeek>>[number]>;
};

/** The roles and tasks the rows name, and the person's roles on the missions of the task rows. */
export async function rowFactsOf(db: Db, personId: string, input: WeekSave): Promise<RowFacts> {
  const roleIds = input.rows.flatMap((row) => row.planItemId ?? []);
  const taskIds = input.rows.flatMap((row) => row.actionItemId ?? []);
  const taskMissions = [...new Set(input.rows.filter((row) => row.actionItemId).map((row) => row.missionId))];
  const [roles, tasks] = await Promise.all([rolesOfWeek(db, roleIds, personId, taskMissions), tasksOfWeek(db, taskIds)]);
  return { roles, tasks: new Map(tasks.map((task) => [task.id, task])) };
}

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
