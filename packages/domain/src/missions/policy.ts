import { isManagerLevel, type OrgLevel } from '../org/levels.ts';
import type { Policy } from '../shared/policy.ts';

/**
 * The mission rules, written once (spec 1 §6, rules 93–110). The server decides every call with `canOnMission`;
 * the web reads the resulting `abilities` on the mission.
 */

/** What the rules need to know about the caller and one mission. */
export type MissionActor = {
  personId: string;
  /**
   * The caller's row on the team, if any. `limited`: the 'Limited' project manager of rule 132, invited from a domain
   * the organisation has not approved and not its member, who has no settings access.
   */
  member: { permission: number; isProjectManager: boolean; invitePending: boolean; limited?: boolean } | null;
  /** The caller's current level in the mission's organisation, if the mission has one and they belong to it. */
  orgLevel: OrgLevel | null;
  orgCanApproveRoles: boolean;
};

export type MissionFacts = {
  projectStatus: string;
  hasOrg: boolean;
  /** A template's own mission (it is saved again from the templates list, never made a template itself). */
  isTemplate?: boolean;
};

export const MISSION_ACTIONS = [
  'mission.read',
  'mission.update',
  'mission.delete',
  'mission.invite',
  'team.update',
  'team.remove',
  'licence.activate',
  'promo.apply',
  'proposal.pay',
  'template.save',
  'plan.manage',
  'tasks.create',
  'tasks.work',
  'requests.decide',
] as const;
export type MissionAction = (typeof MISSION_ACTIONS)[number];

/** Organisation-level observer (spec: 'Not needed on project'): how organisation admins and managers see a mission they are not on. */
export const ORG_OBSERVER_PERMISSION = 4;

const isOrgOverseer = (level: OrgLevel | null) => level === 'ADMIN' || level === 'MANAGER';

/**
 * The permission the caller has on the mission: their own (once the invite is accepted), else 4 for organisation
 * admins and managers (rule 103: seen as organisation observers), else null — the mission is not visible.
 */
export function effectivePermission(actor: MissionActor): number | null {
  if (actor.member && !actor.member.invitePending) return actor.member.permission;
  return isOrgOverseer(actor.orgLevel) ? ORG_OBSERVER_PERMISSION : null;
}

/** True when the caller sees the mission only through the organisation (`loadedFromOrg`). */
export const seenFromOrg = (actor: MissionActor) => !(actor.member && !actor.member.invitePending) && isOrgOverseer(actor.orgLevel);

/** Rule 98: permission 2, or permission 1 with the project-manager flag, administers the mission. */
export const isMissionAdmin = (member: { permission: number; isProjectManager: boolean } | null | undefined) =>
  !!member && (member.permission === 2 || (member.permission === 1 && member.isProjectManager));

function activeMember(actor: MissionActor) {
  return actor.member && !actor.member.invitePending ? actor.member : null;
}

type Rule = (actor: MissionActor, mission: MissionFacts) => boolean;

const ADMIN: Rule = (a) => isMissionAdmin(activeMember(a));

const RULES: Record<MissionAction, Rule> = {
  'mission.read': (a) => effectivePermission(a) !== null,
  // Rule 108: organisation admins and managers update projects (and repair their dates).
  'mission.update': (a, m) => (ADMIN(a, m) && !activeMember(a)!.limited) || isOrgOverseer(a.orgLevel),
  'mission.delete': (a) => activeMember(a)?.permission === 2 || a.orgLevel === 'ADMIN',
  // Rule 105: admins, organisation admins, managers with canApproveRoles; observers never; never when cancelled.
  'mission.invite': (a, m) =>
    m.projectStatus !== 'cancelled' &&
    (ADMIN(a, m) || a.orgLevel === 'ADMIN' || (a.orgLevel !== null && isManagerLevel(a.orgLevel) && a.orgCanApproveRoles)),
  'team.update': (a, m) => ADMIN(a, m) || a.orgLevel === 'ADMIN',
  // Rule 101: organisation admin, mission admin, or a team lead who is project manager (removing oneself is always allowed).
  'team.remove': (a, m) => ADMIN(a, m) || a.orgLevel === 'ADMIN',
  // Rule 113: organisation managers and admins activate licences; on a personal project its owner.
  'licence.activate': (a, m) => (m.hasOrg ? isOrgOverseer(a.orgLevel) : activeMember(a)?.permission === 2),
  'promo.apply': (a, m) => ADMIN(a, m) || isOrgOverseer(a.orgLevel),
  // Rule 204: the proposal's people (its client included) pay it; organisation overseers off the team do not.
  'proposal.pay': (a) => activeMember(a) !== null,
  'template.save': (a, m) => !m.isTemplate && ADMIN(a, m),
  // Rule 100: project managers and admins control the plan and budget (organisation admins and managers update projects).
  'plan.manage': (a, m) => ADMIN(a, m) || isOrgOverseer(a.orgLevel),
  // Rule 93: team members (0) work only on assigned tasks and cannot create tasks; observers never.
  'tasks.create': (a, m) => {
    const member = activeMember(a);
    return (member !== null && (member.permission === 1 || member.permission === 2)) || ADMIN(a, m) || isOrgOverseer(a.orgLevel);
  },
  // Working members (permission below 3) work on tasks; what each may change is decided per task.
  'tasks.work': (a) => {
    const member = activeMember(a);
    return (member !== null && member.permission < 3) || isOrgOverseer(a.orgLevel);
  },
  // Who may reach a role request to decide it: readers of the mission, and the organisation's role approvers who are
  // not on its team (rule 71); the request's context then decides (`roles.approve` for 'org', plan managers for 'pm').
  'requests.decide': (a) => effectivePermission(a) !== null || (a.orgLevel !== null && a.orgCanApproveRoles),
};

/** Whether the caller may do `action` on the mission. */
export function canOnMission(actor: MissionActor, action: MissionAction, mission: MissionFacts): boolean {
  return RULES[action](actor, mission);
}

/** The mission's own rules as a policy (`can(actor, verb, mission)`). */
export const missionPolicy: Policy<MissionActor, MissionAction, MissionFacts> = { verbs: MISSION_ACTIONS, can: canOnMission };

/** Every ability of the caller on a mission, as the API presents it. */
export function missionAbilities(actor: MissionActor, mission: MissionFacts): Record<MissionAction, boolean> {
  return Object.fromEntries(MISSION_ACTIONS.map((action) => [action, canOnMission(actor, action, mission)])) as Record<
    MissionAction,
    boolean
  >;
}

/** Rule 36: the mission list keeps missions where the caller's permission is 3 or lower. */
export const keptInMissionList = (permission: number) => permission <= 3;
