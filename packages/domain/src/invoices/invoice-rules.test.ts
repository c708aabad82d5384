import { describe, expect, it } from 'vitest';
import {
  canMoveInvoice,
  formatInvoiceNumber,
  invoiceTax,
  reverseChargeWaitsOnOrgCountry,
  invoiceTotals,
  minutesAmount,
  dueDateValid,
  invoiceNumberFloor,
  invoiceWithinBounds,
  MAX_INVOICE_MINOR,
  nextInvoiceNumber,
  quantityAmount,
  REVERSE_CHARGE_NOTE,
} from './invoice-rules.ts';
import { invoiceLineInputSchema, quantitySchema } from './invoices.ts';
import { currencyStepMinor } from '../money/currencies.ts';

describe('rule 196: invoice numbers', () => {
  it.each([
    [1, '0001'],
    [42, '0042'],
    [9999, '9999'],
    [12345, '12345'],
  ])('%i is shown as %s', (number, text) => expect(formatInvoiceNumber(number)).toBe(text));

  it.each([
    // highest existing, the client's next, requested → number (null: it would go backwards)
    [null, 1, undefined, 1],
    [null, 7, undefined, 7],
    [3, 1, undefined, 4],
    [3, 10, undefined, 10],
    [3, 1, 4, 4],
    [3, 1, 50, 50],
    [3, 1, 3, null],
    [3, 1, 1, null],
    [null, 5, 1, 1],
  ] as const)('highest %s, client next %i, requested %s → %s', (highest, clientNext, requested, expected) => {
    expect(nextInvoiceNumber({ highest, clientNext, requested })).toBe(expected);
  });

  it.each([
    // highest existing → the lowest next number a client may be given
    [null, 1],
    [1, 2],
    [7, 8],
  ] as const)('highest %s → the next number is at least %i', (highest, floor) => {
    expect(invoiceNumberFloor(highest)).toBe(floor);
  });
});

describe('what an invoice may hold', () => {
  it.each([
    // line amounts, total (minor) → within bounds
    [[100, 200], 300, true],
    [[MAX_INVOICE_MINOR], MAX_INVOICE_MINOR, true],
    // the largest quantity at the largest unit price: far beyond what a bigint column or a double keeps exactly
    [[quantityAmount(1_000_000, MAX_INVOICE_MINOR)], quantityAmount(1_000_000, MAX_INVOICE_MINOR), false],
    // each line fits, their sum (or the tax on it) does not
    [[MAX_INVOICE_MINOR, 1], MAX_INVOICE_MINOR + 1, false],
  ] as const)('lines %j, total %i → %s', (lines, total, expected) => {
    expect(invoiceWithinBounds(lines, total)).toBe(expected);
  });

  it.each([
    ['2026-03-18', null, true],
    ['2026-03-18', '2026-03-18', true],
    ['2026-03-18', '2026-04-17', true],
    ['2026-03-18', '2026-03-17', false],
  ] as const)('issued %s, due %s → %s', (issueDate, dueDate, expected) => {
    expect(dueDateValid(issueDate, dueDate)).toBe(expected);
  });
});

describe('line amounts, rounded once per line', () => {
  it.each([
    // minutes, rate (minor), unit → amount (minor)
    [2400, 8000, 'Hourly', 320_000], // 40 h × 80.00
    [20, 10_000, 'Hourly', 3_333], // a third of an hour at 100.00: 33.333… → 33.33
    [50, 10_000, 'Hourly', 8_333], // 83.333…
    [30, 1, 'Hourly', 1], // 0.5 cent rounds half away from zero
    [2400, 80_000, 'Daily', 400_000], // 5 days × 800.00
    [2400, 200_000, 'Weekly', 200_000],
    [2400, 520_000, 'Monthly', 120_000], // 40 h × 5,200.00 × 12 / 2080
    [2400, 150_000, 'One time', 150_000],
  ] as const)('%i minutes at %i per %s → %i', (minutes, rate, unit, amount) => {
    expect(minutesAmount(minutes, rate, unit)).toBe(amount);
  });

  it.each([
    [1, 150_000, 150_000],
    [2.5, 1_999, 4_998], // 49.975 → 49.98
    [0.3333, 10_000, 3_333],
    [0.0001, 1, 0],
    [3, 0, 0],
    [0, 99_999, 0],
    [1.005, 100, 101], // exact decimals: 1.005 × 1.00 = 1.005 → 1.01 (no binary float drift)
  ])('quantity %d × %i → %i', (quantity, unitPrice, amount) => {
    expect(quantityAmount(quantity, unitPrice)).toBe(amount);
  });
});

