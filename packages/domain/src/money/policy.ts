import { canOnMission, isMissionAdmin, type MissionActor, type MissionFacts } from '../missions/policy.ts';
import type { OrgLevel } from '../org/levels.ts';
import type { OrgActor } from '../org/policy.ts';
import type { Policy } from '../shared/policy.ts';

/**
 * Who sees and sets money: rates, cost, revenue, budgets (issue Money, spec 2 §6). Mission admins (owners and project
 * managers) and the organisation's admins and managers; team members and observers never see rates or others' cost.
 */
export const MONEY_VERBS = ['money.read', 'money.write'] as const;
export type MoneyVerb = (typeof MONEY_VERBS)[number];

const MONEY_ORG_LEVELS: readonly OrgLevel[] = ['ADMIN', 'MANAGER'];
export const managesOrgMoney = (level: OrgLevel | null | undefined) => !!level && MONEY_ORG_LEVELS.includes(level);

/** Whether the actor sees (and sets) the money of a mission. */
export function seesMissionMoney(actor: MissionActor): boolean {
  const admin = !!actor.member && !actor.member.invitePending && isMissionAdmin(actor.member);
  return admin || managesOrgMoney(actor.orgLevel);
}

export function canOnMissionMoney(actor: MissionActor, _verb: MoneyVerb, target: { mission: MissionFacts }): boolean {
  return canOnMission(actor, 'mission.read', target.mission) && seesMissionMoney(actor);
}

/** An organisation's money (its roles' costs, rate cards, cost reports): its admins and managers. */
export function canOnOrgMoney(actor: OrgActor, _verb: MoneyVerb): boolean {
  return actor.kind === 'person' && managesOrgMoney(actor.level);
}

/**
 * Reading an organisation's cost report, a workspace report: who sees its money (`canOnOrgMoney`), and its observers,
 * who see its workspace reports but not its projects (rule 111), its rates and role costs never. A limited organisation
 * observer is an external participant (often a client's contact) and reads none.
 */
export const ORG_COST_REPORT_VERB = 'money.report.read';
export type OrgCostReportVerb = typeof ORG_COST_REPORT_VERB;
export const readsOrgCostReport = (level: OrgLevel | null | undefined) => managesOrgMoney(level) || level === 'OBSERVER_ORG';
export const canReadOrgCostReport = (actor: OrgActor) => actor.kind === 'person' && readsOrgCostReport(actor.level);

export const missionMoneyPolicy: Policy<MissionActor, MoneyVerb, { mission: MissionFacts }> = {
  verbs: MONEY_VERBS,
  can: canOnMissionMoney,
};
