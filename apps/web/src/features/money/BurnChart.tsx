import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import type { MoneyReport } from './api.ts';
import { formatMoneyWhole, monthLabel } from './format.ts';
import { BURN_SERIES, burnData } from './report-view.ts';

/** The burn chart: cumulative planned value, earned value and actual cost by month (loaded on demand, with its library). */
export function BurnChart({ report }: { report: MoneyReport }) {
  return (
    <div role="img" aria-label="Burn chart: planned value, earned value and actual cost by month">
      <LineChart
        h={260}
        data={burnData(report, monthLabel)}
        dataKey="month"
        series={[...BURN_SERIES]}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={(value) => formatMoneyWhole(value, report.currency)}
        curveType="monotone"
      />
    </div>
  );
}
