import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/src/db/embedded.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * A TCP round-robin proxy: each incoming connection goes to the next backend, and to the one after when that one
 * refuses (a dead server), as a load balancer does. Being below HTTP it carries WebSockets too. Counts the
 * connections each backend took.
 */
export type RoundRobinProxy = { url: string; served: Map<number, number>; close: () => Promise<void> };

export async function startRoundRobinProxy(port: number, backends: number[]): Promise<RoundRobinProxy> {
  const served = new Map(backends.map((backend) => [backend, 0]));
  const open = new Set<Socket>();
  let next = 0;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  // each side's end is passed on (half-open), so that an answer is always read whole before its connection closes;
  // an error on one side (a killed server resets its connections) cuts the other
  const pipeTo = (client: Socket, first: number, attempt = 0) => {
    const backend = backends[(first + attempt) % backends.length]!;
    const upstream = createConnection({ port: backend, host: '127.0.0.1', allowHalfOpen: true });
    track(upstream);
    let connected = false;
    upstream.once('connect', () => {
      connected = true;
      if (client.destroyed) return upstream.destroy();
      served.set(backend, served.get(backend)! + 1);
      client.on('error', () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.on('error', () => {
      if (!connected && attempt + 1 < backends.length && !client.destroyed) pipeTo(client, first, attempt + 1);
      else client.destroy();
    });
  };
  const server: Server = createServer({ pauseOnConnect: true, allowHalfOpen: true }, (client) => {
    track(client);
    client.on('error', () => client.destroy());
    pipeTo(client, next++);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type ServerProcess = { url: string; port: number; child: ChildProcess; output: () => string; kill: () => Promise<void> };

/** Starts `apps/server/src/main.ts` as its own process and waits until it answers /api/ready. */
async function startServer(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/server/src/main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const kill = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGKILL');
    await exited;
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const gone = child.exitCode !== null || child.signalCode !== null;
    const late = Date.now() > deadline;
    if (gone || late) {
      await kill();
      throw new Error(`The server on ${port} ${gone ? 'exited' : 'was not ready in time'}:\n${output}`);
    }
    const ready = await fetch(`${url}/api/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, port, child, output: () => output, kill };
}

/**
 * One PostgreSQL (embedded, in a temporary folder), two server processes on it sharing the auth secret and public
 * address, and a round-robin proxy in front of them at that address: what several servers behind a load balancer are.
 */
export type LocalCluster = {
  database: EmbeddedDatabase;
  proxy: RoundRobinProxy;
  servers: [ServerProcess, ServerProcess];
  stop: () => Promise<void>;
};

export async function startLocalCluster(ports: { proxy: number; servers: [number, number] }): Promise<LocalCluster> {
  const folder = mkdtempSync(join(tmpdir(), 'crewplan-cluster-'));
  // readable by the postgres user when we run as root, so that the cluster stays in this folder
  chmodSync(folder, 0o755);
  const started: { database?: EmbeddedDatabase; proxy?: RoundRobinProxy; servers: ServerProcess[] } = { servers: [] };
  const stop = async () => {
    await Promise.all(started.servers.map((server) => server.kill()));
    await started.proxy?.close();
    await started.database?.stop();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    started.database = await startEmbeddedPostgres(join(folder, 'db'), () => {});
    const publicUrl = `http://127.0.0.1:${ports.proxy}`;
    const shared = {
      DATABASE_URL: started.database.url,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: publicUrl,
      TRUSTED_ORIGINS: ports.servers.map((port) => `http://127.0.0.1:${port}`).join(','),
      NODE_ENV: 'test',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      SIGN_IN_ATTEMPTS_PER_MINUTE: '200',
    };
    // one after the other: the first migrates, the second finds the database ready
    for (const [index, port] of ports.servers.entries()) {
      const dataDir = join(folder, `server-${index}`);
      mkdirSync(dataDir);
      started.servers.push(await startServer(port, { ...shared, DATA_DIR: dataDir }));
    }
    started.proxy = await startRoundRobinProxy(ports.proxy, ports.servers);
    return {
      database: started.database,
      proxy: started.proxy,
      servers: started.servers as [ServerProcess, ServerProcess],
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
