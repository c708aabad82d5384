import { countries as isoCountries } from 'countries-list';

/**
 * Countries with their tax (rule 195): the 27 member states of the European Union carry the tax id type `eu_vat` and
 * their standard VAT rate in percent; other countries carry no tax id type and a rate of 0.
 */
export type TaxIdType = 'eu_vat';
export type Country = { name: string; code: string; isEu: boolean; taxRate: number; taxId: { type: TaxIdType } | null };

/** Standard VAT rates of the EU member states, in percent (as in force from 2025-08-01). */
export const EU_VAT_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  CY: 19,
  CZ: 21,
  DE: 19,
  DK: 25,
  EE: 24,
  ES: 21,
  FI: 25.5,
  FR: 20,
  GR: 24,
  HR: 25,
  HU: 27,
  IE: 23,
  IT: 22,
  LT: 21,
  LU: 17,
  LV: 21,
  MT: 18,
  NL: 21,
  PL: 23,
  PT: 23,
  RO: 21,
  SE: 25,
  SI: 22,
  SK: 23,
};

const iso = isoCountries as Readonly<Record<string, { name: string }>>;

function countryOf(code: string): Country {
  const vat = EU_VAT_RATES[code];
  const eu = vat !== undefined;
  return { name: iso[code]!.name, code, isEu: eu, taxRate: vat ?? 0, taxId: eu ? { type: 'eu_vat' } : null };
}

/** Every country, by name. */
export const COUNTRIES: readonly Country[] = Object.keys(iso)
  .map(countryOf)
  .sort((a, b) => a.name.localeCompare(b.name, 'en'));

const BY_CODE = new Map(COUNTRIES.map((country) => [country.code, country]));

/** The country of an ISO 3166-1 alpha-2 code, or undefined. */
export const countryOfCode = (code: string): Country | undefined => BY_CODE.get(code);
