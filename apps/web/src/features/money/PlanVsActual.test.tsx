import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import type { MoneyReport } from '@crewplan/domain/money/report';
import { PlanVsActual } from './PlanVsActual.tsx';
import { EMPTY_FIGURES } from './report-view.ts';

/** An organisation's cost report of one mission: its row names the mission (`missionId`). */
const report: MoneyReport = {
  currency: 'EUR',
  budget: 10_000,
  billable: true,
  months: ['2026-03'],
  rows: [
    {
      planItemId: null,
      kind: 'person',
      title: 'Harbour cabins',
      personName: null,
      missionId: '0123456789abcdef01234567',
      missionTitle: 'Harbour cabins',
      months: { '2026-03': { ...EMPTY_FIGURES, approvedHours: 10, actualCost: 500 } },
      total: { ...EMPTY_FIGURES, approvedHours: 10, actualCost: 500 },
    },
  ],
  total: { ...EMPTY_FIGURES, approvedHours: 10, actualCost: 500 },
  earnedValue: { asOf: '2026-03-18', pv: 0, ev: 0, ac: 500, cpi: null, spi: null, eac: null },
  burn: [],
  unconverted: [],
};

const render = (opensMissions?: boolean) =>
  renderToStaticMarkup(
    <MantineProvider>
      <PlanVsActual report={report} {...(opensMissions === undefined ? {} : { opensMissions })} />
    </MantineProvider>,
  );

describe('the cost report of an organisation (Plan vs actual)', () => {
  it("opens a mission's budget from its row for who sees the projects", () => {
    expect(render()).toContain('aria-label="Open the budget of Harbour cabins"');
    expect(render(true)).toContain('aria-label="Open the budget of Harbour cabins"');
  });

  it('shows an organisation observer the same figures, each mission by name only: the projects are not theirs (rule 111)', () => {
    const html = render(false);
    expect(html).not.toContain('Open the budget of');
    expect(html).toContain('Harbour cabins');
    expect(html).toContain('Mission');
    // the figures are the same as for who opens the missions
    const figures = (markup: string) => markup.match(/€[\d,.]+/g) ?? [];
    expect(figures(html)).toContain('€500.00');
    expect(figures(html)).toEqual(figures(render()));
  });
});
