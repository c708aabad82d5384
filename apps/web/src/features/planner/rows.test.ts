import { describe, expect, it } from 'vitest';
import type { Planner, PlannerPerson } from '@crewplan/domain/availability/planner';
import { ApiError } from '../../lib/api-error.ts';
import { asksForReason, barInWeek, heatCell, movedEdge, plannerGroups, plannerToday, weeksMoved } from './rows.ts';

const week = {
  week: '2025-04-21',
  contractHours: 40,
  capacityHours: 16,
  bookedHours: 40,
  leaveHours: 16,
  pendingLeaveHours: 0,
  holidays: [{ day: '2025-04-21', name: 'Easter Monday' }],
};
const person = (id: string, first: string, departments: string[], weeks = [week]): PlannerPerson => ({
  _id: id.repeat(24),
  firstName: first,
  lastName: 'Person',
  avatar: null,
  role: null,
  office: null,
  departments: departments.map((title, i) => ({ _id: String(i).repeat(24), title })),
  weeks,
  roles: [],
});
const planner: Planner = {
  from: '2025-04-21',
  weeks: ['2025-04-21'],
  people: [
    person('a', 'Ann', ['Design', 'Build']),
    person('b', 'Ben', [], [{ ...week, bookedHours: 8, capacityHours: 40, leaveHours: 0, holidays: [] }]),
  ],
  unfilled: [],
  canPlan: true,
};

describe('the planner rows', () => {
  it('draws an over-booked week red, with its holiday and leave', () => {
    expect(heatCell(week)).toMatchObject({
      level: 'over',
      label: '40 / 16 h',
      notes: ['Public holiday 2025-04-21: Easter Monday', 'Leave 16 h'],
    });
  });

  it('groups by department (a person in two shows in both), searches, and keeps only the over-booked when asked', () => {
    const titles = (groups: ReturnType<typeof plannerGroups>) => groups.map((g) => [g.title, g.people.map((p) => p.firstName)]);
    expect(titles(plannerGroups(planner, { by: 'department', search: '', overOnly: false }))).toEqual([
      ['Build', ['Ann']],
      ['Design', ['Ann']],
      ['No department', ['Ben']],
    ]);
    expect(titles(plannerGroups(planner, { by: 'none', search: 'ben', overOnly: false }))).toEqual([['Everyone', ['Ben']]]);
    expect(titles(plannerGroups(planner, { by: 'none', search: '', overOnly: true }))).toEqual([['Everyone', ['Ann']]]);
    expect(titles(plannerGroups(planner, { by: 'none', search: '', overOnly: false, onlyPersonId: 'b'.repeat(24) }))).toEqual([
      ['Everyone', ['Ben']],
    ]);
  });
});

describe('a role bar’s edges', () => {
  const role = { startDate: '2025-04-16', endDate: '2025-05-02' };

  it('move by whole weeks, keeping the weekday, and never past each other', () => {
    expect(movedEdge(role, 'end', 2)).toEqual({ endDate: '2025-05-16' });
    expect(movedEdge(role, 'start', -1)).toEqual({ startDate: '2025-04-09' });
    expect(movedEdge(role, 'start', 2)).toEqual({ startDate: '2025-04-30' });
    expect(movedEdge(role, 'start', 3)).toBeNull();
    expect(movedEdge(role, 'end', -3)).toBeNull();
    expect(movedEdge(role, 'end', 0)).toBeNull();
    expect(movedEdge({ startDate: null, endDate: '2025-05-02' }, 'start', 1)).toBeNull();
  });

  it('snap a drag to the nearest column', () => {
    expect([weeksMoved(130, 100), weeksMoved(-149, 100), weeksMoved(40, 100), weeksMoved(40, 0)]).toEqual([1, -1, 0, 0]);
  });

  it('draw the bar over the days of each week it covers', () => {
    expect(barInWeek(role, '2025-04-14')).toEqual({ from: 2 / 7, to: 1, startsHere: true, endsHere: false });
    expect(barInWeek(role, '2025-04-21')).toEqual({ from: 0, to: 1, startsHere: false, endsHere: false });
    expect(barInWeek(role, '2025-04-28')).toEqual({ from: 0, to: 5 / 7, startsHere: false, endsHere: true });
    expect(barInWeek(role, '2025-05-05')).toBeNull();
    expect(barInWeek({ startDate: null, endDate: null }, '2025-05-05')).toEqual({ from: 0, to: 1, startsHere: false, endsHere: false });
  });
});

describe('plannerToday', () => {
  it('is the reader’s own day, far east and far west of UTC', () => {
    // Sunday 1 March 2026, 20:00 UTC: already Monday in Kiritimati (UTC+14), still Sunday morning in Samoa's neighbours
    const now = new Date('2026-03-01T20:00:00Z');
    expect(plannerToday(now, 'Pacific/Kiritimati')).toBe('2026-03-02');
    expect(plannerToday(now, 'Pacific/Pago_Pago')).toBe('2026-03-01');
    // Monday 2 March 2026, 05:00 UTC: still Sunday evening in Honolulu (UTC−10)
    expect(plannerToday(new Date('2026-03-02T05:00:00Z'), 'Pacific/Honolulu')).toBe('2026-03-01');
    expect(plannerToday(new Date('2026-03-02T05:00:00Z'), 'UTC')).toBe('2026-03-02');
  });
});

describe('asksForReason', () => {
  it('recognises the refusal of a drop the organisation must approve, and nothing else', () => {
    expect(asksForReason(new ApiError(400, 'plan/reason-too-short', 'Please enter a longer description'))).toBe(true);
    expect(asksForReason(new ApiError(409, 'plan/overlapping-roles', 'Overlap'))).toBe(false);
    expect(asksForReason(new Error('Please enter a longer description'))).toBe(false);
    expect(asksForReason(null)).toBe(false);
  });
});
