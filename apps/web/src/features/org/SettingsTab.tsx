import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { setParams } from '../../lib/url-state.ts';
import { auditQuery, useApiKeys, useUpdateOrg, type OrgDetail } from './api.ts';
import { OrgLicence } from './OrgLicence.tsx';
import { OrgSettingsForm, valuesOf } from './OrgSettingsForm.tsx';
import { historySentence } from '@crewplan/domain/shared/history-text';
import { FormError } from '../../components/FormError.tsx';
import { canManageSso, SsoProviders } from './SsoProviders.tsx';
import { StorageUsage } from './StorageUsage.tsx';

/** Settings (`org-cfg`), approved invite domains (`oc-domains`), storage used, API keys and the audit, each by ability. */
export function SettingsTab({ org, domainsOpen }: { org: OrgDetail; domainsOpen: boolean }) {
  const update = useUpdateOrg(org._id);
  return (
    <Stack gap="xl">
      {org.abilities.update && (
        <section aria-labelledby="org-settings-title">
          <Title order={2} size="h4" id="org-settings-title" mb="sm">
            Settings
          </Title>
          <OrgSettingsForm
            key={org.updatedAt}
            initial={valuesOf(org)}
            full
            mayLowerSecurity={org.abilities.manageSso}
            submitLabel="Save settings"
            pending={update.isPending}
            error={update.error}
            onSubmit={({
              leaveCodes: _codes,
              holidayCountryCode: _country,
              daysPerWeek: _week,
              carryOverAnnualLeaveCutOff: _cutOff,
              carryOverAnnualLeaveAmount: _amount,
              carryOverAnnualLeaveFx: _fx,
              ...values
            }) =>
              // the leave settings are saved from the Leaves tab
              update.mutate(
                { ...values, updatedAt: org.updatedAt },
                { onSuccess: () => notifications.show({ message: 'Settings saved.' }) },
              )
            }
          />
        </section>
      )}
      <Paper withBorder p="md" component="section" aria-labelledby="org-licence-title">
        <Title order={2} size="h4" id="org-licence-title" mb="xs">
          Subscription
        </Title>
        <OrgLicence org={org} />
      </Paper>
      <DomainsSection org={org} open={domainsOpen} />
      <StorageUsage orgId={org._id} />
      {org.abilities.manageApiKeys && <ApiKeysSection org={org} />}
      {org.abilities.readAudit && <AuditSection orgId={org._id} />}
    </Stack>
  );
}

function DomainsSection({ org, open }: { org: OrgDetail; open: boolean }) {
  const update = useUpdateOrg(org._id);
  const [domains, setDomains] = useState<string[]>(org.inviteDomains);
  const close = () => setParams({ 'oc-domains': null, 'org-cfg': '' }, { replace: true });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="org-domains-title">
      <Group justify="space-between">
        <div>
          <Title order={2} size="h4" id="org-domains-title">
            Approved invite domains
          </Title>
          <Text size="sm" c="dimmed">
            Admins may only be invited from these domains. ANY approves every domain.
          </Text>
        </div>
        {org.abilities.update && (
          <Button
            variant="default"
            onClick={() => {
              setDomains(org.inviteDomains);
              update.reset();
              setParams({ 'oc-domains': '', 'org-cfg': null }, { replace: true });
            }}
          >
            Edit domains
          </Button>
        )}
      </Group>
      <Group gap="xs" mt="sm" data-testid="org-domains">
        {org.inviteDomains.length === 0 && (
          <Text size="sm" c="dimmed">
            No approved domains.
          </Text>
        )}
        {org.inviteDomains.map((domain) => (
          <Badge key={domain} variant="light" tt="none">
            {domain}
          </Badge>
        ))}
      </Group>
      {canManageSso(org.abilities) && <SsoProviders org={org} />}
      <Modal opened={open && org.abilities.update} onClose={close} title="Approved invite domains">
        <Stack>
          <TagsInput
            label="Domains"
            description="Type a domain and press Enter, e.g. example.com, or ANY"
            value={domains}
            onChange={setDomains}
            splitChars={[',', ' ', ';']}
            clearable
            data-autofocus
          />
          {update.isError && <FormError>{update.error.message}</FormError>}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button loading={update.isPending} onClick={() => update.mutate({ inviteDomains: domains }, { onSuccess: close })}>
              Save domains
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function ApiKeysSection({ org }: { org: OrgDetail }) {
  const calls = useApiKeys(org._id);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="org-keys-title">
      <Title order={2} size="h4" id="org-keys-title" mb="sm">
        API keys
      </Title>
      {created && (
        <Alert mb="md" title={`Your new key "${created.name}"`} role="status">
          <Text size="sm" mb="xs">
            Copy it now: it is shown this once.
          </Text>
          <Group wrap="nowrap">
            <Code data-testid="new-api-key" style={{ wordBreak: 'break-all' }}>
              {created.key}
            </Code>
            <CopyButton value={created.key}>
              {({ copied, copy }) => (
                <Button size="xs" variant={copied ? 'filled' : 'default'} onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
          </Group>
        </Alert>
      )}
      {org.apiKeys.length > 0 && (
        <Table aria-label="API keys" mb="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Key</Table.Th>
              <Table.Th>Last used</Table.Th>
              <Table.Th>Revoke</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {org.apiKeys.map((key) => (
              <Table.Tr key={key._id}>
                <Table.Td>{key.name}</Table.Td>
                <Table.Td>
                  <Code>{key.prefix}…</Code>
                </Table.Td>
                <Table.Td>{key.lastUsedAt ? new Date(key.lastUsedAt).toLocaleString() : 'Never'}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    aria-label={`Revoke ${key.name}`}
                    onClick={() =>
                      calls.revoke.mutate(key._id, { onSuccess: () => notifications.show({ message: `${key.name} is revoked.` }) })
                    }
                  >
                    Revoke
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="end">
        <TextInput label="Key name" placeholder="API key" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <Button
          loading={calls.create.isPending}
          onClick={() =>
            calls.create.mutate(name.trim() || 'API key', {
              onSuccess: (key) => {
                setCreated({ name: key.name, key: key.key });
                setName('');
              },
            })
          }
        >
          Create API key
        </Button>
      </Group>
      {calls.create.isError && <FormError mt="xs">{calls.create.error.message}</FormError>}
    </Paper>
  );
}

function AuditSection({ orgId }: { orgId: string }) {
  const audit = useQuery(auditQuery(orgId));
  const events = (audit.data?.children ?? [])
    .flatMap((kind) =>
      kind.children.flatMap((entity) => entity.events.map((event) => ({ ...event, kind: kind.entity, entityTitle: entity.title }))),
    )
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 100);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="org-audit-title">
      <Title order={2} size="h4" id="org-audit-title" mb="sm">
        Audit
      </Title>
      {audit.isError && <FormError>{audit.error.message}</FormError>}
      {audit.data && events.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing recorded yet.
        </Text>
      )}
      <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Audit events" data-testid="org-audit">
        {events.map((event) => (
          <Text component="li" key={event._id} size="sm">
            <Text span c="dimmed">
              {new Date(event.at).toLocaleString()}
            </Text>{' '}
            {historySentence({
              action: event.action,
              entity: event.kind,
              actorName: event.actor.name,
              title: event.entityTitle,
              changes: event.changes,
            })}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
