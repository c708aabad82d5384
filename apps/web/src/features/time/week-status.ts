import type { Timesheet, TimesheetStatus } from '@crewplan/domain/time/time';
import { canTransition, hoursEditable, timesheetActors } from '@crewplan/domain/time/rules';

/**
 * Whether the viewer (`selfId`, null until known) takes this week back from My timesheets: their own week, submitted
 * and not decided yet, goes back to an editable draft (the server's rule for its person: submitted → draft).
 */
export const recallable = (sheet: Timesheet | null, selfId: string | null): sheet is Timesheet =>
  sheet !== null &&
  sheet.status === 'submitted' &&
  selfId !== null &&
  canTransition(timesheetActors({ personId: sheet.person }, { personId: selfId, approves: false }), sheet.status, 'draft');

/**
 * Why the week was rejected, while the person has it to change: a rejected week, and the draft it becomes when saved,
 * keep the approver's reason until the week is submitted again (which clears it). Null when there is none to show.
 */
export const shownRejection = (row: { status: TimesheetStatus; sheet: Timesheet | null }): string | null =>
  hoursEditable(row.status) && row.sheet?.rejectionReason ? row.sheet.rejectionReason : null;
