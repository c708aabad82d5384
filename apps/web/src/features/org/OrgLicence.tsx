import { Badge, Group, Text } from '@mantine/core';
import { orgLicenceStatus } from '@crewplan/domain/org/licence';
import type { Org } from './api.ts';

const COLORS = { subscription: 'green', key: 'green', trial: 'blue', 'trial-ended': 'orange', free: 'gray' } as const;

/** The organisation's licence (subscription, key, trial or free), read once by the domain and shown alike everywhere. */
export function OrgLicence({ org }: { org: Pick<Org, 'isLicensedActive' | 'isOrgLicensed' | 'isKeyLicensed' | 'trialStartedOn'> }) {
  const status = orgLicenceStatus({ ...org, trialStartedOn: org.trialStartedOn ? new Date(org.trialStartedOn) : null }, new Date());
  return (
    <Group gap="xs" data-testid="org-licence" data-kind={status.kind}>
      {/* the page's text colour: a light badge's tinted label (green, orange) falls below AA contrast */}
      <Badge variant="light" color={COLORS[status.kind]} c="var(--mantine-color-text)" style={{ flexShrink: 0 }}>
        {status.label}
      </Badge>
      <Text size="sm" c="dimmed">
        {status.detail}
      </Text>
    </Group>
  );
}
