import { isMissionAdmin, type MissionActor, type MissionFacts, canOnMission } from '../missions/policy.ts';
import type { OrgLevel } from '../org/levels.ts';
import type { OrgActor } from '../org/policy.ts';
import type { Policy } from '../shared/policy.ts';

/** What routes do to expenses (spec 2 §7 Expenses). */
export const EXPENSE_VERBS = ['expense.read', 'expense.create', 'expense.update', 'expense.delete', 'expense.status'] as const;
export type ExpenseVerb = (typeof EXPENSE_VERBS)[number];

/** Who decides a mission's expenses: its project managers and owners (rule 98's mission admins) and organisation admins. */
export const decidesMissionExpenses = (actor: MissionActor) =>
  (!!actor.member && !actor.member.invitePending && isMissionAdmin(actor.member)) || actor.orgLevel === 'ADMIN';

/** Organisation levels that decide the organisation's own expenses and see everybody's. */
const DECIDER_LEVELS: readonly OrgLevel[] = ['ADMIN', 'MANAGER'];
export const decidesOrgExpenses = (level: OrgLevel | null | undefined) => !!level && DECIDER_LEVELS.includes(level);

/**
 * The gate of a mission's expense routes: whoever reads the mission; a new expense needs a person of the mission's
 * organisation too (the service checks it). Which expense they may see or change, and which status move, is decided
 * once the expense is loaded (licence, owner, status).
 */
export function canOnMissionExpense(actor: MissionActor, _verb: ExpenseVerb, target: { mission: MissionFacts }): boolean {
  return canOnMission(actor, 'mission.read', target.mission);
}

/** The gate of an organisation's expense routes: every member keeps their own; an API key keeps none. */
export const canOnOrgExpense = (actor: OrgActor, _verb: ExpenseVerb): boolean => actor.kind === 'person';

export const missionExpensePolicy: Policy<MissionActor, ExpenseVerb, { mission: MissionFacts }> = {
  verbs: EXPENSE_VERBS,
  can: canOnMissionExpense,
};
