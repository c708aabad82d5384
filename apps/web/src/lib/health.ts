import { queryOptions } from '@tanstack/react-query';
import { api } from './api.ts';

export interface Health {
  version?: string;
  env?: string;
}

const FIVE_MINUTES = 5 * 60_000;

export const healthQuery = queryOptions({
  queryKey: ['health'],
  queryFn: () => api<Health>('/health'),
  refetchInterval: FIVE_MINUTES,
  refetchIntervalInBackground: true,
  staleTime: FIVE_MINUTES,
  retry: false,
});
