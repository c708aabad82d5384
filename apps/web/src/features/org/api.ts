import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Client, ClientCreate, ClientUpdate } from '@crewplan/domain/invoices/clients';
import type { ApiKey } from '@crewplan/domain/org/access';
import type { AuditEntity, AuditEvent } from '@crewplan/domain/org/audit';
import type { OrgInvite } from '@crewplan/domain/org/invites';
import type { Org, OrgDetail } from '@crewplan/domain/org/org';
import type { OrgPerson } from '@crewplan/domain/org/people';
import type { OrgLevel } from '@crewplan/domain/org/levels';
import { api as call, type ApiOptions } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { myOrgsQuery, orgKeys, orgQuery } from '../../lib/org-query.ts';
import { queryClient } from '../../lib/query-client.ts';
import type { StructureKind } from './org-rules.ts';

export type { ApiKey, AuditEvent, Client, Org, OrgDetail, OrgInvite, OrgLevel, OrgPerson };

/** The first field's message says more than "Invalid body." (e.g. the spec's invalid-email text). */
export function withFieldMessage(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const first = Object.values(error.fields).find((value) => typeof value === 'string');
  return typeof first === 'string' ? new ApiError(error.status, error.code, first, error.fields) : error;
}

function api<T>(path: string, options?: ApiOptions): Promise<T> {
  return call<T>(path, options).catch((error: unknown) => {
    throw withFieldMessage(error);
  });
}

export { myOrgsQuery, orgKeys, orgQuery };

export interface PeopleFilters {
  department?: string | null;
  office?: string | null;
  program?: string | null;
  search?: string;
  /** Paging of the table (the server lists 200 by default). */
  limit?: number;
  offset?: number;
}

export function peopleSearch(filters: PeopleFilters): string {
  const params = new URLSearchParams();
  if (filters.department) params.set('department', filters.department);
  if (filters.office) params.set('office', filters.office);
  if (filters.program) params.set('program', filters.program);
  if (filters.search?.trim()) params.set('search', filters.search.trim());
  if (filters.limit) params.set('limit', String(filters.limit));
  if (filters.offset) params.set('offset', String(filters.offset));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const orgPeopleQuery = (orgId: string, filters: PeopleFilters) =>
  queryOptions({
    queryKey: [...orgKeys.org(orgId), 'people', peopleSearch(filters)],
    queryFn: ({ signal }) => api<{ people: OrgPerson[]; total: number }>(`/v2/orgs/${orgId}/people${peopleSearch(filters)}`, { signal }),
  });

export const clientsQuery = (orgId: string, archived: boolean) =>
  queryOptions({
    queryKey: [...orgKeys.org(orgId), 'clients', archived],
    queryFn: ({ signal }) => api<{ clients: Client[] }>(`/v2/orgs/${orgId}/clients${archived ? '?archived=true' : ''}`, { signal }),
  });

export interface AuditTree {
  org: { _id: string; title: string };
  total: number;
  children: { entity: AuditEntity; count: number; children: { entityId: string; title: string; count: number; events: AuditEvent[] }[] }[];
}

export const auditQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKeys.org(orgId), 'audit'],
    queryFn: ({ signal }) => api<AuditTree>(`/org/${orgId}/audit/tree`, { signal }),
  });

export const refreshOrg = (orgId: string) => queryClient.invalidateQueries({ queryKey: orgKeys.org(orgId) });
const refreshAll = () => queryClient.invalidateQueries({ queryKey: orgKeys.all });

export function useMyOrgs(enabled = true) {
  return useQuery({ ...myOrgsQuery, enabled });
}

export type OrgSettingsInput = Partial<
  Pick<
    Org,
    | 'title'
    | 'currency'
    | 'roleDefaultRateTime'
    | 'holidayCountryCode'
    | 'daysPerWeek'
    | 'carryOverAnnualLeaveCutOff'
    | 'carryOverAnnualLeaveAmount'
    | 'carryOverAnnualLeaveFx'
    | 'inviteDomains'
    | 'overTimeAfterDayOrWeek'
    | 'overTimeAfter'
    | 'isMFARequired'
    | 'rolesNeedApproval'
    | 'canProjectManagersApproveRoles'
    | 'projectCreationRestricted'
    | 'invoicingDisabled'
    | 'proposalDeadlines'
  >
>;

export function createOrg(input: OrgSettingsInput & { title: string }): Promise<Org> {
  return api<Org>('/org', { method: 'POST', body: input });
}

export function useCreateOrg() {
  return useMutation({ mutationFn: createOrg, onSuccess: refreshAll });
}

export function useUpdateOrg(orgId: string) {
  return useMutation({
    mutationFn: (input: OrgSettingsInput & { updatedAt?: string }) => api<Org>(`/org/${orgId}`, { method: 'PUT', body: input }),
    onSuccess: refreshAll,
  });
}

export function useUploadOrgLogo(orgId: string) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('orgLogo', file);
      return api<Org>(`/org/${orgId}/logo`, { method: 'POST', body: form });
    },
    onSuccess: refreshAll,
  });
}

export type OrgPersonChange = Partial<{
  permission: OrgLevel;
  role: string | null;
  departments: string[];
  office: string | null;
  accessibleDepartments: string[];
  accessibleOffices: string[];
  canApproveRoles: boolean;
  canApproveLeaves: boolean;
  canManageGoals: boolean;
  canCreateProjects: boolean;
  startDate: string | null;
  yearsOfPreService: string | null;
  leaveAmounts: NonNullable<OrgPerson['leaveAmounts']>;
}>;

