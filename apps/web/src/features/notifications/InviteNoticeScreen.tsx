import { useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import { permissionLabel } from '@crewplan/domain/team/rules';
import { notifications } from '@mantine/notifications';
import { isEmailNotVerified, VERIFY_EMAIL_PARAMS } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { setParams } from '../../lib/url-state.ts';
import { answerInvite, myMissionInvitesQuery, notificationListQuery, type Notification } from './api.ts';

const close = () => setParams({ 'invite-notice': null });
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * `?invite-notice=<notification id>`: the invite a notification tells of (a mission or an organisation), with
 * Accept and Reject. Accepting opens the mission (or the organisation).
 */
export function InviteNoticeScreen({ value }: { value: string }) {
  const list = useQuery(notificationListQuery('invites'));
  const notification = list.data?.notifications.find((item) => item._id === value);
  return (
    <Modal opened onClose={close} title="Invite" centered zIndex={400}>
      {list.isPending && <Loader size="sm" aria-label="Loading the invite" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.isSuccess && !notification && <Gone />}
      {notification?.type === 'invite' && <MissionInvite notification={notification} />}
      {notification?.type === 'orgInvite' && <OrgInvite notification={notification} />}
    </Modal>
  );
}

function Gone() {
  return (
    <Stack>
      <Alert color="red" role="alert">
        {MISSION_MESSAGES.inviteNoLongerValid}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={close}>OK</Button>
      </Group>
    </Stack>
  );
}

function MissionInvite({ notification }: { notification: Notification }) {
  const invites = useQuery(myMissionInvitesQuery);
  const invite = invites.data?.invites.find((item) => item._id === notification.data.inviteId);
  if (invites.isPending) return <Loader size="sm" aria-label="Loading the invite" />;
  if (!invite) return <Gone />;
  const inviter = invite.invitedBy ? `${invite.invitedBy.firstName} ${invite.invitedBy.lastName}`.trim() : 'Somebody';
  return (
    <Answer
      kind="invite"
      inviteId={invite._id}
      onAccepted={() => setParams({ 'invite-notice': null, mission: invite.mission._id })}
      lines={[
        `${inviter} invited you to ${invite.mission.isTemplate ? 'the template' : 'the mission'} ${invite.mission.title}.`,
        `You would join as ${permissionLabel(invite, { isTemplate: invite.mission.isTemplate })}.`,
        invite.message ? `Their message: ${invite.message}` : '',
      ]}
    />
  );
}

function OrgInvite({ notification }: { notification: Notification }) {
  const orgId = text(notification.data.orgId);
  return (
    <Answer
      kind="orgInvite"
      inviteId={text(notification.data.inviteId)}
      onAccepted={() => setParams({ 'invite-notice': null, org: orgId })}
      lines={[notification.title, notification.body ? `Their message: ${notification.body}` : '']}
    />
  );
}

function Answer(props: { kind: 'invite' | 'orgInvite'; inviteId: string; lines: string[]; onAccepted: () => void }) {
  const [pending, setPending] = useState<'accept' | 'reject' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const answer = async (choice: 'accept' | 'reject') => {
    setPending(choice);
    setError(null);
    try {
      await answerInvite(props.kind, props.inviteId, choice);
      await queryClient.invalidateQueries();
      if (choice === 'accept') props.onAccepted();
      else close();
    } catch (failure) {
      if (isEmailNotVerified(failure)) {
        // rule 137: accepting needs a verified email; My Space shows how to verify it
        notifications.show({ color: 'red', message: failure instanceof Error ? failure.message : String(failure) });
        setParams({ 'invite-notice': null, ...VERIFY_EMAIL_PARAMS });
        return;
      }
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setPending(null);
    }
  };
  return (
    <Stack>
      {props.lines.filter(Boolean).map((line) => (
        <Text key={line}>{line}</Text>
      ))}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void answer('reject')} loading={pending === 'reject'} disabled={pending !== null}>
          Reject
        </Button>
        <Button onClick={() => void answer('accept')} loading={pending === 'accept'} disabled={pending !== null}>
          Accept
        </Button>
      </Group>
    </Stack>
  );
}
