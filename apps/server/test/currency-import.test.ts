import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { exchangeRates, jobs } from '../src/db/schema/index.ts';
import { importRates, importRatesFile, prepareExchangeRates } from '../src/modules/currency/index.ts';
import { parseReferenceRates, RatesFormatError } from '../src/modules/currency/currency.formats.ts';
import { buildTestApp, createTestDatabase, type TestApp, type TestDatabase } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { signUpPerson } from './support/people.ts';

const fixture = (name: string) => join(import.meta.dirname, 'fixtures', 'currency', name);
const bytesOf = (name: string) => new Uint8Array(readFileSync(fixture(name)));
const HIST_CSV = fixture('eurofxref-hist.csv');

const scratch = mkdtempSync(join(tmpdir(), 'crewplan-rates-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The rates stored, as `CURRENCY DAY RATE` lines in order. */
async function storedRates(database: TestDatabase): Promise<string[]> {
  const rows = await database.db
    .select({ currency: exchangeRates.currency, day: exchangeRates.day, rate: exchangeRates.rate })
    .from(exchangeRates)
    .orderBy(exchangeRates.day, exchangeRates.currency);
  return rows.map((row) => `${row.currency} ${row.day} ${row.rate}`);
}

describe('reading the published reference-rate files', () => {
  it('reads the history CSV: a column per currency, N/A where a currency had no rate', () => {
    const rates = parseReferenceRates(bytesOf('eurofxref-hist.csv'));
    // 6 currencies × 10 days, less GBP on 2026-03-12; CYP (retired) is N/A throughout
    expect(rates).toHaveLength(59);
    expect(rates).toContainEqual({ day: '2026-03-02', currency: 'USD', rate: '1.0812' });
    expect(rates).toContainEqual({ day: '2026-03-02', currency: 'JPY', rate: '161.23' });
    expect(rates.filter((rate) => rate.currency === 'CYP')).toEqual([]);
    expect(rates.find((rate) => rate.currency === 'GBP' && rate.day === '2026-03-12')).toBeUndefined();
  });

  it('reads the history CSV inside its zip archive, as published', () => {
    const zip = zipSync({ 'eurofxref-hist.csv': bytesOf('eurofxref-hist.csv') });
    expect(parseReferenceRates(zip)).toEqual(parseReferenceRates(bytesOf('eurofxref-hist.csv')));
  });

  it("reads the daily CSV, whose day is spelled out ('16 March 2026') and cells padded", () => {
    const daily = 'Date, USD, JPY, BGN, CYP, \n16 March 2026, 1.0915, 162.80, N/A, N/A, \n';
    expect(parseReferenceRates(zipSync({ 'eurofxref.csv': strToU8(daily) }))).toEqual([
      { day: '2026-03-16', currency: 'USD', rate: '1.0915' },
      { day: '2026-03-16', currency: 'JPY', rate: '162.80' },
    ]);
  });

  it('reads the daily XML (one day, single-quoted attributes)', () => {
    const rates = parseReferenceRates(bytesOf('eurofxref-daily.xml'));
    expect(rates).toHaveLength(29);
    expect(new Set(rates.map((rate) => rate.day))).toEqual(new Set(['2026-03-16']));
    expect(rates).toContainEqual({ day: '2026-03-16', currency: 'USD', rate: '1.0915' });
    expect(rates).toContainEqual({ day: '2026-03-16', currency: 'IDR', rate: '17512.34' });
  });

  it('reads the history XML (a day per Cube, double-quoted), plain or zipped', () => {
    const rates = parseReferenceRates(bytesOf('eurofxref-hist.xml'));
    expect(rates).toEqual([
      { day: '2026-03-18', currency: 'USD', rate: '1.0930' },
      { day: '2026-03-18', currency: 'JPY', rate: '163.05' },
      { day: '2026-03-18', currency: 'GBP', rate: '0.85950' },
      { day: '2026-03-17', currency: 'USD', rate: '1.0921' },
      { day: '2026-03-17', currency: 'JPY', rate: '162.91' },
      { day: '2026-03-17', currency: 'GBP', rate: '0.85933' },
    ]);
    expect(parseReferenceRates(zipSync({ 'eurofxref-hist.xml': bytesOf('eurofxref-hist.xml') }))).toEqual(rates);
  });

  it.each([
    ['an HTML page', '<html><body>Service unavailable</body></html>', /No exchange rates found/],
    ['an empty file', '', /first column must be Date/],
    ['CSV of something else', 'Name,Amount\nx,1\n', /first column must be Date/],
    ['a rate that is not a number', 'Date,USD,\n2026-03-02,abc,\n', /Not a rate of USD on 2026-03-02: 'abc'/],
    ['a negative rate', 'Date,USD,\n2026-03-02,-1.08,\n', /Not a rate of USD/],
    ['a day that is not one', 'Date,USD,\n2026-02-30,1.08,\n', /Not a day: '2026-02-30'/],
    ['a bad currency code', 'Date,usd,\n2026-03-02,1.08,\n', /Not a currency code: 'usd'/],
    ['XML rates before any day', "<Cube><Cube currency='USD' rate='1.08'/></Cube>", /before any day/],
  ])('refuses %s, saying why', (_name, text, message) => {
    expect(() => parseReferenceRates(strToU8(text))).toThrow(message);
    expect(() => parseReferenceRates(strToU8(text))).toThrow(RatesFormatError);
  });

  it('refuses a broken zip archive and one without rates in it', () => {
    expect(() => parseReferenceRates(new Uint8Array([0x50, 0x4b, 3, 4, 9, 9]))).toThrow(RatesFormatError);
    expect(() => parseReferenceRates(zipSync({ 'readme.txt': strToU8('hello') }))).toThrow(/holds no CSV or XML/);
  });
});

/** A database of this file's own, without the sample rates every test database starts with. */
async function emptyRatesDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await database.db.delete(exchangeRates);
  return database;
}

describe('storing reference rates', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await emptyRatesDatabase();
  });
  afterAll(async () => database.drop());

  it('stores each rate once, exactly as published; a second import changes nothing', async () => {
    expect(await importRatesFile(database.db, HIST_CSV)).toEqual({ read: 59, changed: 59 });
    const stored = await storedRates(database);
    expect(stored).toHaveLength(59);
    expect(stored).toContain('USD 2026-03-02 1.0812');
    expect(stored).toContain('GBP 2026-03-02 0.85763');
    expect(stored).toContain('INR 2026-03-02 89.8215');
    expect(await importRatesFile(database.db, HIST_CSV)).toEqual({ read: 59, changed: 0 });
    expect(await storedRates(database)).toEqual(stored);
  });

  it('writes over a corrected rate, adds new days, and leaves out currencies the product does not list', async () => {
    const corrected = 'Date,USD,JPY,CYP,XYZ,\n2026-03-02,1.0813,161.23,0.5853,2.5,\n2026-03-16,1.0915,162.80,N/A,3,\n';
    expect(await importRates(database.db, strToU8(corrected))).toEqual({ read: 7, changed: 3 });
    const stored = await storedRates(database);
    expect(stored).toContain('USD 2026-03-02 1.0813');
    expect(stored).toContain('JPY 2026-03-16 162.80');
    expect(stored.filter((line) => /^(CYP|XYZ) /.test(line))).toEqual([]);
  });

  it('takes the last of a day given twice in one file', async () => {
    const twice = 'Date,CHF,\n2026-03-02,0.9400,\n2026-03-02,0.9410,\n';
    expect(await importRates(database.db, strToU8(twice))).toEqual({ read: 2, changed: 1 });
    expect(await storedRates(database)).toContain('CHF 2026-03-02 0.9410');
  });
});

