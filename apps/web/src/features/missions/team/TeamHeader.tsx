import type { Mission } from '@crewplan/domain/missions/mission';

/** Avatars of the team in the mission header, with the add trigger that opens the invite card. (Placeholder.) */
export function TeamHeader({ mission }: { mission: Mission }) {
  return <span>{mission.people.length}</span>;
}
