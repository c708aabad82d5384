import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/database.ts';
import { exchangeRates } from '../src/db/schema/index.ts';
import { AppError } from '../src/lib/errors.ts';
import { convertAmounts, importRatesFile, ratesFor } from '../src/modules/currency/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createOrg, errorOf, expectStatus } from './support/org.ts';
import { signUpPerson, type TestPerson } from './support/people.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', 'currency', name);

// Monday 16 March 2026, 12:00 UTC. The rates: every working day from Monday 2 to Friday 13 March (GBP missing on
// Thursday 12), and Monday 16 from the daily file.
const clock = createTestClock('2026-03-16T12:00:00Z');
let t: TestApp;
let person: TestPerson;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  await t.database.db.delete(exchangeRates);
  await importRatesFile(t.database.db, fixture('eurofxref-hist.csv'));
  await importRatesFile(t.database.db, fixture('eurofxref-daily.xml'));
  person = await signUpPerson(t);
});
afterAll(async () => t.close());

type RateDay = { day: string; rates: Record<string, number> };
const get = (url: string, token: string | undefined = person.token) => t.request({ method: 'GET', url, token });
async function daily(query: string): Promise<RateDay[]> {
  const response = await get(`/api/currency/exchange-rate/daily/list?${query}`);
  expectStatus(response, 200);
  return response.json() as RateDay[];
}

describe('GET /api/currency/list (rule 192)', () => {
  it('lists USD, EUR, CAD, GBP, YEN, INR, CNY, BTC first, then every ISO 4217 currency, each with its symbol', async () => {
    const response = await get('/api/currency/list');
    expectStatus(response, 200);
    const list = response.json() as { code: string; symbol: string; name: string }[];
    expect(list.slice(0, 8).map((currency) => currency.code)).toEqual(['USD', 'EUR', 'CAD', 'GBP', 'YEN', 'INR', 'CNY', 'BTC']);
    expect(list[4]).toEqual({ code: 'YEN', symbol: '¥', name: 'Japanese Yen' });
    expect(list.length).toBeGreaterThan(170);
    expect(list.map((currency) => currency.code)).not.toContain('JPY');
  });

  it('is for signed-in people', async () => {
    expectStatus(await get('/api/currency/list', ''), 401);
    expectStatus(await get('/api/currency/countries', ''), 401);
    expectStatus(await get('/api/currency/exchange-rate/daily/list', ''), 401);
  });
});

describe('GET /api/currency/countries (rule 195)', () => {
  it('gives EU countries the tax id type eu_vat and their VAT rate; others none', async () => {
    const response = await get('/api/currency/countries');
    expectStatus(response, 200);
    const countries = new Map((response.json() as { code: string }[]).map((country) => [country.code, country]));
    expect(countries.get('DE')).toEqual({ name: 'Germany', code: 'DE', isEu: true, taxRate: 19, taxId: { type: 'eu_vat' } });
    expect(countries.get('FR')).toMatchObject({ taxRate: 20, taxId: { type: 'eu_vat' } });
    expect(countries.get('IT')).toMatchObject({ taxRate: 22, taxId: { type: 'eu_vat' } });
    expect(countries.get('HU')).toMatchObject({ taxRate: 27, taxId: { type: 'eu_vat' } });
    expect(countries.get('US')).toEqual({ name: 'United States', code: 'US', isEu: false, taxRate: 0, taxId: null });
  });
});

