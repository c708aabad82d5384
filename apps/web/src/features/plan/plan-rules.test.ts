import { describe, expect, it } from 'vitest';
import type { Mission } from '@crewplan/domain/missions/mission';
import { COSTS_BLOCKED_MESSAGE } from '@crewplan/domain/money/rates';
import { ApiError } from '../../lib/api-error.ts';
import {
  ADDABLE_TYPES,
  asksForReason,
  barSpan,
  budgetShare,
  capacityHeight,
  dailyHoursHint,
  editableFields,
  mayDecideRequest,
  pendingRequestOf,
  planItemChanges,
  planItemForm,
  reasonIsLongEnough,
  roleCandidates,
  SEVERITY_COLORS,
  turnedIntoRequest,
  unfilledSeverity,
  weekDailyHours,
  weeksBetween,
  type PlanOrg,
  raciRowHours,
} from './plan-rules.ts';
import { planPartOf } from './plan-parts.ts';

const role = (over: Record<string, unknown> = {}) => ({
  type: 'person' as const,
  person: null,
  startDate: '2031-01-20',
  endDate: '2031-02-20',
  allocation: 100,
  inactive: false,
  wasDeleted: false,
  ...over,
});

describe('capacity bar height (rule 12)', () => {
  it('follows the four bands of hours a day', () => {
    expect(capacityHeight(0)).toBe(0);
    expect(capacityHeight(4)).toBe(25);
    expect(capacityHeight(8)).toBe(25);
    expect(capacityHeight(8.5)).toBe(50);
    expect(capacityHeight(16)).toBe(50);
    expect(capacityHeight(32)).toBe(75);
    expect(capacityHeight(33)).toBe(98);
  });

  it('sums the daily hours of the person roles in a week (8 h × allocation)', () => {
    const items = [role(), role({ allocation: 50 }), role({ type: 'cost' }), role({ startDate: '2031-03-01', endDate: '2031-03-10' })];
    expect(weekDailyHours(items, '2031-01-20')).toBe(12);
  });
});

describe('unfilled role alerts (rule 78)', () => {
  const today = '2031-01-10';
  it('is urgent when the role starts within 5 days or has started', () => {
    expect(unfilledSeverity(role({ startDate: '2031-01-15' }), today)).toBe(3);
    expect(unfilledSeverity(role({ startDate: '2031-01-02' }), today)).toBe(3);
  });
  it('is severity 2 between 5 and 10 days, and no alert further away', () => {
    expect(unfilledSeverity(role({ startDate: '2031-01-16' }), today)).toBe(2);
    expect(unfilledSeverity(role({ startDate: '2031-01-20' }), today)).toBe(2);
    expect(unfilledSeverity(role({ startDate: '2031-01-21' }), today)).toBeNull();
  });
  it('says nothing for a filled role, another type or a removed role', () => {
    expect(unfilledSeverity(role({ person: 'p1', startDate: '2031-01-11' }), today)).toBeNull();
    expect(unfilledSeverity(role({ type: 'phase', startDate: '2031-01-11' }), today)).toBeNull();
    expect(unfilledSeverity(role({ inactive: true, startDate: '2031-01-11' }), today)).toBeNull();
  });
  it('colours severity 3 red and 2 orange', () => {
    expect(SEVERITY_COLORS[3]).toBe('red');
    expect(SEVERITY_COLORS[2]).toBe('orange');
  });
});

