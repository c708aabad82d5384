import { describe, expect, it } from 'vitest';
import {
  allocationCandidates,
  allocationStatus,
  assignmentNeedsApproval,
  candidateExclusion,
  capacityBarHeight,
  closesDependencyCircle,
  defaultDailyHours,
  followPinnedItems,
  isReasonLongEnough,
  mayHoldRole,
  orgRoleCellLabel,
  overlappingRole,
  periodsOverlap,
  planItemDates,
  removedRole,
  scheduleWithinItem,
  unfilledRoleSeverity,
  type AllocationFacts,
  type RequestFacts,
  type RoleFacts,
} from './rules.ts';

const pending = (context: 'pm' | 'org', person: string | null = 'p1'): RequestFacts => ({ context, status: 'pending_approval', person });
const approved = (context: 'pm' | 'org'): RequestFacts => ({ context, status: 'approved' });
const rejected = (context: 'pm' | 'org'): RequestFacts => ({ context, status: 'rejected' });
const facts = (over: Partial<AllocationFacts> = {}): AllocationFacts => ({ allocationDraft: null, requests: [], person: null, ...over });

describe('allocationStatus (rule 68)', () => {
  it.each<[string, AllocationFacts, 'pm' | 'org', string]>([
    [
      'pm: a stored draft gives draft even after approval',
      facts({ allocationDraft: { hours: 3 }, requests: [approved('pm')] }),
      'pm',
      'draft',
    ],
    ['pm: last request approved', facts({ requests: [pending('pm'), approved('pm')] }), 'pm', 'approved'],
    ['pm: last request pending', facts({ requests: [approved('pm'), pending('org')] }), 'pm', 'pending_approval'],
    ['pm: last request rejected gives draft', facts({ requests: [pending('pm'), rejected('pm')] }), 'pm', 'draft'],
    ['pm: no request, assigned straight through', facts({ person: 'p1' }), 'pm', 'approved'],
    ['pm: no request, no person', facts(), 'pm', 'draft'],
    ['org: default draft', facts({ person: 'p1' }), 'org', 'draft'],
    ['org: the last org request decides', facts({ requests: [approved('org'), pending('pm')] }), 'org', 'approved'],
    ['org: the last org request rejected', facts({ requests: [rejected('org')] }), 'org', 'draft'],
    ['org: no org request, the last pending one', facts({ requests: [approved('pm'), pending('pm')] }), 'org', 'pending_approval'],
    ['org: no org request and none pending', facts({ requests: [approved('pm')] }), 'org', 'draft'],
    ['org: the draft does not matter', facts({ allocationDraft: {}, requests: [approved('org')] }), 'org', 'approved'],
  ])('%s', (_name, item, context, expected) => {
    expect(allocationStatus(item, context)).toBe(expected);
  });
});

describe('assignmentNeedsApproval (rule 71)', () => {
  it.each([
    [true, false, false, true],
    [true, true, false, false],
    [true, false, true, false],
    [false, false, false, false],
    [false, true, true, false],
  ])('rolesNeedApproval %s, PMs approve %s, caller approves %s → %s', (rolesNeedApproval, pms, caller, expected) => {
    expect(assignmentNeedsApproval({ rolesNeedApproval, canProjectManagersApproveRoles: pms, callerMayApprove: caller })).toBe(expected);
  });
});

describe('isReasonLongEnough (rule 79)', () => {
  it.each([
    ['', false],
    ['abcd', false],
    ['  abcd  ', false],
    ['abcde', true],
    ['😀😀😀', false],
    ['😀😀😀😀😀', true],
    [undefined, false],
  ])('%j → %s', (reason, expected) => expect(isReasonLongEnough(reason)).toBe(expected));
});

describe('defaultDailyHours (rule 10: 8 h × percent)', () => {
  it.each([
    [100, 8],
    [50, 4],
    [25, 2],
    [10, 0.8],
    [0, 0],
    [150, 8],
    [-5, 0],
  ])('%s%% → %s h', (percent, hours) => expect(defaultDailyHours(percent)).toBe(hours));
});

