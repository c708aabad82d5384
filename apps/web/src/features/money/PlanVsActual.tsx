import { lazy, Suspense, useState } from 'react';
import { Loader, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import type { MoneyFigures, MoneyRow } from '@crewplan/domain/money/report';
import { setParams } from '../../lib/url-state.ts';
import type { MoneyReport } from './api.ts';
import { DANGER, exactMoney, formatHours, formatIndex, formatMoney, monthLabel } from './format.ts';
import { drillable, KIND_LABELS, MEASURES, measureOf, monthTotals, sortedRows, type Measure } from './report-view.ts';
import { formatDay } from '../../lib/days.ts';

// the chart library is large: it loads with the chart, after the figures are on screen
const BurnChart = lazy(() => import('./BurnChart.tsx').then((m) => ({ default: m.BurnChart })));

/** What a drill-down opens: the actuals of one row (or every row), of one month (or every month). */
export type DrillTarget = { row: MoneyRow | null; month: string | null; label: string };

/**
 * Plan vs actual vs money on one screen: per row (role, cost item, milestone, expenses) and month, the chosen measure's
 * actual figure over its planned one; totals; earned value and the burn chart. With `onDrill` an actual figure opens
 * the approved weeks and expenses behind it. An organisation report's mission row opens that mission's budget, unless
 * `opensMissions` is false (an organisation observer reads the report but not the projects, rule 111).
 */
export function PlanVsActual({
  report,
  onDrill,
  opensMissions = true,
}: {
  report: MoneyReport;
  onDrill?: (target: DrillTarget) => void;
  opensMissions?: boolean;
}) {
  const [measure, setMeasure] = useState<Measure>(MEASURES[1]);
  const rows = sortedRows(report.rows);
  const totals = monthTotals(report);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <GroupHeader title="Plan vs actual">
            <SegmentedControl
              aria-label="Measure shown"
              size="xs"
              value={measure.value}
              onChange={(value) => setMeasure(measureOf(value))}
              data={MEASURES.map((entry) => ({ value: entry.value, label: entry.label }))}
            />
          </GroupHeader>
          {rows.length === 0 ? (
            <Text c="dimmed" data-testid="money-empty">
              Nothing planned or spent yet. Add roles with rates or cost items to the plan, and approve timesheets, to see planned and
              actual figures here.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={Math.max(520, 220 + 130 * (report.months.length + 1))}>
              <Table
                striped
                highlightOnHover
                withColumnBorders
                aria-label={`Plan vs actual, ${measure.label.toLowerCase()}`}
                data-testid="plan-vs-actual"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Role or item</Table.Th>
                    {report.months.map((month) => (
                      <Table.Th key={month} scope="col" ta="right">
                        {monthLabel(month)}
                      </Table.Th>
                    ))}
                    <Table.Th scope="col" ta="right">
                      Total
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={`${row.kind}:${row.planItemId ?? row.title}`} aria-label={row.title}>
                      <Table.Th scope="row" fw={500}>
                        {missionOf(row) && opensMissions ? (
                          <UnstyledButton
                            td="underline"
                            fw={500}
                            onClick={() => setParams({ 'budget-bar': missionOf(row)!, 'budget-tab': null })}
                            aria-label={`Open the budget of ${row.title}`}
                          >
                            {row.title}
                          </UnstyledButton>
                        ) : (
                          row.title
                        )}
                        <Text size="xs" c="dimmed">
                          {missionOf(row) ? 'Mission' : KIND_LABELS[row.kind]}
                          {row.personName ? ` · ${row.personName}` : ''}
                        </Text>
                      </Table.Th>
                      {report.months.map((month) => (
                        <FigureCell
                          key={month}
                          figures={row.months[month]}
                          measure={measure}
                          currency={report.currency}
                          label={`${row.title}, ${monthLabel(month)}`}
                          onDrill={onDrill && (() => onDrill({ row, month, label: `${row.title}, ${monthLabel(month)}` }))}
                        />
                      ))}
                      <FigureCell
                        figures={row.total}
                        measure={measure}
                        currency={report.currency}
                        label={`${row.title}, total`}
                        strong
                        onDrill={onDrill && (() => onDrill({ row, month: null, label: `${row.title}, every month` }))}
                      />
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th scope="row">Total</Table.Th>
                    {report.months.map((month) => (
                      <FigureCell
                        key={month}
                        figures={totals[month]}
                        measure={measure}
                        currency={report.currency}
                        label={`Total, ${monthLabel(month)}`}
                        strong
                        onDrill={onDrill && (() => onDrill({ row: null, month, label: `Every row, ${monthLabel(month)}` }))}
                      />
                    ))}
                    <FigureCell
                      figures={report.total}
                      measure={measure}
                      currency={report.currency}
                      label="Total"
                      strong
                      onDrill={onDrill && (() => onDrill({ row: null, month: null, label: 'Every row, every month' }))}
                    />
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          )}
        </Stack>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Totals report={report} />
        <EarnedValue report={report} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <Title order={3} size="h5" mb="sm">
          Burn
        </Title>
        {report.burn.length === 0 ? (
          <Text c="dimmed">The burn chart appears once the plan has dated months.</Text>
        ) : (
          <Suspense fallback={<Loader size="sm" aria-label="Loading the chart" />}>
            <BurnChart report={report} />
          </Suspense>
        )}
      </Paper>
    </Stack>
  );
}

