import { describe, expect, it } from 'vitest';
import {
  DEFAULT_KANBAN_COLUMNS,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  THEME_BACKGROUNDS,
  VAULT_STALE_DAYS,
  WORKSPACE_LISTING_SINCE,
  displayStatus,
  inVault,
  isFinished,
  listedInWorkspace,
  projectStatusSchema,
  statusTransition,
  vaultDateError,
  type ProjectStatus,
} from './status.ts';

const now = new Date('2025-06-15T12:00:00.000Z');

describe('values (rules 16, 18)', () => {
  it('lists the spec statuses and types', () => {
    expect(PROJECT_STATUSES).toEqual(['active', 'open', 'on-hold', 'completed', 'cancelled', 'planning']);
    expect(PROJECT_TYPES).toEqual(['simple', 'kanban', 'power', 'mx-gantt']);
    expect(projectStatusSchema.safeParse('on-hold').success).toBe(true);
    expect(projectStatusSchema.safeParse('archived').success).toBe(false);
  });
});

describe('displayStatus (rule 19)', () => {
  it.each([
    ['active', false, 'planning'],
    ['open', false, 'planning'],
    ['active', true, 'active'],
    ['open', true, 'open'],
    ['on-hold', false, 'on-hold'],
    ['completed', false, 'completed'],
    ['cancelled', false, 'cancelled'],
    ['planning', true, 'planning'],
  ] as const)('%s, kicked off %s → %s', (projectStatus, kickedOff, expected) => {
    expect(displayStatus({ projectStatus, kickedOff })).toBe(expected);
  });
});

describe('statusTransition (rule 20)', () => {
  const set = { missionStop: 'set', at: '2025-06-15T12:00:00.000Z' };
  const clear = { missionStop: 'clear' };
  const keep = { missionStop: 'keep' };
  it.each([
    ['active', 'completed', set],
    ['completed', 'active', clear],
    ['open', 'completed', set],
    ['on-hold', 'completed', set],
    ['planning', 'completed', set],
    ['active', 'cancelled', set],
    ['cancelled', 'active', clear],
    ['completed', 'open', clear],
    ['completed', 'on-hold', clear],
    ['completed', 'cancelled', keep],
    ['cancelled', 'completed', keep],
    ['active', 'on-hold', keep],
    ['open', 'active', keep],
    ['active', 'active', keep],
    ['completed', 'completed', keep],
  ] as const)('%s → %s', (from, to, expected) => {
    expect(statusTransition(from, to, now)).toEqual(expected);
  });
});

describe('isFinished (rule 21)', () => {
  it.each([
    ['completed', null, true],
    ['cancelled', null, true],
    ['active', null, false],
    ['active', '2025-06-15T11:59:59.000Z', true],
    ['active', '2025-06-15T12:00:00.000Z', true],
    ['active', '2025-06-15T12:00:01.000Z', false],
    ['on-hold', '2025-01-01', true],
    ['open', 'not a date', false],
    ['completed', '2030-01-01T00:00:00Z', true],
  ] as const)('%s, stop %s → %s', (projectStatus, missionStop, expected) => {
    expect(isFinished({ projectStatus, missionStop }, now)).toBe(expected);
  });
});

describe('listedInWorkspace (rule 22)', () => {
  it('starts on 2025-01-08', () => expect(WORKSPACE_LISTING_SINCE).toBe('2025-01-08'));
  it.each([
    [true, '2020-01-01T00:00:00Z', true],
    [false, '2025-01-08T00:00:00Z', true],
    [false, '2025-01-07T23:59:59Z', false],
    [false, '2025-01-09T10:00:00Z', true],
    [false, '2024-12-31T10:00:00Z', false],
    [false, '2025-01-08T01:00:00+02:00', false],
    [false, 'never', false],
  ])('kicked off %s, created %s → %s', (kickedOff, createdAt, expected) => {
    expect(listedInWorkspace({ kickedOff, createdAt })).toBe(expected);
  });
});

describe('inVault', () => {
  const base = {
    projectStatus: 'active' as ProjectStatus,
    missionStop: null as string | null,
    planStartDate: '2025-01-01' as string | null,
    planEndDate: '2025-09-30' as string | null,
    updatedAt: '2025-06-01T00:00:00Z' as string | null,
  };
  it('is 90 days by default', () => expect(VAULT_STALE_DAYS).toBe(90));
  it.each([
    ['current', {}, null],
    ['completed', { projectStatus: 'completed' }, 'completed'],
    ['cancelled', { projectStatus: 'cancelled' }, 'completed'],
    ['stop passed', { missionStop: '2025-06-01T00:00:00Z' }, 'completed'],
    ['ended 91 days ago', { planEndDate: '2025-03-16' }, 'older'],
    ['ended 90 days ago', { planEndDate: '2025-03-17' }, null],
    ['not updated for 90 days', { updatedAt: '2025-03-17T12:00:00Z' }, 'abandoned'],
    ['not updated for 89 days 23 h', { updatedAt: '2025-03-17T13:00:00Z' }, null],
    ['ended long ago and untouched: older wins', { planEndDate: '2024-01-01', updatedAt: '2024-01-01T00:00:00Z' }, 'older'],
    ['missing dates are not a reason', { planStartDate: null, planEndDate: null, updatedAt: null }, null],
  ] as const)('%s', (_name, patch, expected) => {
    expect(inVault({ ...base, ...patch }, now)).toBe(expected);
  });

  it('takes another threshold', () => {
    expect(inVault({ ...base, updatedAt: '2025-06-01T00:00:00Z' }, now, 14)).toBe('abandoned');
    expect(inVault({ ...base, planEndDate: '2025-06-10' }, now, 3)).toBe('older');
  });
});

describe('vaultDateError', () => {
  it.each([
    ['2025-01-01', '2025-02-01', null],
    [null, '2025-02-01', 'Date error'],
    ['2025-01-01', null, 'Date error'],
    [null, null, 'Date error'],
    ['2025-02-30', '2025-03-01', 'Date error'],
  ])('%s – %s → %s', (planStartDate, planEndDate, expected) => {
    expect(vaultDateError({ planStartDate, planEndDate })).toBe(expected);
  });
});

describe('themes and kanban', () => {
  it('offers fourteen distinct backgrounds with colours and a dark flag (rule 37)', () => {
    expect(THEME_BACKGROUNDS).toHaveLength(14);
    expect(new Set(THEME_BACKGROUNDS.map((t) => t.id)).size).toBe(14);
    for (const theme of THEME_BACKGROUNDS) {
      expect(theme.backgroundColor).toMatch(/^#[0-9a-f]{6}$/);
      expect(typeof theme.dark).toBe('boolean');
      expect(theme.label.length).toBeGreaterThan(0);
    }
  });

  it('starts kanban with four columns', () => {
    expect(DEFAULT_KANBAN_COLUMNS.map((c) => c.id)).toEqual(['todo', 'doing', 'review', 'done']);
    expect(DEFAULT_KANBAN_COLUMNS.map((c) => c.name)).toEqual(['To do', 'In progress', 'Review', 'Done']);
  });
});
