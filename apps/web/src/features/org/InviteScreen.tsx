import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, ORG_MESSAGES } from '@crewplan/domain/messages/index';
import { ORG_LEVEL_LABELS } from '@crewplan/domain/org/levels';
import { ApiError } from '../../lib/api-error.ts';
import { useToken } from '../../lib/token.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { afterInviteAccepted, answerInvite, handleInvite, inviteByTokenQuery } from './api.ts';

const clearLink = { from: null, token: null } as const;

/**
 * The mailed organisation invite (`?from=orgInvite&token=…`). Signed out, it says what the link offers and
 * waits: signing in or up keeps the parameters, and the invite continues once signed in.
 */
export function InviteScreen() {
  const { params } = useUrl();
  const token = params.get('token') ?? '';
  const signedIn = Boolean(useToken());
  const invite = useQuery({ ...inviteByTokenQuery(token), enabled: params.get('from') === 'orgInvite' && Boolean(token) });
  // handling the link once signed in tells whether I may accept (and verifies the email the link was mailed to)
  const handled = useQuery({
    queryKey: ['org-invite', token, 'handled'],
    queryFn: () => handleInvite(token),
    enabled: signedIn && invite.isSuccess,
  });
  const [pending, setPending] = useState<'accept' | 'reject' | null>(null);

  if (params.get('from') !== 'orgInvite' || !token) return null;
  const gone = [invite.error, handled.error].some((error) => error instanceof ApiError && error.status < 500);
  if (gone) {
    return (
      <Modal opened onClose={() => setParams(clearLink, { replace: true })} title="Organisation invite" centered zIndex={400}>
        <Stack>
          <Alert color="red" role="alert">
            {ORG_MESSAGES.inviteNoLongerValid}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={() => setParams(clearLink, { replace: true })}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  const data = invite.data;
  if (!data) return null;
  const inviter = data.invitedBy ? `${data.invitedBy.firstName} ${data.invitedBy.lastName}`.trim() : null;
  const offer = `${inviter ? `${inviter} invites you` : 'You are invited'} to join ${data.org.title} as ${ORG_LEVEL_LABELS[data.level].toLowerCase()}.`;

  if (!signedIn)
    return (
      <Paper
        withBorder
        shadow="md"
        p="md"
        role="status"
        data-testid="org-invite-notice"
        style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 150, maxWidth: 480 }}
      >
        <Text size="sm">{offer}</Text>
        <Text size="sm" c="dimmed">
          Sign in or create an account with {data.inviteeEmail} to accept.
        </Text>
      </Paper>
    );

  const answer = async (choice: 'accept' | 'reject') => {
    setPending(choice);
    try {
      if (choice === 'accept' && handled.data?.reason === 'email-not-verified')
        throw new ApiError(403, 'auth/email-not-verified', ACCOUNT_MESSAGES.verifyBeforeInvites);
      await answerInvite(data._id, choice);
      if (choice === 'accept') {
        await afterInviteAccepted();
        notifications.show({ message: `Welcome to ${data.org.title}!` });
        setParams({ ...clearLink, org: data.org._id }, { replace: true });
      } else {
        notifications.show({ message: 'Invite declined.' });
        setParams(clearLink, { replace: true });
      }
    } catch (error) {
      if (error instanceof ApiError && error.code === 'auth/email-not-verified') {
        // accepting needs a verified email: My Space shows how to verify it
        notifications.show({ message: ACCOUNT_MESSAGES.verifyBeforeInvites, color: 'red' });
        setParams({ ...clearLink, myspace: 'email' }, { replace: true });
      } else if (error instanceof ApiError && (error.status === 410 || error.status === 404)) {
        notifications.show({ message: ORG_MESSAGES.inviteNoLongerValid, color: 'red' });
        setParams(clearLink, { replace: true });
      } else notifications.show({ message: error instanceof Error ? error.message : String(error), color: 'red' });
    } finally {
      setPending(null);
    }
  };

  return (
    <Modal opened onClose={() => setParams(clearLink, { replace: true })} title={`Join ${data.org.title}`} centered zIndex={400}>
      <Stack>
        <Text>{offer}</Text>
        {data.message && (
          <Paper withBorder p="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {data.message}
            </Text>
          </Paper>
        )}
        <Text size="sm" c="dimmed">
          Sent to {data.inviteeEmail}.
        </Text>
        {handled.data?.reason === 'email-mismatch' && (
          <Alert color="yellow" role="alert">
            This invite was sent to {data.inviteeEmail}. Sign in with that email, or add it to your account in My Space, to accept it.
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" loading={pending === 'reject'} disabled={pending !== null} onClick={() => void answer('reject')}>
            Decline
          </Button>
          <Button
            loading={pending === 'accept'}
            disabled={pending !== null || !handled.isSuccess || handled.data.reason === 'email-mismatch'}
            onClick={() => void answer('accept')}
            data-autofocus
          >
            Accept invite
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
