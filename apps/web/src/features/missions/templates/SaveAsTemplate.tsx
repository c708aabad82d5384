import type { Mission } from '@crewplan/domain/missions/mission';

/** Saves the mission as a template. (Placeholder until the template screens land.) */
export function SaveAsTemplate(props: { mission: Mission; opened: boolean; onClose: () => void }) {
  void props;
  return null;
}
