import { isObserverLevel } from '../org/levels.ts';
import type { OrgActor } from '../org/policy.ts';

/** What routes do to CRM role-plan items (spec 3 §7, rules 84–89). */
export const ROLE_PLAN_VERBS = ['rolePlan.read', 'rolePlan.readOwn', 'rolePlan.create', 'rolePlan.delete', 'rolePlan.decide'] as const;
export type RolePlanVerb = (typeof ROLE_PLAN_VERBS)[number];

/**
 * The gate of the organisation's role-plan routes:
 * - its own items (`readOwn`): every member;
 * - the organisation view (`read`): admins, managers (limited too), role approvers and organisation observers;
 *   an API key reads too (the CRM reads back what it offered);
 * - requesting and withdrawing items (`create`, `delete`): admins, managers and role approvers; an API key creates
 *   (the CRM's offers);
 * - statuses, merges and splits (`decide`): any member but an observer reaches the route, and rule 89 decides per
 *   item once its project is known (organisation admins, the project's admins, role approvers, executives).
 */
export function canOnOrgRolePlan(actor: OrgActor, verb: RolePlanVerb): boolean {
  if (actor.kind === 'apiKey') return verb === 'rolePlan.read' || verb === 'rolePlan.create';
  const manages = actor.level === 'ADMIN' || actor.level === 'MANAGER' || actor.level === 'MANAGER_LIMITED' || actor.canApproveRoles;
  switch (verb) {
    case 'rolePlan.readOwn':
      return true;
    case 'rolePlan.read':
      return manages || actor.level === 'OBSERVER_ORG';
    case 'rolePlan.create':
    case 'rolePlan.delete':
      return manages;
    case 'rolePlan.decide':
      return !isObserverLevel(actor.level);
  }
}
