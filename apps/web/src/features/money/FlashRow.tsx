import { Paper, SimpleGrid, Text, Tooltip } from '@mantine/core';
import type { MoneyReport } from './api.ts';
import { DANGER, exactMoney, formatMoney } from './format.ts';
import { flashOf } from './report-view.ts';

/** The flash row: budget, spent, remaining, forecast at completion and margin, at a glance. */
export function FlashRow({ report }: { report: MoneyReport }) {
  const flash = flashOf(report);
  const items = [
    { label: 'Budget', value: flash.budget, empty: 'No budget set' },
    { label: 'Spent', value: flash.spent },
    { label: 'Remaining', value: flash.remaining, empty: 'No budget set', danger: flash.remaining !== null && flash.remaining < 0 },
    {
      label: 'Forecast at completion',
      value: flash.forecast,
      empty: 'Not enough progress yet',
      danger: isOver(flash.forecast, flash.budget),
    },
    { label: 'Margin', value: flash.margin, danger: flash.margin < 0, hint: report.billable ? undefined : 'Not billable' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" role="list" aria-label="Budget at a glance" data-testid="flash-row">
      {items.map((item) => (
        <Paper
          key={item.label}
          withBorder
          p="sm"
          radius="md"
          role="listitem"
          aria-label={`${item.label}: ${exactMoney(item.value, report.currency)}`}
        >
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {item.label}
          </Text>
          {item.value === null ? (
            <Text size="sm" c="dimmed" mt={4}>
              {item.empty}
            </Text>
          ) : (
            <Tooltip label={exactMoney(item.value, report.currency)}>
              <Text size="xl" fw={700} c={item.danger ? DANGER : undefined} data-figure={item.label}>
                {formatMoney(item.value, report.currency)}
              </Text>
            </Tooltip>
          )}
          {item.hint && (
            <Text size="xs" c="dimmed">
              {item.hint}
            </Text>
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const isOver = (forecast: number | null, budget: number | null) => forecast !== null && budget !== null && forecast > budget;