describe('the timeline', () => {
  it('lists the Mondays of the plan and where each bar lies', () => {
    const weeks = weeksBetween('2031-01-08', '2031-01-28');
    expect(weeks).toEqual(['2031-01-06', '2031-01-13', '2031-01-20', '2031-01-27']);
    expect(barSpan({ startDate: '2031-01-14', endDate: '2031-01-21' }, weeks)).toEqual({ first: 1, last: 2 });
    expect(barSpan({ startDate: '2032-01-14', endDate: '2032-01-21' }, weeks)).toBeNull();
  });

  it("compares the money report's planned cost with the budget available, and shows no share before it is read", () => {
    expect(budgetShare(900, 1000)).toEqual({ planned: 900, available: 1000, percent: 90, over: false });
    expect(budgetShare(900, 800)).toMatchObject({ percent: 113, over: true });
    expect(budgetShare(900, null)).toMatchObject({ percent: null, over: false });
    expect(budgetShare(900, 0)).toMatchObject({ percent: null, over: true });
    expect(budgetShare(null, 1000)).toEqual({ planned: null, available: 1000, percent: null, over: false });
  });

  it('needs a reason of 5 characters', () => {
    expect(reasonIsLongEnough('abcd')).toBe(false);
    expect(reasonIsLongEnough('  abcd  ')).toBe(false);
    expect(reasonIsLongEnough('abcde')).toBe(true);
  });

  it('opens the part a parameter names', () => {
    expect(planPartOf(new URLSearchParams('mission=1&budget-bar'))).toBe('budget-bar');
    expect(planPartOf(new URLSearchParams('mission=1'))).toBeNull();
  });
});

const request = (over: Record<string, unknown> = {}) => ({
  _id: 'r1',
  context: 'org' as const,
  status: 'pending_approval' as const,
  person: 'dan',
  reason: '',
  sentForApprovalOn: '2031-01-01T00:00:00.000Z',
  sentForApprovalBy: 'pia',
  actionedOn: null,
  actionedBy: null,
  ...over,
});

describe('role requests', () => {
  it('finds the pending request and tells an assignment that became one', () => {
    expect(pendingRequestOf({ requests: [request({ status: 'rejected' })] })).toBeNull();
    expect(pendingRequestOf({ requests: [request({ status: 'approved', context: 'pm' }), request()] })?.context).toBe('org');
    expect(turnedIntoRequest({ person: null, requests: [request()] }, 'dan')).toBe(true);
    expect(turnedIntoRequest({ person: 'dan', requests: [] }, 'dan')).toBe(false);
    expect(turnedIntoRequest({ person: null, requests: [] }, null)).toBe(false);
  });

  it('asks for a reason when a person was refused for want of one (a request the organisation approves, rule 79)', () => {
    expect(asksForReason(new ApiError(400, 'plan/reason-too-short', 'Please enter a longer description'))).toBe(true);
    expect(asksForReason(new ApiError(400, 'plan/not-on-team', 'Not on the team'))).toBe(false);
    expect(asksForReason(new Error('Please enter a longer description'))).toBe(false);
  });

  const abilities = (planManage: boolean) => ({ 'plan.manage': planManage }) as Mission['abilities'];
  const org = (over: Partial<PlanOrg> = {}): PlanOrg => ({
    abilities: { approveRoles: false },
    canProjectManagersApproveRoles: false,
    me: { level: 'MEMBER', accessibleDepartments: [] },
    departments: [],
    ...over,
  });
  const pm = { org: 'o1', permission: 2, isProjectManager: true, abilities: abilities(true) };
  const member = { org: 'o1', permission: 0, isProjectManager: false, abilities: abilities(false) };

  it("lets plan managers decide 'pm' requests", () => {
    expect(mayDecideRequest('pm', pm, null)).toBe(true);
    expect(mayDecideRequest('pm', member, org({ abilities: { approveRoles: true } }))).toBe(false);
  });

  it("lets role approvers of the organisation decide 'org' requests, and project managers only when the organisation lets them", () => {
    expect(mayDecideRequest('org', pm, org())).toBe(false);
    expect(mayDecideRequest('org', pm, null)).toBe(false);
    expect(mayDecideRequest('org', member, org({ abilities: { approveRoles: true } }))).toBe(true);
    expect(mayDecideRequest('org', pm, org({ canProjectManagersApproveRoles: true }))).toBe(true);
    expect(mayDecideRequest('org', member, org({ canProjectManagersApproveRoles: true }))).toBe(false);
    expect(mayDecideRequest('org', pm, org({ canProjectManagersApproveRoles: true, me: null }))).toBe(false);
  });

  it("lets the admins of a personal mission decide its 'org' requests", () => {
    expect(mayDecideRequest('org', { ...pm, org: null }, null)).toBe(true);
    expect(mayDecideRequest('org', { ...member, org: null }, null)).toBe(false);
  });
});