/** An organisation report's row stands for one mission, whose own budget view it opens. */
const missionOf = (row: MoneyRow): string | undefined => (row as MoneyRow & { missionId?: string }).missionId;

function GroupHeader({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </div>
  );
}

const show = (measure: Measure, value: number, currency: string) => (measure.money ? formatMoney(value, currency) : formatHours(value));
const exact = (measure: Measure, value: number, currency: string) => (measure.money ? exactMoney(value, currency) : `${value} hours`);

/** One cell: the actual figure (a button into its actuals when there are any) over the planned one. */
function FigureCell(props: {
  figures: MoneyFigures | undefined;
  measure: Measure;
  currency: string;
  label: string;
  strong?: boolean;
  onDrill?: () => void;
}) {
  const { figures, measure, currency } = props;
  if (!figures)
    return (
      <Table.Td ta="right">
        <Text span size="sm" c="dimmed">
          —
        </Text>
      </Table.Td>
    );
  const actual = figures[measure.actual];
  const negative = measure.value === 'margin' && actual < 0;
  const text = (
    <Text span size="sm" fw={props.strong ? 700 : 500} c={negative ? DANGER : undefined}>
      {show(measure, actual, currency)}
    </Text>
  );
  return (
    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
      <Tooltip label={exact(measure, actual, currency)}>
        {props.onDrill && drillable(measure, figures) ? (
          <UnstyledButton
            onClick={props.onDrill}
            td="underline"
            aria-label={`${props.label}: ${exact(measure, actual, currency)}, show the approved weeks and expenses`}
          >
            {text}
          </UnstyledButton>
        ) : (
          text
        )}
      </Tooltip>
      {measure.planned && (
        <Text size="xs" c="dimmed">
          of {show(measure, figures[measure.planned], currency)} planned
        </Text>
      )}
    </Table.Td>
  );
}

/** Planned and actual figures of the whole mission (or program) side by side. */
function Totals({ report }: { report: MoneyReport }) {
  const { total, currency } = report;
  const lines = [
    { label: 'Hours', planned: formatHours(total.plannedHours), actual: formatHours(total.approvedHours) },
    { label: 'Cost', planned: formatMoney(total.plannedCost, currency), actual: formatMoney(total.actualCost, currency) },
    { label: 'Revenue', planned: formatMoney(total.plannedRevenue, currency), actual: formatMoney(total.actualRevenue, currency) },
    {
      label: 'Margin',
      planned: formatMoney(total.plannedRevenue - total.plannedCost, currency),
      actual: formatMoney(total.margin, currency),
    },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="sm">
        Totals
      </Title>
      <Table aria-label="Totals" data-testid="money-totals">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Figure</Table.Th>
            <Table.Th scope="col" ta="right">
              Planned
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Actual
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.label}>
              <Table.Th scope="row">{line.label}</Table.Th>
              <Table.Td ta="right">{line.planned}</Table.Td>
              <Table.Td ta="right" fw={600}>
                {line.actual}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {!report.billable && (
        <Text size="xs" c="dimmed" mt="xs">
          Not billable: the mission earns no revenue.
        </Text>
      )}
    </Paper>
  );
}

/** Earned value at its date: PV, EV, AC, the cost and schedule indices and the estimate at completion. */
function EarnedValue({ report }: { report: MoneyReport }) {
  const { earnedValue: ev, currency } = report;
  const figures = [
    { short: 'PV', label: 'Planned value', value: formatMoney(ev.pv, currency) },
    { short: 'EV', label: 'Earned value', value: formatMoney(ev.ev, currency) },
    { short: 'AC', label: 'Actual cost', value: formatMoney(ev.ac, currency) },
    { short: 'CPI', label: 'Cost performance index', value: formatIndex(ev.cpi), warn: ev.cpi !== null && ev.cpi < 1 },
    { short: 'SPI', label: 'Schedule performance index', value: formatIndex(ev.spi), warn: ev.spi !== null && ev.spi < 1 },
    { short: 'EAC', label: 'Estimate at completion', value: formatMoney(ev.eac, currency) },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5">
        Earned value
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        As of {formatDay(ev.asOf)}
      </Text>
      <SimpleGrid cols={3} spacing="sm" data-testid="earned-value">
        {figures.map((figure) => (
          <div key={figure.short}>
            <Tooltip label={figure.label}>
              <Text size="xs" c="dimmed" fw={600} aria-label={figure.label}>
                {figure.short}
              </Text>
            </Tooltip>
            <Text fw={700} c={figure.warn ? DANGER : undefined} aria-label={`${figure.label}: ${figure.value}`}>
              {figure.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
