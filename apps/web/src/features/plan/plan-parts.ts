/**
 * The query parameters that open a part of the plan tab (spec 1 §2). Apart from the plan rules because the mission
 * screen reads them on the first load, without the plan's date code.
 */
export const PLAN_PARTS = ['mission-timeline', 'make-week', 'make-phase', 'phase', 'budget-bar'] as const;
export type PlanPart = (typeof PLAN_PARTS)[number];

/** The plan part a URL names, if any. */
export function planPartOf(params: URLSearchParams): PlanPart | null {
  return PLAN_PARTS.find((part) => params.has(part)) ?? null;
}
