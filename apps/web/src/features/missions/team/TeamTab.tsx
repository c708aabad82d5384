import type { Mission } from '@crewplan/domain/missions/mission';

/** The mission's team: people, their permissions and roles, invites. (Placeholder until the team screens land.) */
export function TeamTab({ mission }: { mission: Mission }) {
  return <p>{mission.people.length} people</p>;
}