describe('capacityBarHeight (rule 12)', () => {
  it.each([
    [0, 0],
    [0.5, 25],
    [8, 25],
    [8.25, 50],
    [16, 50],
    [16.5, 75],
    [32, 75],
    [32.1, 98],
    [100, 98],
  ])('%s h → %s%%', (hours, height) => expect(capacityBarHeight(hours)).toBe(height));
});

describe('planItemDates (rule 74)', () => {
  const mission = { start: '2025-03-03', end: '2025-06-03' };
  it.each<[string, { startDate: string | null; endDate: string | null }, { startDate: string | null; endDate: string | null }]>([
    ['kept when valid', { startDate: '2025-03-10', endDate: '2025-03-20' }, { startDate: '2025-03-10', endDate: '2025-03-20' }],
    [
      'end equal to start → start + 5',
      { startDate: '2025-03-10', endDate: '2025-03-10' },
      { startDate: '2025-03-10', endDate: '2025-03-15' },
    ],
    [
      'end before start → start + 5',
      { startDate: '2025-03-10', endDate: '2025-03-01' },
      { startDate: '2025-03-10', endDate: '2025-03-15' },
    ],
    ['missing dates take the mission', { startDate: null, endDate: null }, { startDate: '2025-03-03', endDate: '2025-06-03' }],
    ['missing end takes the mission end', { startDate: '2025-04-01', endDate: null }, { startDate: '2025-04-01', endDate: '2025-06-03' }],
  ])('%s', (_name, item, expected) => expect(planItemDates(item, mission)).toEqual(expected));

  it('a start after the mission end with no end: start + 5', () => {
    expect(planItemDates({ startDate: '2025-07-01', endDate: null }, mission)).toEqual({ startDate: '2025-07-01', endDate: '2025-07-06' });
  });
  it('no mission dates and none given stay empty', () => {
    expect(planItemDates({ startDate: null, endDate: null }, { start: null, end: null })).toEqual({ startDate: null, endDate: null });
  });
});

const role = (over: Partial<RoleFacts> & { _id: string }): RoleFacts => ({
  type: 'person',
  person: 'p1',
  role: 'Dev',
  startDate: '2025-03-01',
  endDate: '2025-03-31',
  ...over,
});

describe('periodsOverlap and overlappingRole (rule 75)', () => {
  it.each([
    ['2025-03-01', '2025-03-31', '2025-03-31', '2025-04-10', true],
    ['2025-03-01', '2025-03-31', '2025-04-01', '2025-04-10', false],
    ['2025-03-10', '2025-03-20', '2025-03-01', '2025-03-31', true],
    ['2025-03-10', null, '2025-03-01', '2025-03-05', false],
    [null, null, '2025-03-01', '2025-03-05', true],
  ])('%s..%s vs %s..%s → %s', (a1, a2, b1, b2, expected) => {
    expect(periodsOverlap({ startDate: a1, endDate: a2 }, { startDate: b1, endDate: b2 })).toBe(expected);
  });

  const items = [
    role({ _id: 'a' }),
    role({ _id: 'b', person: 'p2' }),
    role({ _id: 'c', wasDeleted: true, startDate: '2025-05-01', endDate: '2025-05-31' }),
  ];
  it.each<[string, RoleFacts, string | null]>([
    ['same person overlapping, another role name', role({ _id: 'x', role: 'PM', startDate: '2025-03-15', endDate: '2025-04-15' }), 'a'],
    ['same person, after', role({ _id: 'x', startDate: '2025-04-01', endDate: '2025-04-15' }), null],
    ['another person', role({ _id: 'x', person: 'p3' }), null],
    ['the item itself', role({ _id: 'a' }), null],
    ['a deleted role does not count', role({ _id: 'x', startDate: '2025-05-10', endDate: '2025-05-20' }), null],
    ['no person', role({ _id: 'x', person: null }), null],
    ['a cost item', role({ _id: 'x', type: 'cost' }), null],
  ])('%s', (_name, candidate, expected) => {
    expect(overlappingRole(candidate, items)?._id ?? null).toBe(expected);
  });
});

