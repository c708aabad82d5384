import { canOnMission, type MissionActor, type MissionFacts } from '../missions/policy.ts';
import type { Policy } from '../shared/policy.ts';

/** What routes do to a mission's team beyond the mission's own verbs (`mission.invite`, `team.update`). */
export const TEAM_VERBS = ['team.member.remove'] as const;
export type TeamVerb = (typeof TEAM_VERBS)[number];

export type TeamTarget = { mission: MissionFacts; /** The person acted on, once known. */ personId?: string };

/** Rule 101: anyone on the mission leaves it; removing somebody else needs `team.remove` (admins, organisation admins). */
export function canOnTeam(actor: MissionActor, verb: TeamVerb, target: TeamTarget): boolean {
  switch (verb) {
    case 'team.member.remove':
      if (!canOnMission(actor, 'mission.read', target.mission)) return false;
      return target.personId === undefined || target.personId === actor.personId || canOnMission(actor, 'team.remove', target.mission);
  }
}

export const teamPolicy: Policy<MissionActor, TeamVerb, TeamTarget> = { verbs: TEAM_VERBS, can: canOnTeam };
