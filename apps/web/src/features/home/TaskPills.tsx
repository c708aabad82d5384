import { Badge, Group } from '@mantine/core';
import type { TaskPill } from '@crewplan/domain/home/task-master';
import { ORANGE_TEXT } from '../../lib/text-colors.ts';

const PILL_COLORS: Record<TaskPill, string> = {
  Blocked: 'orange',
  Overdue: 'red',
  // filled and dark: a light green pill reads too faintly (contrast below 4.5:1)
  Done: 'teal.9',
  'In progress': 'blue',
  'To do': 'gray',
};

/** A task's pills (rule 236). */
export function TaskPills({ pills }: { pills: TaskPill[] }) {
  return (
    // beside the status on a phone's row the pills keep their width (squeezed, a pill was an empty dot)
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      {pills.map((pill) => (
        <Badge
          key={pill}
          size="sm"
          variant={pill === 'Done' ? 'filled' : 'light'}
          color={PILL_COLORS[pill]}
          // orange's own text on its light badge is 3.6:1 on the light page
          c={pill === 'Blocked' ? ORANGE_TEXT : undefined}
          autoContrast
        >
          {pill}
        </Badge>
      ))}
    </Group>
  );
}
