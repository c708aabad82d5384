import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import type { ColorMode } from '@crewplan/domain/shared/constants';

export function ColorModeToggle({ mode, onToggle }: { mode: ColorMode; onToggle: () => void }) {
  const label = mode === 'dark' ? 'Switch to light mode' : 'Switch to dark mode';
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" onClick={onToggle} aria-label={label}>
        {mode === 'dark' ? <IconSun size={18} aria-hidden="true" /> : <IconMoon size={18} aria-hidden="true" />}
      </ActionIcon>
    </Tooltip>
  );
}
