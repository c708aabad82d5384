import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryOfCode, EU_VAT_RATES } from './countries.ts';

describe('countries and their tax (rule 195)', () => {
  it.each([
    ['DE', 'Germany', 19],
    ['FR', 'France', 20],
    ['IT', 'Italy', 22],
    ['HU', 'Hungary', 27],
  ])('%s (%s) is in the EU with VAT %d, tax id type eu_vat', (code, name, rate) => {
    expect(countryOfCode(code)).toEqual({ name, code, isEu: true, taxRate: rate, taxId: { type: 'eu_vat' } });
  });

  it('gives the 27 member states, and only them, the type eu_vat', () => {
    const eu = COUNTRIES.filter((country) => country.isEu);
    expect(eu).toHaveLength(27);
    expect(eu.map((country) => country.code).sort()).toEqual(Object.keys(EU_VAT_RATES).sort());
    for (const country of eu) expect(country.taxId).toEqual({ type: 'eu_vat' });
  });

  it.each([
    ['GB', 'United Kingdom'],
    ['CH', 'Switzerland'],
    ['US', 'United States'],
    ['AX', 'Aland'],
  ])('%s (%s) is outside the EU: no tax id type, rate 0', (code, name) => {
    expect(countryOfCode(code)).toEqual({ name, code, isEu: false, taxRate: 0, taxId: null });
  });

  it('lists every country once, by name, with a two-letter code', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(new Set(COUNTRIES.map((country) => country.code)).size).toBe(COUNTRIES.length);
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    for (const country of COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/);
  });
});
