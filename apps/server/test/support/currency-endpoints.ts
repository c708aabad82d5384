/** The rows (method, path) of the spec's endpoint catalogue whose area is currency; paths are relative to /api. */
export const CURRENCY_SPEC_ENDPOINTS: [string, string][] = [['GET', '/currency/exchange-rate/daily/list']];

/** Calls of the area the catalogue does not list: the currency list (rule 192) and the countries with their tax (rule 195). */
export const CURRENCY_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/currency/list'],
  ['GET', '/currency/countries'],
];
