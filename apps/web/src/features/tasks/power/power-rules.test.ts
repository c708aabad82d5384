import { describe, expect, it } from 'vitest';
import { cellsOfWeek, initialWeek, nextSlot, parseSlotId, placeTask, powerTabOf, slotId, weekDays, weekStartOf } from './power-rules.ts';

describe('placing a task on the power grid', () => {
  it('fills consecutive working hours of the day it is dropped on', () => {
    expect(placeTask('2031-01-07', 10, 3, false)).toEqual([{ day: '2031-01-07', from: 10, hours: 3 }]);
  });

  it('spills what does not fit to 9:00 of the next working day', () => {
    expect(placeTask('2031-01-07', 15, 5, false)).toEqual([
      { day: '2031-01-07', from: 15, hours: 2 },
      { day: '2031-01-08', from: 9, hours: 3 },
    ]);
  });

  it('skips the weekend unless the mission includes it', () => {
    // Friday 16:00, 10 hours: 1 on Friday, 8 on Monday, 1 on Tuesday
    expect(placeTask('2031-01-10', 16, 10, false)).toEqual([
      { day: '2031-01-10', from: 16, hours: 1 },
      { day: '2031-01-13', from: 9, hours: 8 },
      { day: '2031-01-14', from: 9, hours: 1 },
    ]);
    expect(placeTask('2031-01-10', 16, 2, true)).toEqual([
      { day: '2031-01-10', from: 16, hours: 1 },
      { day: '2031-01-11', from: 9, hours: 1 },
    ]);
  });

  it('moves a start on a skipped weekend to Monday 9:00 and a start outside working hours into them', () => {
    expect(placeTask('2031-01-11', 13, 2, false)).toEqual([{ day: '2031-01-13', from: 9, hours: 2 }]);
    expect(placeTask('2031-01-07', 7, 1, false)).toEqual([{ day: '2031-01-07', from: 9, hours: 1 }]);
    expect(placeTask('2031-01-07', 20, 1, false)).toEqual([{ day: '2031-01-07', from: 16, hours: 1 }]);
  });

  it('gives a task without an estimate one hour', () => {
    expect(placeTask('2031-01-07', 9, null, false)).toEqual([{ day: '2031-01-07', from: 9, hours: 1 }]);
  });
});

describe('the week grid', () => {
  it('starts weeks on Monday and shows five days, or seven with weekends', () => {
    expect(weekStartOf('2031-01-12')).toBe('2031-01-06');
    expect(weekStartOf('2031-01-06')).toBe('2031-01-06');
    expect(weekDays('2031-01-06', false)).toEqual(['2031-01-06', '2031-01-07', '2031-01-08', '2031-01-09', '2031-01-10']);
    expect(weekDays('2031-01-06', true)).toHaveLength(7);
  });

  it('opens on the week of the first scheduled task, else this week', () => {
    const tasks = [
      { startDate: '2031-02-05', startHour: 9 },
      { startDate: '2031-01-08', startHour: null },
    ];
    expect(initialWeek(tasks, '2030-06-05')).toBe('2031-02-03');
    expect(initialWeek([], '2030-06-05')).toBe('2030-06-03');
  });

  it('lists each cell a task covers, marking where it starts', () => {
    const task = { _id: 't1', startDate: '2031-01-10', startHour: 16, estimatedDuration: 2 };
    const cells = cellsOfWeek([task], weekDays('2031-01-06', false), false);
    expect([...cells.keys()]).toEqual(['2031-01-10:16']);
    expect(cells.get('2031-01-10:16')).toEqual([{ task, starts: true }]);
    const next = cellsOfWeek([task], weekDays('2031-01-13', false), false);
    expect(next.get('2031-01-13:9')).toEqual([{ task, starts: false }]);
  });

  it('names drop cells by day and hour', () => {
    expect(parseSlotId(slotId('2031-01-07', 9))).toEqual({ day: '2031-01-07', hour: 9 });
    expect(parseSlotId('task:abc')).toBeNull();
  });

  it('picks the sub-tab from powerTab', () => {
    expect(powerTabOf('unscheduled')).toBe('unscheduled');
    expect(powerTabOf('nonsense')).toBe('schedule');
    expect(powerTabOf(null)).toBe('schedule');
  });
});

describe('keyboard dragging on the grid', () => {
  const days = weekDays('2031-01-06', false);
  it('enters the grid at the first cell, then steps a day or an hour', () => {
    expect(nextSlot(null, 'ArrowRight', days)).toEqual({ day: '2031-01-06', hour: 9 });
    expect(nextSlot({ day: '2031-01-06', hour: 9 }, 'ArrowRight', days)).toEqual({ day: '2031-01-07', hour: 9 });
    expect(nextSlot({ day: '2031-01-07', hour: 9 }, 'ArrowDown', days)).toEqual({ day: '2031-01-07', hour: 10 });
  });
  it('stays on the grid at its edges', () => {
    expect(nextSlot({ day: '2031-01-06', hour: 9 }, 'ArrowUp', days)).toEqual({ day: '2031-01-06', hour: 9 });
    expect(nextSlot({ day: '2031-01-06', hour: 9 }, 'ArrowLeft', days)).toEqual({ day: '2031-01-06', hour: 9 });
    expect(nextSlot({ day: '2031-01-10', hour: 16 }, 'ArrowRight', days)).toEqual({ day: '2031-01-10', hour: 16 });
    expect(nextSlot({ day: '2031-01-10', hour: 16 }, 'ArrowDown', days)).toEqual({ day: '2031-01-10', hour: 16 });
  });
});