describe('rule 195: tax by the client’s country', () => {
  it.each([
    // client country, VAT number, organisation country → rate, reverse charge
    ['GR', null, 'GR', 24, false],
    ['GR', null, null, 24, false],
    ['DE', null, 'GR', 19, false],
    ['FI', null, 'GR', 25.5, false],
    ['HU', '', 'GR', 27, false],
    ['DE', 'DE123456789', 'GR', 0, true],
    ['DE', 'DE123456789', null, 19, false], // the organisation's country unknown: never reverse-charged
    ['GR', 'EL123456789', 'GR', 24, false], // a domestic business client pays VAT
    ['US', 'US-1', 'GR', 0, false],
    ['GB', null, 'GR', 0, false],
    [null, null, 'GR', 0, false],
  ] as const)('%s client (VAT %s) of a %s organisation → %d %%, reverse charge %s', (country, vatNumber, org, rate, reverse) => {
    const tax = invoiceTax({ country, vatNumber }, org);
    expect(tax.ratePercent).toBe(rate);
    expect(tax.reverseCharge).toBe(reverse);
    expect(tax.note).toBe(reverse ? REVERSE_CHARGE_NOTE : null);
  });
});

describe('a reverse charge waiting on the organisation’s country', () => {
  it.each([
    ['DE', 'DE123456789', null, true],
    ['DE', 'DE123456789', 'GR', false],
    ['DE', null, null, false],
    ['DE', '  ', null, false],
    ['US', 'US-1', null, false],
    [null, 'DE123456789', null, false],
  ] as const)('%s client (VAT %s) of a %s organisation → %s', (country, vatNumber, org, waits) => {
    expect(reverseChargeWaitsOnOrgCountry({ country, vatNumber }, org)).toBe(waits);
  });
});

describe('totals', () => {
  it.each([
    [[320_000, 150_000], 24, { subtotal: 470_000, tax: 112_800, total: 582_800 }],
    [[3_333, 3_333, 3_333], 24, { subtotal: 9_999, tax: 2_400, total: 12_399 }], // 2,399.76 cents → 2,400
    [[1_000], 25.5, { subtotal: 1_000, tax: 255, total: 1_255 }],
    [[1_001], 25.5, { subtotal: 1_001, tax: 255, total: 1_256 }], // 255.255 → 255
    [[2], 25, { subtotal: 2, tax: 1, total: 3 }], // 0.5 → 1, half away from zero
    [[], 19, { subtotal: 0, tax: 0, total: 0 }],
    [[500_000], 0, { subtotal: 500_000, tax: 0, total: 500_000 }],
  ])('lines %j at %d %% → %j', (lines, rate, totals) => {
    expect(invoiceTotals(lines, rate)).toEqual(totals);
  });
});

