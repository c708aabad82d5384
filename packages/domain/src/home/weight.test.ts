import { describe, expect, it } from 'vitest';
import { rankTasks, reasonText, targetDayOf, taskWeight, type WeighedTask } from './weight.ts';

// Wednesday 2026-11-25; its week runs Monday 23 to Sunday 29
const TODAY = '2026-11-25';
const task = (fields: Partial<WeighedTask> = {}): WeighedTask => ({
  status: 'open',
  dueDate: null,
  endDate: null,
  week: null,
  prevEndDate: null,
  complexityMultiplier: 5,
  people: ['p1'],
  metaType: null,
  ...fields,
});
const NO_CLIENT = { client: null };

describe('taskWeight: the spec terms (rule 235)', () => {
  it.each([
    ['no day: base 1', task(), 1],
    ['this week, Monday: 2 days late', task({ dueDate: '2026-11-23' }), 5 + 2],
    ['this week (Sunday)', task({ dueDate: '2026-11-29' }), 5],
    ['week of the task is this week', task({ week: '2026-11-23' }), 5 + 2],
    ['due today', task({ dueDate: TODAY }), 10],
    ['ends today', task({ endDate: TODAY }), 14],
    ['ends today and due today: the larger', task({ endDate: TODAY, dueDate: TODAY }), 14],
    ['next week, within 20 days', task({ dueDate: '2026-12-02' }), 1],
    ['exactly 20 days out', task({ dueDate: '2026-12-15' }), 1],
    ['21 days out weighs 0', task({ dueDate: '2026-12-16' }), 0],
    ['far out and critical still 0', task({ dueDate: '2027-03-01', metaType: 'Critical' }), 0],
    ['done weighs 0', task({ dueDate: TODAY, status: 'done' }), 0],
  ])('%s', (_name, input, weight) => {
    expect(taskWeight(input, NO_CLIENT, TODAY).weight).toBe(weight);
  });

  it('adds 2 when the mission has a client', () => {
    expect(taskWeight(task({ dueDate: TODAY }), { client: 'c1' }, TODAY).weight).toBe(12);
    expect(taskWeight(task(), { client: 'c1' }, TODAY).weight).toBe(3);
  });

  it('multiplies a critical task (metaType 0, stored Critical) by 2.5', () => {
    expect(taskWeight(task({ dueDate: TODAY, metaType: 'Critical' }), NO_CLIENT, TODAY).weight).toBe(25);
    expect(taskWeight(task({ endDate: TODAY, metaType: '0' }), NO_CLIENT, TODAY).weight).toBe(35);
    expect(taskWeight(task({ metaType: 'Bug' }), NO_CLIENT, TODAY).weight).toBe(1);
  });
});

describe('taskWeight: the further terms we chose', () => {
  it.each([
    ['1 day late (Tuesday, this week)', task({ dueDate: '2026-11-24' }), 5 + 1],
    ['3 days late (last week)', task({ dueDate: '2026-11-22' }), 1 + 3],
    ['lateness stops at +10', task({ dueDate: '2026-09-01' }), 1 + 10],
    ['end date slipped before: +3', task({ prevEndDate: '2026-11-01' }), 1 + 3],
    ['complexity 7 (class 1): +0', task({ complexityMultiplier: 7 }), 1],
    ['complexity 8 (class 2): +1', task({ complexityMultiplier: 8 }), 2],
    ['complexity 14 (class 2): +1', task({ complexityMultiplier: 14 }), 2],
    ['complexity 15 (class 3): +2', task({ complexityMultiplier: 15 }), 3],
    ['two people: +1', task({ people: ['a', 'b'] }), 2],
    ['six people: +3 at most', task({ people: ['a', 'b', 'c', 'd', 'e', 'f'] }), 4],
    ['nobody assigned: +0', task({ people: [] }), 1],
  ])('%s', (_name, input, weight) => {
    expect(taskWeight(input, NO_CLIENT, TODAY).weight).toBe(weight);
  });

  it('everything together, then × 2.5', () => {
    const heavy = task({
      dueDate: TODAY,
      prevEndDate: '2026-11-20',
      complexityMultiplier: 20,
      people: ['a', 'b', 'c'],
      metaType: 'Critical',
    });
    // 10 + 2 (client) + 3 (slipped) + 2 (class 3) + 2 (two more people) = 19, × 2.5
    const { weight, reasons } = taskWeight(heavy, { client: 'c' }, TODAY);
    expect(weight).toBe(47.5);
    expect(reasons.map(reasonText)).toEqual([
      'Due today',
      'The mission has a client',
      'Its end date slipped before',
      'Complex',
      'Shared by 3 people',
      'Critical',
    ]);
  });

  it('explains lateness in days', () => {
    expect(taskWeight(task({ dueDate: '2026-11-24' }), NO_CLIENT, TODAY).reasons.map(reasonText)).toEqual([
      'Planned for this week',
      '1 day late',
    ]);
    expect(taskWeight(task({ dueDate: '2026-11-20' }), NO_CLIENT, TODAY).reasons.map(reasonText)).toEqual(['5 days late']);
  });
});

describe('targetDayOf', () => {
  it('takes the due date, else the end date, else the week; unparsable days are ignored', () => {
    expect(targetDayOf({ dueDate: '2026-11-20', endDate: '2026-11-21', week: '2026-11-16' })).toBe('2026-11-20');
    expect(targetDayOf({ dueDate: null, endDate: '2026-11-21T10:00:00Z', week: null })).toBe('2026-11-21');
    expect(targetDayOf({ dueDate: 'soon', endDate: null, week: '2026-11-16' })).toBe('2026-11-16');
    expect(targetDayOf({ dueDate: null, endDate: null, week: null })).toBeNull();
  });
});

describe('rankTasks', () => {
  it('sorts high to low; equal weights by day, undated last, then title', () => {
    const tasks = [
      { ...task({ dueDate: '2027-02-01' }), title: 'far out' },
      { ...task(), title: 'b undated' },
      { ...task({ dueDate: '2026-12-01' }), title: 'next week' },
      { ...task({ dueDate: TODAY }), title: 'due today' },
      { ...task({ dueDate: TODAY, metaType: 'Critical' }), title: 'critical today' },
      { ...task({ endDate: TODAY }), title: 'ends today' },
      { ...task({ dueDate: '2026-11-27' }), title: 'this week' },
      { ...task(), title: 'a undated' },
    ];
    const ranked = rankTasks(
      tasks,
      (t) => t,
      () => NO_CLIENT,
      TODAY,
    );
    expect(ranked.map((entry) => entry.task.title)).toEqual([
      'critical today',
      'ends today',
      'due today',
      'this week',
      'next week',
      'a undated',
      'b undated',
      'far out',
    ]);
    expect(ranked.map((entry) => entry.weight)).toEqual([25, 14, 10, 5, 1, 1, 1, 0]);
  });

  it('uses each task’s mission for the client term', () => {
    const tasks = [
      { ...task({ dueDate: TODAY }), title: 'no client', missionId: 'm1' },
      { ...task({ dueDate: TODAY }), title: 'client', missionId: 'm2' },
    ];
    const ranked = rankTasks(
      tasks,
      (t) => t,
      (t) => ({ client: t.missionId === 'm2' ? 'c' : null }),
      TODAY,
    );
    expect(ranked.map((entry) => [entry.task.title, entry.weight])).toEqual([
      ['client', 12],
      ['no client', 10],
    ]);
  });
});
