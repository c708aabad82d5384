import { useState, type FormEvent } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { RATE_TIMES } from '@crewplan/domain/org/settings';
import { useStructure, type OrgDetail } from './api.ts';
import { usePeopleOptions } from './GoalsTab.tsx';
import type { StructureKind } from './org-rules.ts';
import { FormError } from '../../components/FormError.tsx';
import { moneyText } from '../../lib/money-text.ts';
import { RateCards } from './RateCards.tsx';
import { RowActions } from '../../components/RowActions.tsx';

type Item = { _id: string; isDeleted: boolean; abilities: { update: boolean; delete: boolean } } & Record<string, unknown>;
type Values = Record<string, string | number | boolean | null | string[]>;
type Choice = { value: string; label: string };
/** Choices of the pickers: goals (portfolios) and people. */
type Lookups = { goals: Choice[]; people: Choice[] };

interface Field {
  key: string;
  label: string;
  kind: 'text' | 'check' | 'money' | 'rate' | 'country' | 'goal' | 'people';
}

const KINDS: Record<StructureKind, { title: string; singular: string; nameKey: 'title' | 'name'; fields: Field[] }> = {
  departments: {
    title: 'Departments',
    singular: 'department',
    nameKey: 'title',
    fields: [
      { key: 'title', label: 'Department name', kind: 'text' },
      { key: 'rolesRequireApproval', label: 'Roles require approval', kind: 'check' },
      { key: 'dontShareResources', label: "Don't share resources", kind: 'check' },
    ],
  },
  offices: {
    title: 'Offices',
    singular: 'office',
    nameKey: 'title',
    fields: [
      { key: 'title', label: 'Office name', kind: 'text' },
      { key: 'country', label: 'Country code', kind: 'country' },
    ],
  },
  roles: {
    title: 'Roles',
    singular: 'role',
    nameKey: 'name',
    fields: [
      { key: 'name', label: 'Role name', kind: 'text' },
      { key: 'cost', label: 'Cost', kind: 'money' },
      { key: 'rateTime', label: 'Rate time', kind: 'rate' },
    ],
  },
  programs: {
    title: 'Programs',
    singular: 'program',
    nameKey: 'title',
    fields: [
      { key: 'title', label: 'Program name', kind: 'text' },
      { key: 'portfolio', label: 'Portfolio', kind: 'goal' },
      { key: 'managers', label: 'Managers', kind: 'people' },
    ],
  },
};

function blank(fields: Field[], org: OrgDetail): Values {
  return Object.fromEntries(
    fields.map((f) => [
      f.key,
      f.kind === 'check'
        ? false
        : f.kind === 'money'
          ? 0
          : f.kind === 'rate'
            ? org.roleDefaultRateTime
            : f.kind === 'goal'
              ? null
              : f.kind === 'people'
                ? []
                : '',
    ]),
  );
}

/** What is sent: empty country is null, codes upper case. */
function bodyOf(values: Values, fields: Field[]): Record<string, unknown> {
  return Object.fromEntries(
    fields.map((f) => {
      const value = values[f.key];
      if (f.kind === 'country') return [f.key, typeof value === 'string' && value.trim() ? value.trim().toUpperCase() : null];
      if (f.kind === 'text') return [f.key, typeof value === 'string' ? value.trim() : value];
      if (f.kind === 'goal') return [f.key, typeof value === 'string' && value ? value : null];
      if (f.kind === 'people') return [f.key, Array.isArray(value) ? value : []];
      return [f.key, value];
    }),
  );
}

function FieldInput({
  field,
  values,
  onChange,
  autoFocus,
  lookups,
}: {
  field: Field;
  values: Values;
  onChange: (v: Values) => void;
  autoFocus?: boolean;
  lookups: Lookups;
}) {
  const value = values[field.key];
  const set = (next: Values[string]) => onChange({ ...values, [field.key]: next });
  switch (field.kind) {
    case 'goal':
      return (
        <Select
          label={field.label}
          placeholder="No portfolio"
          data={lookups.goals}
          value={typeof value === 'string' && value ? value : null}
          onChange={(next) => set(next)}
          clearable
          searchable
          w={200}
        />
      );
    case 'people':
      return (
        <MultiSelect
          label={field.label}
          placeholder={Array.isArray(value) && value.length > 0 ? undefined : 'Nobody yet'}
          data={lookups.people}
          value={Array.isArray(value) ? value : []}
          onChange={(next) => set(next)}
          searchable
          miw={220}
          maw={360}
        />
      );
    case 'check':
      return <Checkbox label={field.label} checked={Boolean(value)} onChange={(e) => set(e.currentTarget.checked)} />;
    case 'money':
      return (
        <NumberInput
          label={field.label}
          value={Number(value ?? 0)}
          onChange={(v) => set(Number(v) || 0)}
          min={0}
          decimalScale={2}
          w={120}
        />
      );
    case 'rate':
      return (
        <Select label={field.label} data={[...RATE_TIMES]} value={String(value)} onChange={(v) => set(v)} allowDeselect={false} w={140} />
      );
    case 'country':
      return (
        <TextInput
          label={field.label}
          placeholder="GB"
          value={String(value ?? '')}
          onChange={(e) => set(e.currentTarget.value)}
          maxLength={2}
          w={110}
        />
      );
    default:
      return (
        <TextInput
          label={field.label}
          value={String(value ?? '')}
          onChange={(e) => set(e.currentTarget.value)}
          required
          data-autofocus={autoFocus}
        />
      );
  }
}

