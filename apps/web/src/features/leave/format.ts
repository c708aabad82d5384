import { HOURS_PER_LEAVE_DAY, roundHours } from '@crewplan/domain/leave/hours';
import type { LeaveStatus } from '@crewplan/domain/leave/rules';
import { formatDay } from '../../lib/days.ts';

export const STATUS_LABEL: Record<LeaveStatus, string> = {
  draft: 'Draft',
  pending_approval: 'Pending approval',
  pending_final_approval: 'Pending final approval',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
};

export const STATUS_COLOR: Record<LeaveStatus, string> = {
  draft: 'gray',
  pending_approval: 'yellow',
  pending_final_approval: 'orange',
  approved: 'green',
  rejected: 'red',
  cancelled: 'gray',
};

/** '16 Apr 2025' or '16 Apr 2025 – 18 Apr 2025', as every other screen writes a day. */
export const span = (from: string, to: string) => (from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`);

/** Days with at most two decimals ('2', '1.5', '12.75': a quarter day shows whole); '—' without a figure. */
export const daysText = (days: number | null) => (days === null ? '—' : String(Math.round(days * 100) / 100));

/** '1 day', '2 days', '1.5 days'. */
export const daysLabel = (days: number) => `${daysText(days)} ${days === 1 ? 'day' : 'days'}`;

/**
 * A balance figure (kept in days) in its code's unit (rule 214): hours to the hundredth with their unit for a code
 * measured in hours ('30.75 h', not '3.8'), else days as `daysText`; '—' without a figure.
 */
export const balanceText = (days: number | null, inHours: boolean) =>
  days === null ? '—' : inHours ? `${roundHours(days * HOURS_PER_LEAVE_DAY)} h` : daysText(days);

/** How long a request is, in its code's unit (rule 214): '30.75 h' for a code measured in hours, else '2 days'. */
export const lengthLabel = (totalHours: number, inHours: boolean) =>
  inHours ? `${roundHours(totalHours)} h` : daysLabel(totalHours / HOURS_PER_LEAVE_DAY);
