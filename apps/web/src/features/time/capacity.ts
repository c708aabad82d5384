import { capacityBarPercent } from '@crewplan/domain/time/rules';
import { defaultDailyHours } from '@crewplan/domain/plan/rules';
import { dayCapacity, offWholeDay, type LedgerDayView } from '@crewplan/domain/availability/availability';
import { TIME_MESSAGES, type MyTimesheetRole } from '@crewplan/domain/time/time';

/** One day of my capacity row: what the ledger leaves me for work, what my projects plan on it, and why. */
export type DayCapacity = {
  date: string;
  /** Contract hours less a public holiday and approved leave (`dayCapacity`), over my organisations. */
  capacityHours: number;
  /** The roles' planned hours of the day (rule 10) and power-scheduled task hours, from the ledger. */
  plannedHours: number;
  /** Rule 12: the bar's height for the planned hours. */
  bar: number;
  over: boolean;
  /** The day's tooltip: capacity, the holiday, leave, and each project's planned hours. */
  tooltip: string;
};

/** Monday to Friday (rule 3): weekends are never a day off, they are not worked in the first place. */
const WORKING_DAYS = 5;

const hours = (value: number) => `${Math.round(value * 100) / 100} h`;

/**
 * Each day of the week from my ledger (`GET /availability/mine`): capacity, planned hours and the tooltip that tells
 * the projects' planned hours (a role's daily hours on the days its dates and my contract cover), the public holiday
 * and the leave of the day.
 */
export function dayCapacities(
  dates: readonly string[],
  ledger: readonly (LedgerDayView & { holidaysKnown?: boolean })[],
  roles: readonly MyTimesheetRole[],
): DayCapacity[] {
  return dates.map((date) => {
    const days = ledger.filter((day) => day.day === date);
    const capacityHours = days.reduce((sum, day) => sum + dayCapacity(day), 0);
    const plannedHours = days.reduce((sum, day) => sum + day.allocatedHours + day.scheduledTaskHours, 0);
    const working = days.some((day) => day.contractHours > 0);
    const lines = [`Capacity ${hours(capacityHours)}`];
    // an organisation without a holiday country cannot say which of my working days are public holidays
    if (days.some((day) => day.holidaysKnown === false && day.contractHours > 0))
      lines.push(`Public holidays: ${TIME_MESSAGES.locationNotSet}`);
    for (const day of days) {
      if (day.holidayName) lines.push(`Public holiday: ${day.holidayName}`);
      if (day.leaveApprovedHours > 0) lines.push(`Leave: ${hours(day.leaveApprovedHours)}`);
      if (day.leavePendingHours > 0) lines.push(`Leave awaiting approval: ${hours(day.leavePendingHours)}`);
      if (day.workFromHome) lines.push('Working from home');
    }
    // the roles only on a day the ledger books them: not on a holiday or a whole day of leave, which take me off them
    const booked = days.some((day) => day.allocatedHours > 0);
    if (working && booked)
      for (const role of roles)
        if ((!role.startDate || role.startDate <= date) && (!role.endDate || role.endDate >= date) && role.allocation > 0)
          lines.push(`${role.missionTitle} · ${role.title}: ${hours(defaultDailyHours(role.allocation))} planned`);
    const scheduled = days.reduce((sum, day) => sum + day.scheduledTaskHours, 0);
    if (scheduled > 0) lines.push(`Scheduled tasks: ${hours(scheduled)}`);
    return {
      date,
      capacityHours,
      plannedHours,
      bar: capacityBarPercent(plannedHours),
      over: plannedHours > capacityHours + 0.001,
      tooltip: lines.join('\n'),
    };
  });
}

/**
 * The weekdays (0 = Monday) my ledger shows me off for the whole day (`offWholeDay`: a public holiday or a whole day
 * of approved leave). 'Fill from plan' puts no hours on them, as the planner books none. A day the ledger does not know (no
 * organisation of mine covers it), or shows without contract hours (before I joined, a part-time day), keeps the plan.
 */
export function daysOff(dates: readonly string[], ledger: readonly LedgerDayView[]): Set<number> {
  const off = new Set<number>();
  dates.forEach((date, i) => {
    const days = ledger.filter((day) => day.day === date);
    if (i < WORKING_DAYS && days.length > 0 && days.every(offWholeDay)) off.add(i);
  });
  return off;
}
