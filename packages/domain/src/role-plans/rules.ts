import { isMissionAdmin } from '../missions/policy.ts';

/**
 * CRM role plans (spec 3 §§3–6, rules 84–89): a project that comes from the CRM needs approved hours per role;
 * its roles are requested, merged, split and approved as role-plan items of the organisation. These are the rules,
 * free of storage: the server applies them inside its transactions and the screens read the same labels.
 */

/** The product's name, as the origin label 'Created in {product}' shows it. */
export const PRODUCT_NAME = 'Crewplan';

/** The spec's texts about role plans, kept exactly. */
export const ROLE_PLAN_MESSAGES = {
  combined: 'Your approved hours were combined.',
  mergedRole: 'Merged role',
  splitRole: 'Split role',
  crmOffers: 'CRM Offers',
  createdIn: 'Created in {product}',
  needsAssignment: 'Needs assignment',
  unfilledRole: 'Unfilled role',
  draft: 'Not submitted yet (Draft)',
  // Texts of our own (the spec gives none) for the refusals of this area.
  notFound: 'Sorry that role-plan item was not found. It may have been deleted.',
  alreadyMerged: 'This role-plan item was merged into another and cannot change any more.',
  holdsMerged: 'This role-plan item holds the approved hours of the items merged into it and cannot be deleted.',
  nothingToMerge: 'Choose at least two role-plan items of the same program and role to merge.',
  mergeTarget: 'A role-plan item cannot be merged into itself.',
  splitTooMuch: 'The parts need more hours than the role-plan item has.',
  notAllowed: 'Sorry but only organization admins, project admins, role approvers or executives can do this.',
  datesBackwards: 'The end date must not be before the start date.',
  notInOrg: 'Sorry but that {kind} is not part of this organization.',
  mergedOnlyByMerging: 'Only merging marks a role-plan item merged.',
} as const;

/** Every role-plan item starts as a draft (rule 85); other statuses are free values the organisation uses. */
export const ROLE_PLAN_DRAFT = 'draft';
/** The status an item merged into another gets (it keeps `mergedTo`). */
export const ROLE_PLAN_MERGED = 'merged';
/** The status the organisation view treats as approved: every other row is highlighted there. */
export const ROLE_PLAN_APPROVED = 'approved';

/** How an item came to be, stored with it; the origin label is read from it (rule 86). */
export const ROLE_PLAN_ORIGINS = ['product', 'crm', 'merge', 'split'] as const;
export type RolePlanOrigin = (typeof ROLE_PLAN_ORIGINS)[number];

/** Rule 86: the origin label an item shows. */
export function originLabel(item: { origin: RolePlanOrigin }, product = PRODUCT_NAME): string {
  switch (item.origin) {
    case 'merge':
      return ROLE_PLAN_MESSAGES.mergedRole;
    case 'split':
      return ROLE_PLAN_MESSAGES.splitRole;
    case 'crm':
      return ROLE_PLAN_MESSAGES.crmOffers;
    default:
      return ROLE_PLAN_MESSAGES.createdIn.replace('{product}', product);
  }
}

/** The organisation view highlights what is not approved yet; a merged item is history and is not highlighted. */
export const needsAttention = (item: { status: string }) => item.status !== ROLE_PLAN_APPROVED && item.status !== ROLE_PLAN_MERGED;

/** The role cell of the organisation view (spec 3 §4): a draft, an item nobody holds yet, or an item to assign. */
export function roleCellLabel(item: { status: string; personId: string | null }): string | null {
  if (item.status === ROLE_PLAN_DRAFT) return ROLE_PLAN_MESSAGES.draft;
  if (item.personId) return null;
  return item.status === ROLE_PLAN_APPROVED ? ROLE_PLAN_MESSAGES.needsAssignment : ROLE_PLAN_MESSAGES.unfilledRole;
}

/** The facts of an item the merge and split rules read. */
export type RolePlanFacts = {
  id: string;
  status: string;
  programId: string | null;
  roleId: string;
  hoursNeeded: number;
  hoursApproved: number;
  mergedTo: string | null;
};

/** Hours are summed exactly to a hundredth of a minute (no binary float residue such as 0.30000000000000004). */
export const addHours = (...hours: number[]) => Math.round(hours.reduce((sum, h) => sum + h, 0) * 6000) / 6000;

export type RolePlanRefusal = 'alreadyMerged' | 'nothingToMerge' | 'mergeTarget' | 'splitTooMuch';
export type RuleResult<T> = { ok: true; value: T } | { ok: false; refusal: RolePlanRefusal; ids?: string[] };

/**
 * Rule 87: items merged into `target` get `mergedTo` (and the merged status); the target's hoursApproved becomes the
 * sum of its own and theirs. An item already merged cannot take part.
 */
