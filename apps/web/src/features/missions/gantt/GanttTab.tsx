import type { Mission } from '@crewplan/domain/missions/mission';

/** The gantt of actions and tasks. (Placeholder until the view lands.) */
export function GanttTab({ mission }: { mission: Mission }) {
  return <p>{mission.title}</p>;
}
