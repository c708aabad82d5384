import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { TimeTrackingOrg } from '@crewplan/domain/time/time';
import { FLOATING_MESSAGES } from '@crewplan/domain/messages/index';
import { myOrgsQuery } from '../org/index.ts';
import { timeTrackingOrgsQuery } from './api.ts';
import { MyExpenses } from './MyExpensesScreen.tsx';

type MemberOrg = { _id: string; title: string; currency: string; isLicensedActive: boolean };

function render(memberOrgs: MemberOrg[] | undefined, timeOrgs: TimeTrackingOrg[] | undefined): string {
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  if (memberOrgs) client.setQueryData(myOrgsQuery.queryKey, memberOrgs as never);
  if (timeOrgs) client.setQueryData(timeTrackingOrgsQuery.queryKey, timeOrgs);
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <MyExpenses />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const newExpense = '>New expense<';

describe('My expenses', () => {
  it('offers a team member from outside the projects where they keep weeks, instead of the Unlimited notice', () => {
    const html = render([], [{ _id: 'org-partner', missions: ['m-2'] }]);
    expect(html).toContain(newExpense);
    expect(html).not.toContain(FLOATING_MESSAGES.needsUnlimited);
  });

  it('says an Unlimited subscription is needed when there is nowhere to keep expenses', () => {
    const html = render([{ _id: 'org-free', title: 'Free Co', currency: 'USD', isLicensedActive: false }], []);
    expect(html).toContain(FLOATING_MESSAGES.needsUnlimited);
    expect(html).not.toContain(newExpense);
  });

  it('opens for a member of a licensed organisation, and says nothing until both answers are known', () => {
    const licensed = [{ _id: 'org-mine', title: 'Acme', currency: 'EUR', isLicensedActive: true }];
    expect(render(licensed, [{ _id: 'org-mine', missions: null }])).toContain(newExpense);
    const waiting = render(licensed, undefined);
    expect(waiting).not.toContain(newExpense);
    expect(waiting).not.toContain(FLOATING_MESSAGES.needsUnlimited);
  });
});
