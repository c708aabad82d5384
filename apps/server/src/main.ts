import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { prepareExchangeRates } from './modules/currency/index.ts';
import { DEMO_SIGN_IN, seedDemo } from './modules/platform/index.ts';

const config = loadConfig();
const database = await openDatabase(config, (message) => console.log(message));
const app = await buildApp({ config, database, realtimeAcrossProcesses: !database.embedded });
try {
  await prepareExchangeRates(app.ctx, app.log);
} catch (error) {
  await app.close();
  await database.shutdown();
  throw error;
}

if (config.seedDemo && (await seedDemo(app))) {
  app.log.info(`Seeded a demo: sign in as ${DEMO_SIGN_IN.email} / ${DEMO_SIGN_IN.password}`);
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal}: shutting down`);
  await app.close().catch((err: unknown) => app.log.error({ err }, 'close failed'));
  await database.shutdown().catch((err: unknown) => app.log.error({ err }, 'database shutdown failed'));
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const mailbox = config.env !== 'production' && !config.smtpUrl ? ` — mail goes to ${config.publicUrl}/dev/mailbox` : '';
console.log(`Crewplan is running at ${config.publicUrl}${mailbox}`);
if (config.seedDemo) console.log(`Demo sign-in: ${DEMO_SIGN_IN.email} / ${DEMO_SIGN_IN.password}`);
