import { useEffect } from 'react';
import { Select } from '@mantine/core';
import { resourceTabOrgs } from '@crewplan/domain/role-plans/tab';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { joinRoom } from '../../lib/realtime.ts';
import { useMyOrgs } from '../org/index.ts';

/**
 * The organisation whose role plans a tab shows (`?org=` in the URL, else the first eligible one), and its picker
 * when there are several. While the tab shows, the organisation's room keeps the list live.
 */
export function useResourceOrg() {
  const { params } = useUrl();
  const orgs = resourceTabOrgs(useMyOrgs().data ?? []);
  const asked = params.get('org');
  const org = orgs.find((entry) => entry._id === asked) ?? orgs[0] ?? null;
  const orgId = org?._id;
  useEffect(() => (orgId ? joinRoom(`changes/orgs/${orgId}`) : undefined), [orgId]);
  const picker =
    orgs.length > 1 ? (
      <Select
        label="Organization"
        w={280}
        data={orgs.map((entry) => ({ value: entry._id, label: entry.title }))}
        value={org?._id ?? null}
        onChange={(value) => value && setParams({ org: value })}
        allowDeselect={false}
      />
    ) : null;
  return { org, picker };
}
