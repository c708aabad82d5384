import './styles.ts';
import { useMemo, useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { expenseReasonLongEnough } from '@crewplan/domain/expenses/rules';
import { useExpenseMutations, useExpenses, type Expense, type ExpenseListQuery, type ExpenseSource, type ExpenseStatus } from './api.ts';
import { csvOf, downloadText, localDay, moneyText, scopeOf, STATUS_COLORS, STATUS_LABELS } from './format.ts';
import { ReceiptViewer } from './ReceiptViewer.tsx';

const STATUS_FILTER = [
  { value: '', label: 'Any status' },
  ...(Object.keys(STATUS_LABELS) as ExpenseStatus[]).map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

/**
 * A list of expenses with its filters (status, days), totals per currency and in the organisation's currency, the
 * receipts in the viewer, and what the caller may do with each (its abilities): submit, change or delete their own;
 * approve, reject (with a reason) or mark paid, one or many. The shown list exports to CSV.
 */
export function ExpensesTable({
  source,
  title,
  onEdit,
  initialStatus = '',
}: {
  source: ExpenseSource;
  title: string;
  onEdit?: (expense: Expense) => void;
  initialStatus?: ExpenseStatus | '';
}) {
  const [status, setStatus] = useState<ExpenseStatus | ''>(initialStatus);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query: ExpenseListQuery = { ...(status ? { status } : {}), ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const list = useExpenses(source, query);
  const expenses = useMemo(() => list.data?.expenses ?? [], [list.data]);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [rejecting, setRejecting] = useState<Expense[] | null>(null);
  const [viewing, setViewing] = useState<{ expense: Expense; index: number } | null>(null);
  const mutations = useExpenseMutations();
  const decidable = expenses.filter((e) => e.abilities.decide);
  const chosen = decidable.filter((e) => selected.has(e._id));

  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const decide = async (items: Expense[], to: ExpenseStatus, reason?: string) => {
    try {
      await mutations.decideMany.mutateAsync({ expenses: items, status: to, ...(reason ? { reason } : {}) });
      notifications.show({
        message: `${items.length === 1 ? 'The expense is' : `${items.length} expenses are`} ${STATUS_LABELS[to].toLowerCase()}.`,
      });
      setSelected(new Set());
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message, autoClose: 6_000 });
    }
  };
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifications.show({ message: done });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message, autoClose: 6_000 });
    }
  };

  return (
    <Stack gap="sm" data-testid="expenses-table">
      <Group justify="space-between" align="end">
        <Text fw={600}>{title}</Text>
        <Group gap="xs" align="end">
          <Select
            label="Status"
            size="xs"
            w={140}
            data={STATUS_FILTER}
            value={status}
            onChange={(value) => setStatus((value ?? '') as ExpenseStatus | '')}
            allowDeselect={false}
          />
          <TextInput label="From" size="xs" type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput label="To" size="xs" type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
          <Button
            size="xs"
            variant="default"
            disabled={expenses.length === 0}
            onClick={() => downloadText(csvOf(expenses), `expenses-${localDay()}.csv`)}
          >
            Export CSV
          </Button>
        </Group>
      </Group>
      {list.isPending && <Loader size="sm" aria-label="Loading expenses" />}
      {list.isError && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {list.data && (
        <Group gap="lg" data-testid="expense-totals">
          {list.data.totals.byCurrency.map((total) => (
            <Text key={total.currency} size="sm">
              Total {moneyText(total.amount, total.currency)}
            </Text>
          ))}
          {list.data.totals.converted.map((total) => (
            <Text key={total.org} size="sm" c="dimmed" title={total.missingRate ?? undefined}>
              {list.data.totals.converted.length > 1 ? `${total.orgName}: ` : ''}
              {total.amount === null ? `No exchange rate to ${total.currency}` : `≈ ${moneyText(total.amount, total.currency)}`}
            </Text>
          ))}
        </Group>
      )}
      {decidable.length > 0 && (
        <Group gap="xs">
          <Button
            size="xs"
            disabled={!chosen.some((e) => e.status === 'submitted')}
            onClick={() =>
              void decide(
                chosen.filter((e) => e.status === 'submitted'),
                'approved',
              )
            }
          >
            Approve selected
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            disabled={!chosen.some((e) => e.status === 'submitted')}
            onClick={() => setRejecting(chosen.filter((e) => e.status === 'submitted'))}
          >
            Reject selected
          </Button>
        </Group>
      )}
      {list.data && expenses.length === 0 && (
        <Text c="dimmed" size="sm">
          No expenses here yet.
        </Text>
      )}
      {expenses.length > 0 && (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {decidable.length > 0 && (
                  <Table.Th w={36}>
                    <Checkbox
                      aria-label="Select every expense to decide"
                      checked={chosen.length > 0 && chosen.length === decidable.length}
                      indeterminate={chosen.length > 0 && chosen.length < decidable.length}
                      onChange={() => setSelected(chosen.length === decidable.length ? new Set() : new Set(decidable.map((e) => e._id)))}
                    />
                  </Table.Th>
                )}
                <Table.Th>Date</Table.Th>
                <Table.Th>Person</Table.Th>
                <Table.Th>Mission</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Receipts</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {expenses.map((expense) => (
                <Table.Tr key={expense._id} data-testid="expense-row" data-status={expense.status}>
                  {decidable.length > 0 && (
                    <Table.Td>
                      {expense.abilities.decide && (
                        <Checkbox
                          aria-label={`Select the expense of ${moneyText(expense.total, expense.currency)}`}
                          checked={selected.has(expense._id)}
                          onChange={() => toggle(expense._id)}
                        />
                      )}
                    </Table.Td>
                  )}
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{expense.date}</Table.Td>
                  <Table.Td>{expense.person.name}</Table.Td>
                  <Table.Td>{scopeOf(expense)}</Table.Td>
                  <Table.Td>
                    {expense.category}
                    {expense.description && (
                      <Text size="xs" c="dimmed">
                        {expense.description}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">{moneyText(expense.total, expense.currency)}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[expense.status]} variant="light">
                      {STATUS_LABELS[expense.status]}
                    </Badge>
                    {expense.rejectionReason && (
                      <Text size="xs" c="red" data-testid="rejection-reason">
                        {expense.rejectionReason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {expense.attachments.map((receipt, index) => (
                      <Anchor key={receipt._id} component="button" size="sm" display="block" onClick={() => setViewing({ expense, index })}>
                        {receipt.name}
                      </Anchor>
                    ))}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      {expense.abilities.update && onEdit && (
                        <Button size="compact-xs" variant="default" onClick={() => onEdit(expense)}>
                          Edit
                        </Button>
                      )}
                      {expense.abilities.submit && (
                        <Button
                          size="compact-xs"
                          onClick={() =>
                            void run(() => mutations.status.mutateAsync({ expense, status: 'submitted' }), 'The expense is submitted.')
                          }
                        >
                          Submit
                        </Button>
                      )}
                      {expense.abilities.decide && (
                        <>
                          <Button size="compact-xs" color="green" onClick={() => void decide([expense], 'approved')}>
                            Approve
                          </Button>
                          <Button size="compact-xs" color="red" variant="light" onClick={() => setRejecting([expense])}>
                            Reject
                          </Button>
                        </>
                      )}
                      {expense.abilities.pay && (
                        <Button size="compact-xs" variant="light" onClick={() => void decide([expense], 'paid')}>
                          Mark paid
                        </Button>
                      )}
                      {expense.abilities.delete && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          onClick={() => void run(() => mutations.remove.mutateAsync(expense), 'The expense is deleted.')}
                        >
                          Delete
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {rejecting && (
        <RejectDialog
          count={rejecting.length}
          onClose={() => setRejecting(null)}
          onReject={(reason) => decide(rejecting, 'rejected', reason).then(() => setRejecting(null))}
        />
      )}
      {viewing && (
        <ReceiptViewer
          receipts={viewing.expense.attachments}
          index={viewing.index}
          onIndex={(index) => setViewing({ ...viewing, index })}
          onClose={() => setViewing(null)}
        />
      )}
    </Stack>
  );
}

/** A rejection says why (at least 5 characters). */
function RejectDialog({ count, onClose, onReject }: { count: number; onClose: () => void; onReject: (reason: string) => Promise<void> }) {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const short = !expenseReasonLongEnough(reason);
  return (
    <Modal
      opened
      onClose={onClose}
      title={count === 1 ? 'Reject the expense' : `Reject ${count} expenses`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="sm">
        <Textarea
          label="Reason"
          description="Tell the person what to fix (at least 5 characters)"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          autosize
          minRows={2}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={short}
            loading={busy}
            onClick={() => {
              setBusy(true);
              void onReject(reason.trim()).finally(() => setBusy(false));
            }}
          >
            Reject
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
