import { Avatar, Button, Menu, Text } from '@mantine/core';
import { IconBuilding, IconChevronDown, IconPlus } from '@tabler/icons-react';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { useMyOrgs } from './api.ts';

/** The shell header's organisation switcher: my organisations, and "Create organisation". */
export function OrgSwitcher() {
  const { params } = useUrl();
  const orgs = useMyOrgs();
  const current = orgs.data?.find((org) => org._id === params.get('org'));
  return (
    <Menu position="bottom-end" width={260}>
      <Menu.Target>
        <Button
          variant="default"
          leftSection={<IconBuilding size={16} aria-hidden="true" />}
          rightSection={<IconChevronDown size={14} aria-hidden="true" />}
          aria-label={current ? `Organisation: ${current.title}. Switch organisation` : 'Organisations'}
        >
          <Text span size="sm" visibleFrom="sm" maw={160} truncate>
            {current?.title ?? 'Organisations'}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your organisations</Menu.Label>
        {orgs.data?.length === 0 && <Menu.Item disabled>None yet</Menu.Item>}
        {orgs.data?.map((org) => (
          <Menu.Item
            key={org._id}
            leftSection={
              <Avatar src={org.logo} alt="" size={20} radius="sm" color="brand">
                {org.title.charAt(0).toUpperCase()}
              </Avatar>
            }
            onClick={() => setParams({ org: org._id, 'org-tab': null, 'org-cfg': null, 'oc-domains': null, hq: null })}
          >
            {org.title}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={() => setParams({ hq: '', org: null })}>
          Create organisation
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
