import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import type { BillableLine, Invoice, InvoiceLineInput, InvoiceSummary } from '@crewplan/domain/invoices/invoices';
import type { ClientOrder } from '@crewplan/domain/invoices/clients';
import { api } from '../../lib/api.ts';
import { toApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { userRequestId } from '../../lib/request-id.ts';
import { getToken } from '../../lib/token.ts';
import { nextPageOffset } from './list.ts';

/** Every invoice query starts with this key: a realtime change of an invoice refreshes them all. */
const ROOT = 'invoices';

/** The organisation's invoices, newest first, a page at a time: the next page starts after those loaded. */
export const invoiceListQuery = (orgId: string) =>
  infiniteQueryOptions({
    queryKey: [ROOT, orgId, 'list'],
    queryFn: ({ signal, pageParam }) =>
      api<{ invoices: InvoiceSummary[]; total: number }>(`/clientInvoice/org/${orgId}/list?offset=${pageParam}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, lastOffset) => nextPageOffset(last, lastOffset),
  });

export const invoiceQuery = (invoiceId: string) =>
  queryOptions({
    queryKey: [ROOT, 'one', invoiceId],
    queryFn: ({ signal }) => api<Invoice>(`/clientInvoice/${invoiceId}`, { signal }),
  });

export const billableQuery = (orgId: string, missionId: string) =>
  queryOptions({
    queryKey: [ROOT, orgId, 'billable', missionId],
    queryFn: ({ signal }) =>
      api<{ mission: { _id: string; title: string; currency: string }; lines: BillableLine[] }>(
        `/clientInvoice/org/${orgId}/billable?mission=${missionId}`,
        { signal },
      ),
  });

export const orgMissionsQuery = (orgId: string) =>
  queryOptions({
    queryKey: [ROOT, orgId, 'missions'],
    queryFn: ({ signal }) =>
      api<{ missions: { _id: string; title: string; client: string | null }[] }>(`/org/${orgId}/mission/overview`, { signal }),
    staleTime: 60_000,
  });

export const clientOrdersQuery = (orgId: string, clientId: string) =>
  queryOptions({
    queryKey: [ROOT, orgId, 'orders', clientId],
    queryFn: ({ signal }) => api<{ orders: ClientOrder[] }>(`/org/${orgId}/client/${clientId}/order`, { signal }),
  });

/** The invoice's PDF as the server draws it (or the uploaded one), with the bearer token; `version` refetches it. */
export const invoicePdfQuery = (invoiceId: string, version: string) =>
  queryOptions({
    queryKey: [ROOT, 'pdf', invoiceId, version],
    queryFn: async ({ signal }) => {
      const headers: Record<string, string> = { 'x-user-request-id': userRequestId() };
      const token = getToken();
      if (token) headers.authorization = `Bearer ${token}`;
      const response = await fetch(`/api/clientInvoice/${invoiceId}/pdf`, { headers, signal });
      if (!response.ok) throw toApiError(response.status, await response.json().catch(() => null));
      return response.blob();
    },
    staleTime: Infinity,
  });

export type InvoiceFields = {
  missionId?: string | null;
  orderId?: string | null;
  issueDate?: string;
  dueDate?: string | null;
  notes?: string;
  lines?: InvoiceLineInput[];
  status?: Invoice['status'];
  updatedAt?: string;
};

const refresh = () => queryClient.invalidateQueries({ queryKey: [ROOT] });
const keep = (invoice: Invoice) => {
  queryClient.setQueryData(invoiceQuery(invoice._id).queryKey, invoice);
  void refresh();
};

/** The invoice calls of an organisation: create, change, delete, upload a PDF, send, payment link. */
export function useInvoiceCalls(orgId: string) {
  return {
    create: useMutation({
      mutationFn: ({ clientId, payload }: { clientId: string; payload: InvoiceFields }) =>
        api<Invoice>(`/clientInvoice/org/${orgId}/client/${clientId}`, { method: 'POST', body: { payload } }),
      onSuccess: keep,
    }),
    update: useMutation({
      mutationFn: ({ id, payload, qbo }: { id: string; payload: InvoiceFields; qbo?: boolean }) =>
        api<Invoice>(`/clientInvoice/${id}`, { method: 'PUT', body: { payload, ...(qbo === undefined ? {} : { qbo }) } }),
      onSuccess: keep,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<{ deleted: true }>(`/clientInvoice/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    uploadPdf: useMutation({
      mutationFn: ({ id, file }: { id: string; file: File }) => {
        const form = new FormData();
        form.append('file', file);
        return api<Invoice>(`/clientInvoice/${id}/pdf`, { method: 'POST', body: form });
      },
      onSuccess: keep,
    }),
    send: useMutation({
      mutationFn: ({ id, to }: { id: string; to?: string }) =>
        api<{ to: string; invoice: Invoice }>(`/clientInvoice/${id}/send-email`, { method: 'POST', body: to ? { to } : {} }),
      onSuccess: (result) => keep(result.invoice),
    }),
    paymentLink: useMutation({
      mutationFn: (id: string) => api<{ url: string }>(`/clientInvoice/${id}/payment-link`, { method: 'POST' }),
      // a draft is issued (sent) with its link
      onSuccess: refresh,
    }),
  };
}
