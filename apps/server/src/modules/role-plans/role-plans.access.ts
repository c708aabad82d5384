import { FLOATING_MESSAGES, hasCrmSpecialRights, ROLE_PLAN_MESSAGES, orgLicenceActive } from '@crewplan/domain';
import { AppError } from '../../lib/errors.ts';
import type { OrgAccess } from '../../plugins/types.ts';

/** Refusals of this module; each names the field the person fixes where there is one. */
export const notLicensed = () => new AppError(403, 'role-plan/not-licensed', FLOATING_MESSAGES.needsUnlimited);
export const itemsNotFound = (field: string) =>
  new AppError(404, 'role-plan/not-found', ROLE_PLAN_MESSAGES.notFound, { [field]: ROLE_PLAN_MESSAGES.notFound });
export const notInOrg = (fields: readonly string[]) =>
  new AppError(
    400,
    'role-plan/not-in-org',
    ROLE_PLAN_MESSAGES.notInOrg.replace('{kind}', fields.map((field) => field.replace(/Ids?$/, '')).join(', ')),
    Object.fromEntries(fields.map((field) => [field, 'Not part of this organization'])),
  );
export const alreadyMerged = (field: string) =>
  new AppError(409, 'role-plan/merged', ROLE_PLAN_MESSAGES.alreadyMerged, { [field]: ROLE_PLAN_MESSAGES.alreadyMerged });
export const nothingToMerge = () =>
  new AppError(409, 'role-plan/nothing-to-merge', ROLE_PLAN_MESSAGES.nothingToMerge, {
    rolePlanItemIds: ROLE_PLAN_MESSAGES.nothingToMerge,
  });
export const mergeTarget = () => new AppError(400, 'validation', ROLE_PLAN_MESSAGES.mergeTarget, { into: ROLE_PLAN_MESSAGES.mergeTarget });
export const splitTooMuch = () =>
  new AppError(422, 'role-plan/split-too-much', ROLE_PLAN_MESSAGES.splitTooMuch, { parts: ROLE_PLAN_MESSAGES.splitTooMuch });
export const datesBackwards = (field: string) =>
  new AppError(400, 'validation', ROLE_PLAN_MESSAGES.datesBackwards, { [field]: ROLE_PLAN_MESSAGES.datesBackwards });
export const notAllowed = () => new AppError(403, 'role-plan/not-allowed', ROLE_PLAN_MESSAGES.notAllowed);

/** The Request and Assign resources area needs an organisation with an Unlimited subscription (a running trial counts). */
export function requireLicensed(access: OrgAccess, now: Date): void {
  if (!orgLicenceActive(access.org, now)) throw notLicensed();
}

/**
 * Rule 89 for every item a decision touches: organisation admins, role approvers and executives decide anywhere;
 * a project's admins (permission 2) decide the items of their projects. An API key never decides.
 */
export function requireSpecialRights(
  access: OrgAccess,
  rights: { roleName: string | null; permissionOn: Map<string, number> },
  missionIds: readonly (string | null)[],
): void {
  const member = access.member;
  if (!member) throw notAllowed();
  const allowed = missionIds.every((missionId) =>
    hasCrmSpecialRights({
      orgLevel: member.level,
      canApproveRoles: member.canApproveRoles,
      roleName: rights.roleName,
      missionPermission: missionId ? (rights.permissionOn.get(missionId) ?? null) : null,
    }),
  );
  if (!allowed) throw notAllowed();
}
