import { z } from 'zod';
import { isCurrencyCode } from '../money/currencies.ts';
import { idSchema } from './ids.ts';

/** Control characters other than tab, newline and carriage return: PostgreSQL refuses NUL, the others are never meant. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;

/** Text without control characters, trimmed. */
export const textSchema = (max: number, min = 0) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'Invalid characters');

/** A calendar day, YYYY-MM-DD, in the years 1900 to 2999. */
export const dateSchema = z.iso.date().refine((value) => value >= '1900-01-01' && value <= '2999-12-31', 'Date out of range');

/**
 * A moment with its offset, as the server sends `updatedAt` (used to detect concurrent edits), in the years the product
 * keeps (1900–2999, as `dateSchema`): the database takes no year past 9999 nor the year 0, which an offset far west
 * or east of UTC also reaches from 9999-12-31 or 0001-01-01.
 */
export const dateTimeSchema = z.iso.datetime({ offset: true }).refine((value) => {
  const year = new Date(value).getUTCFullYear();
  return year >= 1900 && year <= 2999;
}, 'Date out of range');

/**
 * A whole number in a query string, from `min` to `max`, written as digits only: `Number()` would also take ` 5`,
 * `0x10`, `1e3` and an empty value (0), which no client means.
 */
export const queryIntSchema = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,16}$/, 'Expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max))
    .meta({ description: `A whole number from ${min} to ${max}` });

/** A query-string flag: true/false or 1/0. */
export const queryBooleanSchema = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** A list of distinct ids. */
export const idListSchema = (max = 200) =>
  z
    .array(idSchema)
    .max(max)
    .transform((ids) => [...new Set(ids)]);

/**
 * Whether a number has at most 2 decimals: written so (134241411.08, whose product by 100 is not whole in binary), or
 * within a float's error of it (59.97000000000001, as a client's own arithmetic sends it).
 */
const hasCents = (value: number) => Number(value.toFixed(2)) === value || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * An amount of money as a number with at most 2 decimals; stored as integer minor units (cents),
 * never as a binary float.
 */
export const moneySchema = z.number().min(0).max(1_000_000_000_000).refine(hasCents, 'At most 2 decimals');

export const toMinorUnits = (amount: number) => Math.round(amount * 100);
export const fromMinorUnits = (minor: number) => minor / 100;

/** A currency code of the product's list (`CURRENCIES`: USD, EUR, YEN, BTC…); any other code is refused. */
export const currencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Invalid currency')
  .refine(isCurrencyCode, 'Unknown currency');

/** A country code: ISO 3166-1 alpha-2. */
export const countryCodeSchema = z.string().regex(/^[A-Z]{2}$/, 'Invalid country code');
