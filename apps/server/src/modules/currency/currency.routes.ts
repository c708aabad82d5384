import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  COUNTRIES,
  countryListSchema,
  CURRENCIES,
  currencyListSchema,
  exchangeRateDayListSchema,
  exchangeRateQuerySchema,
} from '@crewplan/domain';
import { defineRatesFetch } from './currency.import.ts';
import * as service from './currency.service.ts';

const tags = ['currency'];
const read = { authz: { signedIn: 'currency.read' } } as const;

/** The currency list, the daily exchange rates and the countries with their tax. */
export async function currencyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  defineRatesFetch(ctx, app.log);

  r.get('/api/currency/list', {
    config: read,
    schema: {
      tags,
      summary: 'Every currency money can be kept in, with its symbol: USD, EUR, CAD, GBP, YEN, INR, CNY, BTC first, then by code',
      response: { 200: currencyListSchema },
    },
    handler: async () => [...CURRENCIES],
  });

  r.get('/api/currency/exchange-rate/daily/list', {
    config: read,
    schema: {
      tags,
      summary:
        'For `date`, each day from `startDate` to `endDate` (at most 366), or today: how many units of each currency one unit ' +
        'of `base` (EUR unless given) buys, at the rate that converts money of that day (the rate of the day; for a past ' +
        'day the next working day’s; for a future day the latest). 422 when `base` has no rate for a day.',
      querystring: exchangeRateQuerySchema,
      response: { 200: exchangeRateDayListSchema },
    },
    handler: async (request) => service.dailyRates(ctx, request.query),
  });

  r.get('/api/currency/countries', {
    config: read,
    schema: {
      tags,
      summary: 'Every country with its tax: EU member states carry the tax id type eu_vat and their standard VAT rate',
      response: { 200: countryListSchema },
    },
    handler: async () => [...COUNTRIES],
  });
}
