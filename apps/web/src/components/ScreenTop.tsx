import type { ReactNode } from 'react';
import { Group, type MantineSpacing } from '@mantine/core';

/**
 * The top row of a full-screen screen: its title at the left, its controls at the right, the close button in the
 * corner. Where the title would have less than 16rem (a phone) the controls go under it, so a name is never squeezed
 * to a letter a line and nothing runs off the screen's side.
 */
export function ScreenTop({
  title,
  controls,
  close,
  align = 'center',
  mb,
}: {
  title: ReactNode;
  controls?: ReactNode;
  close: ReactNode;
  /** how the controls line up with the title: 'end' puts labelled inputs on the title's baseline */
  align?: 'center' | 'end';
  mb?: MantineSpacing;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm" mb={mb}>
      <Group justify="space-between" align={align} gap="sm" style={{ flex: 1, minWidth: 0 }}>
        <div style={{ flex: '1 1 16rem', minWidth: 0, overflowWrap: 'anywhere' }}>{title}</div>
        {controls && (
          <Group gap="sm" align={align}>
            {controls}
          </Group>
        )}
      </Group>
      {close}
    </Group>
  );
}
