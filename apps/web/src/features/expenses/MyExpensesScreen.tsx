import { useState } from 'react';
import { Alert, Button, Group, Modal, Paper, Stack } from '@mantine/core';
import { FLOATING_MESSAGES } from '@crewplan/domain/messages/index';
import { useMyOrgs } from '../org/index.ts';
import { setParams } from '../../lib/url-state.ts';
import type { Expense } from './api.ts';
import { ExpenseForm } from './ExpenseForm.tsx';
import { ExpensesTable } from './ExpensesTable.tsx';

/**
 * My expenses (`?my-expenses`, the floating button): the quick entry form and my expenses in every organisation with
 * an Unlimited subscription (rule 185), with their status, receipts and totals.
 */
export function MyExpensesScreen() {
  const orgs = useMyOrgs();
  const licensed = (orgs.data ?? []).filter((org) => org.isLicensedActive);
  const [form, setForm] = useState<{ expense?: Expense } | null>(null);
  const close = () => setParams({ 'my-expenses': null });
  return (
    <Modal opened onClose={close} title="My expenses" size="min(72rem, 96vw)" closeButtonProps={{ 'aria-label': 'Close my expenses' }}>
      <Stack gap="md" data-testid="my-expenses">
        {orgs.data && licensed.length === 0 && (
          <Alert color="yellow" role="alert">
            {FLOATING_MESSAGES.needsUnlimited}
          </Alert>
        )}
        {licensed.length > 0 &&
          (form ? (
            <Paper withBorder p="md">
              <ExpenseForm
                key={form.expense?._id ?? 'new'}
                orgs={licensed.map((org) => ({ _id: org._id, title: org.title, currency: org.currency }))}
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
        {licensed.length > 0 && <ExpensesTable source={{ kind: 'my' }} title="My expenses" onEdit={(expense) => setForm({ expense })} />}
      </Stack>
    </Modal>
  );
}
