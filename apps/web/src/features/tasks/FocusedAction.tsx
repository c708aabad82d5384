import { Badge, CloseButton, Group } from '@mantine/core';
import { setParams } from '../../lib/url-state.ts';

/** The action a work view is filtered to (`?action=`), with the way back to every action on the same tab. */
export function FocusedAction({ title, tab }: { title: string; tab: 'board' | 'power' | 'gantt' }) {
  return (
    <Group gap={4} data-testid={`${tab}-action`}>
      <Badge variant="light" size="lg" tt="none">
        Action: {title}
      </Badge>
      <CloseButton
        size="sm"
        aria-label="Show every action"
        onClick={() => setParams({ action: null, 'mission-tab': tab }, { replace: true })}
      />
    </Group>
  );
}
