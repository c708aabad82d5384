import { Paper, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageUsage as Usage } from '@crewplan/domain/files/files';
import { formatStorageGb } from '@crewplan/domain/files/labels';
import { api } from '../../lib/api.ts';
import { plural } from '@crewplan/domain/shared/words';

/** `GET /org/:orgId/drive/usage`: what the organisation's uploaded files take up (under 'orgs', refreshed with the area). */
export const storageUsageQuery = (orgId: string) =>
  queryOptions({
    queryKey: ['orgs', orgId, 'drive-usage'],
    queryFn: ({ signal }) => api<Usage>(`/org/${orgId}/drive/usage`, { signal }),
  });

/** The storage the organisation's files use, in GB with a decimal base (spec 3 §9); nothing when the server refuses it. */
export function StorageUsage({ orgId }: { orgId: string }) {
  const usage = useQuery({ ...storageUsageQuery(orgId), retry: false });
  if (!usage.data) return null;
  const { bytes, files } = usage.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="org-storage-title">
      <Title order={2} size="h4" id="org-storage-title" mb="xs">
        Storage
      </Title>
      <Text size="sm" data-testid="org-storage-usage">
        {formatStorageGb(bytes)} used by {plural(files, 'file')}
      </Text>
    </Paper>
  );
}
