import { describe, expect, it } from 'vitest';
import {
  addHours,
  bulkMergeGroups,
  hasCrmSpecialRights,
  mergeInto,
  needsAttention,
  originLabel,
  roleCellLabel,
  splitItem,
  type RolePlanFacts,
} from './rules.ts';
import { rolePlanBulkBodySchema, rolePlanCreateSchema } from './role-plans.ts';
import { canOnOrgRolePlan, type RolePlanVerb } from './policy.ts';
import type { OrgMemberFacts } from '../org/policy.ts';
import { resourceTabOrgs, type ResourceTabOrg } from './tab.ts';

const item = (id: string, over: Partial<RolePlanFacts> = {}): RolePlanFacts => ({
  id,
  status: 'draft',
  programId: 'p1',
  roleId: 'r1',
  hoursNeeded: 10,
  hoursApproved: 8,
  mergedTo: null,
  ...over,
});

describe('origin labels (rule 86)', () => {
  it.each([
    ['merge', 'Merged role'],
    ['split', 'Split role'],
    ['crm', 'CRM Offers'],
    ['product', 'Created in Crewplan'],
  ] as const)('%s → %s', (origin, label) => expect(originLabel({ origin })).toBe(label));
});

describe('merge into one item (rule 87)', () => {
  it.each([
    { target: 8, merged: [4], sum: 12 },
    { target: 0, merged: [2.5, 7.25], sum: 9.75 },
    { target: 0.1, merged: [0.2], sum: 0.3 },
  ])('the accepting item gets $sum hours from $target + $merged', ({ target, merged, sum }) => {
    const result = mergeInto(
      item('t', { hoursApproved: target }),
      merged.map((hours, i) => item(`m${i}`, { hoursApproved: hours })),
    );
    expect(result).toEqual({ ok: true, value: { targetHoursApproved: sum, mergedIds: merged.map((_, i) => `m${i}`) } });
  });
  it('refuses an item merged already, an item into itself, and nothing to merge', () => {
    expect(mergeInto(item('t'), [item('a', { mergedTo: 'x' })])).toMatchObject({ ok: false, refusal: 'alreadyMerged', ids: ['a'] });
    expect(mergeInto(item('t', { status: 'merged' }), [item('a')])).toMatchObject({ ok: false, refusal: 'alreadyMerged', ids: ['t'] });
    expect(mergeInto(item('t'), [item('t')])).toMatchObject({ ok: false, refusal: 'mergeTarget' });
    expect(mergeInto(item('t'), [])).toMatchObject({ ok: false, refusal: 'nothingToMerge' });
  });
});

describe('bulk merge by program then role (rule 88)', () => {
  it('sums approved hours per program and role, zero hours needed, and leaves single items alone', () => {
    const result = bulkMergeGroups([
      item('a', { programId: 'p1', roleId: 'dev', hoursApproved: 10 }),
      item('b', { programId: 'p1', roleId: 'dev', hoursApproved: 5.5 }),
      item('c', { programId: 'p1', roleId: 'pm', hoursApproved: 3 }),
      item('d', { programId: 'p2', roleId: 'dev', hoursApproved: 1 }),
      item('e', { programId: 'p2', roleId: 'dev', hoursApproved: 2 }),
      item('f', { programId: 'p2', roleId: 'dev', hoursApproved: 4 }),
      item('g', { programId: null, roleId: 'dev', hoursApproved: 6 }),
      item('h', { programId: null, roleId: 'dev', hoursApproved: 0 }),
    ]);
    expect(result).toEqual({
      ok: true,
      value: [
        { programId: 'p1', roleId: 'dev', itemIds: ['a', 'b'], hoursApproved: 15.5, hoursNeeded: 0 },
        { programId: 'p2', roleId: 'dev', itemIds: ['d', 'e', 'f'], hoursApproved: 7, hoursNeeded: 0 },
        { programId: null, roleId: 'dev', itemIds: ['g', 'h'], hoursApproved: 6, hoursNeeded: 0 },
      ],
    });
  });
  it('refuses when no program and role has two items, or an item is merged already', () => {
    expect(bulkMergeGroups([item('a', { roleId: 'x' }), item('b', { roleId: 'y' })])).toMatchObject({
      ok: false,
      refusal: 'nothingToMerge',
    });
    expect(bulkMergeGroups([item('a'), item('b', { status: 'merged' })])).toMatchObject({
      ok: false,
      refusal: 'alreadyMerged',
      ids: ['b'],
    });
  });
});

describe('split', () => {
  it.each([
    { needed: 10, approved: 8, parts: [{ hoursNeeded: 4, hoursApproved: 3 }], rest: { hoursNeeded: 6, hoursApproved: 5 } },
    {
      needed: 10,
      approved: 8,
      parts: [
        { hoursNeeded: 5, hoursApproved: 4 },
        { hoursNeeded: 5, hoursApproved: 4 },
      ],
      rest: { hoursNeeded: 0, hoursApproved: 0 },
    },
  ])('keeps the rest: $rest', ({ needed, approved, parts, rest }) => {
    expect(splitItem(item('a', { hoursNeeded: needed, hoursApproved: approved }), parts)).toEqual({ ok: true, value: { rest } });
  });
  it('never creates hours', () => {
    expect(splitItem(item('a', { hoursApproved: 8 }), [{ hoursNeeded: 0, hoursApproved: 8.25 }])).toMatchObject({
      ok: false,
      refusal: 'splitTooMuch',
    });
  });
});

