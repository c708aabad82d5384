import { hasCrmSpecialRights, orgLicenceActive } from '@crewplan/domain';
import { appError } from '../../lib/errors.ts';
import type { OrgAccess } from '../../plugins/types.ts';

/** Refusals of this module; each names the field the person fixes where there is one. */
export const notLicensed = () => appError('rolePlanNotLicensed');
export const itemsNotFound = (field: string) => appError('rolePlanNotFound', field);
export const notInOrg = (fields: readonly string[]) => appError('rolePlanNotInOrg', fields);
export const alreadyMerged = (field: string) => appError('rolePlanMerged', field);
export const nothingToMerge = () => appError('rolePlanNothingToMerge');
export const holdsMerged = () => appError('rolePlanHoldsMerged');
export const mergeTarget = () => appError('rolePlanMergeTarget');
export const splitTooMuch = () => appError('rolePlanSplitTooMuch');
export const datesBackwards = (field: string) => appError('rolePlanDatesBackwards', field);
export const notAllowed = () => appError('rolePlanNotAllowed');

/** The Request and Assign resources area needs an organisation with an Unlimited subscription (a running trial counts). */
export function requireLicensed(access: OrgAccess, now: Date): void {
  if (!orgLicenceActive(access.org, now)) throw notLicensed();
}

/**
 * Rule 89 for every item a decision touches: organisation admins, role approvers and executives decide anywhere;
 * a project's admins (permission 2, or its project managers) decide the items of their projects. An API key never
 * decides.
 */
export function requireSpecialRights(
  access: OrgAccess,
  rights: { roleName: string | null; placeOn: Map<string, { permission: number; isProjectManager: boolean }> },
  missionIds: readonly (string | null)[],
): void {
  const member = access.member;
  if (!member) throw notAllowed();
  const allowed = missionIds.every((missionId) => {
    const place = missionId ? rights.placeOn.get(missionId) : undefined;
    return hasCrmSpecialRights({
      orgLevel: member.level,
      canApproveRoles: member.canApproveRoles,
      roleName: rights.roleName,
      missionPermission: place?.permission ?? null,
      isProjectManager: place?.isProjectManager ?? false,
    });
  });
  if (!allowed) throw notAllowed();
}
