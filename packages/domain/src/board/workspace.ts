import { listedInWorkspace } from '../missions/status.ts';

/**
 * The project-manager work space of /board (rules 239–240, 22).
 */

/** People above this permission (org observers, limited or external participants) have no PM work space. */
export const WORKSPACE_MAX_PERMISSION = 3;
/** Permission of a mission owner (admin). */
export const OWNER_PERMISSION = 2;

export interface WorkspaceCandidate {
  /** The person's permission on the mission. */
  permission: number;
  isProjectManager: boolean;
  isTemplate: boolean;
  /** The mission, or its organisation, holds an active licence. */
  licensed: boolean;
  kickedOff: boolean;
  createdAt: string;
}

/** The person manages the mission: project manager or owner, not above permission 3 (rule 240). */
export function managesMission(mission: Pick<WorkspaceCandidate, 'permission' | 'isProjectManager'>): boolean {
  if (mission.permission > WORKSPACE_MAX_PERMISSION) return false;
  return mission.isProjectManager || mission.permission === OWNER_PERMISSION;
}

/**
 * In the PM work space (rule 240): managed by the person, licensed active, not a template, and kicked off or created
 * on or after 2025-01-08 (rule 22).
 */
export function inPmWorkspace(mission: WorkspaceCandidate): boolean {
  return managesMission(mission) && mission.licensed && !mission.isTemplate && listedInWorkspace(mission);
}

/** The missions of the PM work space, in the order given. */
export const pmWorkspace = <T extends WorkspaceCandidate>(missions: readonly T[]): T[] => missions.filter(inPmWorkspace);

/** The first tab is 'Missions' once the person manages missions, else 'Launchpad' (rule 239). */
export const launchpadLabel = (managedCount: number) => (managedCount > 0 ? 'Missions' : 'Launchpad');
