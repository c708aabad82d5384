import { describe, expect, it } from 'vitest';
import { inPmWorkspace, launchpadLabel, managesMission, pmWorkspace, type WorkspaceCandidate } from './workspace.ts';

const mission = (fields: Partial<WorkspaceCandidate> = {}): WorkspaceCandidate => ({
  permission: 2,
  isProjectManager: false,
  isTemplate: false,
  licensed: true,
  kickedOff: true,
  createdAt: '2024-06-01T10:00:00.000Z',
  ...fields,
});

describe('managesMission (rule 240)', () => {
  it.each([
    [0, false, false],
    [0, true, true],
    [1, false, false],
    [1, true, true],
    [2, false, true],
    [3, false, false],
    [3, true, true],
    [4, true, false],
    [5, true, false],
  ])('permission %i, project manager %s: %s', (permission, isProjectManager, manages) => {
    expect(managesMission({ permission, isProjectManager })).toBe(manages);
  });
});

describe('inPmWorkspace (rules 240, 22)', () => {
  it.each([
    ['owner of a licensed, kicked-off mission', mission(), true],
    ['project manager', mission({ permission: 1, isProjectManager: true }), true],
    ['team member', mission({ permission: 0 }), false],
    ['organisation observer PM (permission 4)', mission({ permission: 4, isProjectManager: true }), false],
    ['not licensed', mission({ licensed: false }), false],
    ['a template', mission({ isTemplate: true }), false],
    ['not kicked off, created before 2025-01-08', mission({ kickedOff: false, createdAt: '2025-01-07T23:59:59.999Z' }), false],
    ['not kicked off, created on 2025-01-08', mission({ kickedOff: false, createdAt: '2025-01-08T00:00:00.000Z' }), true],
    ['not kicked off, created later', mission({ kickedOff: false, createdAt: '2026-03-01T08:00:00.000Z' }), true],
  ])('%s: %s', (_name, input, listed) => {
    expect(inPmWorkspace(input)).toBe(listed);
  });

  it('keeps the listed missions in order', () => {
    const list = [
      { ...mission(), id: 'a' },
      { ...mission({ isTemplate: true }), id: 'b' },
      { ...mission({ permission: 1, isProjectManager: true }), id: 'c' },
    ];
    expect(pmWorkspace(list).map((m) => m.id)).toEqual(['a', 'c']);
  });
});

describe('launchpadLabel (rule 239)', () => {
  it('is Missions once the person manages missions', () => {
    expect(launchpadLabel(0)).toBe('Launchpad');
    expect(launchpadLabel(1)).toBe('Missions');
  });
});
