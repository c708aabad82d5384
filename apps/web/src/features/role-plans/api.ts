import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type {
  RolePlanBulkBody,
  RolePlanBulkResult,
  RolePlanCreate,
  RolePlanItem,
  RolePlanItemList,
} from '@crewplan/domain/role-plans/role-plans';
import { api } from '../../lib/api.ts';
import { reportToServer } from '../../lib/client-log.ts';
import { queryClient } from '../../lib/query-client.ts';

export type { RolePlanItem };

/** Every query here starts with 'role-plans': a change heard on the organisation's room refreshes them all. */
const ROOT = 'role-plans';

export const rolePlansQuery = (orgId: string) =>
  queryOptions({
    queryKey: [ROOT, orgId],
    queryFn: ({ signal }) => api<RolePlanItemList>(`/org-role-plan-item/org/${orgId}`, { signal }).then((answer) => answer.items),
    retry: false,
  });

export const useRolePlans = (orgId: string | null) => useQuery({ ...rolePlansQuery(orgId ?? ''), enabled: !!orgId });

const refresh = () => queryClient.invalidateQueries({ queryKey: [ROOT] });
/** Rule 91: a role-plan failure shows the server's message as an error toast. */
const failed = (error: unknown) =>
  notifications.show({ color: 'red', title: 'Not saved', message: (error as Error).message, autoClose: 8_000 });

/** The writes of the Request and Assign resources tabs; each refreshes the lists, a merge shows the spec's toast. */
export function useRolePlanWrites(orgId: string) {
  const base = `/org-role-plan-item/org/${orgId}`;
  const create = useMutation({
    mutationFn: (body: Partial<RolePlanCreate> & { roleId: string }) => api<RolePlanItem>(base, { method: 'POST', body }),
    onSuccess: () => notifications.show({ message: 'The role is requested as a draft.' }),
    onError: failed,
    onSettled: refresh,
  });
  const bulk = useMutation({
    mutationFn: (body: RolePlanBulkBody) => api<RolePlanBulkResult>(`${base}/role-plan-item/bulk`, { method: 'PUT', body }),
    onSuccess: (result) => {
      if (result.message) notifications.show({ color: 'teal', message: result.message });
    },
    // rule 88: a failed bulk change shows the server's message and is reported to it, silently
    onError: (error, body) => {
      failed(error);
      void reportToServer('error', { message: 'role-plan bulk change failed', error, data: { action: body.action } });
    },
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (itemId: string) => api<{ deleted: string }>(`${base}/role-plan-item/${itemId}`, { method: 'DELETE' }),
    onError: failed,
    onSettled: refresh,
  });
  return { create, bulk, remove };
}
