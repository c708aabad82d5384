import { fileURLToPath } from 'node:url';

/**
 * Reference rates in the published CSV form (2026, eight currencies; made-up values, not the ECB's), loaded into the
 * test template database and the journeys' server so that conversions can be tested.
 */
export const SAMPLE_RATES_FILE = fileURLToPath(new URL('../fixtures/currency/eurofxref-sample.csv', import.meta.url));
