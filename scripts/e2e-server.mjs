// The server the browser journeys run against: port E2E_PORT (3100), a fresh data folder, embedded database, no demo,
// and a local fake of the card payment provider on E2E_PAYMENTS_PORT (3102) whose webhooks reach this server.
// Run with `node --import tsx` (the fake is the API tests' own, in TypeScript).
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDataDir } from '../apps/server/src/db/embedded.ts';
import { startFakeStripe, webhookPoster } from '../apps/server/test/support/fake-stripe.ts';

const root = new URL('..', import.meta.url).pathname;
const port = process.env.E2E_PORT ?? '3100';
const idpPort = Number(process.env.E2E_IDP_PORT ?? 3101);
const dataDir = scratchDataDir('e2e');
const payments = await startFakeStripe({
  port: Number(process.env.E2E_PAYMENTS_PORT ?? 3102),
  deliver: webhookPoster(`http://127.0.0.1:${port}/api/billing/webhook`),
});
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    SIGN_IN_ATTEMPTS_PER_MINUTE: '200',
    // The browser journeys' own fake identity providers (started by the two SSO journeys, one port each).
    SSO_TRUSTED_ORIGINS: `http://127.0.0.1:${idpPort},http://127.0.0.1:${idpPort + 2}`,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Made-up reference rates in the published form, so that journeys can convert between currencies.
    EXCHANGE_RATES_FILE: join(root, 'apps/server/test/fixtures/currency/eurofxref-sample.csv'),
    // Payments through the local fake provider: its payment pages pay client invoices, its webhooks are signed.
    STRIPE_SECRET_KEY: payments.secretKey,
    STRIPE_WEBHOOK_SECRET: payments.webhookSecret,
    STRIPE_API_BASE: payments.url,
  },
});
const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0); // the fake provider ends with this process
});
