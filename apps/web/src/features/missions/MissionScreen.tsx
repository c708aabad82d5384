import './styles.ts';
import { Suspense, useEffect } from 'react';
import { Container, Loader, Modal, Tabs } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { missionQuery, useMissionLive } from './api.ts';
import { HistoryTab } from './HistoryTab.tsx';
import { MissionHeader } from './MissionHeader.tsx';
import {
  clearedMissionParams,
  missionLoadError,
  missionTabOf,
  tabChangeParams,
  visibleMissionTabs,
  type MissionTab,
} from './mission-rules.ts';
import { OverviewTab } from './OverviewTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { TeamTab } from '../team/index.ts';
import { MISSION_VIEWS } from './views.ts';
import { CompleteActionPrompt } from '../tasks/index.ts';

// The work views load on demand (or ahead, when the URL names them) and render at once once their code is in.
const BoardTab = MISSION_VIEWS.board.Component;
const PowerTab = MISSION_VIEWS.power.Component;
const GanttTab = MISSION_VIEWS.gantt.Component;
const PlanTab = MISSION_VIEWS.plan.Component;

/**
 * Whether an Escape pressed on `target` belongs to something smaller than the mission, which it closes instead: a
 * dialog opened here (a portal outside this tree), a popover, menu or list of options open inside the mission, the
 * trigger of an open popover, or a card being moved with the keyboard (Escape cancels the move).
 */
function escapeIsClaimed(target: HTMLElement, mission: HTMLElement): boolean {
  if (!mission.contains(target)) return true;
  if (target.getAttribute('data-mantine-stop-propagation') === 'true' || target.getAttribute('aria-expanded') === 'true') return true;
  if (target.getAttribute('aria-pressed') === 'true' && target.getAttribute('aria-roledescription') === 'sortable') return true;
  const popup = target.closest('[role="dialog"], [role="menu"], [role="listbox"]');
  return popup !== null && mission.contains(popup);
}

/** The mission view (`?mission=<id>`), full screen; `mission-tab` picks the tab. */
export function MissionScreen({ value: missionId }: { value: string }) {
  const { params } = useUrl();
  const mission = useQuery({ ...missionQuery(missionId), enabled: Boolean(missionId) });
  const failure = missionId ? missionLoadError(mission.error) : missionLoadError(new Error('no id'));
  useMissionLive(mission.data ? mission.data._id : null);

  const failureMessage = failure?.message ?? null;
  useEffect(() => {
    if (!failureMessage) return;
    notifications.show({ id: `mission-failed-${missionId}`, message: failureMessage, color: 'red', autoClose: 5_000 });
    setParams(clearedMissionParams(), { replace: true });
  }, [failureMessage, missionId]);

  if (failure) return null;
  const close = () => setParams(clearedMissionParams());
  const data = mission.data;
  const canUpdate = data?.abilities['mission.update'] ?? false;
  const projectType = data?.projectType ?? 'simple';
  const tab = missionTabOf(params, canUpdate, projectType);

  return (
    <Modal.Root opened onClose={close} fullScreen transitionProps={{ duration: 0 }} closeOnEscape={false}>
      <Modal.Content aria-label={data ? `Mission ${data.title}` : 'Mission'}>
        <Modal.Body
          p={0}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !escapeIsClaimed(event.target as HTMLElement, event.currentTarget)) close();
          }}
        >
          {!data && (
            <Container size="xl" py="xl">
              <Loader aria-label="Loading the mission" />
            </Container>
          )}
          {data && (
            <>
              <MissionHeader mission={data} onClose={close} />
              <Container size="xl" py="md">
                <Tabs
                  value={tab}
                  onChange={(next) => next && setParams(tabChangeParams(next as MissionTab, projectType), { replace: true })}
                  keepMounted={false}
                >
                  <Tabs.List mb="lg">
                    {visibleMissionTabs(canUpdate, projectType).map((entry) => (
                      <Tabs.Tab key={entry.value} value={entry.value}>
                        {entry.label}
                      </Tabs.Tab>
                    ))}
                  </Tabs.List>
                  <Tabs.Panel value="overview">
                    <OverviewTab mission={data} />
                  </Tabs.Panel>
                  <Tabs.Panel value="board">
                    <Suspense fallback={<Loader aria-label="Loading the view" />}>
                      <BoardTab mission={data} />
                    </Suspense>
                  </Tabs.Panel>
                  <Tabs.Panel value="power">
                    <Suspense fallback={<Loader aria-label="Loading the view" />}>
                      <PowerTab mission={data} />
                    </Suspense>
                  </Tabs.Panel>
                  <Tabs.Panel value="gantt">
                    <Suspense fallback={<Loader aria-label="Loading the view" />}>
                      <GanttTab mission={data} />
                    </Suspense>
                  </Tabs.Panel>
                  <Tabs.Panel value="plan">
                    <Suspense fallback={<Loader aria-label="Loading the view" />}>
                      <PlanTab mission={data} />
                    </Suspense>
                  </Tabs.Panel>
                  <Tabs.Panel value="team">
                    <TeamTab mission={data} />
                  </Tabs.Panel>
                  {canUpdate && (
                    <Tabs.Panel value="settings">
                      <SettingsTab mission={data} />
                    </Tabs.Panel>
                  )}
                  <Tabs.Panel value="history">
                    <HistoryTab missionId={data._id} />
                  </Tabs.Panel>
                </Tabs>
              </Container>
              <CompleteActionPrompt mission={data} />
            </>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
