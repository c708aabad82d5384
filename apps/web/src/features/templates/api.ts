import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Template, TemplateBulkUpdate } from '@crewplan/domain/templates/templates';
import { api as call, type ApiOptions } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { missionKeys } from '../../lib/mission-keys.ts';

export type { Template };

function api<T>(path: string, options?: ApiOptions): Promise<T> {
  return call<T>(path, options).catch((error: unknown) => {
    // a field's message says more than "Invalid body."
    if (error instanceof ApiError && error.fields) {
      const first = Object.values(error.fields).find((value) => typeof value === 'string');
      if (typeof first === 'string') throw new ApiError(error.status, error.code, first, error.fields);
    }
    throw error;
  });
}

/** `GET /template`: my personal templates and those of the organisation (all of my organisations without one). */
export const templatesQuery = (org: string | null) =>
  queryOptions({
    queryKey: missionKeys.templates(org),
    queryFn: ({ signal }) =>
      api<{ templates: Template[] }>(`/template${org ? `?org=${org}` : ''}`, { signal }).then((answer) => answer.templates),
  });

const refreshTemplates = () => queryClient.invalidateQueries({ queryKey: ['missions', 'templates'] });

export interface TemplateSave {
  title: string;
  description: string;
  isPrivate: boolean;
  org: string | null;
  isProposalTemplate: boolean;
  mission: string;
}

/** Saves a mission as a template (its plan is copied and the mission is marked as a saved template). */
export function useSaveTemplate() {
  return useMutation({
    mutationFn: (template: TemplateSave) => api<Template>('/template', { method: 'POST', body: { template: { ...template } } }),
    onSuccess: (_template, input) =>
      Promise.all([refreshTemplates(), queryClient.invalidateQueries({ queryKey: missionKeys.mission(input.mission) })]),
  });
}

export function useUpdateTemplates() {
  return useMutation({
    mutationFn: (templates: TemplateBulkUpdate['templates']) =>
      api<{ templates: Template[] }>('/template/bulk', { method: 'PUT', body: { templates } }),
    onSettled: refreshTemplates,
  });
}

export function useDeleteTemplates() {
  return useMutation({
    mutationFn: (ids: string[]) => api<{ deleted: string[] }>('/template/delete/bulk', { method: 'POST', body: { ids } }),
    onSettled: () => Promise.all([refreshTemplates(), queryClient.invalidateQueries({ queryKey: missionKeys.all })]),
  });
}