describe('GET /api/currency/exchange-rate/daily/list (rule 193)', () => {
  it("today (a Monday) takes today's rates, per one EUR unless a base is given; YEN is the yen", async () => {
    const [today] = await daily('');
    expect(today!.day).toBe('2026-03-16');
    expect(today!.rates).toMatchObject({ EUR: 1, USD: 1.0915, YEN: 162.8, GBP: 0.85912, ZAR: 19.874, IDR: 17512.34 });
    expect(today!.rates).not.toHaveProperty('JPY');
    expect(today!.rates).not.toHaveProperty('BTC');
  });

  it.each([
    ['2026-03-16', '2026-03-16', 1.0915, 'today: the rate of the day'],
    ['2026-03-12', '2026-03-13', 1.0901, 'a past Thursday: the rate of Friday'],
    ['2026-03-13', '2026-03-16', 1.0915, 'a past Friday: 3 days on, Monday'],
    ['2026-03-07', '2026-03-09', 1.0843, 'a Saturday: Monday'],
    ['2026-03-08', '2026-03-09', 1.0843, 'a Sunday: Monday'],
    ['2026-03-02', '2026-03-03', 1.0835, 'a past Monday: Tuesday'],
    ['2026-03-17', 'latest', 1.0915, 'tomorrow: the latest rate'],
    ['2027-06-01', 'latest', 1.0915, 'next year: the latest rate'],
  ])('money of %s takes the USD rate of %s (%s)', async (day, _rateDay, usd) => {
    const [rates] = await daily(`date=${day}`);
    expect(rates).toEqual({ day, rates: expect.objectContaining({ USD: usd }) });
  });

  it('a currency without a rate on the day rolls forward to its next one', async () => {
    // Wednesday 11 → Thursday 12, when GBP had none: Friday's
    const [rates] = await daily('date=2026-03-11');
    expect(rates!.rates).toMatchObject({ USD: 1.0888, GBP: 0.8589 });
  });

  it('answers relative to the base: units of each currency one unit of the base buys (cross rates through EUR)', async () => {
    const [rates] = await daily('base=USD&date=2026-03-12');
    expect(rates!.rates).toMatchObject({ USD: 1, EUR: 0.9173470324, YEN: 149.0230254, GBP: 0.7879093661 });
    const [yen] = await daily('base=YEN&date=2026-03-12');
    expect(yen!.rates).toMatchObject({ YEN: 1, USD: Number((1.0901 / 162.45).toPrecision(10)) });
  });

  it('answers every day of a range, each with the rates that serve it', async () => {
    const days = await daily('startDate=2026-03-06&endDate=2026-03-09');
    expect(days.map((day) => [day.day, day.rates.USD])).toEqual([
      ['2026-03-06', 1.0843],
      ['2026-03-07', 1.0843],
      ['2026-03-08', 1.0843],
      ['2026-03-09', 1.0851],
    ]);
  });

  it('a day long before any published rate has only the base; a base without a rate is refused naming it and the day', async () => {
    expect(await daily('date=2026-01-15')).toEqual([{ day: '2026-01-15', rates: { EUR: 1 } }]);
    const before = await get('/api/currency/exchange-rate/daily/list?base=USD&date=2026-01-15');
    expectStatus(before, 422);
    expect(errorOf(before)).toMatchObject({ code: 'currency/no-rate', message: 'No exchange rate for USD on 2026-01-15' });
    const bitcoin = await get('/api/currency/exchange-rate/daily/list?base=BTC&date=2026-03-12');
    expectStatus(bitcoin, 422);
    expect(errorOf(bitcoin).message).toBe('No exchange rate for BTC on 2026-03-12');
  });

  it.each([
    ['base=ABC', 'base', 'Base must be a currency of the list (USD, EUR, CAD, GBP, YEN…)'],
    ['base=JPY', 'base', 'Base must be a currency of the list (USD, EUR, CAD, GBP, YEN…)'],
    ['base=usd', 'base', 'Base must be a three-letter currency code'],
    ['date=2026-02-30', 'date', 'Date must be a date (year-month-day)'],
    ['date=yesterday', 'date', 'Date must be a date (year-month-day)'],
    ['startDate=2026-03-01', 'endDate', 'Give both a start and an end date'],
    ['endDate=2026-03-01', 'startDate', 'Give both a start and an end date'],
    ['startDate=2026-03-10&endDate=2026-03-09', 'endDate', 'The end date must be on or after the start date'],
    ['startDate=2025-01-01&endDate=2026-01-02', 'endDate', 'A range may span at most 366 days'],
    ['date=2026-03-10&startDate=2026-03-01&endDate=2026-03-10', 'date', 'Give either a date or a start and end date, not both'],
    ['currency=USD', 'currency', "'currency' is not a field that can be sent here"],
  ])('refuses %s with 400 naming %s', async (query, field, text) => {
    const response = await get(`/api/currency/exchange-rate/daily/list?${query}`);
    expectStatus(response, 400);
    expect(errorOf(response).fields?.[field]).toBe(text);
  });

  it('takes a range of 366 days', async () => {
    const days = await daily('startDate=2025-03-16&endDate=2026-03-16');
    expect(days).toHaveLength(366);
    expect(days.at(-1)).toMatchObject({ day: '2026-03-16', rates: expect.objectContaining({ USD: 1.0915 }) });
  });
});

/** The database, counting the statements sent through it. */
function countingDb(db: Db) {
  let statements = 0;
  const counted = new Proxy(db, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (property === 'execute' || property === 'select') statements += 1;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: counted, statements: () => statements };
}

