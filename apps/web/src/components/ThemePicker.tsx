import { ColorSwatch, Group, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { THEMES, type ThemeName } from '@crewplan/domain/shared/constants';
import { THEME_LABELS, themeSwatch } from '../lib/theme-looks.ts';

/** The five named themes as a row of swatches; the chosen one is pressed. */
export function ThemePicker({ value, onChange }: { value: ThemeName; onChange: (theme: ThemeName) => void }) {
  return (
    <Group gap="xs" role="group" aria-label="Theme">
      {THEMES.map((theme) => (
        <UnstyledButton
          key={theme}
          onClick={() => onChange(theme)}
          aria-pressed={value === theme}
          aria-label={`${THEME_LABELS[theme]} theme`}
          style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 8px', borderRadius: 6 }}
          bd={value === theme ? '2px solid var(--mantine-primary-color-filled)' : '2px solid transparent'}
        >
          <ColorSwatch color={themeSwatch(theme)} size={20} component="span">
            {value === theme && <IconCheck size={12} color="#fff" aria-hidden="true" />}
          </ColorSwatch>
          <Text size="sm" component="span">
            {THEME_LABELS[theme]}
          </Text>
        </UnstyledButton>
      ))}
    </Group>
  );
}
