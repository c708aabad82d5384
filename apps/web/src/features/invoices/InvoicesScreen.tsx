import { useState } from 'react';
import {
  Badge,
  Button,
  CloseButton,
  Container,
  Group,
  Loader,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatInvoiceNumber } from '@crewplan/domain/invoices/invoice-rules';
import { clientsQuery, orgQuery } from '../org/index.ts';
import { FormError } from '../../components/FormError.tsx';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { ScreenTop } from '../../components/ScreenTop.tsx';
import { clientOrdersQuery, invoiceListQuery, orgMissionsQuery, useInvoiceCalls } from './api.ts';
import { BADGE_TEXT, formatAmount, STATUS_COLORS, STATUS_LABELS } from './format.ts';
import { InvoiceEditor } from './InvoiceEditor.tsx';
import { invoicesOfPages, newDraftPayload, projectsOfClient } from './list.ts';

/**
 * The organisation's invoice area (`?org=<id>&invoice=`): clients with their orders, the invoices with status and
 * totals, a new invoice; `invoice=<id>` opens that invoice's editor.
 */
export function InvoicesScreen({ value: invoiceId }: { value: string }) {
  const { params } = useUrl();
  const orgId = params.get('org') ?? '';
  const org = useQuery({ ...orgQuery(orgId), enabled: Boolean(orgId) });
  const close = () => setParams({ invoice: null });
  const canIssue = org.data?.abilities.manageClients === true && !org.data.invoicingDisabled;

  return (
    <Modal.Root opened onClose={close} fullScreen transitionProps={{ duration: 0 }} closeOnEscape={false}>
      <Modal.Content aria-label="Invoices">
        <Modal.Body p={0}>
          <Container size="xl" py="md">
            <ScreenTop
              mb="md"
              title={
                <>
                  <Title order={1} size="h2">
                    Invoices
                  </Title>
                  {org.data && (
                    <Text size="sm" c="dimmed">
                      {org.data.title} · {org.data.currency}
                    </Text>
                  )}
                </>
              }
              controls={
                invoiceId && (
                  <Button variant="default" onClick={() => setParams({ invoice: '' })}>
                    All invoices
                  </Button>
                )
              }
              close={<CloseButton size="lg" onClick={close} aria-label="Close the invoices" />}
            />
            {org.isPending && <Loader aria-label="Loading the organisation" />}
            {org.isError && <FormError>{org.error.message}</FormError>}
            {org.data?.invoicingDisabled && <Text c="dimmed">Invoicing is disabled for this organisation.</Text>}
            {org.data &&
              (invoiceId ? (
                <InvoiceEditor orgId={orgId} invoiceId={invoiceId} orgTitle={org.data.title} orgCountry={org.data.holidayCountryCode} />
              ) : (
                <InvoiceArea orgId={orgId} canIssue={canIssue} />
              ))}
          </Container>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function InvoiceArea({ orgId, canIssue }: { orgId: string; canIssue: boolean }) {
  const invoices = useInfiniteQuery(invoiceListQuery(orgId));
  const shown = invoicesOfPages(invoices.data?.pages ?? []);
  const total = invoices.data?.pages.at(-1)?.total ?? 0;
  const clients = useQuery(clientsQuery(orgId, false));
  const [creating, setCreating] = useState(false);
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          All invoices
        </Title>
        {canIssue && <Button onClick={() => setCreating(true)}>New invoice</Button>}
      </Group>
      <Table striped highlightOnHover aria-label="Invoices" data-testid="invoice-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Project</Table.Th>
            <Table.Th>Issued</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((invoice) => (
            <Table.Tr key={invoice._id} style={{ cursor: 'pointer' }} onClick={() => setParams({ invoice: invoice._id })}>
              <Table.Td>
                <Button variant="subtle" size="compact-sm" onClick={() => setParams({ invoice: invoice._id })}>
                  {invoice.numberText}
                </Button>
              </Table.Td>
              <Table.Td>{invoice.client.name}</Table.Td>
              <Table.Td>{invoice.mission?.title ?? '—'}</Table.Td>
              <Table.Td>{invoice.issueDate}</Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLORS[invoice.status]} variant="light" c={BADGE_TEXT}>
                  {STATUS_LABELS[invoice.status]}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{formatAmount(invoice.total, invoice.currency)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {invoices.isPending && <Loader size="sm" aria-label="Loading the invoices" />}
      {invoices.data && shown.length === 0 && <Text c="dimmed">No invoices yet.</Text>}
      {invoices.hasNextPage && (
        <Group gap="xs">
          <Button variant="default" loading={invoices.isFetchingNextPage} onClick={() => void invoices.fetchNextPage()}>
            Load more
          </Button>
          <Text size="sm" c="dimmed">
            {shown.length} of {total}
          </Text>
        </Group>
      )}
      {invoices.isError && <FormError>{invoices.error.message}</FormError>}

      <Title order={2} size="h4" mt="lg">
        Clients’ orders
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="client-orders-overview">
        {clients.data?.clients.map((client) => (
          <Paper key={client._id} withBorder p="sm">
            <Text fw={500}>{client.name}</Text>
            <Text size="sm" c="dimmed">
              {client.orderCodes.length > 0 ? `Orders: ${client.orderCodes.join(', ')}` : 'No orders'} · next invoice{' '}
              {formatInvoiceNumber(client.nextInvoiceNumber)}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {clients.data?.clients.length === 0 && <Text c="dimmed">Add clients in the organisation’s Clients tab first.</Text>}
      {creating && <NewInvoice orgId={orgId} onClose={() => setCreating(false)} />}
    </Stack>
  );
}

function NewInvoice({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const clients = useQuery(clientsQuery(orgId, false));
  const missions = useQuery(orgMissionsQuery(orgId));
  const [clientId, setClientId] = useState<string | null>(null);
  const [orderId, setOrderId] = useState<string | null>(null);
  const [missionId, setMissionId] = useState<string | null>(null);
  const orders = useQuery({ ...clientOrdersQuery(orgId, clientId ?? ''), enabled: Boolean(clientId) });
  const { create } = useInvoiceCalls(orgId);
  return (
    <Modal opened onClose={onClose} title="New invoice">
      <Stack>
        <Select
          label="Client"
          required
          searchable
          data-autofocus
          data={(clients.data?.clients ?? []).map((client) => ({ value: client._id, label: client.name }))}
          value={clientId}
          onChange={(value) => {
            setClientId(value);
            setOrderId(null);
            setMissionId(null);
          }}
        />
        <Select
          label="Client order"
          clearable
          disabled={!clientId}
          data={(orders.data?.orders ?? []).map((order) => ({
            value: order._id,
            label: order.title ? `${order.code} · ${order.title}` : order.code,
          }))}
          value={orderId}
          onChange={setOrderId}
        />
        <Select
          label="Project"
          description="Its approved time and reached milestones can be drawn into the invoice"
          clearable
          searchable
          disabled={!clientId}
          data={projectsOfClient(missions.data?.missions ?? [], clientId).map((mission) => ({ value: mission._id, label: mission.title }))}
          value={missionId}
          onChange={setMissionId}
        />
        {create.error && <FormError>{create.error.message}</FormError>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!clientId}
            loading={create.isPending}
            onClick={() =>
              clientId &&
              create.mutate(
                { clientId, payload: newDraftPayload(orderId, missionId) },
                {
                  onSuccess: (invoice) => {
                    onClose();
                    setParams({ invoice: invoice._id });
                  },
                },
              )
            }
          >
            Create draft
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
