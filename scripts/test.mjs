// `npm test`: the tests in order (unit, API, browser journeys), stopping at the first that fails, and beside them the
// static checks (`test:static`: types, lint, OpenAPI) at the lowest CPU priority. The journeys leave about a fifth of
// two cores idle (they wait on the browser and the server in turn); the checks take that share instead of a minute of
// their own. Their output is printed whole when they end. Exits non-zero when anything failed.
import { spawn } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`; resolves to its exit code. `capture` collects its output instead of printing it. */
function npmRun(script, { capture = false, lowPriority = false } = {}) {
  const [command, args] = lowPriority && process.platform !== 'win32' ? ['nice', ['-n', '19', npm]] : [npm, []];
  const child = spawn(command, [...args, 'run', '-s', script], { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const output = [];
  if (capture) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      if (capture) process.stdout.write(`\n── ${script} (exit ${code}) ──\n${Buffer.concat(output).toString()}\n`);
      resolve(code ?? 1);
    }),
  );
}

const failed = [];
const staticChecks = npmRun('test:static', { capture: true, lowPriority: true }).then((code) => code === 0 || failed.push('test:static'));
for (const script of ['test:unit', 'test:api', 'test:e2e']) {
  if ((await npmRun(script)) !== 0) {
    failed.push(script);
    break;
  }
}
await staticChecks;
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
