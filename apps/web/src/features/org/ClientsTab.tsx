import { useState, type FormEvent } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  FileButton,
  Group,
  Modal,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconPencil, IconPhotoUp, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { COUNTRIES } from '@crewplan/domain/money/countries';
import { formatInvoiceNumber } from '@crewplan/domain/invoices/invoice-rules';
import { clientsQuery, useClients, type Client, type OrgDetail } from './api.ts';
import { ClientOrdersModal } from './ClientOrders.tsx';
import { FormError } from '../../components/FormError.tsx';

interface ClientForm {
  name: string;
  email: string;
  address: string;
  country: string | null;
  vatNumber: string;
}

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));

const formOf = (client?: Client): ClientForm => ({
  name: client?.name ?? '',
  email: client?.email ?? '',
  address: client?.address ?? '',
  country: client?.country ?? null,
  vatNumber: client?.vatNumber ?? '',
});
const bodyOf = (form: ClientForm) => ({
  name: form.name.trim(),
  email: form.email.trim() || null,
  address: form.address.trim() || null,
  country: form.country,
  vatNumber: form.vatNumber.trim() || null,
});

/** Clients: list, create, edit, archive, logo. */
export function ClientsTab({ org }: { org: OrgDetail }) {
  const [archived, setArchived] = useState(false);
  const clients = useQuery(clientsQuery(org._id, archived));
  const calls = useClients(org._id);
  const [editing, setEditing] = useState<{ client: Client | null; form: ClientForm } | null>(null);
  const canManage = org.abilities.manageClients;
  const [ordersOf, setOrdersOf] = useState<Client | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const done = { onSuccess: () => setEditing(null) };
    if (editing.client)
      calls.update.mutate({ id: editing.client._id, body: { ...bodyOf(editing.form), updatedAt: editing.client.updatedAt } }, done);
    else calls.create.mutate(bodyOf(editing.form), done);
  };
  const saveError = calls.create.error ?? calls.update.error;

  return (
    <Stack>
      <Group justify="space-between">
        <Switch label="Show archived clients" checked={archived} onChange={(e) => setArchived(e.currentTarget.checked)} />
        {canManage && (
          <Button
            onClick={() => {
              calls.create.reset();
              setEditing({ client: null, form: formOf() });
            }}
          >
            New client
          </Button>
        )}
      </Group>
      <Table striped aria-label="Clients" data-testid="org-clients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Orders</Table.Th>
            <Table.Th>Next invoice</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.data?.clients.map((client) => (
            <Table.Tr key={client._id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={client.logo} alt="" size="sm" radius="sm" color="brand">
                    {client.name.charAt(0).toUpperCase()}
                  </Avatar>
                  <Text size="sm" fw={500}>
                    {client.name}
                  </Text>
                  {client.archived && (
                    <Badge color="gray" variant="light">
                      Archived
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{client.email ?? '—'}</Table.Td>
              <Table.Td>{client.orderCodes.length > 0 ? client.orderCodes.join(', ') : '—'}</Table.Td>
              <Table.Td>{formatInvoiceNumber(client.nextInvoiceNumber)}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon variant="subtle" color="gray" aria-label={`Orders of ${client.name}`} onClick={() => setOrdersOf(client)}>
                    <IconReceipt size={16} aria-hidden="true" />
                  </ActionIcon>
                  {client.abilities.update && (
                    <FileButton
                      accept="image/png,image/jpeg,image/gif,image/webp"
                      onChange={(file) =>
                        file &&
                        calls.uploadLogo.mutate(
                          { id: client._id, file },
                          {
                            onSuccess: () => notifications.show({ message: `The logo of ${client.name} is updated.` }),
                            onError: (error) => notifications.show({ message: error.message, color: 'red' }),
                          },
                        )
                      }
                    >
                      {(props) => (
                        <ActionIcon {...props} variant="subtle" color="gray" aria-label={`Upload a logo for ${client.name}`}>
                          <IconPhotoUp size={16} aria-hidden="true" />
                        </ActionIcon>
                      )}
                    </FileButton>
                  )}
                  {client.abilities.update && (
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit ${client.name}`}
                      onClick={() => {
                        calls.update.reset();
                        setEditing({ client, form: formOf(client) });
                      }}
                    >
                      <IconPencil size={16} aria-hidden="true" />
                    </ActionIcon>
                  )}
                  {client.abilities.archive && !client.archived && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Archive ${client.name}`}
                      onClick={() =>
                        calls.archive.mutate(client._id, {
                          onSuccess: () => notifications.show({ message: `${client.name} is archived.` }),
                        })
                      }
                    >
                      <IconArchive size={16} aria-hidden="true" />
                    </ActionIcon>
                  )}
                  {client.archived && client.abilities.update && (
                    <Button size="xs" variant="subtle" onClick={() => calls.update.mutate({ id: client._id, body: { archived: false } })}>
                      Restore
                    </Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {clients.data?.clients.length === 0 && <Text c="dimmed">No clients yet.</Text>}
      {clients.isError && <FormError>{clients.error.message}</FormError>}
      {ordersOf && (
        <ClientOrdersModal
          orgId={org._id}
          client={ordersOf}
          canManage={canManage && !ordersOf.archived}
          currency={org.currency}
          onClose={() => setOrdersOf(null)}
        />
      )}
      {editing && (
        <Modal opened onClose={() => setEditing(null)} title={editing.client ? `Edit ${editing.client.name}` : 'New client'}>
          <form onSubmit={save}>
            <Stack>
              <TextInput
                label="Client name"
                required
                data-autofocus
                value={editing.form.name}
                onChange={(e) => setEditing({ ...editing, form: { ...editing.form, name: e.currentTarget.value } })}
              />
              <TextInput
                label="Billing email"
                type="email"
                value={editing.form.email}
                onChange={(e) => setEditing({ ...editing, form: { ...editing.form, email: e.currentTarget.value } })}
              />
              <TextInput
                label="Address"
                value={editing.form.address}
                onChange={(e) => setEditing({ ...editing, form: { ...editing.form, address: e.currentTarget.value } })}
              />
              <Select
                label="Country"
                description="Invoices follow its VAT"
                searchable
                clearable
                data={COUNTRY_OPTIONS}
                value={editing.form.country}
                onChange={(country) => setEditing({ ...editing, form: { ...editing.form, country } })}
              />
              <TextInput
                label="VAT number"
                description="An EU business client in another country is reverse-charged"
                value={editing.form.vatNumber}
                onChange={(e) => setEditing({ ...editing, form: { ...editing.form, vatNumber: e.currentTarget.value } })}
              />
              {saveError && <FormError>{saveError.message}</FormError>}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
                <Button type="submit" loading={calls.create.isPending || calls.update.isPending}>
                  Save client
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
    </Stack>
  );
}
