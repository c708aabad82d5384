import { ActionIcon, Badge, Box, CloseButton, Container, Group, Menu, Text, Title, Tooltip } from '@mantine/core';
import { IconCoins, IconSettings } from '@tabler/icons-react';
import { setParams } from '../../lib/url-state.ts';
import type { Mission } from './api.ts';
import { formatDay } from '../../lib/days.ts';
import { STATUS_COLORS, STATUS_LABELS, TYPE_LABELS } from './mission-rules.ts';
import { TeamHeader } from '../team/index.ts';
import { ScreenTop } from '../../components/ScreenTop.tsx';

/** The mission view's header: theme band, title, status, plan dates, team, settings and close. */
export function MissionHeader({ mission, onClose }: { mission: Mission; onClose: () => void }) {
  const band = mission.theme?.backgroundColor ?? 'var(--mantine-primary-color-filled)';
  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Box h={8} bg={band} data-testid="mission-theme-band" data-color={mission.theme?.backgroundColor ?? ''} />
      <Container size="xl" py="sm">
        <ScreenTop
          title={
            <>
              <Group gap="xs">
                <Title order={1} size="h2" data-testid="mission-title">
                  {mission.title}
                </Title>
                <Badge color={STATUS_COLORS[mission.displayStatus]} variant="light" data-testid="mission-status">
                  {STATUS_LABELS[mission.displayStatus]}
                </Badge>
                <Badge color="gray" variant="outline">
                  {TYPE_LABELS[mission.projectType]}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed" data-testid="mission-dates">
                {mission.projectCode ? `${mission.projectCode} · ` : ''}
                {formatDay(mission.planStartDate)} – {formatDay(mission.planEndDate)}
              </Text>
            </>
          }
          controls={
            <Group gap="sm" wrap="nowrap">
              <TeamHeader mission={mission} />
              {mission.abilities['money.read'] && <BudgetMenu missionId={mission._id} canSet={mission.abilities['money.write']} />}
              {mission.abilities['mission.update'] && (
                <Tooltip label="Mission settings">
                  <ActionIcon
                    variant="default"
                    size="lg"
                    aria-label="Mission settings"
                    onClick={() => setParams({ 'mission-tab': 'settings' })}
                  >
                    <IconSettings size={18} aria-hidden="true" />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          }
          close={<CloseButton size="lg" onClick={onClose} aria-label="Close the mission" data-autofocus />}
        />
      </Container>
    </Box>
  );
}

/** The mission's money, for those who see it: the budget view and the budget set-up (both screens of the money feature). */
function BudgetMenu({ missionId, canSet }: { missionId: string; canSet: boolean }) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Tooltip label="Budget">
          <ActionIcon variant="default" size="lg" aria-label="Budget">
            <IconCoins size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => setParams({ 'budget-bar': missionId })}>Budget and costs</Menu.Item>
        {canSet && <Menu.Item onClick={() => setParams({ 'budget-setup': missionId })}>Set up the budget</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}
