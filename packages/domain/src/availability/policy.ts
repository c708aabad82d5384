import type { OrgActor } from '../org/policy.ts';

/**
 * What routes do with people's availability (issue Staffing): read the ledger and the resource planner, and plan
 * (assign roles, move their dates, change their allocation). The gate lets every member person in; how far each
 * sees is `availabilityReach`, and planning writes go through the plan's own rules per mission.
 */
export const AVAILABILITY_VERBS = ['availability.read', 'planner.plan'] as const;
export type AvailabilityVerb = (typeof AVAILABILITY_VERBS)[number];

/**
 * Whose availability a member sees: organisation admins and managers everyone; limited managers the people they
 * reach; project managers the people they may assign (rule 77); everybody else only themselves.
 */
export type AvailabilityReach = 'everyone' | 'reached' | 'assignable' | 'self';

export function availabilityReach(member: { level: string }, isProjectManager: boolean): AvailabilityReach {
  if (member.level === 'ADMIN' || member.level === 'MANAGER') return 'everyone';
  if (member.level === 'MANAGER_LIMITED') return 'reached';
  return isProjectManager ? 'assignable' : 'self';
}

/** Every member person reads (their reach narrows what); planning needs a reach beyond oneself. API keys neither. */
export function canOnOrgAvailability(actor: OrgActor, verb: AvailabilityVerb): boolean {
  if (actor.kind !== 'person') return false;
  if (verb === 'availability.read') return true;
  return actor.level !== 'OBSERVER_ORG' && actor.level !== 'OBSERVER_ORG_LIMITED';
}
