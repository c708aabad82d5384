import { canOnMission, type MissionActor, type MissionFacts } from '../missions/policy.ts';
import type { Policy } from '../shared/policy.ts';

/** What routes do to the mission plan: its roles and items, and role requests. */
export const PLAN_VERBS = [
  'plan.item.create',
  'plan.item.update',
  'plan.item.delete',
  'plan.request.submit',
  'plan.request.decide',
] as const;
export type PlanVerb = (typeof PLAN_VERBS)[number];

export type PlanTarget = { mission: MissionFacts };

/**
 * Rule 100: the plan is the project managers' and admins' (and the organisation's admins and managers): they
 * create, change, delete its items and submit role requests. Deciding a request reaches further (rule 71: the
 * organisation's role approvers off the team); the request's context then decides in the service.
 */
export function canOnPlan(actor: MissionActor, verb: PlanVerb, target: PlanTarget): boolean {
  switch (verb) {
    case 'plan.item.create':
    case 'plan.item.update':
    case 'plan.item.delete':
    case 'plan.request.submit':
      return canOnMission(actor, 'plan.manage', target.mission);
    case 'plan.request.decide':
      return canOnMission(actor, 'requests.decide', target.mission);
  }
}

export const planPolicy: Policy<MissionActor, PlanVerb, PlanTarget> = { verbs: PLAN_VERBS, can: canOnPlan };
