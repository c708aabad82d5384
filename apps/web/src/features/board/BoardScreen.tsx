import './styles.ts';
import { useEffect } from 'react';
import { Alert, Button, Container, Group, Menu, Tabs, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { launchpadLabel } from '@crewplan/domain/board/workspace';
import { CountBadge } from '../../components/CountBadge.tsx';
import { useFeatureSlots } from '../../lib/feature-slots.tsx';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { resourceTabOrgs } from '@crewplan/domain/role-plans/tab';
import { useLeaveBadges } from '../leave/index.ts';
import { useMyOrgs } from '../org/index.ts';
import { useWorkspace } from './api.ts';
import { BOARD_TAB_KEY, BOARD_TABS, boardExpensesTabShown, boardTabOf, splitTabs, type BoardTab } from './board-tabs.ts';
import { LaunchpadTab } from './LaunchpadTab.tsx';
import { MissionDocsTab } from './MissionDocsTab.tsx';
import { PlannerTab } from './PlannerTab.tsx';
import { VaultTab } from './VaultTab.tsx';

/** Tabs that show only for some organisations: not in the bar until the person's organisations are read. */
const HIDDEN_UNTIL_KNOWN: readonly BoardTab[] = ['expenses', 'gt-request', 'gt-assign'];
const LEAVE_BADGE_LABEL = 'pending leave requests start in the next 3 days';

function remembered(): string | null {
  try {
    return localStorage.getItem(BOARD_TAB_KEY);
  } catch {
    return null;
  }
}

/** The project-manager work space (/board): tabs by `board-tab`, the last one remembered, overflow in a More menu. */
export function BoardScreen() {
  const { params } = useUrl();
  const orgs = useMyOrgs();
  const workspace = useWorkspace();
  // rule 184: Expenses as Timesheets, but not where invoicing is disabled: known once the organisations and the
  // missions I manage are read
  const expensesKnown = orgs.isSuccess && !workspace.isPending;
  const withExpenses = boardExpensesTabShown(orgs.data ?? [], workspace.data?.missions ?? []);
  // the organisation licence condition of Request and Assign resources
  const withResources = resourceTabOrgs(orgs.data ?? []).length > 0;
  // until then every tab may open (a link to one is not turned away)
  const hidden: BoardTab[] = [
    ...(expensesKnown && !withExpenses ? (['expenses'] as const) : []),
    ...(orgs.isSuccess && !withResources ? (['gt-request', 'gt-assign'] as const) : []),
  ];
  const known = (value: BoardTab) => !HIDDEN_UNTIL_KNOWN.includes(value) || (value === 'expenses' ? expensesKnown : orgs.isSuccess);
  const tab = boardTabOf(params.get('board-tab'), remembered(), hidden);
  const { ref, width } = useElementSize();

  useEffect(() => {
    try {
      localStorage.setItem(BOARD_TAB_KEY, tab);
    } catch {
      // not remembered in private mode
    }
    if (params.get('board-tab') !== tab) setParams({ 'board-tab': tab }, { replace: true });
  }, [tab, params]);

  const tabs = BOARD_TABS.filter((entry) => !hidden.includes(entry.value) && known(entry.value)).map((entry) =>
    entry.value === 'vision-board' ? { ...entry, label: launchpadLabel(workspace.data?.missions.length ?? 0) } : entry,
  );
  // before the bar is measured every tab shows
  const { shown, more } = width > 0 ? splitTabs(tabs, width, tab) : { shown: tabs, more: [] };
  // rule 230: pending requests I decide that start in the next 3 days
  const leaveBadge = useLeaveBadges().data?.board ?? 0;
  const badgeOf = (value: string) => (value === 'leaves' && leaveBadge > 0 ? leaveBadge : null);
  const choose = (value: string | null) => value && setParams({ 'board-tab': value });

  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="md">
        Board
      </Title>
      <Tabs value={tab} keepMounted={false} onChange={choose}>
        <div ref={ref}>
          <Group gap={0} wrap="nowrap" align="end">
            <Tabs.List style={{ flexWrap: 'nowrap', flex: 1 }}>
              {shown.map((entry) => (
                <Tabs.Tab
                  key={entry.value}
                  value={entry.value}
                  rightSection={badgeOf(entry.value) ? <CountBadge count={badgeOf(entry.value)} label={LEAVE_BADGE_LABEL} /> : undefined}
                >
                  {entry.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {more.length > 0 && (
              <Menu position="bottom-end">
                <Menu.Target>
                  {/* the tabs give way to it, never the other way round (it read 'Mor' beside a long chosen tab) */}
                  <Button
                    variant="subtle"
                    size="sm"
                    style={{ flexShrink: 0 }}
                    rightSection={<IconChevronDown size={14} aria-hidden="true" />}
                  >
                    More
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {more.map((entry) => (
                    <Menu.Item
                      key={entry.value}
                      onClick={() => choose(entry.value)}
                      rightSection={
                        badgeOf(entry.value) ? <CountBadge count={badgeOf(entry.value)} label={LEAVE_BADGE_LABEL} /> : undefined
                      }
                    >
                      {entry.label}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        </div>
        {tabs.map((entry) => (
          <Tabs.Panel key={entry.value} value={entry.value} pt="xl">
            {workspace.isError && entry.value !== 'older-board' ? (
              <Alert color="red" role="alert" title="Your missions could not be loaded">
                {workspace.error.message}
              </Alert>
            ) : (
              <TabContent tab={entry.value} workspace={workspace.data} />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}

function TabContent({ tab, workspace }: { tab: BoardTab; workspace: ReturnType<typeof useWorkspace>['data'] }) {
  const {
    BoardTimesheets = () => null,
    BoardCostTracker = () => null,
    BoardExpenses = () => null,
    BoardLeaves = () => null,
    BoardRequestResources = () => null,
    BoardAssignResources = () => null,
    BoardScheduling = () => null,
  } = useFeatureSlots();
  if (tab === 'vision-board') return <LaunchpadTab workspace={workspace} />;
  if (tab === 'pm-Planner') return <PlannerTab workspace={workspace} />;
  if (tab === 'mission-docs') return <MissionDocsTab workspace={workspace} />;
  if (tab === 'timesheets') return <BoardTimesheets workspace={workspace} />;
  if (tab === 'cost-tracker') return <BoardCostTracker workspace={workspace} />;
  if (tab === 'expenses') return <BoardExpenses workspace={workspace} />;
  if (tab === 'leaves') return <BoardLeaves workspace={workspace} />;
  if (tab === 'gt-request') return <BoardRequestResources workspace={workspace} />;
  if (tab === 'gt-assign') return <BoardAssignResources workspace={workspace} />;
  if (tab === 'scheduling') return <BoardScheduling workspace={workspace} />;
  return <VaultTab />;
}