/** The text of a row's field in a structure table. */
export function cellOf(field: Field, item: Item, currency: string, lookups: Lookups): string {
  const value = item[field.key];
  const label = (choices: Choice[], id: unknown) => choices.find((c) => c.value === id)?.label ?? 'Somebody else';
  if (field.kind === 'goal') return typeof value === 'string' && value ? label(lookups.goals, value) : '—';
  if (field.kind === 'people')
    return Array.isArray(value) && value.length > 0 ? value.map((id) => label(lookups.people, id)).join(', ') : '—';
  if (field.kind === 'check') return value ? 'Yes' : 'No';
  // a role's cost is null for who may not see the organisation's money
  if (field.kind === 'money') return value === null || value === undefined ? '—' : moneyText(Number(value), currency);
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

function StructureSection({ org, kind, lookups }: { org: OrgDetail; kind: StructureKind; lookups: Lookups }) {
  const config = KINDS[kind];
  const calls = useStructure(org._id, kind);
  const items = (org[kind] as unknown as Item[]).filter((item) => !item.isDeleted);
  const canManage = org.abilities.manageStructure;
  const [draft, setDraft] = useState<Values>(() => blank(config.fields, org));
  const [addError, setAddError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ item: Item; values: Values } | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    setAddError(null);
    calls.create.mutate(bodyOf(draft, config.fields), {
      onSuccess: () => setDraft(blank(config.fields, org)),
      onError: (error) => setAddError(error.message),
    });
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`org-${kind}-title`}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={`org-${kind}-title`}>
          {config.title}
        </Title>
        <Badge variant="light" color="gray">
          {items.length}
        </Badge>
      </Group>
      <Table aria-labelledby={`org-${kind}-title`} data-testid={`org-${kind}`}>
        <Table.Thead>
          <Table.Tr>
            {config.fields.map((f) => (
              <Table.Th key={f.key}>{f.kind === 'text' ? 'Name' : f.label}</Table.Th>
            ))}
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item._id}>
              {config.fields.map((f) => (
                <Table.Td key={f.key}>{cellOf(f, item, org.currency, lookups)}</Table.Td>
              ))}
              <Table.Td>
                <RowActions
                  edit={
                    item.abilities.update && {
                      label: `Edit ${String(item[config.nameKey])}`,
                      onClick: () =>
                        setEditing({
                          item,
                          values: Object.fromEntries(
                            config.fields.map((f) => [f.key, (item[f.key] ?? (f.kind === 'goal' ? null : '')) as Values[string]]),
                          ),
                        }),
                    }
                  }
                  remove={item.abilities.delete && { label: `Delete ${String(item[config.nameKey])}`, onClick: () => setDeleting(item) }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {items.length === 0 && (
        <Text size="sm" c="dimmed" mt="xs">
          No {config.title.toLowerCase()} yet.
        </Text>
      )}
      {canManage && (
        <form onSubmit={add} aria-label={`Add ${/^[aeiou]/.test(config.singular) ? 'an' : 'a'} ${config.singular}`}>
          <Group align="end" mt="md">
            {config.fields
              .filter((f) => f.kind !== 'check')
              .map((f) => (
                <FieldInput key={f.key} field={f} values={draft} onChange={setDraft} lookups={lookups} />
              ))}
            <Button type="submit" loading={calls.create.isPending}>
              Add {config.singular}
            </Button>
          </Group>
          {config.fields.some((f) => f.kind === 'check') && (
            <Group mt="sm">
              {config.fields
                .filter((f) => f.kind === 'check')
                .map((f) => (
                  <FieldInput key={f.key} field={f} values={draft} onChange={setDraft} lookups={lookups} />
                ))}
            </Group>
          )}
          {addError && <FormError mt="xs">{addError}</FormError>}
        </form>
      )}
      {editing && (
        <Modal opened onClose={() => setEditing(null)} title={`Edit ${config.singular}`}>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              calls.update.mutate(
                { id: editing.item._id, body: { ...bodyOf(editing.values, config.fields), updatedAt: editing.item.updatedAt } },
                { onSuccess: () => setEditing(null) },
              );
            }}
          >
            <Stack>
              {config.fields.map((f) => (
                <FieldInput
                  key={f.key}
                  field={f}
                  values={editing.values}
                  onChange={(values) => setEditing({ ...editing, values })}
                  autoFocus={f.kind === 'text'}
                  lookups={lookups}
                />
              ))}
              {calls.update.isError && <FormError>{calls.update.error.message}</FormError>}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setEditing(null)}>
                  Cancel
                </Button>
                <Button type="submit" loading={calls.update.isPending}>
                  Save
                </Button>
              </Group>
            </Stack>
          </form>
        </Modal>
      )}
      {deleting && (
        <Modal opened onClose={() => setDeleting(null)} title={`Delete ${String(deleting[config.nameKey])}?`}>
          <Stack>
            <Text size="sm">It disappears from every list; what used it keeps a record of it.</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={calls.remove.isPending}
                data-autofocus
                onClick={() =>
                  calls.remove.mutate(deleting._id, {
                    onSuccess: () => setDeleting(null),
                    onError: (error) => {
                      setDeleting(null);
                      notifications.show({ message: error.message, color: 'red' });
                    },
                  })
                }
              >
                Delete
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Paper>
  );
}

/** Departments, offices, roles and programs of the organisation. */
export function StructureTab({ org }: { org: OrgDetail }) {
  const people = usePeopleOptions(org._id);
  const lookups: Lookups = {
    goals: org.goals.filter((goal) => !goal.isDeleted).map((goal) => ({ value: goal._id, label: goal.title })),
    people,
  };
  // rate cards are the organisation's money: its admins and managers
  const money = org.me?.level === 'ADMIN' || org.me?.level === 'MANAGER';
  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {(['departments', 'offices', 'roles', 'programs'] as const).map((kind) => (
          <StructureSection key={kind} org={org} kind={kind} lookups={lookups} />
        ))}
      </SimpleGrid>
      {money && <RateCards org={org} />}
    </>
  );
}
