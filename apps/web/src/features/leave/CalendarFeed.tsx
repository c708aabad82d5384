import { useState } from 'react';
import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { FormError } from '../../components/FormError.tsx';
import { api } from '../../lib/api.ts';

/** My leave calendar (iCal): a secret address to subscribe to from a calendar app; a new one replaces it, revoke ends it. */
export function CalendarFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const renew = useMutation({
    mutationFn: () => api<{ url: string }>('/people-leave/feed', { method: 'POST' }),
    onSuccess: (data) => setUrl(data.url),
  });
  const revoke = useMutation({ mutationFn: () => api('/people-leave/feed', { method: 'DELETE' }), onSuccess: () => setUrl(null) });
  return (
    <Stack gap="xs" data-testid="leave-feed">
      <Text size="sm">Subscribe to your approved leave and the public holidays from your calendar app. Keep the address secret.</Text>
      {url && <Code block>{url}</Code>}
      <Group>
        <Button size="xs" variant="default" loading={renew.isPending} onClick={() => renew.mutate()}>
          {url ? 'Make a new address' : 'Get my calendar address'}
        </Button>
        <Button size="xs" variant="subtle" color="red" loading={revoke.isPending} onClick={() => revoke.mutate()}>
          Revoke
        </Button>
      </Group>
      {(renew.error ?? revoke.error) && <FormError>{(renew.error ?? revoke.error)!.message}</FormError>}
    </Stack>
  );
}
