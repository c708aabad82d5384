import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { WhatIfResponse } from '@crewplan/domain/staffing/staffing';
import { formatDay } from '../../lib/days.ts';
import { change, loadRows } from './outlook-rules.ts';

const hours = (value: number) => `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })} h`;
const percent = (value: number) => `${value.toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
const finishOf = (day: string | null) => (day ? formatDay(day) : 'not within 180 days of the end');

/** The effect of a what-if: the finish before and after, and each person's booked hours, load and over-booked days. */
export function WhatIfResult({ result }: { result: WhatIfResponse }) {
  const rows = loadRows(result);
  return (
    <Paper withBorder p="sm" aria-label="The effect" component="section">
      <Stack gap="sm">
        <Title order={3} size="h5">
          The effect
        </Title>
        <Text size="sm" fw={600} data-testid="what-if-finish">
          Finish: {change(finishOf(result.finish.before), finishOf(result.finish.after))}
        </Text>
        <Text size="xs" c="dimmed">
          Planned end {formatDay(result.finish.planned)}. The finish counts each person&apos;s free hours after their other bookings. Loads
          are counted from {formatDay(result.window.from)} to {formatDay(result.window.to)}.
        </Text>
        {rows.length === 0 ? (
          <Text size="sm">No role has a person, before or after.</Text>
        ) : (
          <Table.ScrollContainer minWidth={620}>
            <Table aria-label="Load per person" withTableBorder data-testid="what-if-loads">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Person</Table.Th>
                  <Table.Th scope="col">Booked hours</Table.Th>
                  <Table.Th scope="col">Load</Table.Th>
                  <Table.Th scope="col">Over-booked days</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.personId} data-overbooked={row.overbooked} aria-label={row.label}>
                    <Table.Th scope="row" fw={500}>
                      {row.label}
                      {row.overbooked && (
                        <Badge ml="xs" color="red.9" variant="filled" leftSection={<IconAlertTriangle size={12} aria-hidden="true" />}>
                          Over-booked
                        </Badge>
                      )}
                      <Text size="xs" c="dimmed">
                        Can work {hours(row.capacityHours)}
                      </Text>
                    </Table.Th>
                    <Table.Td>{change(hours(row.before.bookedHours), hours(row.after.bookedHours))}</Table.Td>
                    <Table.Td>{change(percent(row.before.loadPercent), percent(row.after.loadPercent))}</Table.Td>
                    <Table.Td fw={row.overbooked ? 700 : undefined}>
                      {change(String(row.before.overbookedDays), String(row.after.overbookedDays))}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