describe('CRM special rights (rule 89)', () => {
  const none = { orgLevel: 'MEMBER', missionPermission: 0, isProjectManager: false, canApproveRoles: false, roleName: 'Developer' };
  it.each([
    [{ ...none, orgLevel: 'ADMIN' }, true],
    [{ ...none, missionPermission: 2 }, true],
    [{ ...none, canApproveRoles: true }, true],
    [{ ...none, roleName: 'Engagement Executive A' }, true],
    [{ ...none, orgLevel: 'MANAGER' }, false],
    [{ ...none, missionPermission: 1 }, false],
    [{ ...none, missionPermission: 1, isProjectManager: true }, true],
    [{ ...none, missionPermission: null, isProjectManager: true }, false],
    [none, false],
    [{ ...none, roleName: null }, false],
  ])('%o → %s', (facts, allowed) => expect(hasCrmSpecialRights(facts)).toBe(allowed));
});

describe('organisation view', () => {
  it.each([
    [{ status: 'draft', personId: null }, true, 'Not submitted yet (Draft)'],
    [{ status: 'requested', personId: null }, true, 'Unfilled role'],
    [{ status: 'approved', personId: null }, false, 'Needs assignment'],
    [{ status: 'approved', personId: 'p' }, false, null],
    [{ status: 'merged', personId: 'p' }, false, null],
  ])('%o: highlighted %s, cell %s', (row, highlighted, cell) => {
    expect(needsAttention(row)).toBe(highlighted);
    expect(roleCellLabel(row)).toBe(cell);
  });
});

describe('inputs', () => {
  const role = 'a'.repeat(24);
  it('refuses dates backwards and hours below zero, naming the field', () => {
    const backwards = rolePlanCreateSchema.safeParse({ roleId: role, startDate: '2026-02-01', endDate: '2026-01-31' });
    expect(backwards.success).toBe(false);
    expect(backwards.error?.issues[0]?.path).toEqual(['endDate']);
    const negative = rolePlanCreateSchema.safeParse({ roleId: role, hoursNeeded: -1 });
    expect(negative.error?.issues[0]?.path).toEqual(['hoursNeeded']);
    expect(rolePlanBulkBodySchema.safeParse({ action: 'merge', rolePlanItemIds: [role] }).success).toBe(false);
  });
  it('adds hours without float residue', () => expect(addHours(0.1, 0.2)).toBe(0.3));
});

describe('route gate', () => {
  const member = (over: Partial<OrgMemberFacts>): OrgMemberFacts => ({
    kind: 'person',
    personId: 'x',
    level: 'MEMBER',
    canApproveRoles: false,
    canApproveLeaves: false,
    canManageGoals: false,
    canCreateProjects: false,
    accessibleDepartments: [],
    accessibleOffices: [],
    ...over,
  });
  const verbs: RolePlanVerb[] = ['rolePlan.readOwn', 'rolePlan.read', 'rolePlan.create', 'rolePlan.delete', 'rolePlan.decide'];
  it.each([
    ['ADMIN', [true, true, true, true, true]],
    ['MANAGER', [true, true, true, true, true]],
    ['MEMBER', [true, false, false, false, true]],
    ['OBSERVER_ORG', [true, true, false, false, false]],
    ['OBSERVER_ORG_LIMITED', [true, false, false, false, false]],
  ] as const)('%s', (level, allowed) => {
    expect(verbs.map((verb) => canOnOrgRolePlan(member({ level }), verb))).toEqual(allowed);
  });
  it('role approvers manage; an API key reads and creates', () => {
    expect(canOnOrgRolePlan(member({ canApproveRoles: true }), 'rolePlan.create')).toBe(true);
    expect(verbs.map((verb) => canOnOrgRolePlan({ kind: 'apiKey' }, verb))).toEqual([false, true, true, false, false]);
  });
});

describe('Request and Assign resources tabs', () => {
  const org = (over: Partial<ResourceTabOrg>): ResourceTabOrg => ({
    _id: 'o',
    title: 'O',
    isLicensedActive: true,
    me: { level: 'MANAGER', canApproveRoles: false },
    ...over,
  });
  it.each([
    ['a licensed organisation I manage', org({}), true],
    ['an unlicensed one', org({ isLicensedActive: false }), false],
    ['one where I am a member', org({ me: { level: 'MEMBER', canApproveRoles: false } }), false],
    ['one where I am a member who approves roles', org({ me: { level: 'MEMBER', canApproveRoles: true } }), true],
    ['one I do not belong to', org({ me: null }), false],
  ])('%s: shown %s', (_what, entry, shown) => expect(resourceTabOrgs([entry])).toHaveLength(shown ? 1 : 0));
});
