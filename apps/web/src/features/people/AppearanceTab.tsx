import { Group, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { LOADER_STYLES, type ColorMode, type LoaderStyle } from '@crewplan/domain/shared/constants';
import { LoaderAnimation } from '../../components/LoaderAnimation.tsx';
import { ThemePicker } from '../../components/ThemePicker.tsx';
import { useAppearanceControls } from '../../lib/appearance-controls.ts';
import { loaderStyleOf } from '../../lib/loader-style.ts';
import { useUpdateProfile, type Profile } from '../../lib/profile.ts';

const LOADER_LABELS: Record<LoaderStyle, string> = { bar: 'Bar', pacman: 'Pacman', rings: 'Rings', rise: 'Rise' };

export function AppearanceTab({ profile }: { profile: Profile }) {
  const { mode, theme, setMode, setTheme } = useAppearanceControls();
  const update = useUpdateProfile();
  const loaderStyle = loaderStyleOf(profile.appSettings);

  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <Title order={2} size="h4" id="mode-heading">
          Mode
        </Title>
        <SegmentedControl
          aria-labelledby="mode-heading"
          value={mode}
          onChange={(value) => setMode(value as ColorMode)}
          data={[
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
          w={220}
        />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Theme
        </Title>
        <ThemePicker value={theme} onChange={setTheme} />
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Loading animation
        </Title>
        <Text size="sm" c="dimmed">
          Shown while your session synchronises.
        </Text>
        <Group align="center">
          <Select
            label="Loader style"
            data={LOADER_STYLES.map((style) => ({ value: style, label: LOADER_LABELS[style] }))}
            value={loaderStyle}
            allowDeselect={false}
            onChange={(style) => style && update.mutate({ appSettings: { ...profile.appSettings, loaderStyle: style } })}
            w={200}
          />
          <LoaderAnimation style={loaderStyle} />
        </Group>
      </Stack>
    </Stack>
  );
}
