import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { Button, Container, Group, Loader, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { ColorModeToggle } from '../../components/ColorModeToggle.tsx';
import { SegmentedRadios } from '../../components/SegmentedRadios.tsx';
import { ThemePicker } from '../../components/ThemePicker.tsx';
import { useAppearanceControls } from '../../lib/appearance-controls.ts';
import { useMissionTree } from '../../lib/mission-tree.ts';
import { useProfile } from '../../lib/profile.ts';
import { setParams } from '../../lib/url-state.ts';
import { dayIn } from '@crewplan/domain/shared/days';
import { useTimeZone } from '../../lib/time-zone.ts';
import { useMyInvites, useSuggestions } from './api.ts';
import { HomeGuide } from './HomeGuide.tsx';
import classes from './home.module.css';
import { useLiveMissions } from './live.ts';
import { HOME_MODE_KEY, HOME_MODES, homeModeOf, type HomeMode } from './home-mode.ts';
import { WorkAi } from './WorkAi.tsx';

// Work AI, the first mode, needs neither the grid nor the list: they load when chosen
const DoAi = lazy(() => import('./DoAi.tsx'));
const TaskMaster = lazy(() => import('./TaskMaster.tsx'));

const ACTIVE = { isActive: true } as const;

function rememberedMode(): HomeMode {
  try {
    return homeModeOf(localStorage.getItem(HOME_MODE_KEY));
  } catch {
    return 'work-ai';
  }
}

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
        <Group gap="md">
          {missions.map((mission) => (
            <UnstyledButton key={mission._id} onClick={() => setParams({ mission: mission._id })} td="underline">
              {mission.title}
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Paper>
  );
}

/**
 * The mode chosen: Work AI cards, the Task master grid or the Do AI list; then my missions, once the tasks show: drawn
 * under the loader, they moved down when the tasks came (Lighthouse's layout shift of Home, 0.09).
 */
function ModeContent({ mode, me }: { mode: HomeMode; me: string }) {
  const today = dayIn(new Date(), useTimeZone());
  const suggestions = useSuggestions(today);
  const invites = useMyInvites();
  useLiveMissions(suggestions.data?.missionIds ?? []);
  // Drawn after the screen around them, as a transition in short slices: drawn at once, the cards held a slow phone's
  // main thread in one long task. An answer already there when Home first draws waits for that draw too (null first).
  const answer = useDeferredValue(suggestions.data ?? null, null);
  if (mode === 'task-master')
    return (
      <>
        <Suspense fallback={<Loader aria-label="Loading Task master" />}>
          <TaskMaster me={me} />
        </Suspense>
        <MyMissions />
      </>
    );
  if (suggestions.isPending || (!answer && !suggestions.isError)) return <Loader aria-label="Loading your tasks" />;
  const ranked = answer?.suggestions ?? [];
  return (
    <>
      {mode === 'do-ai' ? (
        <Suspense fallback={<Loader aria-label="Loading Do AI" />}>
          <DoAi suggestions={ranked} />
        </Suspense>
      ) : (
        <WorkAi suggestions={ranked} invites={invites.data ?? []} />
      )}
      <MyMissions />
    </>
  );
}

/** The personal home (/home): three modes (rule 232), the look and a guide, and my missions. */
export function HomeScreen() {
  const { data: profile } = useProfile();
  const { mode: colorMode, theme, toggleMode, setTheme } = useAppearanceControls();
  const [mode, setMode] = useState<HomeMode>(rememberedMode);
  const choose = (value: string) => {
    const next = homeModeOf(value);
    setMode(next);
    try {
      localStorage.setItem(HOME_MODE_KEY, next);
    } catch {
      // not remembered in private mode
    }
  };
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="end" wrap="wrap" gap="sm">
          <div>
            <Title order={1} data-testid="home-greeting">
              Hello {profile?.firstName}
            </Title>
            <Text c="dimmed">Here is what needs you today.</Text>
          </div>
          <Group gap="sm" wrap="wrap">
            <ThemePicker value={theme} onChange={setTheme} />
            <ColorModeToggle mode={colorMode} onToggle={toggleMode} />
            <HomeGuide />
          </Group>
        </Group>
        <SegmentedRadios label="Home mode" data={HOME_MODES} value={mode} onChange={choose} className={classes.modes} />
        <VisuallyHidden component="h2">Your tasks</VisuallyHidden>
        {profile && <ModeContent mode={mode} me={profile._id} />}
      </Stack>
    </Container>
  );
}
