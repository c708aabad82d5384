import type { MissionSlotProps } from '../../lib/feature-slots.tsx';
import { FilesPanel } from './FilesPanel.tsx';

const isProjectFile = (file: { attachedTo: string }) => file.attachedTo === 'missions';

/** The project files of a mission (not its tasks' files), in the mission overview. */
export function MissionFiles({ missionId }: MissionSlotProps) {
  return (
    <FilesPanel home={{ kind: 'mission', missionId }} title="Project files" label="the project" only={isProjectFile} headingOrder={2} />
  );
}
