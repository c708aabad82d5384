import { describe, expect, it } from 'vitest';
import { ORG_LEVELS, type OrgLevel } from './levels.ts';
import { can, canSeeGoal, canSeeProgram, ORG_ACTIONS, type OrgAction, type OrgActor, type OrgMemberFacts } from './policy.ts';

const member = (level: OrgLevel, facts: Partial<OrgMemberFacts> = {}): OrgMemberFacts => ({
  kind: 'person',
  personId: 'p00000000000000000000001',
  level,
  canApproveRoles: false,
  canApproveLeaves: false,
  canManageGoals: false,
  canCreateProjects: false,
  accessibleDepartments: [],
  accessibleOffices: [],
  ...facts,
});
const apiKey: OrgActor = { kind: 'apiKey' };

type Who = OrgLevel | 'API_KEY';
const A: Who = 'ADMIN';
const M: Who = 'MANAGER';
const L: Who = 'MANAGER_LIMITED';
const MB: Who = 'MEMBER';
const O: Who = 'OBSERVER_ORG';
const OL: Who = 'OBSERVER_ORG_LIMITED';
const K: Who = 'API_KEY';

/**
 * Who may do each action with no special flags and no context, written from the spec:
 * rule 95 (2 admin, 1 manager, others members), 107 (create projects), 108 (admins and managers repair dates,
 * update projects, delete the organisation; admins approve roles), 111 (observers see workspace reports, not
 * projects), 112 (client view: admins, managers, observers, not the limited organisation observer from outside), 113 (licence 1 and 2; trial 2), the 'Limited'
 * manager without settings access, and the API key that maintains data but never administers.
 */
const ALLOWED: Record<OrgAction, Who[]> = {
  'org.read': [A, M, L, MB, O, OL, K],
  'org.update': [A, M],
  'org.delete': [A, M],
  'org.people.read': [A, M, L, MB, O, OL, K],
  'org.people.manage': [A, M, L, K],
  // Without a person named: everybody acts on their own entry (leave, email, leaving day); keys on everybody's.
  'org.people.remove': [A, M, L, MB, O, OL, K],
  'org.people.email.update': [A, M, L, MB, O, OL, K],
  'org.people.schedule': [A, M, L, MB, O, OL, K],
  'org.people.grant': [A, M],
  'org.people.assignLevel': [A, M, L],
  'org.people.sync': [A, M],
  'org.admins.manage': [A],
  'org.structure.manage': [A, M, K],
  'org.clients.read': [A, M, L, MB, O, OL, K],
  'org.clients.view': [A, M, L, O, K],
  'org.clients.manage': [A, M, K],
  'org.invite': [A, M, L],
  'org.apiKeys.manage': [A],
  'org.sso.manage': [A],
  'org.audit.read': [A, M],
  'org.workspace.read': [A, M, L, O, OL, K],
  'org.storageKey': [A, M, L, MB, O, OL],
  'goals.create': [A, M, L, K],
  'goals.manageAll': [A, K],
  'goals.read': [A, M, L, MB, O, OL, K],
  'goals.update': [A, K],
  // Without a goal named: any member may own one.
  'goal.update': [A, M, L, MB, O, OL, K],
  'goal.delete': [A, M, L, MB, O, OL, K],
  'projects.read': [A, M, L, MB, K],
  'projects.create': [A, M, L],
  'projects.update': [A, M],
  'projects.repairDates': [A, M],
  'roles.approve': [A],
  'leaves.approve': [A],
  'licence.activate': [A, M],
  'trial.start': [A],
  'billing.manage': [A],
};

const actorOf = (who: Who): OrgActor => (who === 'API_KEY' ? apiKey : member(who));
const cases = ORG_ACTIONS.flatMap((action) =>
  [...ORG_LEVELS, 'API_KEY' as const].map((who) => [who, action, ALLOWED[action].includes(who)] as const),
);

describe('can(actor, action): every level × every action', () => {
  it('has an expectation for every action', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual([...ORG_ACTIONS].sort());
  });

  it.each(cases)('%s %s → %s', (who, action, expected) => {
    expect(can(actorOf(who), action)).toBe(expected);
  });

  it.each(ORG_ACTIONS)('a non-member (null) may not %s', (action) => {
    expect(can(null, action)).toBe(false);
  });
});

