import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { scratchDataDir, startEmbeddedPostgres } from '../src/db/embedded.ts';

const dataDir = scratchDataDir('embedded');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const fixture = fileURLToPath(new URL('./fixtures/start-embedded.ts', import.meta.url));

/** Starts the database in a child process, writes a row, and kills the process without any shutdown. */
async function writeThenKill(): Promise<void> {
  // One process (no tsx wrapper process), so that SIGKILL leaves only PostgreSQL behind, as a crash would.
  const child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = output.match(/URL (\S+)/);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
  const client = new pg.Client(url);
  await client.connect();
  await client.query('create table if not exists kept (value text)');
  await client.query("insert into kept values ('acknowledged')");
  await client.end();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

describe('embedded PostgreSQL', () => {
  it('recovers after the process that ran it was killed, losing nothing acknowledged', async () => {
    await writeThenKill();
    const database = await startEmbeddedPostgres(dataDir, () => undefined);
    try {
      const client = new pg.Client(database.url);
      await client.connect();
      const { rows } = await client.query('select value from kept');
      await client.end();
      expect(rows).toEqual([{ value: 'acknowledged' }]);
      // through the Unix socket beside the cluster
      expect(database.url).toMatch(/^postgres:\/\/postgres:[^@]+@%2F[^:@]+%2Fsocket:\d+\/postgres$/);
    } finally {
      await database.stop();
    }
  }, 60_000);

  it('falls back to loopback TCP when the socket path would not fit', async () => {
    const longDir = join(scratchDataDir('embedded'), 'a-data-folder-whose-name-is-long-enough'.repeat(3));
    const database = await startEmbeddedPostgres(longDir, () => undefined);
    try {
      expect(database.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/postgres$/);
      const client = new pg.Client(database.url);
      await client.connect();
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await database.stop();
      rmSync(dirname(longDir), { recursive: true, force: true });
    }
  }, 60_000);
});
