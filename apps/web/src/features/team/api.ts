import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Mission } from '@crewplan/domain/missions/mission';
import type { MissionInvite, MissionInviteByToken, MissionPersonUpdate } from '@crewplan/domain/team/team';
import type { OrgDetail } from '@crewplan/domain/org/org';
import type { OrgPerson } from '@crewplan/domain/org/people';
import { ACCOUNT_MESSAGES } from '@crewplan/domain/messages/index';
import { api as call, type ApiOptions } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { clearedMissionParams, missionKeys } from '../../lib/mission-keys.ts';
import { setParams } from '../../lib/url-state.ts';
import { leftMission } from './team-rules.ts';

export type { MissionInvite, MissionInviteByToken, OrgDetail, OrgPerson };

/** A field's message says more than "Invalid body." (e.g. the spec's invalid-email text). */
function withFieldMessage(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const first = Object.values(error.fields).find((value) => typeof value === 'string');
  return typeof first === 'string' ? new ApiError(error.status, error.code, first, error.fields) : error;
}

function api<T>(path: string, options?: ApiOptions): Promise<T> {
  return call<T>(path, options).catch((error: unknown) => {
    throw withFieldMessage(error);
  });
}

const refreshMission = (missionId: string) => queryClient.invalidateQueries({ queryKey: missionKeys.mission(missionId) });

/** The organisation of the mission: approved domains, licence, and the inviter's own level. */
export const missionOrgQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['missions', 'org', orgId],
    queryFn: ({ signal }) => api<OrgDetail>(`/org/${orgId}`, { signal }),
    staleTime: 30_000,
  });

/** Organisation people matching a search, at most `limit` (the invite card shows 100, rule 131). */
export const orgPeopleSearchQuery = (orgId: string, search: string, limit: number) =>
  queryOptions({
    queryKey: ['missions', 'org', orgId, 'people', search, limit],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ limit: String(limit) });
      if (search.trim()) params.set('search', search.trim());
      return api<{ people: OrgPerson[]; total: number }>(`/v2/orgs/${orgId}/people?${params}`, { signal });
    },
    staleTime: 10_000,
  });

export function useUpdateTeamPerson(missionId: string) {
  return useMutation({
    mutationFn: ({ personId, change }: { personId: string; change: MissionPersonUpdate }) =>
      api<unknown>(`/mission/${missionId}/people/${personId}`, { method: 'PUT', body: change }),
    onSettled: () => refreshMission(missionId),
  });
}

/**
 * Removes a person (an organisation admin is downgraded instead); throws the server's last-admin text. When I leave
 * the mission myself, it closes and leaves my missions.
 */
export async function removeTeamPerson(missionId: string, personId: string, self = false): Promise<'remove' | 'downgrade'> {
  const answer = await api<{ effect: 'remove' | 'downgrade' }>(`/mission/${missionId}/people/${personId}?confirm=true`, {
    method: 'DELETE',
  });
  if (leftMission(answer.effect, self)) {
    setParams(clearedMissionParams());
    void queryClient.invalidateQueries({ queryKey: ['missions', 'tree'] });
    return answer.effect;
  }
  await refreshMission(missionId);
  return answer.effect;
}

export interface InviteInput {
  config: { role?: string | null; permission: number; isProjectManager: boolean };
  message: string;
  invitee?: string;
  inviteeEmail?: string;
  autoCreateRole: boolean;
}

export function useSendInvite(missionId: string) {
  return useMutation({
    mutationFn: (body: InviteInput) => api<MissionInvite>(`/mission/${missionId}/invite`, { method: 'POST', body: { ...body } }),
    // a refusal may mean the free slots filled up meanwhile: the refreshed mission shows the upgrade view
    onSettled: () => refreshMission(missionId),
  });
}

/** A manager clears a domain for the project (`inviteDomains` of the mission). */
export async function authoriseDomain(mission: Pick<Mission, '_id' | 'inviteDomains'>, domain: string): Promise<void> {
  const inviteDomains = [...new Set([...mission.inviteDomains, domain.trim().toLowerCase()])];
  await api<unknown>(`/mission/${mission._id}`, { method: 'PUT', body: { inviteDomains } });
  await refreshMission(mission._id);
}

/** Resends my verification mail; 429 means one is already on its way. */
export async function resendMyVerification(email: string): Promise<string> {
  try {
    await api('/people/profile/email/verify', { method: 'PUT', body: { email } });
    return ACCOUNT_MESSAGES.verificationSent;
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return ACCOUNT_MESSAGES.verificationAlreadySent;
    throw error;
  }
}

export async function activateLicence(missionId: string, licenseKey: string): Promise<void> {
  await api(`/mission/${missionId}/license`, { method: 'POST', body: { licenseKey } });
  await refreshMission(missionId);
}

export async function applyPromo(missionId: string, promoCode: string): Promise<void> {
  await api(`/mission/${missionId}/promo/apply`, { method: 'PUT', body: { promoCode } });
  await refreshMission(missionId);
}

export const missionInviteQuery = (token: string) =>
  queryOptions({
    queryKey: ['mission-invite', token],
    queryFn: ({ signal }) => api<MissionInviteByToken>(`/mission-invite/token/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });

/** Handling the link once signed in ties the invite to me (and proves the email it was mailed to). */
export function handleMissionInvite(token: string) {
  return api<unknown>(`/mission-invite/handle/${encodeURIComponent(token)}`, { method: 'POST' });
}

export async function answerMissionInvite(inviteId: string, answer: 'accept' | 'reject') {
  const result = await api<{ _id: string; mission: string; status: string }>(`/mission-invite/${inviteId}/${answer}`, { method: 'PUT' });
  await queryClient.invalidateQueries({ queryKey: missionKeys.all });
  return result;
}