describe('a currency without minor units: whole amounts', () => {
  // amounts are kept in hundredths for every currency; YEN (no minor units) rounds to whole yen (100), EUR to the cent
  it.each([
    ['EUR', 1],
    ['USD', 1],
    ['YEN', 100],
    ['KRW', 100],
    ['BTC', 1],
  ])('%s is rounded to %i hundredths', (currency, step) => expect(currencyStepMinor(currency)).toBe(step));

  it.each([
    // lines, rate, currency → totals (hundredths)
    [[100_100], 19, 'EUR', { subtotal: 100_100, tax: 19_019, total: 119_119 }], // 190.19 EUR: the cent rule, unchanged
    [[100_100], 19, 'YEN', { subtotal: 100_100, tax: 19_000, total: 119_100 }], // 190.19 yen → 190
    [[100_000], 25.5, 'YEN', { subtotal: 100_000, tax: 25_500, total: 125_500 }], // 255 yen
    [[1_000], 25, 'YEN', { subtotal: 1_000, tax: 300, total: 1_300 }], // 2.5 yen → 3, half away from zero
    [[1_000], 24, 'YEN', { subtotal: 1_000, tax: 200, total: 1_200 }], // 2.4 yen → 2
    [[9_900, 9_900, 9_900], 19, 'YEN', { subtotal: 29_700, tax: 5_600, total: 35_300 }], // rounded once on the subtotal: 56.43 → 56
  ] as const)('lines %j at %d percent in %s → %j', (lines, rate, currency, totals) => {
    expect(invoiceTotals(lines, rate, currencyStepMinor(currency))).toEqual(totals);
  });

  it.each([
    // quantity, unit price (hundredths), currency → amount
    [2.5, 1_999, 'EUR', 4_998], // 49.975 → 49.98
    [2.5, 1_999, 'YEN', 5_000], // 49.975 yen → 50
    [1, 100_050, 'YEN', 100_100], // 1,000.50 yen → 1,001
    [0.3333, 10_000, 'YEN', 3_300], // 33.33 yen → 33
    [1.005, 100, 'YEN', 100], // 1.005 yen → 1, rounded once (not 1.01 and then 1)
    [1.5, 100, 'YEN', 200], // 1.5 yen → 2
  ])('quantity %d × %i in %s → %i', (quantity, unitPrice, currency, amount) => {
    expect(quantityAmount(quantity, unitPrice, currencyStepMinor(currency))).toBe(amount);
  });

  it.each([
    // minutes, rate (hundredths), unit, currency → amount
    [20, 10_000, 'Hourly', 'EUR', 3_333], // 33.333… EUR → 33.33
    [20, 10_000, 'Hourly', 'YEN', 3_300], // 33.333… yen → 33
    [30, 100, 'Hourly', 'YEN', 100], // 0.5 yen → 1
    [2400, 100_050, 'One time', 'YEN', 100_100], // 1,000.50 yen once → 1,001
    [2400, 100_050, 'One time', 'EUR', 100_050],
  ] as const)('%i minutes at %i per %s in %s → %i', (minutes, rate, unit, currency, amount) => {
    expect(minutesAmount(minutes, rate, unit, currencyStepMinor(currency))).toBe(amount);
  });
});

describe('statuses', () => {
  it.each([
    ['draft', 'sent', true],
    ['draft', 'void', true],
    ['draft', 'paid', false],
    ['sent', 'paid', true],
    ['sent', 'void', true],
    ['sent', 'draft', false],
    ['paid', 'void', false],
    ['paid', 'sent', false],
    ['void', 'draft', false],
    ['void', 'sent', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => expect(canMoveInvoice(from, to)).toBe(allowed));
});

describe('line input', () => {
  it('refuses negative quantities and more than 4 decimals', () => {
    expect(quantitySchema.safeParse(-1).success).toBe(false);
    expect(quantitySchema.safeParse(0.00001).success).toBe(false);
    expect(quantitySchema.safeParse(1.2345).success).toBe(true);
  });
  it('refuses a negative unit price and an empty description', () => {
    expect(invoiceLineInputSchema.safeParse({ kind: 'manual', description: 'x', quantity: 1, unitPrice: -5 }).success).toBe(false);
    expect(invoiceLineInputSchema.safeParse({ kind: 'manual', description: ' ', quantity: 1, unitPrice: 5 }).success).toBe(false);
    expect(invoiceLineInputSchema.safeParse({ kind: 'time', sourceIds: [] }).success).toBe(false);
  });
});
