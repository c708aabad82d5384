import { useState } from 'react';
import {
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { SSO_KINDS, type SsoKind, type SsoProviderView } from '@crewplan/domain/sso/sso';
import { api } from '../../lib/api.ts';
import { ApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import type { OrgDetail } from './api.ts';
import { FormError } from '../../components/FormError.tsx';
import {
  emptySsoForm,
  serverFieldErrors,
  SSO_KIND_LABELS,
  ssoBodyOf,
  ssoDomains,
  ssoFormErrors,
  type SsoFieldErrors,
  type SsoForm,
} from './sso-form.ts';

/** Single sign-on set-up is for those the organisation's abilities allow ('org.sso.manage': admins). */
export function canManageSso(abilities: OrgDetail['abilities']): boolean {
  return abilities.manageSso;
}

const ssoQueryKey = (orgId: string) => ['orgs', orgId, 'sso'] as const;

function useSsoProviders(orgId: string) {
  const done = () => queryClient.invalidateQueries({ queryKey: ssoQueryKey(orgId) });
  return {
    list: useQuery({
      queryKey: ssoQueryKey(orgId),
      queryFn: ({ signal }) => api<{ providers: SsoProviderView[] }>(`/org/${orgId}/sso`, { signal }).then((answer) => answer.providers),
    }),
    create: useMutation({
      mutationFn: (form: SsoForm) => api<SsoProviderView>(`/org/${orgId}/sso`, { method: 'POST', body: ssoBodyOf(form) }),
      onSuccess: done,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api<{ ok: true }>(`/org/${orgId}/sso/${id}`, { method: 'DELETE' }),
      onSuccess: done,
    }),
  };
}

const whereOf = (provider: SsoProviderView) =>
  provider.kind === 'microsoft'
    ? `Tenant ${provider.tenantId ?? ''}`
    : provider.kind === 'saml'
      ? (provider.entryPoint ?? provider.issuer)
      : provider.issuer;

/** The single sign-on and Microsoft sign-in setups of the organisation's domains (`oc-domains`, admins). */
export function SsoProviders({ org }: { org: OrgDetail }) {
  const calls = useSsoProviders(org._id);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<SsoProviderView | null>(null);
  const domains = ssoDomains(org.inviteDomains);
  const providers = calls.list.data ?? [];

  return (
    <Stack gap="sm" mt="lg" component="section" aria-labelledby="org-sso-title">
      <Group justify="space-between">
        <div>
          <Title order={3} size="h5" id="org-sso-title">
            Single sign-on
          </Title>
          <Text size="sm" c="dimmed">
            People of these domains sign in through your identity provider (OpenID Connect, SAML) or Microsoft.
          </Text>
        </div>
        <Button variant="default" disabled={domains.length === 0} onClick={() => setAdding(true)}>
          Add single sign-on
        </Button>
      </Group>
      {domains.length === 0 && (
        <Text size="sm" c="dimmed">
          Approve a domain of your own first: single sign-on is set up per domain.
        </Text>
      )}
      {calls.list.isError && <FormError>{calls.list.error.message}</FormError>}
      {calls.list.isSuccess && providers.length === 0 && (
        <Text size="sm" c="dimmed">
          No single sign-on yet: everyone signs in with a password.
        </Text>
      )}
      {providers.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label="Single sign-on setups" data-testid="org-sso">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Domain</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Provider</Table.Th>
                <Table.Th>Callback URL</Table.Th>
                <Table.Th>Remove</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {providers.map((provider) => (
                <Table.Tr key={provider._id}>
                  <Table.Td>
                    {provider.domain}
                    {provider.required && (
                      <Badge ml="xs" size="sm" variant="light" tt="none">
                        Required
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{SSO_KIND_LABELS[provider.kind]}</Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {whereOf(provider)}
                    </Text>
                    {provider.clientId && (
                      <Text size="xs" c="dimmed">
                        Client {provider.clientId}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Code style={{ overflowWrap: 'anywhere' }}>{provider.callbackUrl}</Code>
                      <CopyButton value={provider.callbackUrl}>
                        {({ copied, copy }) => (
                          <Button
                            size="compact-xs"
                            variant="default"
                            onClick={copy}
                            aria-label={`Copy the callback URL of ${provider.domain}`}
                          >
                            {copied ? 'Copied' : 'Copy'}
                          </Button>
                        )}
                      </CopyButton>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      aria-label={`Remove ${SSO_KIND_LABELS[provider.kind]} for ${provider.domain}`}
                      onClick={() => {
                        calls.remove.reset();
                        setRemoving(provider);
                      }}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {adding && (
        <AddProviderDialog
          domains={domains}
          pending={calls.create.isPending}
          error={calls.create.error}
          onClose={() => {
            calls.create.reset();
            setAdding(false);
          }}
          onSubmit={(form) =>
            calls.create.mutate(form, {
              onSuccess: (provider) => {
                notifications.show({ message: `Single sign-on is set up for ${provider.domain}.` });
                setAdding(false);
              },
            })
          }
        />
      )}
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove single sign-on">
        {removing && (
          <Stack>
            <Text size="sm">
              People of {removing.domain} will sign in with a password again instead of {SSO_KIND_LABELS[removing.kind]}.
            </Text>
            {calls.remove.isError && <FormError>{calls.remove.error.message}</FormError>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={calls.remove.isPending}
                data-autofocus
                onClick={() =>
                  calls.remove.mutate(removing._id, {
                    onSuccess: () => {
                      notifications.show({ message: `Single sign-on for ${removing.domain} is removed.` });
                      setRemoving(null);
                    },
                  })
                }
              >
                Remove
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** Mantine's error red is below AA on both schemes: darker in light, lighter in dark; the typed value keeps the text colour. */
const ERROR_STYLES = {
  input: { color: 'var(--mantine-color-text)' },
  error: { color: 'light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))' },
};

function AddProviderDialog({
  domains,
  pending,
  error,
  onClose,
  onSubmit,
}: {
  domains: string[];
  pending: boolean;
  error: Error | null;
  onClose: () => void;
  onSubmit: (form: SsoForm) => void;
}) {
  const [form, setForm] = useState<SsoForm>(() => emptySsoForm(domains[0]));
  const [checked, setChecked] = useState<SsoFieldErrors>({});
  const fromServer = error instanceof ApiError ? serverFieldErrors(error.fields) : {};
  const errors = { ...fromServer, ...checked };
  const field = (name: keyof SsoForm) => ({
    value: String(form[name]),
    error: errors[name],
    styles: errors[name] ? ERROR_STYLES : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setForm((current) => ({ ...current, [name]: value }));
      setChecked((current) => ({ ...current, [name]: undefined }));
    },
  });
  const submit = () => {
    const found = ssoFormErrors(form);
    setChecked(found);
    if (Object.keys(found).length === 0) onSubmit(form);
  };

  return (
    <Modal opened onClose={onClose} title="Add single sign-on" size="lg">
      <form
        aria-label="Add single sign-on"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack>
          <SegmentedControl
            aria-label="Kind"
            value={form.kind}
            onChange={(kind) => {
              setForm((current) => ({ ...current, kind: kind as SsoKind }));
              setChecked({});
            }}
            data={SSO_KINDS.map((kind) => ({ value: kind, label: SSO_KIND_LABELS[kind] }))}
          />
          <Select
            label="Domain"
            data={domains}
            value={form.domain}
            onChange={(domain) => setForm((current) => ({ ...current, domain: domain ?? '' }))}
            allowDeselect={false}
            error={errors.domain}
            styles={errors.domain ? ERROR_STYLES : undefined}
            data-autofocus
          />
          {form.kind === 'oidc' && (
            <>
              <TextInput label="Issuer URL" placeholder="https://login.example.com" required {...field('issuer')} />
              <TextInput
                label="Discovery URL"
                description="Leave empty to use the issuer's /.well-known/openid-configuration"
                {...field('discoveryEndpoint')}
              />
              <TextInput label="Client id" required autoComplete="off" {...field('clientId')} />
              <PasswordInput label="Client secret" required autoComplete="new-password" {...field('clientSecret')} />
            </>
          )}
          {form.kind === 'saml' && (
            <>
              <TextInput label="Identity provider entity id" required {...field('issuer')} />
              <TextInput label="Sign-in URL" placeholder="https://idp.example.com/sso/saml" required {...field('entryPoint')} />
              <Textarea
                label="Signing certificate"
                description="The identity provider's certificate (PEM)"
                required
                autosize
                minRows={3}
                maxRows={8}
                {...field('certificate')}
              />
              <TextInput label="Audience" description="Leave empty to use this service's metadata URL" {...field('audience')} />
            </>
          )}
          {form.kind === 'microsoft' && (
            <>
              <TextInput label="Tenant" description="Your tenant id (GUID) or its primary domain" required {...field('tenantId')} />
              <TextInput
                label="Client id"
                description="Your app registration; leave both empty to use this service's"
                autoComplete="off"
                {...field('clientId')}
              />
              <PasswordInput label="Client secret" autoComplete="new-password" {...field('clientSecret')} />
            </>
          )}
          <Switch
            label="Require single sign-on (no password sign-in for this domain)"
            checked={form.required}
            onChange={(event) => {
              const required = event.currentTarget.checked;
              setForm((current) => ({ ...current, required }));
            }}
          />
          <Text size="xs" c="dimmed">
            Secrets are stored and never shown again.
          </Text>
          {error && <FormError>{error.message}</FormError>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Save single sign-on
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
