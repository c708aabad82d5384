import { Container, EmptyState, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { ColorModeToggle } from '../../components/ColorModeToggle.tsx';
import { ThemePicker } from '../../components/ThemePicker.tsx';
import { useAppearanceControls } from '../../lib/appearance-controls.ts';
import { useProfile } from '../../lib/profile.ts';

/** The personal home (/home); Work AI cards and the task grid arrive with their issues. */
export function HomeScreen() {
  const { data: profile } = useProfile();
  const { mode, theme, toggleMode, setTheme } = useAppearanceControls();
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1} data-testid="home-greeting">
            Hello {profile?.firstName}
          </Title>
          <Text c="dimmed">Here is what needs you today.</Text>
        </div>
        <Paper withBorder p="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Title order={2} size="h5">
              Your look
            </Title>
            <Group gap="sm">
              <ThemePicker value={theme} onChange={setTheme} />
              <ColorModeToggle mode={mode} onToggle={toggleMode} />
            </Group>
          </Group>
        </Paper>
        <EmptyState
          icon={<IconLayoutDashboard size={32} aria-hidden="true" />}
          withIndicatorBackground
          title="Nothing to show yet..."
          description="Your missions, invitations and tasks will appear here."
        />
      </Stack>
    </Container>
  );
}
