/** The public face of this module: other modules and the app import from here, never from its files. */
export { assignmentGoesThroughRequest } from './plan.guards.ts';
export { onPlanItemChanged, type MilestoneFields } from './plan.billing.ts';
export { moveFollowers } from './plan.pins.ts';
export { presentPlanItem } from './plan.presenter.ts';
export { presentPlanRows } from './plan.queries.ts';
export { planRoutes } from './plan.routes.ts';
export { changePerson } from './plan.people.ts';
export { updatePlanItem } from './plan.service.ts';
