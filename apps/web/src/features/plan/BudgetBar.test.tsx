import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Mission } from '@crewplan/domain/missions/mission';
import type { Change } from '@crewplan/domain/realtime/changes';
import type { MoneyFigures, MoneyReport } from '@crewplan/domain/money/report';
import { planOf } from '../../lib/change-queries.ts';
import { missionMoneyQuery } from '../money/index.ts';
import { planChangeKeys } from './api.ts';
import { BudgetBar } from './BudgetBar.tsx';

const MISSION = 'a'.repeat(24);
const mission = { _id: MISSION, currency: 'EUR', budgetAvailable: 10_000, abilities: { 'money.read': true } } as unknown as Mission;
const figures = (plannedCost: number): MoneyFigures => ({
  plannedHours: 0,
  approvedHours: 0,
  plannedCost,
  actualCost: 0,
  plannedRevenue: 0,
  actualRevenue: 0,
  margin: 0,
});
/** The budget view's report: a role and a cost item planned, a fundable milestone of 5,000 as revenue only. */
const report: MoneyReport = {
  currency: 'EUR',
  budget: 10_000,
  billable: true,
  months: [],
  rows: [],
  total: { ...figures(2_512.5), plannedRevenue: 5_000 },
  earnedValue: { asOf: '2031-01-06', pv: 0, ev: 0, ac: 0, cpi: null, spi: null, eac: null },
  burn: [],
};

function render(client: QueryClient): string {
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <BudgetBar mission={mission} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const textOf = (html: string) =>
  /data-testid="budget-text"[^>]*>(.*?)<\/p>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&');

describe('the budget bar of the plan', () => {
  it("shows the money report's planned cost, as the budget view counts it", () => {
    const client = new QueryClient();
    client.setQueryData(missionMoneyQuery(MISSION, null).queryKey, report);
    const html = render(client);
    expect(textOf(html)).toBe('Planned 2,512.5 EUR of 10,000 EUR available (25%)');
    expect(html).toContain('aria-label="Planned share of the budget"');
  });

  it('shows no figure while the report is read', () => {
    const html = render(new QueryClient());
    expect(textOf(html)).toBe('Planned … of 10,000 EUR available');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('Planned share of the budget');
  });

  it("marks the mission's money reports stale, in every currency, when its plan changes", async () => {
    const client = new QueryClient();
    const own = missionMoneyQuery(MISSION, null).queryKey;
    const inUsd = missionMoneyQuery(MISSION, 'USD').queryKey;
    const other = missionMoneyQuery('b'.repeat(24), null).queryKey;
    for (const key of [own, inUsd, other]) client.setQueryData(key, report);
    await Promise.all(planChangeKeys(MISSION).map((queryKey) => client.invalidateQueries({ queryKey })));
    expect(client.getQueryState(own)?.isInvalidated).toBe(true);
    expect(client.getQueryState(inUsd)?.isInvalidated).toBe(true);
    expect(client.getQueryState(other)?.isInvalidated).toBe(false);
  });

  it("marks them stale too when someone else's plan change is heard", async () => {
    const client = new QueryClient();
    const own = missionMoneyQuery(MISSION, null).queryKey;
    client.setQueryData(own, report);
    for (const entity of ['plan.items', 'plan.requests'] as const) {
      const plan = planOf({ type: 'update', entity, id: 'p1' } as Change);
      await Promise.all(plan.invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
      expect(client.getQueryState(own)?.isInvalidated).toBe(true);
      client.setQueryData(own, report);
    }
  });
});
