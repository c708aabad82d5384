import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Profile, ProfileUpdate } from '@crewplan/domain/people/profile';
import { api } from './api.ts';
import { queryClient } from './query-client.ts';
import { useToken } from './token.ts';

export type { Profile, ProfileUpdate };

export const profileQuery = queryOptions({
  queryKey: ['people', 'profile'],
  queryFn: ({ signal }) => api<Profile>('/people/profile', { signal }),
});

/** The signed-in person; every screen reads it from here. */
export function useProfile() {
  const token = useToken();
  return useQuery({ ...profileQuery, enabled: Boolean(token) });
}

export function updateProfile(update: ProfileUpdate): Promise<Profile> {
  return api<Profile>('/people/profile', { method: 'PUT', body: update });
}

/** Saves part of the profile and shows it at once; the server's answer replaces the guess. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: profileQuery.queryKey });
      const previous = queryClient.getQueryData(profileQuery.queryKey);
      if (previous) queryClient.setQueryData(profileQuery.queryKey, { ...previous, ...update });
      return { previous };
    },
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(profileQuery.queryKey, context.previous);
    },
    onSuccess: (profile) => queryClient.setQueryData(profileQuery.queryKey, profile),
  });
}
