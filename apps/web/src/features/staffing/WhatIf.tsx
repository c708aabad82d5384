import { useState } from 'react';
import { Alert, Button, Group, NumberInput, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { Mission } from '@crewplan/domain/missions/mission';
import { FormError } from '../../components/FormError.tsx';
import { formatDay } from '../../lib/days.ts';
import { askWhatIf } from './api.ts';
import { handOverChoices, teamPeople, whatIfBody, type Move, type OutlookRole } from './outlook-rules.ts';
import { WhatIfResult } from './WhatIfResult.tsx';

/** Move the mission (by days or to a new start) and hand roles to other people, then see the effect; nothing is saved. */
export function WhatIf({ mission, roles }: { mission: Mission; roles: OutlookRole[] }) {
  const [kind, setKind] = useState<Move['kind']>('shift');
  const [days, setDays] = useState<number | string>(0);
  const [date, setDate] = useState('');
  const [handOvers, setHandOvers] = useState<Record<string, string | null>>({});
  const effect = useMutation({ mutationFn: askWhatIf });
  const people = teamPeople(mission);
  const nameOf = (personId: string | null) =>
    personId ? (people.find((person) => person.value === personId)?.label ?? 'Someone not on the team') : 'Unfilled';
  const move: Move = kind === 'shift' ? { kind, days: typeof days === 'number' ? days : 0 } : { kind, date };

  return (
    <Stack gap="md">
      <Alert variant="light" color="blue" p="xs">
        Nothing is saved: this only shows what would happen.
      </Alert>
      <Stack gap="xs">
        <SegmentedControl
          aria-label="How the project moves"
          value={kind}
          onChange={(value) => setKind(value as Move['kind'])}
          data={[
            { value: 'shift', label: 'Move by days' },
            { value: 'start', label: 'New start date' },
          ]}
          w="fit-content"
        />
        {kind === 'shift' ? (
          <NumberInput
            label="Move the project by (days)"
            description="A negative number moves it earlier."
            value={days}
            onChange={setDays}
            min={-366}
            max={366}
            allowDecimal={false}
            w={260}
          />
        ) : (
          <TextInput label="New start date" type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} w={260} />
        )}
      </Stack>
      {roles.length === 0 ? (
        <Text size="sm">The plan has no roles with dates yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table aria-label="Hand roles to other people" withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Role</Table.Th>
                <Table.Th scope="col">Dates</Table.Th>
                <Table.Th scope="col">Now</Table.Th>
                <Table.Th scope="col">Hand to</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {roles.map((role) => (
                <Table.Tr key={role.id}>
                  <Table.Th scope="row" fw={500}>
                    {role.label}
                  </Table.Th>
                  <Table.Td>
                    {formatDay(role.startDate)} – {formatDay(role.endDate)}
                  </Table.Td>
                  <Table.Td>{nameOf(role.personId)}</Table.Td>
                  <Table.Td>
                    <Select
                      aria-label={`Hand ${role.label} to`}
                      placeholder="Keep as it is"
                      data={handOverChoices(role, people)}
                      value={handOvers[role.id] ?? null}
                      onChange={(value) => setHandOvers((current) => ({ ...current, [role.id]: value }))}
                      clearable
                      searchable
                      comboboxProps={{ withinPortal: true }}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group>
        <Button onClick={() => effect.mutate(whatIfBody(mission._id, move, handOvers))} loading={effect.isPending}>
          Show the effect
        </Button>
      </Group>
      {effect.isError && <FormError>{effect.error.message}</FormError>}
      {effect.data && !effect.isPending && <WhatIfResult result={effect.data} />}
    </Stack>
  );
}