describe('projects.create (rule 107)', () => {
  const restricted = { org: { projectCreationRestricted: true, canProjectManagersApproveRoles: false } };
  it.each([
    ['ADMIN', false, true],
    ['MANAGER', false, false],
    ['MANAGER_LIMITED', false, false],
    ['MEMBER', false, false],
    ['MEMBER', true, true],
    ['OBSERVER_ORG', true, true],
    ['MANAGER', true, true],
  ] as const)('restricted: %s with the create flag %s → %s', (level, flag, expected) => {
    expect(can(member(level, { canCreateProjects: flag }), 'projects.create', restricted)).toBe(expected);
  });

  it('unrestricted: members and observers need the flag', () => {
    expect(can(member('MEMBER'), 'projects.create')).toBe(false);
    expect(can(member('MEMBER', { canCreateProjects: true }), 'projects.create')).toBe(true);
    expect(can(member('OBSERVER_ORG_LIMITED', { canCreateProjects: true }), 'projects.create')).toBe(true);
  });
});

describe('roles.approve (rules 105 and 108)', () => {
  const pmsMayApprove = { org: { projectCreationRestricted: false, canProjectManagersApproveRoles: true } };
  it.each([
    ['MANAGER', { canApproveRoles: true }, {}, true],
    ['MANAGER_LIMITED', { canApproveRoles: true }, {}, true],
    ['MEMBER', { canApproveRoles: true }, {}, true],
    ['OBSERVER_ORG', { canApproveRoles: true }, {}, false],
    ['OBSERVER_ORG_LIMITED', { canApproveRoles: true }, {}, false],
    ['MEMBER', {}, { isProjectManager: true }, false],
    ['MEMBER', {}, { isProjectManager: true, ...pmsMayApprove }, true],
    ['MANAGER', {}, { isProjectManager: false, ...pmsMayApprove }, false],
    ['OBSERVER_ORG', {}, { isProjectManager: true, ...pmsMayApprove }, false],
  ] as const)('%s with %j in %j → %s', (level, facts, context, expected) => {
    expect(can(member(level, facts), 'roles.approve', context)).toBe(expected);
  });
});

describe('leaves.approve and goals.manageAll follow their flags', () => {
  it.each(ORG_LEVELS)('%s with canApproveLeaves and canManageGoals', (level) => {
    const actor = member(level, { canApproveLeaves: true, canManageGoals: true });
    expect(can(actor, 'leaves.approve')).toBe(true);
    expect(can(actor, 'goals.manageAll')).toBe(true);
    expect(can(actor, 'goals.create')).toBe(true);
  });
});

describe('people management reaches', () => {
  const target = (level: OrgLevel, departments: string[] = [], office: string | null = null) => ({
    personId: 'p00000000000000000000002',
    level,
    departments,
    office,
  });
  it.each([
    ['ADMIN', {}, target('ADMIN'), true],
    ['MANAGER', {}, target('ADMIN'), false],
    ['MANAGER', {}, target('MANAGER'), true],
    ['MANAGER_LIMITED', {}, target('MEMBER'), true],
    // only people of a level one may give: a limited manager never acts on a full or limited manager
    ['MANAGER_LIMITED', {}, target('MANAGER'), false],
    ['MANAGER_LIMITED', {}, target('MANAGER_LIMITED'), false],
    ['MANAGER_LIMITED', {}, target('OBSERVER_ORG_LIMITED'), true],
    ['MANAGER', { accessibleDepartments: ['d1'] }, target('MEMBER', ['d1', 'd2']), true],
    ['MANAGER', { accessibleDepartments: ['d1'] }, target('MEMBER', ['d2']), false],
    ['MANAGER', { accessibleDepartments: ['d1'] }, target('MEMBER', []), true],
    ['MANAGER', { accessibleOffices: ['o1'] }, target('MEMBER', [], 'o2'), false],
    ['MANAGER', { accessibleOffices: ['o1'] }, target('MEMBER', [], 'o1'), true],
    ['MANAGER', { accessibleOffices: ['o1'] }, target('MEMBER', [], null), true],
    ['ADMIN', { accessibleDepartments: ['d1'] }, target('MEMBER', ['d2']), true],
    ['MANAGER', { accessibleDepartments: ['d1'], accessibleOffices: ['o1'] }, target('MEMBER', ['d1'], 'o2'), true],
    ['MANAGER', { accessibleDepartments: ['d1'], accessibleOffices: ['o1'] }, target('MEMBER', ['d2'], 'o1'), true],
    ['MANAGER', { accessibleDepartments: ['d1'], accessibleOffices: ['o1'] }, target('MEMBER', ['d2'], 'o2'), false],
    ['MANAGER', { accessibleDepartments: ['d1'], accessibleOffices: ['o1'] }, target('MEMBER', [], 'o2'), true],
    ['MEMBER', {}, target('MEMBER'), false],
  ] as const)('%s %j manages %j → %s', (level, facts, who, expected) => {
    expect(can(member(level, facts), 'org.people.manage', { target: who })).toBe(expected);
  });

  it('an API key manages people but never an admin, and grants nothing', () => {
    expect(can(apiKey, 'org.people.manage', { target: target('MEMBER') })).toBe(true);
    expect(can(apiKey, 'org.people.manage', { target: target('ADMIN') })).toBe(false);
    expect(can(apiKey, 'org.people.grant', { target: target('MEMBER') })).toBe(false);
  });

  it.each(['org.people.remove', 'org.people.email.update', 'org.people.schedule'] as const)(
    '%s: their own entry for everybody, somebody else’s as org.people.manage says',
    (action) => {
      const me = member('MEMBER');
      expect(can(me, action, { target: target('MEMBER') })).toBe(false);
      expect(can(me, action, { target: { ...target('MEMBER'), personId: me.personId } })).toBe(true);
      expect(can(member('MANAGER'), action, { target: target('ADMIN') })).toBe(false);
      expect(can(member('MANAGER'), action, { target: target('MEMBER') })).toBe(true);
      expect(can(member('MANAGER_LIMITED'), action, { target: target('MANAGER') })).toBe(false);
      expect(can(member('MANAGER', { accessibleDepartments: ['d1'] }), action, { target: target('MEMBER', ['d2']) })).toBe(false);
      expect(can(apiKey, action, { target: target('MEMBER') })).toBe(true);
      expect(can(apiKey, action, { target: target('ADMIN') })).toBe(false);
    },
  );

  it.each([
    ['ADMIN', 'ADMIN', true],
    ['MANAGER', 'ADMIN', false],
    ['MANAGER', 'MANAGER', true],
    ['MANAGER', 'MANAGER_LIMITED', true],
    ['MANAGER_LIMITED', 'MANAGER', false],
    ['MANAGER_LIMITED', 'MANAGER_LIMITED', false],
    ['MANAGER_LIMITED', 'MEMBER', true],
    ['MANAGER_LIMITED', 'OBSERVER_ORG', true],
    ['MEMBER', 'MEMBER', false],
    ['OBSERVER_ORG', 'OBSERVER_ORG_LIMITED', false],
  ] as const)('%s may give the level %s → %s', (level, given, expected) => {
    expect(can(member(level), 'org.people.assignLevel', { level: given })).toBe(expected);
  });
});

