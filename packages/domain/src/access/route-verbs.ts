import { commentPolicy, type CommentVerb } from '../comments/policy.ts';
import type { FileAttachedTo } from '../files/files.ts';
import { filePolicy, type FileVerb } from '../files/policy.ts';
import { missionPolicy, type MissionAction, type MissionActor, type MissionFacts } from '../missions/policy.ts';
import { can, ORG_ACTIONS, type OrgAction, type OrgActor, type OrgPolicyContext } from '../org/policy.ts';
import { planPolicy, type PlanVerb } from '../plan/policy.ts';
import { teamPolicy, type TeamVerb } from '../team/policy.ts';
import { taskPolicy, type TaskVerb } from '../tasks/policy.ts';
import {
  canOnOrgMoney,
  canReadOrgCostReport,
  missionMoneyPolicy,
  MONEY_VERBS,
  ORG_COST_REPORT_VERB,
  type MoneyVerb,
  type OrgCostReportVerb,
} from '../money/policy.ts';
import { canOnOrgLeave, LEAVE_VERBS, missionLeavePolicy, type LeaveVerb } from '../leave/policy.ts';
import { canOnOrgTimesheet, missionTimesheetPolicy, TIMESHEET_VERBS, type TimesheetVerb } from '../time/policy.ts';
import { canOnOrgExpense, EXPENSE_VERBS, missionExpensePolicy, type ExpenseVerb } from '../expenses/policy.ts';
import { canOnOrgRolePlan, ROLE_PLAN_VERBS, type RolePlanVerb } from '../role-plans/policy.ts';
import { canOnOrgStaffing, STAFFING_VERBS, type StaffingVerb } from '../staffing/policy.ts';
import { AVAILABILITY_VERBS, canOnOrgAvailability, type AvailabilityVerb } from '../availability/policy.ts';

/**
 * The verbs routes perform, each decided by the policy of the resource it acts on. A route's gate names one and
 * asks `canInMission` / `canInOrg`, which hand it to that resource's `can(actor, verb, target)`.
 */

/** Verbs of routes inside one mission (the mission comes from the route, or from the entity it names). */
export type MissionRouteVerb =
  MissionAction | TaskVerb | PlanVerb | FileVerb | CommentVerb | TeamVerb | TimesheetVerb | MoneyVerb | ExpenseVerb | LeaveVerb;

/** What a mission route's gate knows: the mission, where the route points, the person it names. */
export type MissionGateTarget = { mission: MissionFacts; attachedTo?: FileAttachedTo; personId?: string };

const inPolicy = <Verb extends string>(policy: { verbs: readonly Verb[] }, verb: string): verb is Verb =>
  (policy.verbs as readonly string[]).includes(verb);

/** Whether the caller may do `verb` in the mission, as the verb's resource policy says. */
export function canInMission(actor: MissionActor, verb: MissionRouteVerb, target: MissionGateTarget): boolean {
  const { mission } = target;
  if (inPolicy(missionPolicy, verb)) return missionPolicy.can(actor, verb, mission);
  if (inPolicy(taskPolicy, verb)) return taskPolicy.can(actor, verb, { mission });
  if (inPolicy(planPolicy, verb)) return planPolicy.can(actor, verb, { mission });
  if (inPolicy(filePolicy, verb)) return filePolicy.can(actor, verb, { mission, attachedTo: target.attachedTo });
  if (inPolicy(commentPolicy, verb)) return commentPolicy.can(actor, verb, { mission });
  if (inPolicy(teamPolicy, verb)) return teamPolicy.can(actor, verb, { mission });
  if (inPolicy(missionTimesheetPolicy, verb)) return missionTimesheetPolicy.can(actor, verb, { mission });
  if (inPolicy(missionMoneyPolicy, verb)) return missionMoneyPolicy.can(actor, verb, { mission });
  if (inPolicy(missionExpensePolicy, verb)) return missionExpensePolicy.can(actor, verb, { mission });
  if (inPolicy(missionLeavePolicy, verb)) return missionLeavePolicy.can(actor, verb, { mission });
  return false;
}

/** Verbs of routes inside one organisation. */
export type OrgRouteVerb =
  OrgAction | TimesheetVerb | MoneyVerb | OrgCostReportVerb | ExpenseVerb | LeaveVerb | RolePlanVerb | StaffingVerb | AvailabilityVerb;

/** Whether the caller may do `verb` in the organisation, as the verb's resource policy says. */
export function canInOrg(actor: OrgActor | null, verb: OrgRouteVerb, context: OrgPolicyContext = {}): boolean {
  if (!actor) return false;
  if ((TIMESHEET_VERBS as readonly string[]).includes(verb)) return canOnOrgTimesheet(actor, verb as TimesheetVerb);
  if ((MONEY_VERBS as readonly string[]).includes(verb)) return canOnOrgMoney(actor, verb as MoneyVerb);
  if (verb === ORG_COST_REPORT_VERB) return canReadOrgCostReport(actor);
  if ((EXPENSE_VERBS as readonly string[]).includes(verb)) return canOnOrgExpense(actor, verb as ExpenseVerb);
  if ((LEAVE_VERBS as readonly string[]).includes(verb)) return canOnOrgLeave(actor, verb as LeaveVerb);
  if ((ROLE_PLAN_VERBS as readonly string[]).includes(verb)) return canOnOrgRolePlan(actor, verb as RolePlanVerb);
  if ((STAFFING_VERBS as readonly string[]).includes(verb)) return canOnOrgStaffing(actor, verb as StaffingVerb);
  if ((AVAILABILITY_VERBS as readonly string[]).includes(verb)) return canOnOrgAvailability(actor, verb as AvailabilityVerb);
  return (ORG_ACTIONS as readonly string[]).includes(verb) && can(actor, verb as OrgAction, context);
}

/**
 * Verbs of routes any signed-in person calls on their own records (their profile, invites addressed to them, their
 * notifications, the missions and organisations they create); the service scopes each to the caller.
 */
export const SIGNED_IN_VERBS = [
  'session.check',
  'session.cookie',
  'session.end',
  'log.write',
  'profile.read',
  'profile.update',
  'people.lookup',
  'board.read',
  'mission.list',
  'mission.create',
  'task.list.mine',
  'plan.roles.mine',
  'invite.read',
  'invite.answer',
  // revoking an invite: the service allows its inviter and whoever may invite at the invite's organisation
  'invite.revoke',
  'notification.read',
  'notification.update',
  'org.list',
  'org.create',
  'storageKey.read',
  'template.read',
  'template.create',
  'template.update',
  'template.delete',
  'timesheet.read',
  'timesheet.save',
  'currency.read',
  'offerCode.read',
  'expense.read',
  'leave.read',
  'leave.request',
  'leave.review',
  'staffing.session',
  'staffing.analyse',
  'availability.mine',
] as const;
export type SignedInVerb = (typeof SIGNED_IN_VERBS)[number];
