import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { Client } from './api.ts';
import { ordersQuery, useOrders, type ClientOrder } from './edit-api.ts';
import { moneyText } from '../../lib/money-text.ts';
import { orderBody, orderFormError, type OrderForm } from './org-edit-rules.ts';
import { FormError } from '../../components/FormError.tsx';
import { RowActions } from '../../components/RowActions.tsx';

const formOf = (order?: ClientOrder): OrderForm => ({
  code: order?.code ?? '',
  title: order?.title ?? '',
  amount: order?.amount === null || order?.amount === undefined ? '' : String(order.amount),
  currency: order?.currency ?? '',
  startDate: order?.startDate ?? '',
  endDate: order?.endDate ?? '',
});

/** An order's amount in its own currency, else the client's (or organisation's) one. */
export const orderAmountText = (order: Pick<ClientOrder, 'amount' | 'currency'>, fallback: string | null) =>
  order.amount === null ? '—' : moneyText(order.amount, order.currency ?? fallback ?? '');

/** A client's orders (purchase orders): list, add, edit, delete. */
export function ClientOrdersModal({
  orgId,
  client,
  canManage,
  currency,
  onClose,
}: {
  orgId: string;
  client: Client;
  canManage: boolean;
  currency: string;
  onClose: () => void;
}) {
  const orders = useQuery(ordersQuery(orgId, client._id));
  const calls = useOrders(orgId, client._id);
  const [editing, setEditing] = useState<{ order: ClientOrder | null; form: OrderForm } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ClientOrder | null>(null);

  const open = (order: ClientOrder | null) => {
    setFormError(null);
    setEditing({ order, form: formOf(order ?? undefined) });
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const problem = orderFormError(editing.form);
    setFormError(problem);
    if (problem) return;
    const body = orderBody(editing.form);
    const done = {
      onSuccess: () => {
        notifications.show({ message: `Order ${body.code} is saved.` });
        setEditing(null);
      },
      onError: (error: Error) => setFormError(error.message),
    };
    if (editing.order) calls.update.mutate({ id: editing.order._id, body: { ...body, updatedAt: editing.order.updatedAt } }, done);
    else calls.create.mutate(body, done);
  };
  const field = (key: keyof OrderForm) => ({
    value: editing?.form[key] ?? '',
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setEditing((current) => (current ? { ...current, form: { ...current.form, [key]: value } } : current));
    },
  });

  return (
    <Modal opened onClose={onClose} title={`Orders of ${client.name}`} size="xl">
      <Stack>
        {orders.isError && <FormError>{orders.error.message}</FormError>}
        {orders.data && orders.data.orders.length === 0 && <Text c="dimmed">No orders yet.</Text>}
        {orders.data && orders.data.orders.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped aria-label={`Orders of ${client.name}`} data-testid="client-orders">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Runs</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {orders.data.orders.map((order) => (
                  <Table.Tr key={order._id}>
                    <Table.Td fw={500}>{order.code}</Table.Td>
                    <Table.Td>{order.title || '—'}</Table.Td>
                    <Table.Td>{orderAmountText(order, client.currency ?? currency)}</Table.Td>
                    <Table.Td>{order.startDate || order.endDate ? `${order.startDate ?? '…'} – ${order.endDate ?? '…'}` : '—'}</Table.Td>
                    <Table.Td>
                      <RowActions
                        edit={order.abilities.update && { label: `Edit order ${order.code}`, onClick: () => open(order) }}
                        remove={order.abilities.delete && { label: `Delete order ${order.code}`, onClick: () => setDeleting(order) }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {editing ? (
          <form onSubmit={save} aria-label={editing.order ? `Edit order ${editing.order.code}` : 'Add an order'} noValidate>
            <Title order={3} size="h5" mb="xs">
              {editing.order ? `Edit order ${editing.order.code}` : 'New order'}
            </Title>
            <Group align="end">
              <TextInput label="Order code" required data-autofocus w={140} {...field('code')} />
              <TextInput label="Order title" w={220} {...field('title')} />
              <TextInput label="Amount" inputMode="decimal" w={120} {...field('amount')} />
              <TextInput label="Currency" placeholder={client.currency ?? currency} maxLength={3} w={90} {...field('currency')} />
            </Group>
            <Group align="end" mt="sm">
              <TextInput label="Start date" type="date" w={170} {...field('startDate')} />
              <TextInput label="End date" type="date" w={170} {...field('endDate')} />
              <Button variant="default" onClick={() => setEditing(null)}>
                Cancel
              </Button>
              <Button type="submit" loading={calls.create.isPending || calls.update.isPending}>
                Save order
              </Button>
            </Group>
            {formError && <FormError mt="xs">{formError}</FormError>}
          </form>
        ) : (
          canManage && (
            <Group>
              <Button variant="light" onClick={() => open(null)}>
                Add order
              </Button>
            </Group>
          )
        )}
      </Stack>
      {deleting && (
        <Modal opened onClose={() => setDeleting(null)} title={`Delete order ${deleting.code}?`}>
          <Stack>
            <Text size="sm">The order code is no longer offered for this client.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                color="red.8"
                loading={calls.remove.isPending}
                data-autofocus
                onClick={() =>
                  calls.remove.mutate(deleting._id, {
                    onSuccess: () => {
                      notifications.show({ message: `Order ${deleting.code} is deleted.` });
                      setDeleting(null);
                    },
                    onError: (error) => {
                      setDeleting(null);
                      notifications.show({ message: error.message, color: 'red' });
                    },
                  })
                }
              >
                Delete order
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Modal>
  );
}
