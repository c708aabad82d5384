// Starts Crewplan: builds the web app when its sources changed since the last build, then runs the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';

const root = new URL('..', import.meta.url).pathname;
const builtAt = (() => {
  const index = join(root, 'apps/web/dist/index.html');
  return existsSync(index) ? statSync(index).mtimeMs : 0;
})();

function newestChange(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/index.html', 'packages/domain/src'].map((p) => join(root, p));
const stale = sources.some(
  (path) => existsSync(path) && (statSync(path).isDirectory() ? newestChange(path) : statSync(path).mtimeMs) > builtAt,
);
if (stale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
