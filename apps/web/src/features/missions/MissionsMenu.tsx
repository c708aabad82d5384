import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button, Group, Loader, Menu, Modal, SegmentedControl, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconPlus, IconRocket, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { getToken } from '../../lib/token.ts';
import { setParams } from '../../lib/url-state.ts';
import { useTemporaryMissions, withTemporaryMissions } from '../../lib/mission-tree.ts';
import { myOrgsQuery } from '../org/index.ts';
import { AfterPaint } from '../../lib/after-paint.ts';
import { useMissionTree } from './api.ts';
import { clearedCreationParams } from './create-rules.ts';
import { groupByOrg, isOrgObserverLevel, STATUS_COLORS, STATUS_LABELS, TYPE_LABELS } from './mission-rules.ts';

// opened from the menu now and then: its code loads when it is
const TemplatesManager = lazy(() => import('../templates/index.ts').then((m) => ({ default: m.TemplatesManager })));

const ACTIVE = { isActive: true } as const;
const OBSERVER_TOLD = 'crewplan.missions.observer-told';

/** Tells an organisation observer once per session why they see no missions (spec 1 §8, 9 s). */
function useObserverNotice(empty: boolean, observer: boolean) {
  useEffect(() => {
    if (!empty || !observer) return;
    try {
      // per signed-in session: another person signing in on this tab is told too
      const told = `${OBSERVER_TOLD}.${getToken()?.slice(-16) ?? ''}`;
      if (sessionStorage.getItem(told)) return;
      sessionStorage.setItem(told, '1');
    } catch {
      // without session storage it may show again after a reload
    }
    notifications.show({ id: 'org-observer-missions', message: MISSION_MESSAGES.observerNoProjects, autoClose: 9_000 });
  }, [empty, observer]);
}

/** The shell header's missions menu: my active missions by organisation, and "New mission". */
export function MissionsMenu() {
  const tree = useMissionTree(ACTIVE);
  const orgs = useQuery(myOrgsQuery);
  const titles = new Map((orgs.data ?? []).map((org) => [org._id, org.title] as const));
  const temporary = useTemporaryMissions();
  const groups = groupByOrg(withTemporaryMissions(tree.data ?? [], temporary), titles);
  const observer = (orgs.data ?? []).some((org) => isOrgObserverLevel(org.me?.level));
  useObserverNotice(tree.isSuccess && !tree.isPlaceholderData && tree.data.length === 0, observer);
  const [templatesOpen, setTemplatesOpen] = useState(false);

  return (
    <>
      <Menu position="bottom-end" width={320}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconRocket size={16} aria-hidden="true" />}
            rightSection={<IconChevronDown size={14} aria-hidden="true" />}
            aria-label="Missions"
          >
            <Text span size="sm" visibleFrom="sm">
              Missions
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown mah={480} style={{ overflowY: 'auto' }}>
          {groups.length === 0 && <Menu.Label>{tree.isPending ? 'Loading…' : 'No missions yet'}</Menu.Label>}
          {groups.map((group) => (
            <div key={group.org ?? 'personal'}>
              <Menu.Label>{group.title}</Menu.Label>
              {group.missions.map((mission) => (
                <Menu.Item
                  key={mission._id}
                  onClick={() => setParams({ ...clearedCreationParams(), mission: mission._id, 'mission-tab': null })}
                  rightSection={
                    <Badge size="xs" variant="light" color={STATUS_COLORS[mission.displayStatus]}>
                      {STATUS_LABELS[mission.displayStatus]}
                    </Badge>
                  }
                >
                  <Group gap={6} wrap="nowrap">
                    <Text span size="sm" truncate maw={170}>
                      {mission.title}
                    </Text>
                    <Text span size="xs" c="dimmed">
                      {mission.isTemplate ? 'Template' : TYPE_LABELS[mission.projectType]}
                    </Text>
                  </Group>
                </Menu.Item>
              ))}
            </div>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setParams({ mc: '' })}>
            New mission
          </Menu.Item>
          <Menu.Item leftSection={<IconTemplate size={16} aria-hidden="true" />} onClick={() => setTemplatesOpen(true)}>
            {MISSION_MESSAGES.templateManager}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <AfterPaint>
        <TemplatesDialog opened={templatesOpen} onClose={() => setTemplatesOpen(false)} orgs={orgs.data ?? []} />
      </AfterPaint>
    </>
  );
}

/** The 'Template manager': all my templates (personal and my organisations'), or one organisation's. */
function TemplatesDialog({ opened, onClose, orgs }: { opened: boolean; onClose: () => void; orgs: { _id: string; title: string }[] }) {
  const [owner, setOwner] = useState('all');
  return (
    <Modal opened={opened} onClose={onClose} title={MISSION_MESSAGES.templateManager} size="xl">
      {orgs.length > 0 && (
        <SegmentedControl
          mb="md"
          aria-label="Whose templates"
          value={owner}
          onChange={setOwner}
          data={[{ value: 'all', label: 'All' }, ...orgs.map((org) => ({ value: org._id, label: org.title }))]}
        />
      )}
      {opened && (
        <Suspense fallback={<Loader aria-label="Loading the templates" />}>
          <TemplatesManager org={owner === 'all' ? null : owner} />
        </Suspense>
      )}
    </Modal>
  );
}