describe('goals visibility (spec 3 §6)', () => {
  const me = 'p00000000000000000000001';
  const goal = (ownerId: string | null, departments: string[] = [], offices: string[] = []) => ({ ownerId, departments, offices });
  it.each([
    ['ADMIN', {}, goal(null), true],
    ['MEMBER', { canManageGoals: true }, goal(null), true],
    ['OBSERVER_ORG', {}, goal(me), true],
    ['OBSERVER_ORG', {}, goal('someone-else', ['d1']), false],
    ['MANAGER', { accessibleDepartments: ['d1'] }, goal(null, ['d1']), true],
    ['MANAGER', { accessibleDepartments: ['d1'] }, goal(null, ['d2']), false],
    ['MANAGER_LIMITED', { accessibleOffices: ['o1'] }, goal(null, [], ['o1']), true],
    ['MANAGER', {}, goal(null, ['d1'], ['o1']), false],
    ['MEMBER', {}, goal(null, ['d1']), false],
    ['MEMBER', {}, goal(me), true],
  ] as const)('%s %j sees %j → %s', (level, facts, g, expected) => {
    expect(canSeeGoal(member(level, facts), g)).toBe(expected);
  });

  it('only goal managers and owners update a goal', () => {
    expect(can(member('MANAGER'), 'goals.update', { goal: goal(null) })).toBe(false);
    expect(can(member('MANAGER'), 'goals.update', { goal: goal(me) })).toBe(true);
    expect(can(member('MEMBER', { canManageGoals: true }), 'goals.update', { goal: goal(null) })).toBe(true);
  });

  it.each(['goal.update', 'goal.delete'] as const)('%s of a named goal is goals.update', (action) => {
    expect(can(member('MANAGER'), action, { goal: goal(null) })).toBe(false);
    expect(can(member('MEMBER'), action, { goal: goal(me) })).toBe(true);
    expect(can(member('OBSERVER_ORG'), action, { goal: goal('someone-else') })).toBe(false);
    expect(can(member('MEMBER', { canManageGoals: true }), action, { goal: goal(null) })).toBe(true);
  });

  it('programs: their managers, under visible portfolios, or without a portfolio', () => {
    const hidden = goal('someone-else');
    expect(canSeeProgram(member('MEMBER'), { managers: [me], portfolio: hidden })).toBe(true);
    expect(canSeeProgram(member('MEMBER'), { managers: [], portfolio: hidden })).toBe(false);
    expect(canSeeProgram(member('MEMBER'), { managers: [], portfolio: goal(me) })).toBe(true);
    expect(canSeeProgram(member('MEMBER'), { managers: [], portfolio: null })).toBe(true);
    expect(canSeeProgram(null, { managers: [], portfolio: null })).toBe(false);
  });
});
