import { dayTotals, hoursToMinutes, linesToMinutes, roleDaysLoseTasks } from '@crewplan/domain';
import type { TimesheetTaskLine } from '../../db/schema/index.ts';
import type { TimesheetChange } from '../../events/bus.ts';
import type { AppContext } from '../../plugins/types.ts';
import { appError, atField } from '../../lib/errors.ts';
import type { TimesheetRow } from './time.presenter.ts';

/** What every sheet write shares: the history it records, the event it tells once committed, the minutes it stores. */

export type TimesheetEvent = TimesheetChange;

/** What the notifications and realtime hear of a committed change to a week. */
export function changeOf(
  sheet: { id: string; orgId: string; missionId: string | null; personId: string; weekStart: string },
  change: Pick<TimesheetEvent, 'missionTitle' | 'status' | 'from' | 'actorId' | 'reason' | 'notify'>,
): TimesheetEvent {
  return {
    timesheetId: sheet.id,
    orgId: sheet.orgId,
    missionId: sheet.missionId,
    personId: sheet.personId,
    weekStart: sheet.weekStart,
    ...change,
  };
}

/** What the history and realtime say about a sheet write: status and total hours, never the days themselves. */
export const summary = (row: Pick<TimesheetRow, 'status' | 'dailyMinutes' | 'weekStart'> | null) =>
  row ? { status: row.status, weekStart: row.weekStart, minutes: row.dailyMinutes.reduce((a, b) => a + b, 0) } : {};

export const titleOf = (row: Pick<TimesheetRow, 'weekStart'>) => `Week of ${row.weekStart}`;

/** Tells who should know of a committed write's sheets, in order, as one event. */
export async function announce(ctx: AppContext, ...events: (TimesheetEvent | null)[]): Promise<void> {
  const sheets = events.filter((event) => event !== null);
  if (sheets.length > 0) await ctx.events.emit('timesheets.changed', { sheets });
}

export type WeekContent = { dailyHours?: number[] | undefined; actionItems?: { _id: string; days: number[] }[] | undefined };

/** The week's minutes: role form from dailyHours, task form from the tasks (day totals kept beside them). */
export function minutesOf(content: WeekContent): { dailyMinutes: number[]; taskLines: TimesheetTaskLine[] | null } {
  if (content.actionItems) {
    // each day's minutes add up to its hours rounded once (`linesToMinutes`), never to a minute more
    const minutes = linesToMinutes(content.actionItems.map((task) => task.days));
    const taskLines = content.actionItems.map((task, i) => ({ actionItemId: task._id, minutes: minutes[i]! }));
    return { dailyMinutes: dayTotals(taskLines.map((line) => line.minutes)), taskLines };
  }
  return { dailyMinutes: (content.dailyHours ?? [0, 0, 0, 0, 0, 0, 0]).map(hoursToMinutes), taskLines: null };
}

type Minutes = ReturnType<typeof minutesOf>;

/**
 * Role days written over a sheet kept per task keep its task lines when they are the lines' own day totals (submitting
 * it, say); other days would lose the tasks' hours and are refused (400 naming `field`): those are changed as tasks.
 */
export function keepingTaskLines(content: Minutes, sheet: { taskLines: TimesheetTaskLine[] | null } | null, field: string): Minutes {
  const kept = sheet?.taskLines ?? null;
  if (content.taskLines !== null || !kept || kept.length === 0) return content;
  if (roleDaysLoseTasks(kept, content.dailyMinutes)) throw atField(appError('timeKeptPerTask'), field);
  return { ...content, taskLines: kept };
}
