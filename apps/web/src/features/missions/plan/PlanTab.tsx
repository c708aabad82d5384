import type { Mission } from '@crewplan/domain/missions/mission';

/** The plan timeline: roles per person, allocation and capacity. (Placeholder until the view lands.) */
export function PlanTab({ mission }: { mission: Mission }) {
  return <p>{mission.title}</p>;
}
