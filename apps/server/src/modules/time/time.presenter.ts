import { minutesToHours, weekEndOf, type Timesheet } from '@crewplan/domain';
import type { timesheets } from '../../db/schema/index.ts';

export type TimesheetRow = typeof timesheets.$inferSelect;

/**
 * A timesheet as the API answers it: hours (not minutes), the week's Sunday, tasks with their comma-separated days
 * and, where the caller looked them up, their titles.
 */
export function presentTimesheet(row: TimesheetRow, taskTitles: ReadonlyMap<string, string> = new Map()): Timesheet {
  const dailyHours = row.dailyMinutes.map(minutesToHours);
  return {
    _id: row.id,
    org: row.orgId,
    mission: row.missionId,
    planItemId: row.planItemId,
    orgRole: row.orgRoleId,
    person: row.personId,
    belongsToOrg: row.missionId === null,
    weekStart: row.weekStart,
    weekEnd: weekEndOf(row.weekStart),
    status: row.status,
    form: row.taskLines ? 'task' : 'role',
    dailyHours,
    totalHours: minutesToHours(row.dailyMinutes.reduce((sum, minutes) => sum + minutes, 0)),
    actionItems: (row.taskLines ?? []).map((line) => {
      const hours = line.minutes.map(minutesToHours);
      return { _id: line.actionItemId, title: taskTitles.get(line.actionItemId) ?? null, hours, days: hours.join(',') };
    }),
    snapshot: row.snapshot,
    rejectionReason: row.rejectionReason,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
