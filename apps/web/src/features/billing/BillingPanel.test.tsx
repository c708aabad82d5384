import { renderToStaticMarkup } from 'react-dom/server';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { BILLING_MESSAGES, type SubscriptionView } from '@crewplan/domain/billing/billing';
import { priceSeats } from '@crewplan/domain/billing/seats';
import BillingPanel from './BillingPanel.tsx';
import { subscriptionQuery, usageQuery } from './api.ts';
import { subscribedNotice } from './format.ts';

/**
 * The billing screen as its admin first sees it, drawn from the server's answer. The browser journeys run with a
 * payment provider, so the state of a server without one ('Without keys configured the billing screens say so
 * plainly') is checked here, with the server's side in the API tests (`configured: false`, 503 `billing/not-configured`).
 */
const ORG = 'org1';
const seats = { admins: 1, managers: 0, members: 2 };
const view = (configured: boolean): SubscriptionView => ({
  org: ORG,
  configured,
  status: 'not_setup',
  plan: 'free',
  licensed: false,
  trialStartedOn: null,
  trialEndsAt: null,
  aiAddon: false,
  seats,
  price: priceSeats(seats, false),
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  offerCode: false,
  customer: {
    billing_name: 'Bill Ing',
    billing_email: 'accounts@billed.example',
    billing_org_name: '',
    billing_country: 'FR',
    billing_zip: '',
    vat_number: '',
  },
  paymentMethods: [],
});

function render(answer: SubscriptionView): string {
  const client = new QueryClient();
  client.setQueryData(subscriptionQuery(ORG).queryKey, answer);
  client.setQueryData(usageQuery(ORG).queryKey, { storageBytes: 0, storageGb: 0, files: 0 });
  return renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <BillingPanel orgId={ORG} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** The opening tag of the button that reads `label`. */
function buttonTag(html: string, label: string): string {
  const chunk = html.split('<button').find((part) => part.split('</button>')[0]!.includes(`>${label}<`));
  if (!chunk) throw new Error(`no button "${label}"`);
  return chunk.slice(0, chunk.indexOf('>'));
}
const disabled = (tag: string) => /\sdisabled=""/.test(tag);

describe('the billing screen', () => {
  it('says plainly that payments are not configured and offers no paying, while the plan and seats still show', () => {
    const html = render(view(false));
    expect(html).toContain('data-testid="billing-not-configured"');
    expect(html).toContain(BILLING_MESSAGES.notConfigured);
    expect(html).toContain('Free plan');
    expect(html).toContain('$12.99');
    expect(disabled(buttonTag(html, 'Upgrade to Unlimited'))).toBe(true);
    expect(disabled(buttonTag(html, 'Add payment method'))).toBe(true);
    expect(disabled(buttonTag(html, 'Save billing details'))).toBe(false);
    expect(disabled(buttonTag(html, 'Start free 30-day trial'))).toBe(false);
  });

  it('with a provider, says nothing of it and lets the admin upgrade', () => {
    const html = render(view(true));
    expect(html).not.toContain('billing-not-configured');
    expect(html).not.toContain(BILLING_MESSAGES.notConfigured);
    expect(disabled(buttonTag(html, 'Upgrade to Unlimited'))).toBe(false);
  });
});

describe('offer codes', () => {
  it('offers to redeem a code; once a code gives Unlimited, neither paying for it nor another code is offered', () => {
    const free = render(view(true));
    expect(disabled(buttonTag(free, 'Redeem code'))).toBe(true);
    const coded = render({ ...view(true), plan: 'unlimited', status: 'active', licensed: true, offerCode: true });
    expect(coded).not.toContain('>Upgrade to Unlimited<');
    expect(coded).not.toContain('>Redeem code<');
  });
});

describe('subscribing', () => {
  it('tells the admin a declined first payment (the subscription is left incomplete) rather than a subscription', () => {
    expect(subscribedNotice({ status: 'incomplete' })).toEqual({ message: BILLING_MESSAGES.firstPaymentDeclined, color: 'red' });
    expect(subscribedNotice({ status: 'active' })).toEqual({ message: BILLING_MESSAGES.subscribed, color: 'green' });
  });
});

describe('cancelling', () => {
  const paying = (status: SubscriptionView['status']): SubscriptionView => ({
    ...view(true),
    status,
    plan: status === 'unpaid' ? 'free' : 'unlimited',
    licensed: status !== 'unpaid',
    currentPeriodEnd: '2026-12-24T10:00:00.000Z',
  });

  it.each(['past_due', 'unpaid'] as const)('offers to cancel a %s subscription, saying it ends now', (status) => {
    const html = render(paying(status));
    expect(disabled(buttonTag(html, 'Cancel subscription'))).toBe(false);
    expect(html).toContain('data-testid="billing-cancel-ends-now"');
    expect(html).toContain(BILLING_MESSAGES.cancelEndsNow);
  });

  it('says nothing of ending now for a paid subscription, which renews until cancelled at its period end', () => {
    const html = render(paying('active'));
    expect(disabled(buttonTag(html, 'Cancel subscription'))).toBe(false);
    expect(html).not.toContain(BILLING_MESSAGES.cancelEndsNow);
    expect(html).toContain('Renews on');
  });

  it('once ended now, says neither that it renews nor offers to cancel it, and offers to subscribe again', () => {
    const html = render({ ...paying('canceled'), plan: 'free', licensed: false });
    expect(html).not.toContain('Renews on');
    expect(html).not.toContain('>Cancel subscription<');
    expect(disabled(buttonTag(html, 'Upgrade to Unlimited'))).toBe(false);
  });
});
