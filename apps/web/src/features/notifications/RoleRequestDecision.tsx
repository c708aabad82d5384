import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { PLAN_MESSAGES } from '@crewplan/domain/plan/plan';
import { isReasonLongEnough } from '@crewplan/domain/plan/rules';
import { useDecideRoleRequest } from './api.ts';
import type { RoleRequestAsk } from './notification-rules.ts';

const DECIDED = { approved: 'Approved.', rejected: 'Rejected.' } as const;

/**
 * Approve or Reject under a role request's notification, so that an approver decides where they are told, also one
 * who is not on the mission's team. A rejection needs its reason (rule 79). Once decided, by them or another approver,
 * the notification says so; the server's text shows when the decision was taken meanwhile.
 */
export function RoleRequestDecision({ request }: { request: RoleRequestAsk }) {
  const decide = useDecideRoleRequest();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const role = request.roleTitle || 'the role';

  const send = (decision: 'approve' | 'reject') => {
    setError(null);
    if (decision === 'reject' && !isReasonLongEnough(reason)) return setError(PLAN_MESSAGES.longerDescription);
    decide.mutate(
      { planItemId: request.planItemId, decision, context: request.context, ...(decision === 'reject' ? { reason: reason.trim() } : {}) },
      { onError: (failure) => setError(failure.message) },
    );
  };

  if (request.status !== 'pending_approval')
    return (
      <Text size="xs" c="dimmed" role="status">
        {DECIDED[request.status]}
      </Text>
    );
  return (
    <Stack gap={6} mt={6}>
      {rejecting && (
        <Textarea
          label={`Why reject ${role}?`}
          size="xs"
          autosize
          minRows={2}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
        />
      )}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group gap="xs">
        {!rejecting && (
          <Button size="compact-xs" loading={decide.isPending} onClick={() => send('approve')} aria-label={`Approve ${role}`}>
            Approve
          </Button>
        )}
        <Button
          size="compact-xs"
          variant={rejecting ? 'filled' : 'light'}
          color="red"
          loading={decide.isPending}
          onClick={() => (rejecting ? send('reject') : setRejecting(true))}
          aria-label={`Reject ${role}`}
        >
          Reject
        </Button>
        {rejecting && (
          <Button size="compact-xs" variant="default" onClick={() => setRejecting(false)}>
            Cancel
          </Button>
        )}
      </Group>
    </Stack>
  );
}