/** The app as the server starts it: built, then its rates prepared. */
async function startApp(options: Parameters<typeof buildTestApp>[0]): Promise<TestApp> {
  const t = await buildTestApp(options);
  try {
    await prepareExchangeRates(t.app.ctx, t.app.log);
  } catch (error) {
    await t.close();
    throw error;
  }
  return t;
}

describe('where the rates come from at start', () => {
  it('a fresh install without a rates file or address makes no rates up: a conversion names what it lacks', async () => {
    const database = await emptyRatesDatabase();
    const t = await startApp({ database });
    try {
      expect(await storedRates(database)).toEqual([]);
      const response = await t.request({
        method: 'GET',
        url: '/api/currency/exchange-rate/daily/list?base=USD&date=2026-03-02',
        token: (await signUpPerson(t)).token,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ error: { code: 'currency/no-rate', message: 'No exchange rate for USD on 2026-03-02' } });
    } finally {
      await t.close();
      await database.drop();
    }
  });

  it('EXCHANGE_RATES_FILE is imported at every start', async () => {
    const database = await emptyRatesDatabase();
    try {
      await (await startApp({ env: { EXCHANGE_RATES_FILE: HIST_CSV }, database })).close();
      expect(await storedRates(database)).toHaveLength(59);
      // again at the next start: a corrected file is taken in
      await database.db.update(exchangeRates).set({ rate: '1.5' }).where(eq(exchangeRates.currency, 'USD'));
      await (await startApp({ env: { EXCHANGE_RATES_FILE: HIST_CSV }, database })).close();
      expect(await storedRates(database)).toContain('USD 2026-03-02 1.0812');
    } finally {
      await database.drop();
    }
  });

  it('a configured file that is not reference rates stops the start with a clear message', async () => {
    const bad = join(scratch, 'rates.csv');
    writeFileSync(bad, 'Name,Amount\nx,1\n');
    await expect(startApp({ env: { EXCHANGE_RATES_FILE: bad } })).rejects.toThrow(
      /Exchange rates: cannot import .*rates\.csv: Not the reference rates format/,
    );
  });

  it.each([
    [{ EXCHANGE_RATES_FILE: '/nowhere/rates.csv' }, /EXCHANGE_RATES_FILE: no file at \/nowhere\/rates\.csv/],
    [{ EXCHANGE_RATES_URL: 'ftp://rates.example.com/daily.xml' }, /EXCHANGE_RATES_URL/],
    [{ EXCHANGE_RATES_URL: 'not an address' }, /EXCHANGE_RATES_URL/],
    [{ EXCHANGE_RATES_REFRESH_HOURS: '0' }, /EXCHANGE_RATES_REFRESH_HOURS/],
  ])('the configuration refuses %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: scratch, ...env })).toThrow(message);
  });

  it('the configuration takes a URL, a file and the refresh interval', () => {
    const config = loadConfig({
      DATA_DIR: scratch,
      EXCHANGE_RATES_URL: 'https://rates.example.com/eurofxref-daily.xml',
      EXCHANGE_RATES_FILE: HIST_CSV,
      EXCHANGE_RATES_REFRESH_HOURS: '24',
    });
    expect(config.exchangeRates).toEqual({ url: 'https://rates.example.com/eurofxref-daily.xml', file: HIST_CSV, refreshHours: 24 });
    expect(loadConfig({ DATA_DIR: scratch }).exchangeRates).toEqual({ url: undefined, file: undefined, refreshHours: 6 });
  });
});

