import { Button, Container, EmptyState, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconLayoutDashboard, IconPlus } from '@tabler/icons-react';
import { ColorModeToggle } from '../../components/ColorModeToggle.tsx';
import { ThemePicker } from '../../components/ThemePicker.tsx';
import { useAppearanceControls } from '../../lib/appearance-controls.ts';
import { useMissionTree } from '../../lib/mission-tree.ts';
import { useProfile } from '../../lib/profile.ts';
import { setParams } from '../../lib/url-state.ts';

const ACTIVE = { isActive: true } as const;

/** My active missions, a row each; a click opens the mission. */
function MyMissions() {
  const tree = useMissionTree(ACTIVE);
  // templates are managed from the missions menu, not worked on
  const missions = (tree.data ?? []).filter((mission) => !mission.isTemplate);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="home-missions-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id="home-missions-title">
          Your missions
        </Title>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden="true" />} onClick={() => setParams({ mc: '' })}>
          New mission
        </Button>
      </Group>
      {missions.length === 0 ? (
        <Text size="sm" c="dimmed">
          {tree.isPending ? 'Loading…' : 'No missions yet. Create one to start planning.'}
        </Text>
      ) : (
        <Stack gap={4}>
          {missions.map((mission) => (
            <UnstyledButton key={mission._id} onClick={() => setParams({ mission: mission._id })} td="underline" w="fit-content">
              {mission.title}
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

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
        <MyMissions />
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