describe('converting money (the service other modules use)', () => {
  it('converts many amounts of several currencies and days in one round trip, each rounded once to the cent', async () => {
    const counter = countingDb(t.database.db);
    const converted = await convertAmounts({ db: counter.db, clock }, 'EUR', [
      { amountMinor: 10_000, from: 'USD', day: '2026-03-12' }, // Friday's 1.0901 → 91.73
      { amountMinor: 10_000, from: 'GBP', day: '2026-03-11' }, // GBP had none Thursday: Friday's 0.85890 → 116.43
      { amountMinor: 12_345, from: 'YEN', day: '2026-03-16' }, // today's 162.80 → 0.76
      { amountMinor: 500, from: 'EUR', day: '2026-03-13' }, // already in EUR
      { amountMinor: -10_000, from: 'USD', day: '2026-03-12' }, // a credit
    ]);
    expect(converted).toEqual([9_173, 11_643, 76, 500, -9_173]);
    expect(counter.statements()).toBe(1);
  });

  it('converts between two currencies through the EUR, exactly', async () => {
    // 100.00 GBP on Thursday 12 (Friday's rates) in USD: 10000 × 1.0901 / 0.85890 = 12691.815… → 126.92
    expect(await convertAmounts({ db: t.database.db, clock }, 'USD', [{ amountMinor: 10_000, from: 'GBP', day: '2026-03-12' }])).toEqual([
      12_692,
    ]);
  });

  it('leaves money already in the target currency alone, without looking anything up', async () => {
    const counter = countingDb(t.database.db);
    const amounts = [
      { amountMinor: 123, from: 'BTC', day: '2026-03-12' },
      { amountMinor: 456, from: 'BTC', day: '1990-01-01' },
    ];
    expect(await convertAmounts({ db: counter.db, clock }, 'BTC', amounts)).toEqual([123, 456]);
    expect(await convertAmounts({ db: counter.db, clock }, 'USD', [])).toEqual([]);
    expect(counter.statements()).toBe(0);
  });

  it('refuses a conversion without a rate, naming the currency and the day: never 1:1', async () => {
    const noRate = (to: string, from: string, day: string) =>
      convertAmounts({ db: t.database.db, clock }, to, [{ amountMinor: 100, from, day }]);
    await expect(noRate('EUR', 'BTC', '2026-03-12')).rejects.toThrow('No exchange rate for BTC on 2026-03-12');
    await expect(noRate('BTC', 'EUR', '2026-03-12')).rejects.toThrow('No exchange rate for BTC on 2026-03-12');
    await expect(noRate('EUR', 'GBP', '2026-01-15')).rejects.toThrow('No exchange rate for GBP on 2026-01-15');
    const error = await noRate('EUR', 'CHF', '2026-03-02').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 422, code: 'currency/no-rate', message: 'No exchange rate for CHF on 2026-03-02' });
  });

  it('ratesFor: per day, units of each currency per one unit of the base, leaving out those without a rate', async () => {
    const rates = await ratesFor({ db: t.database.db, clock }, 'USD', ['EUR', 'YEN', 'GBP', 'BTC'], ['2026-03-12', '2026-03-16']);
    expect(Object.fromEntries(rates.get('2026-03-12')!)).toEqual({ EUR: '0.9173470324', YEN: '149.0230254', GBP: '0.7879093661' });
    // CHF is first published on Monday 16: Thursday's money (Friday's rates) rolls forward to it
    expect((await ratesFor({ db: t.database.db, clock }, 'USD', ['CHF'], ['2026-03-12'])).get('2026-03-12')!.get('CHF')).toBe(
      (0.9412 / 1.0901).toPrecision(10),
    );
    expect(Object.fromEntries(rates.get('2026-03-16')!)).toEqual({ EUR: '0.9161704077', YEN: '149.1525424', GBP: '0.7871003207' });
  });
});

describe('currencies of organisations and missions must be of the list', () => {
  it('refuses an unknown code with 400 naming the field, and takes a listed one (YEN, BTC)', async () => {
    const unknown = await t.request({ method: 'POST', url: '/api/org', token: person.token, payload: { title: 'Acme', currency: 'ABC' } });
    expectStatus(unknown, 400);
    expect(errorOf(unknown).fields).toEqual({ currency: 'Currency must be a currency of the list (USD, EUR, CAD, GBP, YEN…)' });
    const org = await createOrg(t, person.token, { currency: 'YEN' });
    expect(org.currency).toBe('YEN');

    const jpy = await t.request({ method: 'POST', url: '/api/mission', token: person.token, payload: { title: 'Tokyo', currency: 'JPY' } });
    expectStatus(jpy, 400);
    expect(errorOf(jpy).fields).toHaveProperty('currency');
    const mission = await t.request({
      method: 'POST',
      url: '/api/mission',
      token: person.token,
      payload: { title: 'Chain', currency: 'BTC' },
    });
    expectStatus(mission, 201);
    const { _id: id, updatedAt } = mission.json() as { _id: string; updatedAt: string };
    const update = await t.request({
      method: 'PUT',
      url: `/api/mission/${id}`,
      token: person.token,
      payload: { currency: 'XYZ', updatedAt },
    });
    expectStatus(update, 400);
    expect(errorOf(update).fields).toHaveProperty('currency');
  });
});
