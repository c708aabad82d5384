import type { Mission } from '@crewplan/domain/missions/mission';

/** The simple and kanban board. (Placeholder until the view lands.) */
export function BoardTab({ mission }: { mission: Mission }) {
  return <p>{mission.title}</p>;
}