describe('allocation candidates (rule 77)', () => {
  const item = role({ _id: 'item', person: 'p1', role: 'Dev' });
  const items = [item, role({ _id: 'other', person: 'p2', role: 'Dev' }), role({ _id: 'pm', person: 'p3', role: 'PM' })];
  const context = { item, items, closedDepartments: ['closed', 'closed-but-mine'], accessibleDepartments: ['closed-but-mine'] };
  it.each<[string, { personId: string; permission: number | null; departments: string[] }, string | null]>([
    ['already on the item', { personId: 'p1', permission: 0, departments: [] }, 'alreadyOnItem'],
    ['an overlapping item of the same role', { personId: 'p2', permission: 0, departments: [] }, 'overlappingRole'],
    ['an overlapping item of another role is fine', { personId: 'p3', permission: 1, departments: [] }, null],
    ['an observer', { personId: 'p4', permission: 3, departments: [] }, 'observer'],
    ['a department that does not share', { personId: 'p5', permission: 0, departments: ['closed'] }, 'departmentClosed'],
    ['one sharing department is enough', { personId: 'p6', permission: 0, departments: ['closed', 'open'] }, null],
    ['a closed department the chooser may access', { personId: 'p7', permission: 0, departments: ['closed-but-mine'] }, null],
    ['a free person', { personId: 'p8', permission: 0, departments: ['open'] }, null],
  ])('%s', (_name, person, expected) => {
    expect(candidateExclusion(person, context)).toBe(expected);
  });

  it('filters the list', () => {
    const people = [
      { personId: 'p1', permission: 0, departments: [] },
      { personId: 'p4', permission: 3, departments: [] },
      { personId: 'p8', permission: 0, departments: [] },
    ];
    expect(allocationCandidates(people, context).map((p) => p.personId)).toEqual(['p8']);
  });

  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, false],
    [4, false],
    [5, false],
    [null, false],
  ])('mayHoldRole(%s) → %s', (permission, expected) => expect(mayHoldRole(permission)).toBe(expected));
});

describe('unfilledRoleSeverity (rule 78)', () => {
  const today = '2025-03-10';
  it.each<[string, string | null, string | null, boolean, number]>([
    ['started', null, '2025-03-01', false, 3],
    ['today', null, '2025-03-10', false, 3],
    ['in 5 days', null, '2025-03-15', false, 3],
    ['in 6 days', null, '2025-03-16', false, 2],
    ['in 10 days', null, '2025-03-20', false, 2],
    ['in 11 days', null, '2025-03-21', false, 0],
    ['filled', 'p1', '2025-03-10', false, 0],
    ['no start', null, null, false, 0],
    ['lookahead: in 2 days', null, '2025-03-12', true, 2],
    ['lookahead: started', null, '2025-03-01', true, 2],
    ['lookahead: in 3 days', null, '2025-03-13', true, 0],
  ])('%s', (_name, person, startDate, twoDayLookahead, expected) => {
    expect(unfilledRoleSeverity({ person, startDate }, today, { twoDayLookahead })).toBe(expected);
  });
});

describe('orgRoleCellLabel (rule 80)', () => {
  it.each<[string, AllocationFacts, string | null]>([
    ['no person, nothing asked', facts(), 'Unfilled role'],
    ['no person, rejected request', facts({ requests: [{ context: 'org', status: 'rejected', person: 'p1' }] }), 'Unfilled role'],
    ['no person, approved but not assigned', facts({ requests: [approved('org')] }), 'Needs assignment'],
    ['no person, a request for someone pending', facts({ requests: [pending('org', 'p1')] }), null],
    ['a person never submitted', facts({ person: 'p1' }), 'Not submitted yet (Draft)'],
    ['a person approved', facts({ person: 'p1', requests: [approved('org')] }), null],
    ['a person pending', facts({ person: 'p1', requests: [pending('org')] }), null],
  ])('%s', (_name, item, expected) => expect(orgRoleCellLabel(item)).toBe(expected));
});

