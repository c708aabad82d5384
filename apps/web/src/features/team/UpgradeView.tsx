import { useState } from 'react';
import { Button, Divider, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Mission } from '@crewplan/domain/missions/mission';
import { MISSION_MESSAGES, ORG_MESSAGES } from '@crewplan/domain/messages/index';
import { TIMINGS } from '@crewplan/domain/shared/constants';
import { ORG_TRIAL_DAYS, TRIAL_MESSAGES } from '@crewplan/domain/org/licence';
import { FREE_SLOTS } from '@crewplan/domain/team/rules';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { missionKeys } from '../../lib/mission-keys.ts';
import { activateLicence, applyPromo, type OrgDetail } from './api.ts';

/**
 * The invite card at 5 of 5 free slots (rule 135): the free 30-day organisation trial for organisation managers,
 * or 'Upgrade just your project' with a licence key or a promo code.
 */
export function UpgradeView({
  mission,
  org,
  emailVerified,
  onClose,
}: {
  mission: Mission;
  org: OrgDetail | null;
  emailVerified: boolean;
  onClose: () => void;
}) {
  const [projectUpgrade, setProjectUpgrade] = useState(false);
  const [licenseKey, setLicenseKey] = useState('');
  const [promoCode, setPromoCode] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const orgManager = org?.me?.level === 'ADMIN' || org?.me?.level === 'MANAGER';

  const run = async (what: string, action: () => Promise<void>, done: string) => {
    setPending(what);
    try {
      await action();
      // the licence changes what the mission (free slots) and the organisation show
      await queryClient.invalidateQueries({ queryKey: missionKeys.all });
      await queryClient.invalidateQueries({ queryKey: ['orgs'] });
      notifications.show({ color: 'green', message: done });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error), autoClose: 5_000 });
    } finally {
      setPending(null);
    }
  };

  const startTrial = () => {
    if (!org) return;
    // rule 202: only organisation admins start the trial, with a verified email
    if (org.me?.level !== 'ADMIN') return notifications.show({ color: 'red', message: ORG_MESSAGES.administerOrg });
    if (!emailVerified)
      return notifications.show({ color: 'red', message: TRIAL_MESSAGES.verifyFirst, autoClose: TIMINGS.toastVerifyNoticeMs });
    void run(
      'trial',
      () => api(`/org/${org._id}/subscription`, { method: 'POST', body: { trial: true } }).then(() => undefined),
      'Your free trial has started.',
    );
  };

  return (
    <Stack data-testid="upgrade-view">
      <Title order={4}>
        {FREE_SLOTS} of {FREE_SLOTS} free slots used
      </Title>
      <Text size="sm">This project has used all of its free slots. Upgrade to invite more people to {mission.title}.</Text>
      {org && orgManager && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Text fw={600}>Free {ORG_TRIAL_DAYS}-day organisation trial</Text>
            <Text size="sm" c="dimmed">
              Try every feature for the whole of {org.title}, free for {ORG_TRIAL_DAYS} days.
            </Text>
            <Group>
              <Button loading={pending === 'trial'} onClick={startTrial}>
                Start free trial
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {org && orgManager && <Divider label="or" />}
      {!projectUpgrade ? (
        <Button variant="light" onClick={() => setProjectUpgrade(true)}>
          {MISSION_MESSAGES.upgradeProject}
        </Button>
      ) : (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Text fw={600}>{MISSION_MESSAGES.upgradeProject}</Text>
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                label="Licence key"
                value={licenseKey}
                onChange={(e) => setLicenseKey(e.currentTarget.value)}
                style={{ flex: 1 }}
              />
              <Button
                disabled={licenseKey.trim().length < 4}
                loading={pending === 'key'}
                onClick={() => void run('key', () => activateLicence(mission._id, licenseKey.trim()), 'The project is licensed.')}
              >
                Activate
              </Button>
            </Group>
            <Group align="flex-end" wrap="nowrap">
              <TextInput label="Promo code" value={promoCode} onChange={(e) => setPromoCode(e.currentTarget.value)} style={{ flex: 1 }} />
              <Button
                variant="default"
                disabled={promoCode.trim().length < 2}
                loading={pending === 'promo'}
                onClick={() => void run('promo', () => applyPromo(mission._id, promoCode.trim()), 'The promo code is applied.')}
              >
                Apply
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}
