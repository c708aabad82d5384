import { Table } from '@mantine/core';
import type { MyLeave } from './api.ts';
import { daysText } from './format.ts';

type Balance = MyLeave['orgs'][number]['balances'][number];

/** Balances per code of one year (rule 208): entitled, carried over, taken (approved), pending, remaining — in days. */
export function BalancesTable({ balances, codes }: { balances: Balance[]; codes: { id: string; description: string }[] }) {
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
        {balances.map((balance) => (
          <Table.Tr key={balance.codeId} data-code={balance.codeId}>
            <Table.Td>{codes.find((code) => code.id === balance.codeId)?.description ?? balance.codeId}</Table.Td>
            <Table.Td>{daysText(balance.entitled)}</Table.Td>
            <Table.Td>{daysText(balance.carriedOver)}</Table.Td>
            <Table.Td data-testid="balance-taken">{daysText(balance.taken)}</Table.Td>
            <Table.Td data-testid="balance-pending">{daysText(balance.pending)}</Table.Td>
            <Table.Td data-testid="balance-remaining">{daysText(balance.remaining)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
