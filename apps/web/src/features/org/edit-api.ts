import { queryOptions, useMutation } from '@tanstack/react-query';
import type { ClientOrder } from '@crewplan/domain/invoices/clients';
import type { Goal } from '@crewplan/domain/org/structure';
import { api as call, type ApiOptions } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { myOrgsQuery, orgKeys, refreshOrg, withFieldMessage, type OrgPerson } from './api.ts';
import type { LeaveAmounts } from './org-edit-rules.ts';

/** Calls of the organisation editors (lazy screens only). */

export type { ClientOrder, Goal };

function api<T>(path: string, options?: ApiOptions): Promise<T> {
  return call<T>(path, options).catch((error: unknown) => {
    throw withFieldMessage(error);
  });
}

/** `PUT /org/:id/people/:personId/email`: the address the organisation uses for the person. */
export function useChangePersonEmail(orgId: string) {
  return useMutation({
    mutationFn: ({ personId, email }: { personId: string; email: string }) =>
      api<OrgPerson>(`/org/${orgId}/people/${personId}/email`, { method: 'PUT', body: { email } }),
    onSuccess: () => refreshOrg(orgId),
  });
}

/** `POST /org/:id/schedule/people`: the day a person leaves (after today), or null to cancel it. */
export function useSchedulePerson(orgId: string) {
  return useMutation({
    mutationFn: (body: { personId: string; endDate: string | null; removeFromMissions: boolean }) =>
      api<OrgPerson>(`/org/${orgId}/schedule/people`, { method: 'POST', body }),
    onSuccess: () => refreshOrg(orgId),
  });
}

/** Leave amounts and pre-service go with the other person fields (`PUT /org/:id/people/:personId`). */
export type PersonDetailsChange = { leaveAmounts?: LeaveAmounts; yearsOfPreService?: string | null };

/** `PUT /org/:id/goal/:goalId`. */
export function useUpdateGoal(orgId: string) {
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string;
      body: Partial<Pick<Goal, 'title' | 'description' | 'departments' | 'offices' | 'owner'>> & { updatedAt?: string };
    }) => api<Goal>(`/org/${orgId}/goal/${id}`, { method: 'PUT', body }),
    onSuccess: () => refreshOrg(orgId),
  });
}

/** `DELETE /org/:id`. Once the screens have let go of it, `forgetOrg` drops what was loaded. */
export function useDeleteOrg(orgId: string) {
  return useMutation({ mutationFn: () => api<{ deleted: true }>(`/org/${orgId}`, { method: 'DELETE' }) });
}

/** A deleted organisation: its answers are dropped (not refetched into a 404) and my list is read again. */
export function forgetOrg(orgId: string) {
  queryClient.removeQueries({ queryKey: orgKeys.org(orgId) });
  return queryClient.invalidateQueries({ queryKey: myOrgsQuery.queryKey });
}

export const ordersQuery = (orgId: string, clientId: string) =>
  queryOptions({
    queryKey: [...orgKeys.org(orgId), 'client', clientId, 'orders'],
    queryFn: ({ signal }) => api<{ orders: ClientOrder[] }>(`/org/${orgId}/client/${clientId}/order`, { signal }),
  });

export type OrderBody = {
  code: string;
  title: string;
  amount: number | null;
  currency: string | null;
  startDate: string | null;
  endDate: string | null;
};

/** Orders of a client under `/org/:id/client/:clientId/order[/:orderId]`. */
export function useOrders(orgId: string, clientId: string) {
  const done = () => refreshOrg(orgId);
  const base = `/org/${orgId}/client/${clientId}/order`;
  return {
    create: useMutation({ mutationFn: (body: OrderBody) => api<ClientOrder>(base, { method: 'POST', body }), onSuccess: done }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: OrderBody & { updatedAt?: string } }) =>
        api<ClientOrder>(`${base}/${id}`, { method: 'PUT', body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<{ deleted: true; _id: string }>(`${base}/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}
