import './styles.ts';
import { useEffect } from 'react';
import { Container, EmptyState, Tabs, Title } from '@mantine/core';
import { IconLayoutKanban } from '@tabler/icons-react';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { BOARD_TAB_KEY, BOARD_TABS, boardTabOf } from './board-tabs.ts';
import { VaultTab } from './VaultTab.tsx';

function remembered(): string | null {
  try {
    return localStorage.getItem(BOARD_TAB_KEY);
  } catch {
    return null;
  }
}

/** The project-manager work space (/board); each tab is filled by a later issue. */
export function BoardScreen() {
  const { params } = useUrl();
  const tab = boardTabOf(params.get('board-tab'), remembered());

  useEffect(() => {
    try {
      localStorage.setItem(BOARD_TAB_KEY, tab);
    } catch {
      // not remembered in private mode
    }
    if (params.get('board-tab') !== tab) setParams({ 'board-tab': tab }, { replace: true });
  }, [tab, params]);

  return (
    <Container size="xl" py="xl">
      <Title order={1} mb="md">
        Board
      </Title>
      <Tabs value={tab} keepMounted={false} onChange={(value) => value && setParams({ 'board-tab': value })}>
        <Tabs.List>
          {BOARD_TABS.map((entry) => (
            <Tabs.Tab key={entry.value} value={entry.value}>
              {entry.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {BOARD_TABS.map((entry) => (
          <Tabs.Panel key={entry.value} value={entry.value} pt="xl">
            {entry.value === 'older-board' ? (
              <VaultTab />
            ) : (
              <EmptyState
                icon={<IconLayoutKanban size={32} aria-hidden="true" />}
                withIndicatorBackground
                title={entry.label}
                description={entry.empty}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
