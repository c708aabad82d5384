import { describe, expect, it } from 'vitest';
import type { RequestFacts } from '../plan/rules.ts';
import { ROLE_CELL_LABELS, roleWeekCell, roleWeekCells, type RoleWeekFacts } from './role-cells.ts';
import { TIME_MESSAGES } from './time.ts';

const pending: RequestFacts = { context: 'org', status: 'pending_approval', person: 'p1' };
const approved: RequestFacts = { context: 'org', status: 'approved', person: 'p1' };
const rejected: RequestFacts = { context: 'pm', status: 'rejected', person: 'p1' };

describe('the role cell of a week (rule 80)', () => {
  it('uses the exact texts of the spec', () => {
    expect(ROLE_CELL_LABELS).toEqual({
      unfilled: 'Unfilled role',
      needsAssignment: 'Needs assignment',
      draft: 'Not submitted yet (Draft)',
    });
    expect(ROLE_CELL_LABELS.draft).toBe(TIME_MESSAGES.notSubmittedDraft);
  });

  it.each([
    ['a person, no sheet', 'p0', [], [], 'draft'],
    ['a person, a draft sheet', 'p0', [], ['draft'], 'draft'],
    ['a person, a submitted sheet: the week shows', 'p0', [], ['submitted'], null],
    ['a person, an approved sheet: the week shows', 'p0', [], ['approved'], null],
    ['a person, a rejected sheet: the week shows', 'p0', [], ['rejected'], null],
    ['nobody, no request', null, [], [], 'unfilled'],
    ['nobody, the last request rejected', null, [rejected], [], 'unfilled'],
    ['nobody, a request waiting for approval', null, [pending], [], 'needsAssignment'],
    ['nobody, approved for someone who left the role', null, [approved], [], 'needsAssignment'],
    ['nobody, approved once, rejected since', null, [approved, rejected], [], 'unfilled'],
    ['nobody, but a former holder submitted the week', null, [], ['submitted'], null],
    ['nobody, a former holder left a draft', null, [], ['draft'], 'unfilled'],
  ] as const)('%s → %s', (_name, person, requests, statuses, expected) => {
    expect(roleWeekCell({ person, requests }, statuses)).toBe(expected);
  });
});

describe('the cells of the weeks', () => {
  const weeks = ['2026-11-09', '2026-11-16', '2026-11-23'];
  const role = (planItemId: string, person: string | null, startDate: string | null, endDate: string | null): RoleWeekFacts => ({
    planItemId,
    person,
    startDate,
    endDate,
    requests: [],
  });

  it('gives each role a cell in the weeks its dates touch, leaving out weeks past draft', () => {
    const cells = roleWeekCells(
      [role('designer', 'p0', null, null), role('tester', null, '2026-11-20', null), role('gone', 'p1', null, '2026-11-08')],
      [
        { planItemId: 'designer', weekStart: '2026-11-09', status: 'approved' },
        { planItemId: 'designer', weekStart: '2026-11-16', status: 'draft' },
      ],
      weeks,
    );
    expect(cells).toEqual([
      { planItemId: 'designer', weekStart: '2026-11-16', kind: 'draft' },
      { planItemId: 'designer', weekStart: '2026-11-23', kind: 'draft' },
      { planItemId: 'tester', weekStart: '2026-11-16', kind: 'unfilled' },
      { planItemId: 'tester', weekStart: '2026-11-23', kind: 'unfilled' },
    ]);
  });
});
