import { tileDueDate } from '@crewplan/domain/home/task-master';

/** A day as '25 Nov 2026'. */
export const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** When a task is due, as its tile says it: 'Due 25 Nov 2026', else 'Ends 25 Nov 2026', else null (days must parse). */
export function whenText(item: { dueDate: string | null; endDate: string | null }): string | null {
  const due = tileDueDate(item.dueDate);
  if (due) return `Due ${dayLabel(due)}`;
  const end = tileDueDate(item.endDate);
  return end ? `Ends ${dayLabel(end)}` : null;
}
