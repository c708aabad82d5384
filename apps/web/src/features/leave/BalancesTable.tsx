import { Table } from '@mantine/core';
import type { MyLeave } from './api.ts';
import { balanceText } from './format.ts';

type Balance = MyLeave['orgs'][number]['balances'][number];
type Code = { id: string; description: string; measuredInHours: boolean };

/**
 * Balances per code of one year (rule 208): entitled, carried over, taken (approved), pending, remaining — in hours
 * for a code measured in hours, else in days (rule 214).
 */
export function BalancesTable({ balances, codes }: { balances: Balance[]; codes: Code[] }) {
  return (
    <Table striped withTableBorder aria-label="Leave balances" data-testid="leave-balances">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Leave</Table.Th>
          <Table.Th>Entitled</Table.Th>
          <Table.Th>Carried over</Table.Th>
          <Table.Th>Taken</Table.Th>
          <Table.Th>Pending</Table.Th>
          <Table.Th>Remaining</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {balances.map((balance) => {
          const code = codes.find((entry) => entry.id === balance.codeId);
          const text = (days: number | null) => balanceText(days, code?.measuredInHours ?? false);
          return (
            <Table.Tr key={balance.codeId} data-code={balance.codeId}>
              <Table.Td>{code?.description ?? balance.codeId}</Table.Td>
              <Table.Td>{text(balance.entitled)}</Table.Td>
              <Table.Td>{text(balance.carriedOver)}</Table.Td>
              <Table.Td data-testid="balance-taken">{text(balance.taken)}</Table.Td>
              <Table.Td data-testid="balance-pending">{text(balance.pending)}</Table.Td>
              <Table.Td data-testid="balance-remaining">{text(balance.remaining)}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
