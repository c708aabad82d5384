import type { Config } from '../config.ts';
import { connect, migrateDatabase, type Database } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';

export type OpenDatabase = Database & { embedded: boolean; shutdown: () => Promise<void> };

/** DATABASE_URL when given, else the embedded server in $DATA_DIR/pg; migrated either way. */
export async function openDatabase(config: Config, log: (message: string) => void): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir, log);
  const database = connect(config.databaseUrl ?? embedded!.url, config.database);
  try {
    await migrateDatabase(database.pool);
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...database,
    embedded: Boolean(embedded),
    shutdown: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}
