import type { Mission } from '@crewplan/domain/missions/mission';

/** The power view: hour-level scheduling. (Placeholder until the view lands.) */
export function PowerTab({ mission }: { mission: Mission }) {
  return <p>{mission.title}</p>;
}
