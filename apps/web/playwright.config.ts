import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const origin = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;
// Debian's headless shell (package chromium-headless-shell, the browser Playwright itself runs headless) where it is
// installed: the same engine without the full browser's window and display code, about a third less browser-process
// CPU and 7% less time on the journeys; else the full browser, headless.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const browser = process.env.E2E_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: 'e2e',
  // one by default: on a 2-core machine two workers starve the journeys' server and time out (E2E_WORKERS to try more;
  // each journey makes its own accounts and organisations, and the two identity providers have a port each)
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: 0,
  // the journeys are long (a dozen screens, each checked for accessibility): a busy machine needs the headroom
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../../test-results/web-e2e',
  use: {
    baseURL: origin,
    trace: 'retain-on-failure',
    // axe judges the settled screen; fading toasts would read as low contrast
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: browser,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // the server and, beside it, the local fake payment provider (E2E_PAYMENTS_PORT) whose pages the journeys pay on
    command: 'node --import tsx scripts/e2e-server.mjs',
    cwd: repoRoot,
    url: `${origin}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
