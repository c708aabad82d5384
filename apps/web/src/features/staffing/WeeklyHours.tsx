import { useState } from 'react';
import { Group, Loader, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { BarChart } from '@mantine/charts';
import { FormError } from '../../components/FormError.tsx';
import { formatDay } from '../../lib/days.ts';
import { weeklyPlotQuery } from './api.ts';
import { PLOT_SERIES, plotRows, plotTotals } from './outlook-rules.ts';

const shortDay = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const hours = (value: number) => `${value.toLocaleString('en-GB', { maximumFractionDigits: 2 })} h`;

/** Planned, available and leave hours per week over the mission's dates (or the days chosen), as a chart and a table. */
export function WeeklyHours({ missionId }: { missionId: string }) {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const query = useQuery(weeklyPlotQuery(missionId, range));
  const pick = (field: 'from' | 'to', value: string) => setRange((current) => ({ ...current, [field]: value || undefined }));

  if (query.isPending) return <Loader size="sm" aria-label="Loading the weekly hours" />;
  if (query.isError && !query.data) return <FormError>{query.error.message}</FormError>;
  const plot = query.data!;
  const rows = plotRows(plot, shortDay);
  const totals = plotTotals(rows);
  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end">
        <TextInput label="From" type="date" w={170} value={range.from ?? plot.from} onChange={(e) => pick('from', e.currentTarget.value)} />
        <TextInput label="To" type="date" w={170} value={range.to ?? plot.to} onChange={(e) => pick('to', e.currentTarget.value)} />
        {query.isFetching && <Loader size="xs" aria-label="Updating the weekly hours" />}
      </Group>
      {query.isError && <FormError>{query.error.message}</FormError>}
      <Text size="sm">
        {formatDay(plot.from)} – {formatDay(plot.to)}: {hours(totals.Planned)} planned, {hours(totals.Available)} available,{' '}
        {hours(totals.Leave)} of leave.
      </Text>
      <div role="img" aria-label="Chart of planned, available and leave hours per week; the table below gives the same numbers">
        <BarChart
          h={260}
          data={rows}
          dataKey="week"
          series={[...PLOT_SERIES]}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          valueFormatter={hours}
          yAxisLabel="Hours"
        />
      </div>
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder aria-label="Hours per week" data-testid="weekly-hours">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Week of</Table.Th>
              {PLOT_SERIES.map((series) => (
                <Table.Th key={series.name} scope="col" ta="right">
                  {series.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.weekStart} data-week={row.weekStart}>
                <Table.Th scope="row" fw={500}>
                  {formatDay(row.weekStart)}
                </Table.Th>
                {PLOT_SERIES.map((series) => (
                  <Table.Td key={series.name} ta="right">
                    {hours(row[series.name])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
