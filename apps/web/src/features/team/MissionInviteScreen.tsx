import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { permissionLabel } from '@crewplan/domain/team/rules';
import { profileQuery } from '../../lib/profile.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useToken } from '../../lib/token.ts';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { answerMissionInvite, handleMissionInvite, missionInviteQuery } from './api.ts';
import { inviteGone, isUnverifiedError } from './invite-screen-rules.ts';

const clearLink = { from: null, token: null, 'invite-to-phase': null } as const;

/**
 * The mailed mission invite (`?from=invite&token=…`): the mission, who invites, their message and the permission
 * offered; Accept or Reject. Signed out, it says an invite waits: signing in or up keeps the
 * parameters, and the invite continues once signed in. Accepting opens the mission; an invitation to a phase
 * (`invite-to-phase`) opens it at its phases.
 */
export function MissionInviteScreen() {
  const { params } = useUrl();
  const token = params.get('token') ?? '';
  const signedIn = Boolean(useToken());
  const active = params.get('from') === 'invite' && Boolean(token);
  // the link's invite is read once signed in (the API shows invites only to signed-in people)
  const invite = useQuery({ ...missionInviteQuery(token), enabled: active && signedIn });
  // handling the link once signed in ties the invite to me (and proves the address it was mailed to)
  const handled = useQuery({
    queryKey: ['mission-invite', token, 'handled'],
    queryFn: async () => {
      const answer = await handleMissionInvite(token);
      await queryClient.invalidateQueries({ queryKey: profileQuery.queryKey });
      return answer ?? true;
    },
    enabled: active && signedIn && invite.isSuccess,
    retry: false,
  });
  const [pending, setPending] = useState<'accept' | 'reject' | null>(null);
  const [unverified, setUnverified] = useState(false);

  if (!active) return null;
  const close = () => setParams(clearLink, { replace: true });
  if (inviteGone(invite.error) || inviteGone(handled.error)) {
    return (
      <Modal opened onClose={close} title="Mission invite" centered zIndex={400}>
        <Stack>
          <Alert color="red" role="alert">
            {MISSION_MESSAGES.inviteNoLongerValid}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>OK</Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  if (!signedIn)
    return (
      <Paper
        withBorder
        shadow="md"
        p="md"
        role="status"
        data-testid="mission-invite-notice"
        style={{ position: 'fixed', bottom: 16, left: '50%', transform: 'translateX(-50%)', zIndex: 150, maxWidth: 480 }}
      >
        <Text size="sm">You are invited to a mission on Crewplan.</Text>
        <Text size="sm" c="dimmed">
          Sign in or create an account with the email the invite was sent to, to see and accept it.
        </Text>
      </Paper>
    );

  const data = invite.data;
  if (!data) return null;
  const inviter = data.invitedBy ? `${data.invitedBy.firstName} ${data.invitedBy.lastName}`.trim() : null;
  const label = permissionLabel(
    { permission: data.permission, isProjectManager: data.isProjectManager },
    { isTemplate: data.mission.isTemplate },
  );
  const offer = `${inviter ? `${inviter} invites you` : 'You are invited'} to join ${data.mission.title} as ${label}.`;

  const answer = async (choice: 'accept' | 'reject') => {
    setPending(choice);
    try {
      const result = await answerMissionInvite(data._id, choice);
      if (choice === 'accept') {
        notifications.show({ color: 'green', message: `Welcome to ${data.mission.title}!` });
        const phase = params.get('invite-to-phase');
        setParams(
          { ...clearLink, mission: result.mission || data.mission._id, ...(phase !== null && { phase: phase || 'phases' }) },
          { replace: true },
        );
      } else {
        notifications.show({ message: 'Invite declined.' });
        close();
      }
    } catch (error) {
      if (isUnverifiedError(error)) {
        // accepting needs a verified email: My Space shows how to verify it
        setUnverified(true);
        notifications.show({ color: 'red', message: ACCOUNT_MESSAGES.verifyFirst });
        setParams({ myspace: 'email' });
      } else if (inviteGone(error)) {
        notifications.show({ color: 'red', message: MISSION_MESSAGES.inviteNoLongerValid });
        close();
      } else notifications.show({ color: 'red', message: error instanceof Error ? error.message : String(error), autoClose: 5_000 });
    } finally {
      setPending(null);
    }
  };

  return (
    <Modal opened onClose={close} title={`Join ${data.mission.title}`} centered zIndex={400}>
      <Stack data-testid="mission-invite">
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
        {unverified && (
          <Alert color="yellow" role="alert">
            {ACCOUNT_MESSAGES.verifyBeforeInvites}
          </Alert>
        )}
        {handled.isError && !inviteGone(handled.error) && (
          <Alert color="yellow" role="alert">
            {handled.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            variant="default"
            loading={pending === 'reject'}
            disabled={pending !== null || !handled.isSuccess}
            onClick={() => void answer('reject')}
          >
            Reject
          </Button>
          <Button
            loading={pending === 'accept'}
            disabled={pending !== null || !handled.isSuccess}
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
