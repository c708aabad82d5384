import { EU_VAT_RATES, countryOfCode } from '../money/countries.ts';
import { HOURLY_SHARE, type RateUnit } from '../money/rates.ts';

/**
 * Client invoices (spec 2 §§3, 5, 9; rules 195, 196, 198): numbering, line amounts, tax and totals, in integer minor
 * units. Each line's amount is rounded once; the tax is rounded once on the subtotal; the total is their sum. Amounts are
 * rounded to the invoice currency's smallest amount, `stepMinor` (`currencyStepMinor`): a cent, or a whole yen (100)
 * for a currency without minor units, which the payment provider could not charge a fraction of.
 */

/** Rule 196: invoice numbers are shown zero-padded to 4 digits. */
export const INVOICE_NUMBER_DIGITS = 4;
export const formatInvoiceNumber = (number: number) => String(number).padStart(INVOICE_NUMBER_DIGITS, '0');

export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** draft → sent → paid; a draft or a sent invoice may be voided; paid and void are final. */
const NEXT_STATUSES: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ['sent', 'void'],
  sent: ['paid', 'void'],
  paid: [],
  void: [],
};
export const canMoveInvoice = (from: InvoiceStatus, to: InvoiceStatus) => from === to || NEXT_STATUSES[from].includes(to);

/**
 * What a line bills: approved time of a role (`time`), a reached milestone (`milestone`), or a line typed by hand
 * (`manual`). Approved expenses will be one more kind, drawn by the same source function.
 */
export const INVOICE_LINE_KINDS = ['time', 'milestone', 'manual'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

/** Rule 196: the lowest number a client's next invoice may take, its highest existing number + 1. */
export const invoiceNumberFloor = (highest: number | null) => (highest ?? 0) + 1;

/**
 * Rule 196: the number of a new invoice. Without a requested number it is the client's next number, but never below
 * the highest existing number + 1; a requested number below that would go backwards and is refused (null).
 */
export function nextInvoiceNumber(input: { highest: number | null; clientNext: number; requested?: number | undefined }): number | null {
  const floor = invoiceNumberFloor(input.highest);
  if (input.requested !== undefined) return input.requested >= floor ? input.requested : null;
  return Math.max(floor, input.clientNext);
}

/** Integer division rounding half away from zero (PostgreSQL's `round(numeric)`). */
function divideRounded(dividend: bigint, divisor: bigint): bigint {
  const negative = dividend < 0n !== divisor < 0n;
  const a = dividend < 0n ? -dividend : dividend;
  const b = divisor < 0n ? -divisor : divisor;
  const quotient = (a * 2n + b) / (2n * b);
  return negative ? -quotient : quotient;
}

/** `dividend / divisor` rounded once, half away from zero, to a multiple of `step` minor units. */
const roundedTo = (dividend: bigint, divisor: bigint, step: number) => Number(divideRounded(dividend, divisor * BigInt(step))) * step;

/** Quantities carry at most 4 decimals: they are counted in ten-thousandths. */
export const QUANTITY_SCALE = 10_000;
export const quantityUnits = (quantity: number) => BigInt(Math.round(quantity * QUANTITY_SCALE));

/** A typed or milestone line: quantity × unit price, rounded once (to `stepMinor`). */
export const quantityAmount = (quantity: number, unitPriceMinor: number, stepMinor = 1) =>
  roundedTo(quantityUnits(quantity) * BigInt(unitPriceMinor), BigInt(QUANTITY_SCALE), stepMinor);

/**
 * Approved time of a role: `minutes` at `rateMinor` per `unit` (rule 189's hourly share), rounded once — the same
 * arithmetic as the actual revenue of the money reports (to the cent; an invoice rounds to its `stepMinor`). A One
 * time rate bills its amount once.
 */
export function minutesAmount(minutes: number, rateMinor: number, unit: RateUnit, stepMinor = 1): number {
  const share = HOURLY_SHARE[unit];
  if (!share) return roundedTo(BigInt(rateMinor), 1n, stepMinor);
  return roundedTo(BigInt(rateMinor) * BigInt(minutes) * BigInt(share.numerator), 60n * BigInt(share.denominator), stepMinor);
}

/** Tax rates are kept in hundredths of a percent (Finland's 25.5 % is 2550). */
export const toTaxBasisPoints = (percent: number) => Math.round(percent * 100);

export const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';

export type InvoiceTax = { country: string | null; ratePercent: number; reverseCharge: boolean; note: string | null };

type TaxedClient = { country: string | null; vatNumber: string | null };

const euBusinessCountry = (client: TaxedClient) => {
  const country = client.country ? countryOfCode(client.country) : undefined;
  return country?.isEu && client.vatNumber?.trim() ? country : undefined;
};

/**
 * The tax of an invoice from the client's country (rule 195): an EU client pays its country's VAT; an EU business
 * client with a VAT number in another country than the organisation's is reverse-charged (0 %, with the note);
 * a client outside the EU, or without a country, pays none. An organisation of no known country reverse-charges
 * nobody: a domestic client must never be billed without VAT (`reverseChargeWaitsOnOrgCountry`).
 */
export function invoiceTax(client: TaxedClient, orgCountry: string | null): InvoiceTax {
  const country = client.country ? countryOfCode(client.country) : undefined;
  if (!country?.isEu) return { country: client.country, ratePercent: 0, reverseCharge: false, note: null };
  if (euBusinessCountry(client) && orgCountry !== null && orgCountry !== country.code) {
    return { country: country.code, ratePercent: 0, reverseCharge: true, note: REVERSE_CHARGE_NOTE };
  }
  return { country: country.code, ratePercent: EU_VAT_RATES[country.code] ?? 0, reverseCharge: false, note: null };
}

/** An EU business client that would be reverse-charged if the organisation's country were known. */
export const reverseChargeWaitsOnOrgCountry = (client: TaxedClient, orgCountry: string | null) =>
  orgCountry === null && euBusinessCountry(client) !== undefined;

/**
 * The most a line or an invoice may come to, in minor units: the largest amount money is typed in
 * (1,000,000,000,000.00). Anything more is refused rather than stored (or lost to floating point).
 */
export const MAX_INVOICE_MINOR = 100_000_000_000_000;
export const invoiceWithinBounds = (lineAmountsMinor: readonly number[], totalMinor: number) =>
  totalMinor <= MAX_INVOICE_MINOR && lineAmountsMinor.every((amount) => amount <= MAX_INVOICE_MINOR);

/** An invoice is due on or after the day it is issued (no due date: nothing to check). */
export const dueDateValid = (issueDate: string, dueDate: string | null) => dueDate === null || dueDate >= issueDate;

/**
 * Subtotal (the lines' rounded amounts), tax (rounded once on the subtotal, to `stepMinor`) and total, in minor units.
 */
export function invoiceTotals(lineAmountsMinor: readonly number[], taxRatePercent: number, stepMinor = 1) {
  const subtotal = lineAmountsMinor.reduce((sum, amount) => sum + amount, 0);
  const tax = roundedTo(BigInt(subtotal) * BigInt(toTaxBasisPoints(taxRatePercent)), 10_000n, stepMinor);
  return { subtotal, tax, total: subtotal + tax };
}
