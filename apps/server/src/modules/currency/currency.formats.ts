import { unzipSync } from 'fflate';
import { isIsoDay, isRate } from '@crewplan/domain';

/**
 * The European Central Bank's published reference rates, in each of the forms it publishes them:
 * - XML (`eurofxref-daily.xml`, `eurofxref-hist-90d.xml`, `eurofxref-hist.xml`): `<Cube time="2026-03-02">` holding
 *   `<Cube currency="USD" rate="1.0812"/>` per currency;
 * - CSV (inside `eurofxref-hist.zip` and `eurofxref.zip`): a `Date,USD,JPY,…` header and a line per day, `N/A` where
 *   a currency had no rate (the daily file writes its day as `2 March 2026`);
 * - either of them zipped.
 * Rates are units of the currency per one EUR, kept as the decimal text published.
 */
export type PublishedRate = { day: string; currency: string; rate: string };

export class RatesFormatError extends Error {}

const CURRENCY = /^[A-Z]{3}$/;
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** Reads reference rates from a file's bytes, whichever of the published forms it is in. */
export function parseReferenceRates(bytes: Uint8Array): PublishedRate[] {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return parseReferenceRates(unzipped(bytes));
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const rates = text.trimStart().startsWith('<') ? parseXml(text) : parseCsv(text);
  if (rates.length === 0) throw new RatesFormatError('No exchange rates found: not the reference rates format');
  return rates;
}

/** The first CSV or XML file of a zip archive. */
function unzipped(bytes: Uint8Array): Uint8Array {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (file) => /\.(csv|xml)$/i.test(file.name) });
  } catch (error) {
    throw new RatesFormatError(`Not a readable zip archive: ${error instanceof Error ? error.message : String(error)}`);
  }
  const first = Object.values(files)[0];
  if (!first) throw new RatesFormatError('The zip archive holds no CSV or XML file');
  return first;
}

function parseXml(text: string): PublishedRate[] {
  const rates: PublishedRate[] = [];
  let day: string | null = null;
  for (const [, attributeText] of text.matchAll(/<(?:[\w.-]+:)?Cube\b([^>]*)>/g)) {
    const attributes = new Map(
      [...attributeText!.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((a) => [a[1]!, a[2] ?? a[3]!]),
    );
    const time = attributes.get('time');
    if (time !== undefined) day = dayOf(time);
    const currency = attributes.get('currency');
    const rate = attributes.get('rate');
    if (currency === undefined && rate === undefined) continue;
    if (day === null) throw new RatesFormatError(`A rate of ${currency ?? '?'} before any day`);
    rates.push(rateOf(day, currency ?? '', rate ?? ''));
  }
  return rates;
}

function parseCsv(text: string): PublishedRate[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
  const header = lines[0]?.split(',').map((cell) => cell.trim());
  if (!header || header[0]?.toLowerCase() !== 'date')
    throw new RatesFormatError('Not the reference rates format: the first column must be Date');
  const currencies = header.slice(1);
  const rates: PublishedRate[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.split(',').map((cell) => cell.trim());
    const day = dayOf(cells[0] ?? '');
    currencies.forEach((currency, index) => {
      const cell = cells[index + 1] ?? '';
      if (currency === '' || cell === '' || cell.toUpperCase() === 'N/A') return;
      rates.push(rateOf(day, currency, cell));
    });
  }
  return rates;
}

/** A day as published: `2026-03-02`, or `2 March 2026` in the daily CSV. */
function dayOf(text: string): string {
  const spelled = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text.trim());
  const month = spelled ? MONTHS.indexOf(spelled[2]!.toLowerCase()) + 1 : 0;
  const day = spelled && month > 0 ? `${spelled[3]}-${String(month).padStart(2, '0')}-${spelled[1]!.padStart(2, '0')}` : text.trim();
  if (!isIsoDay(day)) throw new RatesFormatError(`Not a day: '${text.slice(0, 40)}'`);
  return day;
}

function rateOf(day: string, currency: string, rate: string): PublishedRate {
  if (!CURRENCY.test(currency)) throw new RatesFormatError(`Not a currency code: '${currency.slice(0, 40)}'`);
  if (!isRate(rate)) throw new RatesFormatError(`Not a rate of ${currency} on ${day}: '${rate.slice(0, 40)}'`);
  return { day, currency, rate };
}
