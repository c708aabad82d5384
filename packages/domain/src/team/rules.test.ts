import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INVITE_PERMISSION,
  FREE_SLOTS,
  INVITE_SEARCH_LIMIT,
  MISSION_PERMISSIONS,
  PEOPLE_LIST_SHOWN,
  TEAM_MESSAGES,
  autoCreateRoleFor,
  clearanceCheck,
  countsAsSeat,
  defaultInviteMessage,
  inviteOptions,
  isActiveMember,
  isTeamVisible,
  isWorkingMember,
  permissionLabel,
  removalCheck,
  slotsFull,
  timesheetToggleShown,
  usedSeats,
  type InviteContext,
} from './rules.ts';

// Exact spec texts (catalog/messages.tsv rows 41, 42, 49–51, 54–58), typos and the '…' character included.
const LAST_ADMIN = 'Sorry but you need at least one admin on the project. Try adding another admin first or make another person an admin.';
const OUTSIDE_DEPARTMENTS = "The sorry but this person falls outside of your accessible department's and cannot be added to the project";
const NO_CLEARANCE = 'This person cannot be added because you do not have clearance\u2026';

describe('messages', () => {
  it('are the spec texts', () => {
    expect(TEAM_MESSAGES).toMatchObject({
      removeConfirm: 'Remove this person from the project?',
      lastAdmin: LAST_ADMIN,
      outsideDepartments: OUTSIDE_DEPARTMENTS,
      noClearance: NO_CLEARANCE,
      noClearanceSelected:
        'Sorry but you do not have sufficient permission to add this person. Please ask an organization admin if possible.',
    });
  });
});

describe('permissionLabel (rule 97)', () => {
  it.each([
    [2, false, null, false, 'Project owner - Admin'],
    [2, true, null, false, 'Project owner - Admin'],
    [1, true, null, false, 'Project manager'],
    [1, false, null, false, 'Team lead'],
    [0, false, null, false, 'Team member'],
    [3, false, null, false, 'Observer'],
    [4, false, null, false, 'Not needed on project'],
    [5, false, null, false, 'External participant'],
    [2, false, null, true, 'Template manager'],
    [1, true, null, true, 'Template manager'],
    [1, false, null, true, 'Team lead'],
    [0, false, 'Designer', false, 'Designer'],
    [2, false, 'Sponsor', true, 'Sponsor'],
    [1, true, '  ', false, 'Project manager'],
    [9, false, null, false, 'Team member'],
  ] as const)('permission %s, PM %s, custom %s, template %s → %s', (permission, isProjectManager, customRole, isTemplate, expected) => {
    expect(permissionLabel({ permission, isProjectManager, customRole }, { isTemplate })).toBe(expected);
  });

  it('defaults to a mission context', () => {
    expect(permissionLabel({ permission: 2, isProjectManager: false })).toBe('Project owner - Admin');
  });
});

describe('membership (rules 93, 94, 98)', () => {
  it('has permissions 0–5', () => expect(MISSION_PERMISSIONS).toEqual([0, 1, 2, 3, 4, 5]));
  it.each([
    // permission, working (≤3), active (<3), team-visible (≠5), seat (rule 134)
    [0, true, true, true, true],
    [1, true, true, true, true],
    [2, true, true, true, true],
    [3, true, false, true, false],
    [4, false, false, true, true],
    [5, false, false, false, false],
  ])('permission %s', (permission, working, active, visible, seat) => {
    expect([isWorkingMember(permission), isActiveMember(permission), isTeamVisible(permission), countsAsSeat(permission)]).toEqual([
      working,
      active,
      visible,
      seat,
    ]);
  });
});

describe('free seats (rule 134)', () => {
  it('has 5 free slots', () => expect(FREE_SLOTS).toBe(5));
  it.each([
    [[], 0, false],
    [[0, 1, 2, 4], 4, false],
    [[0, 1, 2, 4, 3, 5], 4, false],
    [[0, 0, 1, 2, 4], 5, true],
    [[0, 0, 0, 0, 0, 0], 6, true],
    [[3, 3, 3, 5, 5, 5, 5], 0, false],
  ])('%j → %s used, full %s', (permissions, used, full) => {
    const count = usedSeats(permissions.map((permission) => ({ permission })));
    expect(count).toBe(used);
    expect(slotsFull(count)).toBe(full);
  });
});

