/**
 * Issues licence keys or promo codes and prints them (they are stored hashed: this is the only time they show).
 *   npm run codes:issue -- <key|promo> [count] [note]
 * Uses the server's configuration (DATABASE_URL, or the embedded database under DATA_DIR: stop the server first,
 * as only one process can run the embedded database).
 */
import { loadConfig } from './config.ts';
import { openDatabase } from './db/open.ts';
import { issueLicenceCodes, type LicenceKind } from './modules/missions/index.ts';

const [kind, countText = '1', note = ''] = process.argv.slice(2);
if (kind !== 'key' && kind !== 'promo') {
  console.error('Usage: npm run codes:issue -- <key|promo> [count] [note]');
  process.exit(1);
}
const database = await openDatabase(loadConfig(), () => undefined);
try {
  const codes = await issueLicenceCodes({ db: database.db }, kind as LicenceKind, Number(countText), { note });
  for (const code of codes) console.log(code);
} finally {
  await database.shutdown();
}
