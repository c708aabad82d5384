import { z } from 'zod';
import { daysBetween } from '../missions/dates.ts';
import { currencySchema, dateSchema } from '../shared/inputs.ts';

/** What `/api/currency/…` answers: the currency list, the daily exchange rates and the countries with their tax. */

export const currencyListSchema = z.array(z.object({ code: z.string(), symbol: z.string(), name: z.string() }));

/** The longest span of days one exchange-rate request may ask for. */
export const MAX_RATE_RANGE_DAYS = 366;

export const CURRENCY_QUERY_TEXT = {
  dateOrRange: 'Give either a date or a start and end date, not both',
  bothEnds: 'Give both a start and an end date',
  endBeforeStart: 'The end date must be on or after the start date',
  rangeTooLong: `A range may span at most ${MAX_RATE_RANGE_DAYS} days`,
} as const;

/**
 * `GET /api/currency/exchange-rate/daily/list`: the rates of one `date`, of every day from `startDate` to `endDate`,
 * or of today; relative to `base` (EUR unless given).
 */
export const exchangeRateQuerySchema = z
  .object({
    base: currencySchema.default('EUR'),
    date: dateSchema.optional(),
    startDate: dateSchema.optional(),
    endDate: dateSchema.optional(),
  })
  .strict()
  .superRefine((query, context) => {
    const { date, startDate, endDate } = query;
    if (date !== undefined && (startDate !== undefined || endDate !== undefined)) {
      context.addIssue({ code: 'custom', path: ['date'], message: CURRENCY_QUERY_TEXT.dateOrRange });
    } else if ((startDate === undefined) !== (endDate === undefined)) {
      context.addIssue({
        code: 'custom',
        path: [startDate === undefined ? 'startDate' : 'endDate'],
        message: CURRENCY_QUERY_TEXT.bothEnds,
      });
    } else if (startDate !== undefined && endDate !== undefined) {
      // a malformed end is refused by its own field; the range is measured only between two real days
      if (!dateSchema.safeParse(startDate).success || !dateSchema.safeParse(endDate).success) return;
      if (endDate < startDate) context.addIssue({ code: 'custom', path: ['endDate'], message: CURRENCY_QUERY_TEXT.endBeforeStart });
      else if (daysBetween(startDate, endDate) + 1 > MAX_RATE_RANGE_DAYS) {
        context.addIssue({ code: 'custom', path: ['endDate'], message: CURRENCY_QUERY_TEXT.rangeTooLong });
      }
    }
  });
export type ExchangeRateQuery = z.infer<typeof exchangeRateQuerySchema>;

/**
 * The rates that convert money of `day` (rule 193 applied): how many units of each currency one unit of the base
 * buys. Money of `day` in a currency C is `amount / rates[C]` in the base. A currency without a rate that day is
 * left out.
 */
export const exchangeRateDaySchema = z.object({ day: dateSchema, rates: z.record(z.string(), z.number()) });
export type ExchangeRateDay = z.infer<typeof exchangeRateDaySchema>;
export const exchangeRateDayListSchema = z.array(exchangeRateDaySchema);

export const countryListSchema = z.array(
  z.object({
    name: z.string(),
    code: z.string(),
    isEu: z.boolean(),
    taxRate: z.number(),
    taxId: z.object({ type: z.enum(['eu_vat']) }).nullable(),
  }),
);
