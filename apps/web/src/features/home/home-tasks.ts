import { tileDueDate } from '@crewplan/domain/home/task-master';
import { formatDay } from '../../lib/days.ts';

/** When a task is due, as its tile says it: 'Due 25 Nov 2026', else 'Ends 25 Nov 2026', else null (days must parse). */
export function whenText(item: { dueDate: string | null; endDate: string | null }): string | null {
  const due = tileDueDate(item.dueDate);
  if (due) return `Due ${formatDay(due)}`;
  const end = tileDueDate(item.endDate);
  return end ? `Ends ${formatDay(end)}` : null;
}