describe('role candidates (rule 77)', () => {
  const person = (id: string, over: Record<string, unknown> = {}) => ({
    _id: id,
    ref: { _id: id, firstName: id.toUpperCase(), lastName: '', avatar: null },
    email: `${id}@x.test`,
    permission: 0,
    invitePending: false,
    departments: [] as string[],
    accessibleDepartments: [] as string[],
    ...over,
  });
  const planItem = (id: string, over: Record<string, unknown> = {}) => ({
    _id: id,
    type: 'person',
    role: 'Dev',
    person: null,
    startDate: '2031-01-06',
    endDate: '2031-01-31',
    wasDeleted: false,
    ...over,
  });
  const mission = (people: unknown[], planItems: unknown[]) => ({ people, planItems }) as unknown as Mission;
  const role = { _id: 'new', person: null, role: 'Dev', startDate: '2031-01-20', endDate: '2031-02-20' };
  const ids = (options: { value: string }[]) => options.map((option) => option.value);

  it('leaves out observers, org observers, pending invites, who holds the role and who has an overlapping role of that name', () => {
    const team = [
      person('ann'),
      person('obs', { permission: 3 }),
      person('org', { permission: 4 }),
      person('inv', { invitePending: true }),
      person('dev'),
      person('des'),
      person('old'),
    ];
    const items = [
      planItem('a', { person: 'dev' }),
      planItem('b', { person: 'des', role: 'Designer' }),
      planItem('c', { person: 'old', wasDeleted: true }),
      planItem('d', { person: 'ann', startDate: '2031-03-01', endDate: '2031-03-31' }),
    ];
    expect(ids(roleCandidates(mission(team, items), role, null, null))).toEqual(['ann', 'des', 'old']);
    expect(ids(roleCandidates(mission(team, items), { ...role, _id: 'd', person: 'ann' }, null, null))).not.toContain('ann');
  });

  it("leaves out people only in departments that do not share, unless the chooser reaches them or is the organisation's admin", () => {
    const team = [person('me', { departments: ['d1'] }), person('shut', { departments: ['d2'] }), person('near', { departments: ['d1'] })];
    const departments = [
      { _id: 'd1', dontShareResources: true, isDeleted: false },
      { _id: 'd2', dontShareResources: true, isDeleted: false },
    ];
    const org = (level: 'MEMBER' | 'ADMIN', accessible: string[] = []): PlanOrg => ({
      abilities: { approveRoles: false },
      canProjectManagersApproveRoles: false,
      me: { level, accessibleDepartments: accessible },
      departments,
    });
    expect(ids(roleCandidates(mission(team, []), role, org('MEMBER'), 'me'))).toEqual(['me', 'near']);
    expect(ids(roleCandidates(mission(team, []), role, org('MEMBER', ['d2']), 'me'))).toEqual(['me', 'shut', 'near']);
    expect(ids(roleCandidates(mission(team, []), role, org('ADMIN'), 'me'))).toEqual(['me', 'shut', 'near']);
  });

  it('offers every plan item type (rule 66)', () => {
    expect(ADDABLE_TYPES.map((entry) => entry.value)).toEqual(['person', 'cost', 'phase', 'milestone', 'outcome', 'fundable_milestone']);
  });
});

