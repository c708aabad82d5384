import { describe, expect, it } from 'vitest';
import { homeModeOf } from './home-mode.ts';
import { whenText } from './home-tasks.ts';

describe('home helpers', () => {
  it('remembers a known mode only', () => {
    expect(homeModeOf('task-master')).toBe('task-master');
    expect(homeModeOf('do-ai')).toBe('do-ai');
    expect(homeModeOf('other')).toBe('work-ai');
    expect(homeModeOf(null)).toBe('work-ai');
  });

  it('says when a task is due, else when it ends, only for days that parse', () => {
    expect(whenText({ dueDate: '2026-11-25', endDate: '2026-11-30' })).toBe('Due 25 Nov 2026');
    expect(whenText({ dueDate: null, endDate: '2026-11-30' })).toBe('Ends 30 Nov 2026');
    expect(whenText({ dueDate: 'soon', endDate: null })).toBeNull();
    expect(whenText({ dueDate: null, endDate: null })).toBeNull();
  });
});
