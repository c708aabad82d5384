import { Badge, Button, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ORG_LEVEL_LABELS } from '@crewplan/domain/org/levels';
import { orgInvitesQuery, useRevokeInvite, type OrgDetail, type OrgInvite } from './api.ts';
import { openConfirm } from '../../components/confirm.ts';
import { formatLocalDay } from '../../lib/days.ts';

const inviterName = (invite: OrgInvite) => (invite.invitedBy ? `${invite.invitedBy.firstName} ${invite.invitedBy.lastName}` : '—');

/** The organisation's pending invites, each revocable (after a confirmation); refreshed once one is sent or revoked. */
export function PendingInvites({ org }: { org: OrgDetail }) {
  // the organisation's detail carries them already: shown at once, then kept fresh by their own query
  const { data: invites = org.invites } = useQuery(orgInvitesQuery(org._id));
  const revoke = useRevokeInvite(org._id);

  const confirmRevoke = (invite: OrgInvite) =>
    openConfirm({
      title: `Revoke the invite to ${invite.inviteeEmail}?`,
      children: <Text size="sm">Its link will no longer work. You can invite them again later.</Text>,
      labels: { confirm: 'Revoke invite', cancel: 'Keep it' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        revoke.mutate(invite._id, {
          onSuccess: () => notifications.show({ message: `The invite to ${invite.inviteeEmail} is revoked.` }),
          onError: (error) => notifications.show({ color: 'red', message: error.message }),
        }),
    });

  return (
    <>
      <Title order={2} size="h4">
        Pending invites
      </Title>
      {invites.length === 0 ? (
        <Text c="dimmed">No pending invites.</Text>
      ) : (
        <Table aria-label="Pending invites" data-testid="org-invites">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Th>Permission</Table.Th>
              <Table.Th>Invited by</Table.Th>
              <Table.Th>Sent</Table.Th>
              <Table.Th>Expires</Table.Th>
              <Table.Th>Revoke</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invites.map((row) => (
              <Table.Tr key={row._id}>
                <Table.Td>{row.inviteeEmail}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray">
                    {ORG_LEVEL_LABELS[row.level]}
                  </Badge>
                </Table.Td>
                <Table.Td>{inviterName(row)}</Table.Td>
                <Table.Td>{formatLocalDay(row.createdAt)}</Table.Td>
                <Table.Td>{formatLocalDay(row.expiresAt)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Revoke the invite to ${row.inviteeEmail}`}
                    loading={revoke.isPending && revoke.variables === row._id}
                    onClick={() => confirmRevoke(row)}
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}
