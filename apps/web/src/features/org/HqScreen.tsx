import './styles.ts';
import { FileButton, Avatar, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { ORG_MESSAGES } from '@crewplan/domain/messages/index';
import { setParams, useUrl } from '../../lib/url-state.ts';
import { orgQuery, useCreateOrg, useUpdateOrg, useUploadOrgLogo, type OrgDetail } from './api.ts';
import { NEW_ORG_DEFAULTS, OrgSettingsForm, valuesOf } from './OrgSettingsForm.tsx';
import { DeleteOrgSection } from './DeleteOrg.tsx';
import { HQ_Z_INDEX } from './org-rules.ts';
import { FormError } from '../../components/FormError.tsx';

/** `?hq`: create an organisation; `?hq&org=<id>`: edit one. */
export function HqScreen() {
  const { params } = useUrl();
  const orgId = params.get('org');
  const org = useQuery({ ...orgQuery(orgId ?? ''), enabled: Boolean(orgId) });
  const close = () => setParams({ hq: null });
  // above the organisation area it edits (`?hq&org=`), whichever of the two screens' code loads last
  return (
    <Modal opened onClose={close} title={orgId ? 'Edit organisation' : 'Create organisation'} size="lg" zIndex={HQ_Z_INDEX}>
      {!orgId && <CreateOrg />}
      {orgId && org.isPending && <Loader aria-label="Loading the organisation" />}
      {orgId && org.isError && <FormError>{ORG_MESSAGES.notFound}</FormError>}
      {org.data && <EditOrg org={org.data} />}
    </Modal>
  );
}

function CreateOrg() {
  const create = useCreateOrg();
  return (
    <OrgSettingsForm
      initial={NEW_ORG_DEFAULTS}
      full={false}
      submitLabel="Create organisation"
      pending={create.isPending}
      error={create.error}
      onCancel={() => setParams({ hq: null })}
      onSubmit={({ leaveCodes: _codes, proposalDeadlines: _deadlines, ...values }) =>
        create.mutate(values, {
          onSuccess: (org) => {
            notifications.show({ message: `${org.title} is created.` });
            setParams({ hq: null, org: org._id, 'org-tab': 'structure' });
          },
        })
      }
    />
  );
}

function EditOrg({ org }: { org: OrgDetail }) {
  const update = useUpdateOrg(org._id);
  const logo = useUploadOrgLogo(org._id);
  if (!org.abilities.update)
    return (
      <Stack>
        <Text>Only admins and managers change the organisation.</Text>
        {org.abilities.delete && <DeleteOrgSection org={org} />}
      </Stack>
    );
  return (
    <Stack>
      <Group>
        <Avatar src={org.logo} alt="" size="lg" radius="sm" color="brand">
          {org.title.charAt(0).toUpperCase()}
        </Avatar>
        <FileButton
          accept="image/png,image/jpeg,image/gif,image/webp"
          onChange={(file) =>
            file &&
            logo.mutate(file, {
              onSuccess: () => notifications.show({ message: 'The logo is updated.' }),
              onError: (error) => notifications.show({ message: error.message, color: 'red' }),
            })
          }
        >
          {(props) => (
            <Button {...props} variant="default" loading={logo.isPending}>
              Upload logo
            </Button>
          )}
        </FileButton>
      </Group>
      <OrgSettingsForm
        initial={valuesOf(org)}
        full={false}
        mayLowerSecurity={org.abilities.manageSso}
        submitLabel="Save"
        pending={update.isPending}
        error={update.error}
        onCancel={() => setParams({ hq: null })}
        onSubmit={({ leaveCodes: _codes, proposalDeadlines: _deadlines, ...values }) =>
          update.mutate({ ...values, updatedAt: org.updatedAt }, { onSuccess: () => setParams({ hq: null }) })
        }
      />
      {org.abilities.delete && <DeleteOrgSection org={org} />}
    </Stack>
  );
}
