// Kept free of schemas: the board asks it without loading zod.
import type { OrgLevel } from '../org/levels.ts';
import { canOnOrgRolePlan } from './policy.ts';

/** An organisation of the person as the board knows it: its licence and the person's membership. */
export type ResourceTabOrg = {
  _id: string;
  title: string;
  isLicensedActive: boolean;
  me: { level: OrgLevel; canApproveRoles: boolean } | null;
};

/**
 * The organisations whose role plans the Request and Assign resources tabs show: those with an active licence
 * (the spec's organisation licence condition) where the person reads the organisation's role plans. The tabs show
 * only when there is one.
 */
export function resourceTabOrgs<O extends ResourceTabOrg>(orgs: readonly O[]): O[] {
  return orgs.filter(
    (org) =>
      org.isLicensedActive &&
      org.me !== null &&
      canOnOrgRolePlan(
        {
          kind: 'person',
          personId: '',
          level: org.me.level,
          canApproveRoles: org.me.canApproveRoles,
          canApproveLeaves: false,
          canManageGoals: false,
          canCreateProjects: false,
          accessibleDepartments: [],
          accessibleOffices: [],
        },
        'rolePlan.read',
      ),
  );
}
