/** The plan of a mission: plan items, phases, milestones, role requests and the timeline. */
export { PLAN_VIEW } from './view.ts';
export { PLAN_PARTS, planPartOf, type PlanPart } from './plan-parts.ts';
