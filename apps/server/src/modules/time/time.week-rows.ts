import { roleRefusal, taskRefusal, TIME_MESSAGES, type WeekSave } from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { badField, roleRefused } from './time.access.ts';
import type { TimesheetRow } from './time.presenter.ts';
import { rolesOfWeek, tasksOfWeek } from './time.queries.ts';

/** What the checked rows tell the save: the titles of their roles (for the approvers' lists). */
export type CheckedRows = { roleTitles: ReadonlyMap<string, string> };

/**
 * The rows of a week, checked against the database before anything is written; a refusal names its row. A role row
 * passes `roleRefusal` (a live role of the person on that mission, active, its dates touching the week), the rule the
 * single save applies. A task row passes `taskRefusal` (a task of that mission, assigned to the person or already on
 * their week), and the person must hold such a role on its mission: without a project role there is no timesheet.
 */
export async function checkRows(tx: Tx, personId: string, input: WeekSave, before: readonly TimesheetRow[]): Promise<CheckedRows> {
  const roleIds = input.rows.flatMap((row) => row.planItemId ?? []);
  const taskIds = input.rows.flatMap((row) => row.actionItemId ?? []);
  const taskMissions = [...new Set(input.rows.filter((row) => row.actionItemId).map((row) => row.missionId))];
  const roles = await rolesOfWeek(tx, roleIds, personId, taskMissions);
  const tasks = new Map((await tasksOfWeek(tx, taskIds)).map((task) => [task.id, task]));
  const rolesById = new Map(roles.map((role) => [role.id, role]));
  const onWeek = new Set(before.flatMap((sheet) => (sheet.taskLines ?? []).map((line) => `${sheet.missionId}:${line.actionItemId}`)));
  const at = (missionId: string) => ({ missionId, personId, weekStart: input.weekStart });

  input.rows.forEach((row, i) => {
    if (row.planItemId) {
      const refusal = roleRefusal(rolesById.get(row.planItemId) ?? null, at(row.missionId));
      if (refusal) throw roleRefused(refusal, { role: `rows.${i}.planItemId`, week: `rows.${i}.planItemId` });
      return;
    }
    const field = `rows.${i}.actionItemId`;
    const task = tasks.get(row.actionItemId!) ?? null;
    const refusal = taskRefusal(task, { ...at(row.missionId), onTheirWeek: onWeek.has(`${row.missionId}:${row.actionItemId}`) });
    if (refusal === 'unknown') throw badField(field, TIME_MESSAGES.unknownTask);
    if (refusal === 'notYours') throw badField(field, TIME_MESSAGES.notYourTask, 403);
    if (!roles.some((role) => roleRefusal(role, at(row.missionId)) === null)) throw badField(field, TIME_MESSAGES.noProjectRole, 403);
  });
  return { roleTitles: new Map(roles.map((role) => [role.id, role.title])) };
}
