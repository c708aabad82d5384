import { useState } from 'react';
import { Button, Checkbox, Group, NumberInput, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrgDetail, OrgPerson } from './api.ts';
import { useChangePersonEmail, useSchedulePerson } from './edit-api.ts';
import {
  endDateError,
  firstEndDay,
  formatPreService,
  leaveRowsOf,
  parsePreService,
  withLeaveRows,
  type LeaveAmounts,
  type LeaveRow,
} from './org-edit-rules.ts';
import { FormError } from '../../components/FormError.tsx';

const fullName = (person: OrgPerson) => `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email;

/** Years of pre-service as three numbers (sent as years-months-days). */
export function PreServiceInput({ value, onChange }: { value: string | null; onChange: (next: string | null) => void }) {
  const parts = parsePreService(value);
  const set = (key: 'years' | 'months' | 'days', next: string | number) =>
    onChange(formatPreService({ ...parts, [key]: Number(next) || 0 }));
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={700} mb={4}>
        Years of pre-service
      </Text>
      <Group gap="xs">
        <NumberInput label="Years" value={parts.years} onChange={(v) => set('years', v)} min={0} max={99} w={90} allowDecimal={false} />
        <NumberInput label="Months" value={parts.months} onChange={(v) => set('months', v)} min={0} max={11} w={90} allowDecimal={false} />
        <NumberInput label="Days" value={parts.days} onChange={(v) => set('days', v)} min={0} max={30} w={90} allowDecimal={false} />
      </Group>
    </fieldset>
  );
}

/** Entitled and carried-over days per leave code of the organisation, one year at a time. */
export function LeaveAmountsEditor({
  codes,
  value,
  onChange,
}: {
  codes: OrgDetail['leaveCodes'];
  value: LeaveAmounts | null;
  onChange: (next: LeaveAmounts) => void;
}) {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(String(thisYear));
  const rows = leaveRowsOf(value, codes, year);
  const setRow = (code: string, patch: Partial<LeaveRow>) =>
    onChange(
      withLeaveRows(
        value,
        year,
        rows.map((row) => (row.code === code ? { ...row, ...patch } : row)),
      ),
    );
  const number = (v: string | number) => (v === '' ? null : Number(v));
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="end">
        <Title order={3} size="h5">
          Leave amounts
        </Title>
        <Select
          label="Year"
          data={[thisYear - 1, thisYear, thisYear + 1].map(String)}
          value={year}
          onChange={(next) => next && setYear(next)}
          allowDeselect={false}
          w={110}
        />
      </Group>
      {codes.length === 0 ? (
        <Text size="sm" c="dimmed">
          The organisation has no leave codes.
        </Text>
      ) : (
        <Table aria-label={`Leave amounts in ${year}`} data-testid="leave-amounts">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Leave</Table.Th>
              <Table.Th>Entitled days</Table.Th>
              <Table.Th>Carried over</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.code}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`${row.label}: entitled days in ${year}`}
                    value={row.entitled ?? ''}
                    onChange={(v) => setRow(row.code, { entitled: number(v) })}
                    min={0}
                    max={1000}
                    decimalScale={1}
                    w={110}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`${row.label}: days carried over into ${year}`}
                    value={row.carryOver ?? ''}
                    onChange={(v) => setRow(row.code, { carryOver: number(v) })}
                    min={-1000}
                    max={1000}
                    decimalScale={1}
                    w={110}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** The day the person leaves: scheduled (after today) or cancelled, at once. */
export function EndDateSection({ orgId, person }: { orgId: string; person: OrgPerson }) {
  const schedule = useSchedulePerson(orgId);
  const [endDate, setEndDate] = useState(person.endDate ?? '');
  const [removeFromMissions, setRemoveFromMissions] = useState(person.removeFromMissions);
  const [error, setError] = useState<string | null>(null);
  const name = fullName(person);

  const send = (next: string | null) => {
    const problem = next === null ? null : endDateError(next, new Date());
    setError(problem);
    if (problem) return;
    schedule.mutate(
      { personId: person.ref._id, endDate: next, removeFromMissions },
      {
        onSuccess: (saved) => {
          setEndDate(saved.endDate ?? '');
          notifications.show({ message: saved.endDate ? `${name} leaves on ${saved.endDate}.` : `${name} no longer has an end date.` });
        },
        onError: (caught) => setError(caught.message),
      },
    );
  };

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="person-end-title">
      <Title order={3} size="h5" id="person-end-title" mb="xs">
        Leaving the organisation
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        {person.endDate ? `Scheduled to leave on ${person.endDate}.` : 'No end date is scheduled.'}
      </Text>
      <Group align="end" gap="xs">
        <TextInput
          label="End date"
          type="date"
          min={firstEndDay(new Date())}
          value={endDate}
          onChange={(e) => setEndDate(e.currentTarget.value)}
          w={160}
        />
        <Button variant="light" px="sm" onClick={() => send(endDate)} loading={schedule.isPending}>
          Schedule end date
        </Button>
        {person.endDate && (
          <Button variant="subtle" color="gray" px="sm" onClick={() => send(null)} disabled={schedule.isPending}>
            Cancel end date
          </Button>
        )}
      </Group>
      <Checkbox
        mt="sm"
        label="Also remove them from the organisation's projects"
        checked={removeFromMissions}
        onChange={(e) => setRemoveFromMissions(e.currentTarget.checked)}
      />
      {error && <FormError mt="xs">{error}</FormError>}
    </Paper>
  );
}

/** The address the organisation uses for the person (their own sign-in email is unchanged). */
export function EmailSection({ orgId, person }: { orgId: string; person: OrgPerson }) {
  const change = useChangePersonEmail(orgId);
  const [email, setEmail] = useState(person.email);
  return (
    <Stack gap="xs">
      <Text size="sm">
        The organisation writes to <b>{person.email}</b>. Their sign-in email does not change.
      </Text>
      <form
        aria-label="Change organisation email"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(
            { personId: person.ref._id, email: email.trim() },
            { onSuccess: (saved) => notifications.show({ message: `The organisation email is now ${saved.email}.` }) },
          );
        }}
      >
        <Group align="end">
          <TextInput
            label="Organisation email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            required
            w={300}
          />
          <Button type="submit" variant="light" loading={change.isPending}>
            Change email
          </Button>
        </Group>
        {change.isError && <FormError mt="xs">{change.error.message}</FormError>}
      </form>
    </Stack>
  );
}
