import type { TaskSlotProps } from '../../lib/feature-slots.tsx';
import { FilesPanel } from './FilesPanel.tsx';

/** The files of a task, in the task detail. */
export function TaskFiles({ missionId, actionItemId, title }: TaskSlotProps) {
  return <FilesPanel home={{ kind: 'task', missionId, actionItemId }} title="Files" label={title} />;
}