export function useUpdatePerson(orgId: string) {
  return useMutation({
    mutationFn: ({ personId, change }: { personId: string; change: OrgPersonChange }) =>
      api<OrgPerson>(`/org/${orgId}/people/${personId}`, { method: 'PUT', body: change }),
    onSuccess: () => refreshOrg(orgId),
  });
}

export function removePerson(
  orgId: string,
  personId: string,
  options: { removeFromMissions: boolean; confirmDeleteOrganisation: boolean },
) {
  const query = new URLSearchParams({
    removeFromMissions: String(options.removeFromMissions),
    confirmDeleteOrganisation: String(options.confirmDeleteOrganisation),
  });
  return api<{ person: OrgPerson | null; organisationDeleted: boolean }>(`/org/${orgId}/people/${personId}?${query}`, { method: 'DELETE' });
}

/** Structure items: departments, offices, roles, programs (`/org/:id/{kind}[/:itemId]`). */
export function useStructure(orgId: string, kind: StructureKind) {
  const done = () => refreshOrg(orgId);
  return {
    create: useMutation({
      mutationFn: (body: Record<string, unknown>) => api(`/org/${orgId}/${kind}`, { method: 'POST', body }),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
        api(`/org/${orgId}/${kind}/${id}`, { method: 'PUT', body }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(`/org/${orgId}/${kind}/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}

export function useGoals(orgId: string) {
  const done = () => refreshOrg(orgId);
  return {
    create: useMutation({
      mutationFn: (body: { title: string; description?: string }) => api(`/org/${orgId}/goal`, { method: 'POST', body }),
      onSuccess: done,
    }),
    remove: useMutation({ mutationFn: (id: string) => api(`/org/${orgId}/goal/${id}`, { method: 'DELETE' }), onSuccess: done }),
  };
}

export function useClients(orgId: string) {
  const done = () => refreshOrg(orgId);
  return {
    create: useMutation({
      mutationFn: (body: Partial<ClientCreate> & { name: string }) => api<Client>(`/org/${orgId}/client`, { method: 'POST', body }),
      onSuccess: done,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: ClientUpdate }) => api<Client>(`/org/${orgId}/client/${id}`, { method: 'PUT', body }),
      onSuccess: done,
    }),
    archive: useMutation({
      mutationFn: (id: string) => api<Client>(`/org/${orgId}/client/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
    uploadLogo: useMutation({
      mutationFn: ({ id, file }: { id: string; file: File }) => {
        const form = new FormData();
        form.append('orgClientLogo', file);
        return api<Client>(`/org/${orgId}/client/${id}/logo`, { method: 'POST', body: form });
      },
      onSuccess: done,
    }),
  };
}

export function useInvite(orgId: string) {
  return useMutation({
    mutationFn: (body: { inviteeEmail: string; config: { permission: OrgLevel }; message: string }) =>
      api<OrgInvite>(`/org/${orgId}/invite`, { method: 'POST', body }),
    onSuccess: () => refreshOrg(orgId),
  });
}

/** `GET /org/:id/invites`: the pending invites (for those who may invite); refreshed with the organisation. */
export const orgInvitesQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKeys.org(orgId), 'invites'],
    queryFn: ({ signal }) => api<{ invites: OrgInvite[] }>(`/org/${orgId}/invites`, { signal }).then((answer) => answer.invites),
  });

export function useRevokeInvite(orgId: string) {
  return useMutation({
    mutationFn: (inviteId: string) => api<OrgInvite>(`/org-invite/${inviteId}`, { method: 'DELETE' }),
    onSuccess: () => refreshOrg(orgId),
  });
}

export function useApiKeys(orgId: string) {
  const done = () => refreshOrg(orgId);
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        api<ApiKey & { keyId: string; key: string }>(`/org/${orgId}/open-api/keys`, { method: 'POST', body: { name } }),
      onSuccess: done,
    }),
    revoke: useMutation({
      mutationFn: (keyId: string) => api<{ revoked: number }>(`/org/${orgId}/open-api/keys?keyId=${keyId}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}

/** The invite a mailed link names (public), then what the signed-in person may do with it. */
export interface InviteByToken {
  _id: string;
  org: { _id: string; title: string; logo: string | null };
  inviteeEmail: string;
  permission: number;
  level: OrgLevel;
  message: string;
  invitedBy: { firstName: string; lastName: string } | null;
  expiresAt: string;
}

export const inviteByTokenQuery = (token: string) =>
  queryOptions({
    queryKey: ['org-invite', token],
    queryFn: ({ signal }) => api<InviteByToken>(`/org-invite/token/${encodeURIComponent(token)}`, { signal }),
  });

export function handleInvite(token: string) {
  return api<{ invite: InviteByToken; canAccept: boolean; reason: 'email-mismatch' | 'email-not-verified' | null }>(
    `/org-invite/handle/${encodeURIComponent(token)}`,
    { method: 'POST' },
  );
}

export function answerInvite(inviteId: string, answer: 'accept' | 'reject') {
  return api<unknown>(`/org-invite/${inviteId}/${answer}`, { method: 'PUT' });
}

export const afterInviteAccepted = () => refreshAll();