export function mergeInto(
  target: RolePlanFacts,
  merged: readonly RolePlanFacts[],
): RuleResult<{ targetHoursApproved: number; mergedIds: string[] }> {
  if (merged.length === 0) return { ok: false, refusal: 'nothingToMerge' };
  if (merged.some((item) => item.id === target.id)) return { ok: false, refusal: 'mergeTarget', ids: [target.id] };
  const done = [target, ...merged].filter((item) => item.mergedTo !== null || item.status === ROLE_PLAN_MERGED);
  if (done.length > 0) return { ok: false, refusal: 'alreadyMerged', ids: done.map((item) => item.id) };
  return {
    ok: true,
    value: {
      targetHoursApproved: addHours(target.hoursApproved, ...merged.map((item) => item.hoursApproved)),
      mergedIds: merged.map((i) => i.id),
    },
  };
}

/** One group of a bulk merge: the items of one program and role, and what the merged item gets. */
export type BulkMergeGroup = { programId: string | null; roleId: string; itemIds: string[]; hoursApproved: number; hoursNeeded: 0 };

/**
 * Rule 88: a bulk merge groups the chosen items by program, then by role; each group of two or more becomes one
 * merged item with the summed hoursApproved and zero hoursNeeded. A group of one has nothing to merge with and is
 * left as it is; when no group has two, nothing is merged.
 */
export function bulkMergeGroups(items: readonly RolePlanFacts[]): RuleResult<BulkMergeGroup[]> {
  const done = items.filter((item) => item.mergedTo !== null || item.status === ROLE_PLAN_MERGED);
  if (done.length > 0) return { ok: false, refusal: 'alreadyMerged', ids: done.map((item) => item.id) };
  const byProgram = new Map<string, Map<string, RolePlanFacts[]>>();
  for (const item of items) {
    const programKey = item.programId ?? '';
    const byRole = byProgram.get(programKey) ?? new Map<string, RolePlanFacts[]>();
    byRole.set(item.roleId, [...(byRole.get(item.roleId) ?? []), item]);
    byProgram.set(programKey, byRole);
  }
  const groups: BulkMergeGroup[] = [];
  for (const [programKey, byRole] of byProgram) {
    for (const [roleId, group] of byRole) {
      if (group.length < 2) continue;
      groups.push({
        programId: programKey === '' ? null : programKey,
        roleId,
        itemIds: group.map((item) => item.id),
        hoursApproved: addHours(...group.map((item) => item.hoursApproved)),
        hoursNeeded: 0,
      });
    }
  }
  return groups.length > 0 ? { ok: true, value: groups } : { ok: false, refusal: 'nothingToMerge' };
}

/** One part of a split: the hours it takes from the item. */
export type SplitPart = { hoursNeeded: number; hoursApproved: number };

/**
 * Splitting: each part becomes a new item of the same program and role (`splitFrom` the original, origin split)
 * taking its hours out of the original, which keeps the rest. Hours are never created: the parts may not take more
 * than the item has.
 */
export function splitItem(item: RolePlanFacts, parts: readonly SplitPart[]): RuleResult<{ rest: SplitPart }> {
  if (item.mergedTo !== null || item.status === ROLE_PLAN_MERGED) return { ok: false, refusal: 'alreadyMerged', ids: [item.id] };
  const rest = {
    hoursNeeded: addHours(item.hoursNeeded, ...parts.map((part) => -part.hoursNeeded)),
    hoursApproved: addHours(item.hoursApproved, ...parts.map((part) => -part.hoursApproved)),
  };
  if (rest.hoursNeeded < 0 || rest.hoursApproved < 0) return { ok: false, refusal: 'splitTooMuch', ids: [item.id] };
  return { ok: true, value: { rest } };
}

/** Who acts on a CRM role plan, as rule 89 reads them. */
export type CrmRightsFacts = {
  orgLevel: string | null;
  /** The caller's permission on the item's project (2 = project owner / admin), null when not on it. */
  missionPermission: number | null;
  /** The caller is a project manager of the item's project (with permission 1, a project admin: rule 98). */
  isProjectManager: boolean;
  canApproveRoles: boolean;
  /** The name of the caller's organisation role (a custom role). */
  roleName: string | null;
};

/**
 * Rule 89: on a project that came from the CRM, approving and combining hours is for the organisation's admins,
 * the project's admins (its owners, and its project managers: rule 98), people who may approve roles, and people
 * whose custom role names an Executive (the engagement executives of rule 90).
 */
export function hasCrmSpecialRights(facts: CrmRightsFacts): boolean {
  return (
    facts.orgLevel === 'ADMIN' ||
    (facts.missionPermission !== null &&
      isMissionAdmin({ permission: facts.missionPermission, isProjectManager: facts.isProjectManager })) ||
    facts.canApproveRoles ||
    (facts.roleName !== null && /executive/i.test(facts.roleName))
  );
}

/** The status history entry kept with each change (rule 85). */
export type RolePlanStatusChange = { status: string; changedOn: string; changedBy: string | null };
