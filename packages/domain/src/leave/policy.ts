import { canOnMission, isMissionAdmin, type MissionActor, type MissionFacts } from '../missions/policy.ts';
import type { OrgActor } from '../org/policy.ts';
import type { Policy } from '../shared/policy.ts';

/**
 * What routes do to leave (spec 2 §§4, 7; rules 206–212): read the requests one may see, request leave, review it.
 * Each request's own checks (whose it is, who reviews it) are made where it is loaded.
 */
export const LEAVE_VERBS = ['leave.read', 'leave.request', 'leave.review'] as const;
export type LeaveVerb = (typeof LEAVE_VERBS)[number];

/** The organisation's leave approvers: its admins and the people it lets approve leave (rule 209's organisation tab). */
export const approvesOrgLeave = (member: { level: string; canApproveLeaves: boolean } | null | undefined) =>
  !!member && (member.level === 'ADMIN' || member.canApproveLeaves);

/** Rule 212: mission people below permission 3 who run it (owners, project managers) approve its people's leave. */
export const approvesMissionLeave = (
  member: { permission: number; isProjectManager: boolean; invitePending?: boolean } | null | undefined,
) => !!member && !member.invitePending && member.permission < 3 && isMissionAdmin(member);

/** An organisation's leave: every member person reads theirs and requests; approvers review. API keys keep no leave. */
export function canOnOrgLeave(actor: OrgActor, verb: LeaveVerb): boolean {
  if (actor.kind !== 'person') return false;
  return verb === 'leave.review' ? approvesOrgLeave(actor) : true;
}

/** A mission's leave: its readers see who is away; its owners and project managers review the team's requests. */
export function canOnMissionLeave(actor: MissionActor, verb: LeaveVerb, target: { mission: MissionFacts }): boolean {
  if (!canOnMission(actor, 'mission.read', target.mission)) return false;
  return verb === 'leave.review' ? approvesMissionLeave(actor.member) : verb === 'leave.read';
}

export const missionLeavePolicy: Policy<MissionActor, LeaveVerb, { mission: MissionFacts }> = {
  verbs: LEAVE_VERBS,
  can: canOnMissionLeave,
};

/** Rule 211: nobody reviews their own request or one they created. */
export const mayReviewRequest = (reviewerId: string, request: { personId: string; createdBy: string }) =>
  request.personId !== reviewerId && request.createdBy !== reviewerId;

/**
 * A code that hides its reason (hideReason) shows it only to the request's own people (its person, its creator) and
 * the organisation's leave approvers, who keep everybody's balances per code; the missions' owners and project
 * managers who review it first see that leave is asked for, not which.
 */
export const seesLeaveReason = (code: { hideReason: boolean } | undefined, viewer: { own: boolean; orgApprover: boolean }) =>
  !code?.hideReason || viewer.own || viewer.orgApprover;
