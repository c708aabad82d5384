import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Rules and web logic share no module state between files (the one test that stubs a global restores it), so a
      // worker keeps the modules it imported: importing them afresh for each of 118 files was 35 s of a 36 s run (6 s).
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node', isolate: false } },
      { test: { name: 'web', include: ['apps/web/src/**/*.test.{ts,tsx}'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // a worker keeps the server's modules from one file to the next: importing them again for each file was
          // 240 s of a 333 s run (46 s this way); tests share no module state (WEB_DIST is read when a server is built)
          isolate: false,
          // the tests mostly wait for the database: one worker per core, not vitest's cores − 1 (188 s → 113 s on 2 cores)
          maxWorkers: Math.max(2, availableParallelism()),
        },
      },
    ],
  },
});
