import { describe, expect, it } from 'vitest';
import type { OrgLevel } from '../org/levels.ts';
import { canOnMission, MISSION_ACTIONS, type MissionAction, type MissionActor, type MissionFacts } from './policy.ts';

/**
 * The mission rules written out by hand from the spec (rules 93–113), not computed from `canOnMission`: each row
 * names who may, everybody else may not. A wrong rule fails here even when the server agrees with it.
 */

type Who =
  | 'P0' // team member (rule 93: works only on assigned tasks, cannot create tasks)
  | 'P1' // team lead
  | 'PM' // permission 1 with the project-manager flag (rule 98: a mission admin)
  | 'P2' // admin, the project owner
  | 'P3' // observer
  | 'P4' // on the team as an organisation-level observer
  | 'P5' // external participant
  | 'PENDING' // invited at permission 2, invite not accepted yet
  | 'ORG_ADMIN' // organisation admin, not on the team (rule 103: sees it as an organisation observer)
  | 'ORG_MANAGER' // organisation manager, not on the team
  | 'ORG_MANAGER_APPROVER' // organisation manager with canApproveRoles, not on the team
  | 'ORG_MEMBER' // organisation member, not on the team
  | 'ORG_MEMBER_APPROVER' // organisation member with canApproveRoles, not on the team (rule 71: decides role requests)
  | 'OUTSIDER';

const onTeam = (permission: number, isProjectManager = false, invitePending = false): MissionActor => ({
  personId: 'caller',
  member: { permission, isProjectManager, invitePending },
  orgLevel: 'MEMBER',
  orgCanApproveRoles: false,
});
const offTeam = (orgLevel: OrgLevel | null, orgCanApproveRoles = false): MissionActor => ({
  personId: 'caller',
  member: null,
  orgLevel,
  orgCanApproveRoles,
});

const ACTORS: Record<Who, MissionActor> = {
  P0: onTeam(0),
  P1: onTeam(1),
  PM: onTeam(1, true),
  P2: onTeam(2),
  P3: onTeam(3),
  P4: onTeam(4),
  P5: onTeam(5),
  PENDING: onTeam(2, false, true),
  ORG_ADMIN: offTeam('ADMIN'),
  ORG_MANAGER: offTeam('MANAGER'),
  ORG_MANAGER_APPROVER: offTeam('MANAGER', true),
  ORG_MEMBER: offTeam('MEMBER'),
  ORG_MEMBER_APPROVER: offTeam('MEMBER', true),
  OUTSIDER: offTeam(null),
};

const READERS: Who[] = ['P0', 'P1', 'PM', 'P2', 'P3', 'P4', 'P5', 'ORG_ADMIN', 'ORG_MANAGER', 'ORG_MANAGER_APPROVER'];
const ORG_OVERSEERS: Who[] = ['ORG_ADMIN', 'ORG_MANAGER', 'ORG_MANAGER_APPROVER'];

/** An active project of an organisation. */
const ALLOWED: Record<MissionAction, Who[]> = {
  // Rules 93–94 and 103: the accepted team at any permission, and organisation admins and managers.
  'mission.read': READERS,
  // Rules 98 and 108: mission admins; organisation admins and managers update projects.
  'mission.update': ['PM', 'P2', ...ORG_OVERSEERS],
  // The project owner, and organisation admins.
  'mission.delete': ['P2', 'ORG_ADMIN'],
  // Rule 105: admins, organisation admins, managers with canApproveRoles; observers never.
  'mission.invite': ['PM', 'P2', 'ORG_ADMIN', 'ORG_MANAGER_APPROVER'],
  // Changing people's permissions: mission admins and organisation admins.
  'team.update': ['PM', 'P2', 'ORG_ADMIN'],
  // Rule 101: organisation admin, mission admin, a team lead who is project manager.
  'team.remove': ['PM', 'P2', 'ORG_ADMIN'],
  // Rule 113: organisation managers and admins activate the licence.
  'licence.activate': ORG_OVERSEERS,
  'promo.apply': ['PM', 'P2', ...ORG_OVERSEERS],
  // Rule 204: the accepted team, the client included, pays a proposal.
  'proposal.pay': ['P0', 'P1', 'PM', 'P2', 'P3', 'P4', 'P5'],
  // Saving the mission as a template: its admins.
  'template.save': ['PM', 'P2'],
  // Rule 100: project managers and admins control the plan; rule 108: organisation admins and managers too.
  'plan.manage': ['PM', 'P2', ...ORG_OVERSEERS],
  // Rule 93: team members (0) cannot create tasks; leads, managers and admins can; observers never.
  'tasks.create': ['P1', 'PM', 'P2', ...ORG_OVERSEERS],
  // Rule 94: permission below 3 works on tasks (what on each task is decided per task).
  'tasks.work': ['P0', 'P1', 'PM', 'P2', ...ORG_OVERSEERS],
  // Readers reach a role request; rule 71: the organisation's role approvers off the team reach it too.
  'requests.decide': [...READERS, 'ORG_MEMBER_APPROVER'],
};

const active: MissionFacts = { projectStatus: 'active', hasOrg: true };
const WHO = Object.keys(ACTORS) as Who[];

describe('canOnMission: every caller × every action, from the spec', () => {
  it('has an expectation for every action', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual([...MISSION_ACTIONS].sort());
  });

  it.each(MISSION_ACTIONS.flatMap((action) => WHO.map((who) => [action, who, ALLOWED[action].includes(who)] as const)))(
    '%s by %s → %s',
    (action, who, expected) => {
      expect(canOnMission(ACTORS[who], action, active)).toBe(expected);
    },
  );
});

describe('the mission’s state', () => {
  it.each(WHO)('nobody invites to a cancelled project (rule 105): %s', (who) => {
    expect(canOnMission(ACTORS[who], 'mission.invite', { projectStatus: 'cancelled', hasOrg: true })).toBe(false);
  });

  it.each(WHO)('a template’s own mission is never saved as a template: %s', (who) => {
    expect(canOnMission(ACTORS[who], 'template.save', { ...active, isTemplate: true })).toBe(false);
  });

  const personal: MissionFacts = { projectStatus: 'active', hasOrg: false };
  const personalOwner: MissionActor = { ...onTeam(2), orgLevel: null };
  const personalLead: MissionActor = { ...onTeam(1, true), orgLevel: null };
  it('a personal project’s licence is activated by its owner alone (rule 113)', () => {
    expect(canOnMission(personalOwner, 'licence.activate', personal)).toBe(true);
    expect(canOnMission(personalLead, 'licence.activate', personal)).toBe(false);
    expect(canOnMission(offTeam(null), 'licence.activate', personal)).toBe(false);
  });

  it('an organisation admin on the team at permission 0 keeps the organisation’s rights', () => {
    const adminOnTeam: MissionActor = { ...onTeam(0), orgLevel: 'ADMIN' };
    expect(canOnMission(adminOnTeam, 'mission.delete', active)).toBe(true);
    expect(canOnMission(adminOnTeam, 'team.remove', active)).toBe(true);
    expect(canOnMission(adminOnTeam, 'template.save', active)).toBe(false);
  });
});