/** A local stand-in for the rates publisher: serves what the test sets, and counts requests. */
function fakeRatesServer() {
  let answer: { status: number; body: Uint8Array; type: string } = { status: 404, body: strToU8('not found'), type: 'text/plain' };
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length });
    response.end(answer.body);
  });
  return {
    paths,
    serve: (status: number, body: Uint8Array, type = 'application/octet-stream') => void (answer = { status, body, type }),
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('fetching the rates on a schedule (EXCHANGE_RATES_URL)', () => {
  const publisher = fakeRatesServer();
  let origin: string;
  let database: TestDatabase;
  beforeAll(async () => {
    origin = await publisher.start();
    database = await emptyRatesDatabase();
  });
  afterAll(async () => {
    await publisher.stop();
    await database.drop();
  });
  afterEach(() => void publisher.paths.splice(0));

  const pendingFetches = () =>
    database.db
      .select({ runAt: jobs.runAt, attempts: jobs.attempts, lastError: jobs.lastError })
      .from(jobs)
      .where(and(eq(jobs.kind, 'currency.rates.fetch'), isNull(jobs.doneAt), isNull(jobs.failedAt)))
      .orderBy(jobs.runAt);

  it('fetches at start and every refresh interval, through restarts, without a second schedule', async () => {
    const clock = createTestClock('2026-03-16T15:00:00Z');
    const env = { EXCHANGE_RATES_URL: `${origin}/stats/eurofxref/eurofxref-hist.zip`, EXCHANGE_RATES_REFRESH_HOURS: '6' };
    publisher.serve(200, zipSync({ 'eurofxref-hist.csv': bytesOf('eurofxref-hist.csv') }), 'application/zip');

    const first = await startApp({ env, clock, database });
    try {
      // with an address, the first fetch is due now
      expect(await storedRates(database)).toEqual([]);
      expect(await pendingFetches()).toHaveLength(1);
      expect(await first.app.ctx.jobs.runDue()).toBe(1);
      expect(publisher.paths).toEqual(['/stats/eurofxref/eurofxref-hist.zip']);
      expect(await storedRates(database)).toHaveLength(59);
      // the next fetch waits for the interval
      const [next] = await pendingFetches();
      expect(next!.runAt).toEqual(new Date('2026-03-16T21:00:00Z'));
      expect(await first.app.ctx.jobs.runDue()).toBe(0);
    } finally {
      await first.close();
    }

    // a restart (or a second server) finds the fetch planned and plans no other
    const second = await startApp({ env, clock, database });
    try {
      expect(await pendingFetches()).toHaveLength(1);
      publisher.serve(200, bytesOf('eurofxref-daily.xml'), 'text/xml');
      clock.advance(6 * 3_600_000);
      expect(await second.app.ctx.jobs.runDue()).toBe(1);
      const stored = await storedRates(database);
      expect(stored).toContain('USD 2026-03-16 1.0915');
      expect(stored).toContain('ZAR 2026-03-16 19.8740');
      expect(await pendingFetches()).toEqual([expect.objectContaining({ runAt: new Date('2026-03-17T03:00:00Z') })]);
    } finally {
      await second.close();
    }
  });

  it('a failed fetch is tried again later and keeps the schedule; what was stored stays', async () => {
    await database.db.delete(jobs);
    const clock = createTestClock('2026-03-20T10:00:00Z');
    const t = await startApp({ env: { EXCHANGE_RATES_URL: `${origin}/daily.xml` }, clock, database });
    try {
      const before = await storedRates(database);
      publisher.serve(503, strToU8('<html>down for maintenance</html>'), 'text/html');
      expect(await t.app.ctx.jobs.runDue()).toBe(1);
      const pending = await pendingFetches();
      // the retry of this fetch (in 30 s), and the next scheduled one (in 6 h)
      expect(pending).toEqual([
        expect.objectContaining({
          runAt: new Date('2026-03-20T10:00:30Z'),
          attempts: 1,
          lastError: expect.stringContaining('answered 503'),
        }),
        expect.objectContaining({ runAt: new Date('2026-03-20T16:00:00Z'), attempts: 0 }),
      ]);
      // the publisher answers a page that is not rates: refused, nothing written
      publisher.serve(200, strToU8('<html><body>Moved</body></html>'), 'text/html');
      clock.advance(30_000);
      expect(await t.app.ctx.jobs.runDue()).toBe(1);
      expect((await pendingFetches())[0]).toMatchObject({ attempts: 2, lastError: expect.stringContaining('No exchange rates found') });
      expect(await storedRates(database)).toEqual(before);
      // back up: the retry stores the day, and plans no extra fetch
      publisher.serve(200, bytesOf('eurofxref-hist.xml'), 'text/xml');
      clock.advance(60_000);
      expect(await t.app.ctx.jobs.runDue()).toBe(1);
      expect(await storedRates(database)).toContain('GBP 2026-03-18 0.85950');
      expect(await pendingFetches()).toEqual([expect.objectContaining({ runAt: new Date('2026-03-20T16:00:00Z') })]);
      expect(publisher.paths).toEqual(['/daily.xml', '/daily.xml', '/daily.xml']);
    } finally {
      await t.close();
    }
  });
});
