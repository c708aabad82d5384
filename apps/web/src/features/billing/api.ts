import { queryOptions, useMutation } from '@tanstack/react-query';
import type { BillingDetails, PaymentMethod, SubscriptionView } from '@crewplan/domain/billing/billing';
import { api } from '../../lib/api.ts';
import { queryClient } from '../../lib/query-client.ts';

export type { BillingDetails, PaymentMethod, SubscriptionView };
export type Usage = { storageBytes: number; storageGb: number; files: number };

/** Billing queries sit under the organisation's key, so its realtime changes refresh them too. */
const keyOf = (orgId: string) => ['orgs', orgId, 'billing'] as const;
const refresh = (orgId: string) => queryClient.invalidateQueries({ queryKey: ['orgs', orgId] });

/** `GET /org/:orgId/subscription`. */
export const subscriptionQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...keyOf(orgId), 'subscription'],
    queryFn: ({ signal }) => api<SubscriptionView>(`/org/${orgId}/subscription`, { signal }),
  });

/** `GET /org/:orgId/subscription/usage`. */
export const usageQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...keyOf(orgId), 'usage'],
    queryFn: ({ signal }) => api<Usage>(`/org/${orgId}/subscription/usage`, { signal }),
  });

/** `PUT /org/:orgId/subscription/customer`. */
export const useSaveCustomer = (orgId: string) =>
  useMutation({
    mutationFn: (details: BillingDetails) => api(`/org/${orgId}/subscription/customer`, { method: 'PUT', body: details }),
    onSuccess: () => refresh(orgId),
  });

/** `POST /org/:orgId/subscription`: the paid subscription, with the idempotency key of this attempt. */
export const useSubscribe = (orgId: string) =>
  useMutation({
    mutationFn: (body: { idempotencyKey: string; aiAddon: boolean }) =>
      api<SubscriptionView>(`/org/${orgId}/subscription`, { method: 'POST', body }),
    onSuccess: () => refresh(orgId),
  });

/** `POST /org/:orgId/subscription` with `{ trial: true }`. */
export const useStartTrial = (orgId: string) =>
  useMutation({
    mutationFn: () => api(`/org/${orgId}/subscription`, { method: 'POST', body: { trial: true } }),
    onSuccess: () => refresh(orgId),
  });

/** `POST /org/:orgId/subscription/oob-code`: redeems an offer code, activating the licence (admins and managers). */
export const useRedeemCode = (orgId: string) =>
  useMutation({
    mutationFn: (oobCode: string) => api<SubscriptionView>(`/org/${orgId}/subscription/oob-code`, { method: 'POST', body: { oobCode } }),
    onSuccess: () => refresh(orgId),
  });

/** `PUT /org/:orgId/subscription/cancel`. */
export const useCancel = (orgId: string) =>
  useMutation({
    mutationFn: () => api<SubscriptionView>(`/org/${orgId}/subscription/cancel`, { method: 'PUT' }),
    onSuccess: () => refresh(orgId),
  });

/** `POST …/payment-method/:id/attach?setDefault=0|1&detachDefault=0|1`. */
export const useAttachMethod = (orgId: string) =>
  useMutation({
    mutationFn: ({ id, setDefault, detachDefault }: { id: string; setDefault: boolean; detachDefault: boolean }) =>
      api(
        `/org/${orgId}/subscription/payment-method/${encodeURIComponent(id)}/attach?setDefault=${setDefault ? 1 : 0}&detachDefault=${detachDefault ? 1 : 0}`,
        {
          method: 'POST',
        },
      ),
    onSuccess: () => refresh(orgId),
  });

/** `DELETE …/payment-method/:id/detach`. */
export const useDetachMethod = (orgId: string) =>
  useMutation({
    mutationFn: (id: string) => api(`/org/${orgId}/subscription/payment-method/${encodeURIComponent(id)}/detach`, { method: 'DELETE' }),
    onSuccess: () => refresh(orgId),
  });
