import { useState, type FormEvent } from 'react';
import { Button, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ORG_LEVEL_LABELS } from '@crewplan/domain/org/levels';
import { useInvite, type OrgDetail, type OrgLevel } from './api.ts';
import { assignableLevels } from './org-edit-rules.ts';
import { FormError } from '../../components/FormError.tsx';
import { PendingInvites } from './PendingInvites.tsx';

/** Invite by email with a permission and a message; the pending invites, revocable. */
export function InvitesTab({ org }: { org: OrgDetail }) {
  const invite = useInvite(org._id);
  const [email, setEmail] = useState('');
  const [level, setLevel] = useState<OrgLevel>('MEMBER');
  const [message, setMessage] = useState('');
  // only the levels the server lets the inviter hand out (a limited manager: member and observers)
  const levels = assignableLevels(org.me);

  const send = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { inviteeEmail: email.trim(), config: { permission: level }, message },
      {
        onSuccess: (sent) => {
          notifications.show({ message: `Invite sent to ${sent.inviteeEmail}.` });
          setEmail('');
          setMessage('');
        },
      },
    );
  };

  return (
    <Stack>
      <Paper withBorder p="md" component="form" onSubmit={send} aria-label="Invite somebody">
        <Title order={2} size="h4" mb="sm">
          Invite somebody
        </Title>
        <Group align="start">
          <TextInput label="Email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required w={300} />
          <Select
            label="Permission"
            data={levels.map((l) => ({ value: l, label: ORG_LEVEL_LABELS[l] }))}
            value={level}
            onChange={(value) => value && setLevel(value as OrgLevel)}
            allowDeselect={false}
            w={200}
          />
        </Group>
        <Textarea
          label="Personal message"
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={2}
          mt="sm"
        />
        {invite.isError && <FormError mt="xs">{invite.error.message}</FormError>}
        <Button type="submit" mt="md" loading={invite.isPending}>
          Send invite
        </Button>
      </Paper>
      <PendingInvites org={org} />
    </Stack>
  );
}