describe('removedRole (rule 73)', () => {
  const now = '2025-03-10T12:00:00.000Z';
  it('clears the person and pin, ends today, records who left', () => {
    expect(removedRole({ person: 'p1', startDate: '2025-03-01' }, 'boss', '2025-03-10', now)).toEqual({
      person: null,
      pinnedTo: null,
      endDate: '2025-03-10',
      personLeftRole: { when: now, personId: 'p1', whoKilledTheRole: 'boss' },
    });
  });
  it('a role not started yet ends 5 days after its start', () => {
    expect(removedRole({ person: 'p1', startDate: '2025-04-01' }, 'boss', '2025-03-10', now).endDate).toBe('2025-04-06');
  });
  it('a role without a person records nobody leaving', () => {
    expect(removedRole({ person: null, startDate: null }, 'boss', '2025-03-10', now)).toMatchObject({
      endDate: '2025-03-10',
      personLeftRole: null,
    });
  });
});

describe('closesDependencyCircle (rule 53)', () => {
  const edges = [
    ['b', 'a'],
    ['c', 'b'],
  ] as const;
  it.each([
    ['itself', 'a', 'a', true],
    ['a → c closes a → c → b → a', 'a', 'c', true],
    ['a → b closes', 'a', 'b', true],
    ['c → a is fine (already implied)', 'c', 'a', false],
    ['d → a is fine', 'd', 'a', false],
  ])('%s', (_name, from, to, expected) => expect(closesDependencyCircle(edges, from, to)).toBe(expected));
});

describe('scheduleWithinItem', () => {
  const item = { startDate: '2025-03-01', endDate: '2025-03-31' };
  it.each([
    ['inside', '2025-03-05', '2025-03-10', true],
    ['the whole role', '2025-03-01', '2025-03-31', true],
    ['starts before', '2025-02-28', '2025-03-10', false],
    ['ends after', '2025-03-05', '2025-04-01', false],
    ['inverted', '2025-03-10', '2025-03-05', false],
  ])('%s', (_name, startDate, endDate, expected) => expect(scheduleWithinItem({ startDate, endDate }, item)).toBe(expected));
  it('an open role bounds nothing', () => {
    expect(scheduleWithinItem({ startDate: '1999-01-01', endDate: '2999-01-01' }, { startDate: null, endDate: null })).toBe(true);
  });
});

describe('followPinnedItems (rule 28)', () => {
  const mission = { start: '2025-01-06', end: '2025-06-30' };
  const item = (_id: string, pinnedTo: string | null, startDate: string | null = '2025-02-01', endDate: string | null = '2025-02-20') => ({
    _id,
    pinnedTo,
    startDate,
    endDate,
  });
  const moved = [{ _id: 'phase', startDate: '2025-03-03', endDate: '2025-03-14' }];

  it('followers take the dates of the moved item, down the chain; others and mission pins stay', () => {
    const items = [
      item('phase', null),
      item('milestone', 'phase'),
      item('review', 'milestone'),
      item('free', null),
      item('pm', 'entireMission'),
    ];
    expect(followPinnedItems(items, moved, mission)).toEqual([
      { _id: 'milestone', startDate: '2025-03-03', endDate: '2025-03-14' },
      { _id: 'review', startDate: '2025-03-03', endDate: '2025-03-14' },
    ]);
  });

  it('answers only changes, stops on a loop of pins, and fills a missing date as when pinned', () => {
    const same = [item('phase', 'loop'), item('loop', 'phase', '2025-03-03', '2025-03-14')];
    expect(followPinnedItems(same, moved, mission)).toEqual([]);
    const loop = [item('phase', 'loop'), item('loop', 'phase')];
    expect(followPinnedItems(loop, moved, mission)).toEqual([{ _id: 'loop', startDate: '2025-03-03', endDate: '2025-03-14' }]);
    expect(
      followPinnedItems([item('phase', null), item('m', 'phase')], [{ _id: 'phase', startDate: null, endDate: '2025-03-14' }], mission),
    ).toEqual([{ _id: 'm', startDate: '2025-01-06', endDate: '2025-03-14' }]);
  });
});
