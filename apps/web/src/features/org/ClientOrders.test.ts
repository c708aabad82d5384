import { describe, expect, it } from 'vitest';
import { orderAmountText } from './ClientOrders.tsx';

describe("a client order's amount: its currency with that currency's decimals", () => {
  it.each([
    [{ amount: 25_000, currency: 'EUR' }, null, '25,000.00 EUR'],
    [{ amount: 1234.5, currency: 'YEN' }, 'EUR', '1,235 YEN'], // no minor units: no decimals
    [{ amount: 1_500_000, currency: null }, 'YEN', '1,500,000 YEN'], // the client's currency when the order names none
    [{ amount: 99.9, currency: null }, 'GBP', '99.90 GBP'],
  ])('%o (else %s) → %s', (order, fallback, text) => expect(orderAmountText(order, fallback)).toBe(text));

  it('shows a dash for an order without an amount', () => {
    expect(orderAmountText({ amount: null, currency: 'YEN' }, null)).toBe('—');
  });
});
