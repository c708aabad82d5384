import { useState } from 'react';
import { Button, Group, Modal, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { openConfirm } from '../../components/confirm.ts';
import { useQuery } from '@tanstack/react-query';
import { BILLING_UNIT_LABELS, type RateUnit } from '@crewplan/domain/money/rates';
import { RATE_TIMES } from '@crewplan/domain/org/settings';
import { FormError } from '../../components/FormError.tsx';
import type { OrgDetail } from './api.ts';
import { rateCardsQuery, useCardTargets, useRateCardMutations, type RateCard } from './rate-cards-api.ts';
import { RowActions } from '../../components/RowActions.tsx';
import { moneyText } from '../../lib/money-text.ts';

const UNIT_OPTIONS = RATE_TIMES.map((unit) => ({ value: unit, label: `${unit} ${BILLING_UNIT_LABELS[unit]}` }));

/** One role's line of the card as the form holds it ('' for no rate: the role is not on the card). */
type Line = { rate: number | string; rateTime: RateUnit; billRate: number | string };
type Draft = { name: string; usedForId: string | null; lines: Record<string, Line> };

function draftOf(card: RateCard | null, org: OrgDetail): Draft {
  const lines: Record<string, Line> = {};
  for (const role of org.roles) lines[role._id] = { rate: '', rateTime: role.rateTime, billRate: '' };
  for (const rate of card?.ratesByRole ?? [])
    lines[rate.roleId] = { rate: rate.rate, rateTime: rate.rateTime, billRate: rate.billRate ?? '' };
  return { name: card?.name ?? '', usedForId: card?.usedForId ?? null, lines };
}

/** The rates sent: the roles with a rate; the bill rate when given. */
const ratesOf = (lines: Record<string, Line>) =>
  Object.entries(lines)
    .filter(([, line]) => line.rate !== '')
    .map(([roleId, line]) => ({
      roleId,
      rate: Number(line.rate),
      rateTime: line.rateTime,
      billRate: line.billRate === '' ? null : Number(line.billRate),
    }));

function CardDialog({ org, card, onClose }: { org: OrgDetail; card: RateCard | null; onClose: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(card, org));
  const [error, setError] = useState<string | null>(null);
  const targets = useCardTargets(org._id);
  const { create, update } = useRateCardMutations(org._id);
  const roles = org.roles.filter((role) => !role.isDeleted || draft.lines[role._id]?.rate !== '');
  const setLine = (roleId: string, patch: Partial<Line>) =>
    setDraft((now) => ({ ...now, lines: { ...now.lines, [roleId]: { ...now.lines[roleId]!, ...patch } } }));
  const submit = () => {
    setError(null);
    if (!draft.name.trim()) return setError('Please name the rate card.');
    if (!draft.usedForId) return setError('Please choose the project or client it is for.');
    const body = { name: draft.name.trim(), usedForId: draft.usedForId, ratesByRole: ratesOf(draft.lines) };
    const done = { onSuccess: onClose, onError: (failure: Error) => setError(failure.message) };
    if (card) update.mutate({ id: card._id, body }, done);
    else create.mutate(body, done);
  };
  return (
    <Modal opened onClose={onClose} title={card ? `Edit rate card: ${card.name}` : 'Add a rate card'} size="xl" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label="Name"
              value={draft.name}
              onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })}
              data-autofocus
            />
            <Select
              label="Used for"
              placeholder="A project or a client"
              data={targets}
              value={draft.usedForId}
              onChange={(value) => setDraft({ ...draft, usedForId: value })}
              searchable
            />
          </Group>
          {roles.length === 0 ? (
            <Text size="sm" c="dimmed">
              The organisation has no roles yet: add them under Roles.
            </Text>
          ) : (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Rate ({org.currency})</Table.Th>
                  <Table.Th>Per</Table.Th>
                  <Table.Th>Bill rate ({org.currency})</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {roles.map((role) => {
                  const line = draft.lines[role._id]!;
                  return (
                    <Table.Tr key={role._id}>
                      <Table.Td>{role.name}</Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Rate of ${role.name}`}
                          placeholder="Not on the card"
                          min={0}
                          max={1e12}
                          decimalScale={2}
                          value={line.rate}
                          onChange={(value) => setLine(role._id, { rate: value })}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Select
                          aria-label={`Rate unit of ${role.name}`}
                          data={UNIT_OPTIONS}
                          value={line.rateTime}
                          onChange={(value) => value && setLine(role._id, { rateTime: value as RateUnit })}
                          allowDeselect={false}
                        />
                      </Table.Td>
                      <Table.Td>
                        <NumberInput
                          aria-label={`Bill rate of ${role.name}`}
                          placeholder="Optional"
                          min={0}
                          max={1e12}
                          decimalScale={2}
                          value={line.billRate}
                          onChange={(value) => setLine(role._id, { billRate: value })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          )}
          {error && <FormError>{error}</FormError>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The organisation's rate cards: rates per organisation role for one project or one client. A person role added to
 * a plan without a rate takes its project's card, else its client's, else the role's cost. Admins and managers only.
 */
export function RateCards({ org }: { org: OrgDetail }) {
  const cards = useQuery(rateCardsQuery(org._id));
  const { remove } = useRateCardMutations(org._id);
  const [editing, setEditing] = useState<RateCard | 'new' | null>(null);
  const roleName = (id: string) => org.roles.find((role) => role._id === id)?.name ?? 'A deleted role';
  const confirmDelete = (card: RateCard) =>
    openConfirm({
      title: `Delete ${card.name}?`,
      children: <Text size="sm">Roles already on plans keep the rates they took from it.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.8' },
      onConfirm: () => remove.mutate(card._id),
    });
  return (
    <Paper withBorder p="md" mt="md" data-testid="rate-cards">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          Rate cards
        </Title>
        <Button size="xs" onClick={() => setEditing('new')}>
          Add rate card
        </Button>
      </Group>
      {cards.isError && <FormError>{cards.error.message}</FormError>}
      {cards.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No rate cards yet. A card gives the roles of one project or client their rates.
        </Text>
      )}
      {cards.data && cards.data.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Used for</Table.Th>
              <Table.Th>Rates</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cards.data.map((card) => (
              <Table.Tr key={card._id}>
                <Table.Td>{card.name}</Table.Td>
                <Table.Td>
                  {card.usedFor === 'client' ? 'Client' : 'Project'}: {card.usedForTitle || '—'}
                </Table.Td>
                <Table.Td>
                  {card.ratesByRole.length === 0
                    ? '—'
                    : card.ratesByRole
                        .map(
                          (rate) =>
                            `${roleName(rate.roleId)} ${moneyText(rate.rate, org.currency)} ${BILLING_UNIT_LABELS[rate.rateTime]}` +
                            (rate.billRate === null ? '' : ` (bills ${moneyText(rate.billRate, org.currency)})`),
                        )
                        .join(', ')}
                </Table.Td>
                <Table.Td>
                  <RowActions
                    edit={{ label: `Edit ${card.name}`, onClick: () => setEditing(card) }}
                    remove={{ label: `Delete ${card.name}`, onClick: () => confirmDelete(card) }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && <CardDialog org={org} card={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Paper>
  );
}