describe('inviteOptions (rules 124, 132)', () => {
  const ctx = (patch: Partial<InviteContext> = {}): InviteContext => ({
    inviterIsMissionAdmin: true,
    inviterIsOrgAdmin: false,
    inviterIsProjectManager: false,
    inviterIsOrgMember: true,
    rolesNeedApproval: false,
    fromCrm: false,
    projectType: 'simple',
    isTemplate: false,
    isModel: false,
    hasOrg: true,
    domainApproved: true,
    ...patch,
  });
  const values = (c: InviteContext) => inviteOptions(c).map((o) => o.value);

  it.each([
    ['mission admin, org project', {}, ['admin', 'manager', 'lead', 'member', 'observer']],
    ['org admin', { inviterIsMissionAdmin: false, inviterIsOrgAdmin: true }, ['admin', 'manager', 'lead', 'member', 'observer']],
    ['roles need approval: no admin', { rolesNeedApproval: true }, ['manager', 'lead', 'member', 'observer']],
    ['from the CRM: no admin', { fromCrm: true }, ['manager', 'lead', 'member', 'observer']],
    ['unapproved domain: no admin (rule 124)', { domainApproved: false }, ['manager', 'lead', 'member', 'observer']],
    [
      'project manager',
      { inviterIsMissionAdmin: false, inviterIsProjectManager: true, inviterIsOrgMember: false },
      ['manager', 'lead', 'member', 'observer'],
    ],
    ['org member only', { inviterIsMissionAdmin: false }, ['manager', 'lead', 'member', 'observer']],
    ['outsider', { inviterIsMissionAdmin: false, inviterIsOrgMember: false }, ['lead', 'member', 'observer']],
    ['gantt: no team lead', { projectType: 'mx-gantt' }, ['admin', 'manager', 'member', 'observer']],
    ['power keeps team lead', { projectType: 'power' }, ['admin', 'manager', 'lead', 'member', 'observer']],
    ['template: no team lead', { isTemplate: true }, ['admin', 'manager', 'member', 'observer']],
    ['model: no observer', { isModel: true }, ['admin', 'manager', 'lead', 'member']],
    ['personal project: no observer', { hasOrg: false }, ['admin', 'manager', 'lead', 'member']],
  ] as const)('%s', (_name, patch, expected) => {
    expect(values(ctx(patch))).toEqual(expected);
  });

  it('gives permissions, PM flags and labels', () => {
    expect(inviteOptions(ctx())).toEqual([
      { value: 'admin', permission: 2, isProjectManager: false, label: 'Admin' },
      { value: 'manager', permission: 1, isProjectManager: true, label: 'Project manager' },
      { value: 'lead', permission: 1, isProjectManager: false, label: 'Team lead' },
      { value: 'member', permission: 0, isProjectManager: false, label: 'Team member' },
      { value: 'observer', permission: 3, isProjectManager: false, label: 'Observer' },
    ]);
  });

  it('offers the Limited project manager form for unapproved domains', () => {
    expect(inviteOptions(ctx({ domainApproved: false })).find((o) => o.value === 'manager')).toEqual({
      value: 'manager',
      permission: 1,
      isProjectManager: true,
      label: 'Project manager',
      limited: true,
    });
  });

  it('uses the Template manager wording in templates', () => {
    expect(inviteOptions(ctx({ isTemplate: true })).map((o) => o.label)).toEqual([
      'Template manager',
      'Template manager',
      'Team member',
      'Observer',
    ]);
  });
});

describe('timesheetToggleShown (rule 133)', () => {
  it.each([
    [true, false, false, false, true],
    [false, false, false, false, false],
    [true, true, false, false, false],
    [true, false, true, false, false],
    [true, false, false, true, false],
  ])('licensed %s, model %s, template %s, noTimesheets %s → %s', (orgLicensedActive, isModel, isTemplate, noTimesheets, expected) => {
    expect(timesheetToggleShown({ orgLicensedActive, isModel, isTemplate, noTimesheets })).toBe(expected);
  });
});

describe('invite defaults (rules 128–131)', () => {
  it.each([
    [false, 'Welcome to the mission!'],
    [true, 'Please help manage our template'],
  ])('template %s → %s', (isTemplate, expected) => {
    expect(defaultInviteMessage(isTemplate)).toBe(expected);
  });
  it.each([
    [0, true],
    [1, true],
    [2, true],
    [3, false],
  ])('auto role creation for permission %s → %s', (permission, expected) => {
    expect(autoCreateRoleFor(permission)).toBe(expected);
  });
  it('has the spec numbers', () => {
    expect([DEFAULT_INVITE_PERMISSION, INVITE_SEARCH_LIMIT, PEOPLE_LIST_SHOWN]).toEqual([0, 100, 20]);
  });
});

