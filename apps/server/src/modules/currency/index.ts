/** The public face of this module: other modules and the app import from here, never from its files. */
export { currencyRoutes } from './currency.routes.ts';
export { convertAmounts, ratesFor, type Conversion, type CurrencyDeps } from './currency.service.ts';
export { importRates, importRatesFile, prepareExchangeRates, type RatesImport } from './currency.import.ts';
