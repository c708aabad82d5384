import { useMemo, useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { FLOATING_MESSAGES } from '@crewplan/domain/messages/index';
import { useMyOrgs } from '../org/index.ts';
import { setParams } from '../../lib/url-state.ts';
import { timeTrackingOrgsQuery, type Expense } from './api.ts';
import { ExpenseForm } from './ExpenseForm.tsx';
import { ExpensesTable } from './ExpensesTable.tsx';
import { expenseOrgsOf } from './places.ts';

/**
 * My expenses (`?my-expenses`, the floating button): the quick entry form and my expenses in every organisation with
 * an Unlimited subscription (rule 185), with their status, receipts and totals.
 */
export function MyExpensesScreen() {
  const close = () => setParams({ 'my-expenses': null });
  return (
    <Modal opened onClose={close} title="My expenses" size="min(72rem, 96vw)" closeButtonProps={{ 'aria-label': 'Close my expenses' }}>
      <MyExpenses />
    </Modal>
  );
}

/**
 * The screen's body. Besides my licensed organisations, a team member from outside an organisation keeps expenses on
 * its projects where they keep weeks (`GET /timesheet/orgs`, as My timesheets): those are offered instead of the
 * Unlimited notice.
 */
export function MyExpenses() {
  const orgs = useMyOrgs();
  const timeOrgs = useQuery(timeTrackingOrgsQuery);
  // when the projects from outside cannot be read, my own organisations still decide
  const places = useMemo(
    () => expenseOrgsOf(orgs.data, timeOrgs.isError ? [] : timeOrgs.data),
    [orgs.data, timeOrgs.isError, timeOrgs.data],
  );
  const [form, setForm] = useState<{ expense?: Expense } | null>(null);
  const keeps = !!places && places.length > 0;
  return (
    <Stack gap="md" data-testid="my-expenses">
      {places?.length === 0 && (
        <Alert color="yellow" role="alert">
          {FLOATING_MESSAGES.needsUnlimited}
        </Alert>
      )}
      {keeps &&
        (form ? (
          <Paper withBorder p="md">
            <ExpenseForm
              key={form.expense?._id ?? 'new'}
              orgs={places}
              {...(form.expense ? { expense: form.expense } : {})}
              onDone={() => setForm(null)}
            />
            <Group justify="flex-start" mt="xs">
              <Button variant="subtle" size="xs" onClick={() => setForm(null)}>
                Cancel
              </Button>
            </Group>
          </Paper>
        ) : (
          <Group>
            <Button onClick={() => setForm({})}>New expense</Button>
          </Group>
        ))}
      {keeps && <ExpensesTable source={{ kind: 'my' }} title="My expenses" onEdit={(expense) => setForm({ expense })} />}
    </Stack>
  );
}
