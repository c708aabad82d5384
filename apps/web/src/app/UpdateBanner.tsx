import { useRef } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SHELL_MESSAGES } from '@crewplan/domain/messages/index';
import { healthQuery } from '../lib/health.ts';
import { isUpdateAvailable, reloadUrl } from '../lib/update-check.ts';

/** 'Updates available' with 'Update now' once the server runs a newer build (polled every 5 minutes). */
export function UpdateBanner() {
  const { data } = useQuery(healthQuery);
  const firstSeen = useRef<string | undefined>(undefined);
  if (data?.version && firstSeen.current === undefined) firstSeen.current = data.version;
  if (!isUpdateAvailable(__BUILD_ID__, firstSeen.current, data?.version)) return null;
  return (
    <Paper
      role="region"
      aria-label={SHELL_MESSAGES.updatesAvailable}
      shadow="md"
      withBorder
      p="sm"
      style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 400 }}
    >
      <Group gap="md">
        <Text fw={500}>{SHELL_MESSAGES.updatesAvailable}</Text>
        <Button size="xs" onClick={() => window.location.assign(reloadUrl(window.location.href, Date.now()))}>
          Update now
        </Button>
      </Group>
    </Paper>
  );
}