describe('editing a plan item', () => {
  const designer = {
    type: 'person' as const,
    title: 'Designer',
    role: 'Designer',
    startDate: '2031-03-03',
    endDate: '2031-03-28',
    allocation: 100,
    rate: 0,
    rateTime: 'Monthly',
    billRate: 0,
    billUnit: null,
    amount: null,
    quantity: null,
    hoursNeeded: null,
    orgRole: null,
    raciOnTasks: [],
    pinnedTo: null,
  };
  const edit = (item: Parameters<typeof planItemChanges>[0], over: Partial<ReturnType<typeof planItemForm>>) =>
    planItemChanges(item, { ...planItemForm(item), ...over });

  it('starts from the item as it is and sends nothing when nothing changed', () => {
    expect(planItemForm(designer)).toEqual({
      title: 'Designer',
      startDate: '2031-03-03',
      endDate: '2031-03-28',
      allocation: 100,
      rate: 0,
      rateTime: 'Monthly',
      billRate: 0,
      billUnit: null,
      amount: '',
      quantity: '',
      hoursNeeded: '',
      orgRole: null,
      raciOnTasks: [],
      pinnedToMission: false,
    });
    expect(edit(designer, {})).toEqual({ changes: {}, error: null });
  });

  it('sends the bill unit, hours needed, the organisation role and hours on tasks', () => {
    const task = 'a'.repeat(24);
    const row = { taskId: task, hoursPer: 2, frequency: 'Per day' as const, actualHours: '' as const, startDate: '', endDate: '' };
    expect(edit(designer, { billUnit: 'Daily', hoursNeeded: 120, orgRole: task, raciOnTasks: [row] }).changes).toEqual({
      billUnit: 'Daily',
      hoursNeeded: 120,
      orgRole: task,
      raciOnTasks: [{ taskId: task, hoursPer: 2, frequency: 'Per day', actualHours: null, startDate: null, endDate: null }],
    });
    expect(raciRowHours(row, { startDate: '2031-03-03', endDate: '2031-03-07' })).toBe(10);
    expect(edit(designer, { raciOnTasks: [{ ...row, startDate: '2031-03-07', endDate: '2031-03-03' }] }).error).toBe(
      'A task line ends before it starts.',
    );
    expect(edit(designer, { hoursNeeded: -1 }).error).toBe('Hours needed cannot be negative.');
  });

  it('rule 191: a role with money cannot end before it starts; without money it may (the server repairs it)', () => {
    expect(edit(designer, { rate: 10, endDate: '2031-03-03' }).error).toBe(COSTS_BLOCKED_MESSAGE);
    expect(edit({ ...designer, rate: 10 }, { endDate: '2031-03-01' }).error).toBe(COSTS_BLOCKED_MESSAGE);
    expect(edit(designer, { endDate: '2031-03-03' }).error).toBeNull();
  });

  it('leaves money out for who does not see it', () => {
    const hidden = { ...designer, rate: null, billRate: null };
    expect(editableFields('person', false)).toMatchObject({ rates: false, hoursNeeded: true });
    expect(planItemChanges(hidden, { ...planItemForm(hidden), allocation: 50 }, false)).toEqual({
      changes: { allocation: 50 },
      error: null,
    });
  });

  it('sends only the fields that changed', () => {
    expect(edit(designer, { endDate: '2031-03-14', allocation: 50 })).toEqual({
      changes: { endDate: '2031-03-14', allocation: 50 },
      error: null,
    });
    expect(edit(designer, { rate: 40.5, rateTime: 'Hourly', billRate: '' })).toEqual({
      changes: { rate: 40.5, rateTime: 'Hourly' },
      error: null,
    });
  });

  it("renames a role's role, and its title when they were the same", () => {
    expect(edit(designer, { title: ' Lead designer ' }).changes).toEqual({ role: 'Lead designer', title: 'Lead designer' });
    expect(edit({ ...designer, title: 'Design work' }, { title: 'Lead designer' }).changes).toEqual({ role: 'Lead designer' });
  });

  it('pins to the mission without dates, and unpins with the dates shown', () => {
    expect(edit(designer, { pinnedToMission: true, endDate: '2031-04-01' }).changes).toEqual({ pinnedTo: 'entireMission' });
    const pinned = { ...designer, pinnedTo: 'entireMission' };
    expect(planItemForm(pinned).pinnedToMission).toBe(true);
    expect(planItemForm({ ...designer, pinnedTo: 'startend' }).pinnedToMission).toBe(true);
    expect(edit(pinned, {}).changes).toEqual({});
    expect(edit(pinned, { pinnedToMission: false }).changes).toEqual({ pinnedTo: null, startDate: '2031-03-03', endDate: '2031-03-28' });
  });

  it('unpins an item pinned elsewhere when its dates change (the server keeps pinned items on their pin)', () => {
    const onStart = { ...designer, pinnedTo: 'startOfMission' };
    expect(edit(onStart, { allocation: 60 }).changes).toEqual({ allocation: 60 });
    expect(edit(onStart, { endDate: '2031-03-20' }).changes).toEqual({ endDate: '2031-03-20', pinnedTo: null });
  });

  it('moves a one-day item by its day, sending it as both dates', () => {
    // the server pushed the end of a milestone 5 days after its start (rule 74): the day is the start
    const milestone = {
      ...designer,
      type: 'fundable_milestone' as const,
      title: 'Launch',
      role: null,
      startDate: '2031-04-01',
      endDate: '2031-04-06',
      amount: 500,
    };
    expect(edit(milestone, {}).changes).toEqual({});
    expect(edit(milestone, { startDate: '2031-04-08' }).changes).toEqual({ startDate: '2031-04-08', endDate: '2031-04-08' });
    expect(edit(milestone, { amount: '' }).changes).toEqual({ amount: null });
    expect(edit(milestone, { amount: 750, title: 'Go live' }).changes).toEqual({ title: 'Go live', amount: 750 });
  });

  it("offers each type's fields", () => {
    const none = { allocation: false, rates: false, pin: false, amount: false, quantity: false, hoursNeeded: false, raci: false };
    expect(editableFields('person')).toEqual({
      ...none,
      allocation: true,
      rates: true,
      pin: true,
      hoursNeeded: true,
      raci: true,
      oneDay: false,
    });
    expect(editableFields('cost')).toEqual({ ...none, amount: true, quantity: true, oneDay: false });
    expect(editableFields('phase')).toEqual({ ...none, oneDay: false });
    expect(editableFields('outcome')).toEqual({ ...none, oneDay: true });
    expect(editableFields('fundable_milestone')).toMatchObject({ amount: true, oneDay: true });
  });

  it('ignores the fields a type does not have', () => {
    const phase = { ...designer, type: 'phase' as const, title: 'Build', role: null };
    expect(edit(phase, { allocation: 20, rate: 9, pinnedToMission: true }).changes).toEqual({});
  });

  it('says what is missing or wrong', () => {
    expect(edit(designer, { title: '  ' }).error).toBe('Please name the role.');
    expect(edit({ ...designer, type: 'phase' }, { title: '' }).error).toBe('Please give it a title.');
    expect(edit(designer, { allocation: '' }).error).toBe('Allocation is a whole percent from 0 to 100.');
    expect(edit(designer, { allocation: 120 }).error).toBe('Allocation is a whole percent from 0 to 100.');
    expect(edit(designer, { allocation: 12.5 }).error).toBe('Allocation is a whole percent from 0 to 100.');
    expect(edit(designer, { rate: -1 }).error).toBe('Rates cannot be negative.');
    expect(edit(designer, { endDate: '' }).error).toBe('Please choose a start and an end.');
    expect(edit({ ...designer, type: 'outcome' }, { startDate: '' }).error).toBe('Please choose the day.');
  });

  it('shows the default day of an allocation: 8 h × percent (rule 10)', () => {
    expect(dailyHoursHint(50)).toBe('4 h a day (8 h × 50%)');
    expect(dailyHoursHint(100)).toBe('8 h a day (8 h × 100%)');
    expect(dailyHoursHint(25)).toBe('2 h a day (8 h × 25%)');
    expect(dailyHoursHint('')).toBe('0 h a day (8 h × 0%)');
  });
});
