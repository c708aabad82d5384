import { Button, Group, Table, Text } from '@mantine/core';
import type { Timesheet } from './api.ts';
import { decidable, reopenable } from './board-rows.ts';

type Props = {
  sheet: Timesheet;
  /** The viewer's id, null until known. */
  selfId: string | null;
  /** Whether a decision is on its way (Approve shows it). */
  deciding: boolean;
  /** Whether this week is being reopened. */
  reopening: boolean;
  onApprove: () => void;
  onReject: () => void;
  onReopen: () => void;
};

/**
 * A week's actions on the board: Approve and Reject on a submitted week of somebody else, Reopen on an approved one
 * (the server's rules: nobody decides or reopens their own week); 'Your own week' where I may not decide.
 */
export function DecideCell({ sheet, selfId, deciding, reopening, onApprove, onReject, onReopen }: Props) {
  return (
    <Table.Td>
      {sheet.status === 'submitted' && sheet.person === selfId && (
        <Text size="xs" c="dimmed">
          Your own week
        </Text>
      )}
      {decidable(sheet, selfId) && (
        <Group gap={4} wrap="nowrap">
          <Button size="compact-sm" onClick={onApprove} loading={deciding}>
            Approve
          </Button>
          <Button size="compact-sm" variant="default" onClick={onReject}>
            Reject
          </Button>
        </Group>
      )}
      {reopenable(sheet, selfId) && (
        <Button size="compact-sm" variant="default" onClick={onReopen} loading={reopening}>
          Reopen
        </Button>
      )}
    </Table.Td>
  );
}
