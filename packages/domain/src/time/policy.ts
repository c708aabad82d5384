import { isMissionAdmin, type MissionActor, type MissionFacts, canOnMission } from '../missions/policy.ts';
import { isObserverLevel, type OrgLevel } from '../org/levels.ts';
import { mayHoldRole } from '../plan/rules.ts';
import type { OrgActor } from '../org/policy.ts';
import type { Policy } from '../shared/policy.ts';

/** What routes do to weekly timesheets (spec 2 §§4, 7; rules 171–181). */
export const TIMESHEET_VERBS = ['timesheet.read', 'timesheet.save', 'timesheet.update', 'timesheet.delete', 'timesheet.review'] as const;
export type TimesheetVerb = (typeof TIMESHEET_VERBS)[number];

/** A week, once loaded: whose it is. */
export type TimesheetFacts = { ownerId: string };

/**
 * Who decides (approves, rejects, reopens) and reads everybody's weeks of an organisation: its admins. Spec 2 §§1, 6:
 * project managers and organisation admins approve timesheets; an organisation manager is neither.
 */
export const decidesOrgTime = (level: OrgLevel | null | undefined) => level === 'ADMIN';

/** Who decides the weeks of a mission: rule 98's mission admins (project managers and owners) and organisation admins. */
export const approvesMissionTime = (actor: MissionActor) =>
  (!!actor.member && !actor.member.invitePending && isMissionAdmin(actor.member)) || decidesOrgTime(actor.orgLevel);

/** Organisation levels that read the organisation's time reports (daily metrics and overtime), not its weeks. */
const REVIEWER_LEVELS: readonly OrgLevel[] = ['ADMIN', 'MANAGER'];
export const reviewsOrgTime = (level: OrgLevel | null | undefined) => !!level && REVIEWER_LEVELS.includes(level);

/**
 * Who reads the organisation's time reports (daily metrics and overtime): its reviewers, and its observers, who see
 * its workspace reports but not its projects (rule 111) and decide nothing. A limited organisation observer is an
 * external participant (often a client's contact): the hours of everybody are not theirs to read.
 */
export const readsOrgTimeReports = (level: OrgLevel | null | undefined) => reviewsOrgTime(level) || level === 'OBSERVER_ORG';

/**
 * Who keeps weeks of organisation work: its members who work (spec 2 §1: people record the hours they work). Its
 * observers see its reports, not its work (rules 93, 111: above 3 is not a working member), as a mission's observers
 * hold no role to keep hours on (rule 77).
 */
export const keepsOrgTime = (level: OrgLevel | null | undefined) => !!level && !isObserverLevel(level);

/**
 * A mission's weeks: its readers keep their own weeks; its approvers read and decide everybody's and review them.
 * Licensing (rule 180) and each week's status are decided where the week is loaded.
 */
export function canOnMissionTimesheet(
  actor: MissionActor,
  verb: TimesheetVerb,
  target: { mission: MissionFacts; sheet?: TimesheetFacts },
): boolean {
  if (!canOnMission(actor, 'mission.read', target.mission)) return false;
  if (verb === 'timesheet.review') return approvesMissionTime(actor);
  // observers hold no role (rule 77): one made an observer since keeps no more hours on the role they held
  if (verb === 'timesheet.save' && actor.member && !mayHoldRole(actor.member.permission)) return false;
  return !target.sheet || target.sheet.ownerId === actor.personId || approvesMissionTime(actor);
}

/**
 * An organisation's weeks: every member who works keeps their own (`keepsOrgTime`: observers start none); its admins
 * decide everybody's; its admins and managers, and its observers, read the reports (rules 111, 177: `timesheet.review`
 * gates only the reports here). An API key keeps no weeks.
 */
export function canOnOrgTimesheet(actor: OrgActor, verb: TimesheetVerb, target: { sheet?: TimesheetFacts } = {}): boolean {
  if (actor.kind !== 'person') return false;
  if (verb === 'timesheet.review') return readsOrgTimeReports(actor.level);
  if (verb === 'timesheet.save') return keepsOrgTime(actor.level);
  return !target.sheet || target.sheet.ownerId === actor.personId || decidesOrgTime(actor.level);
}

export const missionTimesheetPolicy: Policy<MissionActor, TimesheetVerb, { mission: MissionFacts; sheet?: TimesheetFacts }> = {
  verbs: TIMESHEET_VERBS,
  can: canOnMissionTimesheet,
};
export const orgTimesheetPolicy: Policy<OrgActor, TimesheetVerb, { sheet?: TimesheetFacts }> = {
  verbs: TIMESHEET_VERBS,
  can: canOnOrgTimesheet,
};