describe('removalCheck (rules 101, 102)', () => {
  const actor = (isOrgAdmin: boolean, missionPermission: number | null, isProjectManager = false) => ({
    isOrgAdmin,
    missionPermission,
    isProjectManager,
  });
  const target = (permission: number, isOrgAdmin = false) => ({ personId: 'p', permission, isOrgAdmin });
  const forbidden = { ok: false, reason: 'forbidden' };
  const lastAdmin = { ok: false, reason: 'last-admin', message: LAST_ADMIN };
  const remove = { ok: true, effect: 'remove' };
  const downgrade = { ok: true, effect: 'downgrade' };

  it.each([
    ['org admin removes a member', actor(true, null), target(0), 1, false, remove],
    ['mission admin removes a member', actor(false, 2), target(0), 1, false, remove],
    ['PM team lead removes a member', actor(false, 1, true), target(0), 1, false, remove],
    ['team lead without PM may not', actor(false, 1), target(0), 1, false, forbidden],
    ['team member may not', actor(false, 0), target(1), 1, false, forbidden],
    ['observer may not', actor(false, 3), target(0), 1, false, forbidden],
    ['outsider may not', actor(false, null), target(0), 1, false, forbidden],
    ['a member removes themselves', actor(false, 0), target(0), 1, true, remove],
    ['the only admin cannot be removed', actor(true, null), target(2), 1, false, lastAdmin],
    ['the only admin cannot leave', actor(false, 2), target(2), 1, true, lastAdmin],
    ['one of two admins is removed', actor(false, 2), target(2), 2, false, remove],
    ['org admin target is downgraded', actor(false, 2), target(0, true), 1, false, downgrade],
    ['org admin who is one of two admins is downgraded', actor(true, null), target(2, true), 2, false, downgrade],
    ['org admin who is the only admin stays', actor(true, null), target(2, true), 1, false, lastAdmin],
    ['forbidden comes before last-admin', actor(false, 0), target(2), 1, false, forbidden],
  ] as const)('%s', (_name, who, whom, admins, self, expected) => {
    expect(removalCheck({ actor: who, target: whom, admins, self })).toEqual(expected);
  });
});

describe('clearanceCheck (rules 121–123)', () => {
  const check = (
    inviterPermission: number,
    inviterAccessibleDepartments: string[],
    inviterAccessibleOffices: string[],
    departments: string[],
    office: string | null,
    sharedDepartments?: string[],
  ) =>
    clearanceCheck({
      inviterPermission,
      inviterAccessibleDepartments,
      inviterAccessibleOffices,
      person: { departments, office },
      sharedDepartments,
    });

  it.each([
    ['admin adds anyone', () => check(2, ['d1'], ['o1'], ['d9'], 'o9', []), null],
    ['no limits', () => check(1, [], [], ['d9'], 'o9'), null],
    ['first department accessible', () => check(1, ['d1'], [], ['d1', 'd9'], null), null],
    ['first department outside', () => check(1, ['d1'], [], ['d9', 'd1'], null), OUTSIDE_DEPARTMENTS],
    ['no department under a department limit', () => check(0, ['d1'], [], [], null), null],
    ['no department is still judged by offices', () => check(0, ['d1'], ['o1'], [], null), NO_CLEARANCE],
    ['office accessible', () => check(1, [], ['o1', 'o2'], ['d9'], 'o2'), null],
    ['office outside', () => check(1, [], ['o1'], ['d9'], 'o9'), NO_CLEARANCE],
    ['no office under an office limit', () => check(1, [], ['o1'], [], null), NO_CLEARANCE],
    ['department refusal comes first', () => check(1, ['d1'], ['o1'], ['d9'], 'o9'), OUTSIDE_DEPARTMENTS],
    ['shared department aligns', () => check(1, [], [], ['d9', 'd5'], null, ['d5']), null],
    ['no shared department', () => check(1, [], [], ['d9'], null, ['d5']), NO_CLEARANCE],
    ['accessible department counts as shared', () => check(1, ['d9'], [], ['d9'], null, []), null],
    ['person without departments is not judged by sharing', () => check(1, [], [], [], null, ['d5']), null],
  ] as const)('%s', (_name, run, expected) => {
    expect(run()).toBe(expected);
  });
});
