import { expect, test, type WebSocketRoute } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createAccount, screenshot, signIn } from './support.ts';

test('the realtime connection opens after sign-in', async ({ page, request }) => {
  const { email } = await createAccount(request, 'realtime');
  let accepted = false;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/socket.io/')) return;
    // the server accepts the token: the handshake answers with a connect packet ("40…")
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('40')) accepted = true;
    });
  });
  await signIn(page, email);
  await expect.poll(() => accepted).toBe(true);
});

test('the app runs under its strict content security policy without a violation', async ({ page, request }) => {
  const { email } = await createAccount(request, 'policy');
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content security policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const index = await request.get('/');
  expect(index.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(index.headers()['x-frame-options']).toBe('DENY');
  await signIn(page, email);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  await page.screenshot({ path: screenshot('shell-under-policy') });
  expect(violations).toEqual([]);
});

test('a newer server build offers "Update now", which reloads with _v', async ({ page, request }) => {
  await page.clock.install();
  let version = 'build-1';
  await page.route('**/api/health', (route) => route.fulfill({ json: { status: 'ok', version } }));
  const { email } = await createAccount(request, 'update');
  await signIn(page, email);
  await expect(page.getByRole('region', { name: 'Updates available' })).toHaveCount(0);

  version = 'build-2';
  await page.clock.fastForward('05:01');
  const banner = page.getByRole('region', { name: 'Updates available' });
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Update now' }).click();
  await expect(page).toHaveURL(/[?&]_v=\d+/);
});

test('coming back after five minutes offline blocks the app while it synchronizes', async ({ page, request }) => {
  await page.clock.install();
  const open = new Set<WebSocketRoute>();
  let offline = false;
  let refusedAttempts = 0;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (offline) {
      refusedAttempts += 1;
      void ws.close();
      return;
    }
    ws.connectToServer();
    open.add(ws);
  });
  let connected = false;
  page.on('websocket', (ws) =>
    ws.on('framereceived', (frame) => {
      if (String(frame.payload).startsWith('40')) connected = true;
    }),
  );
  const { email } = await createAccount(request, 'offline');
  await signIn(page, email);
  await expect.poll(() => connected).toBe(true);

  // hold the refetch so the overlay can be seen
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/people/profile', async (route) => {
    await held;
    await route.continue();
  });

  offline = true;
  for (const ws of open) await ws.close();
  // a refused reconnection proves the page knows it is offline
  await expect.poll(() => refusedAttempts).toBeGreaterThan(0);
  await page.clock.fastForward('05:05');
  offline = false;

  const overlay = page.getByTestId('sync-overlay');
  await expect(overlay).toBeVisible({ timeout: 20_000 });
  await expect(overlay).toContainText('Synchronizing your session... one moment please');
  await page.screenshot({ path: screenshot('sync-overlay') });
  release();
  await expect(overlay).toHaveCount(0);
  await expect(page.getByTestId('home-greeting')).toHaveText('Hello Grace');
});

test('the diagnostic value of a rendering failure is shown and can be dismissed', async ({ page, request }) => {
  const { email } = await createAccount(request, 'diagnostic');
  await signIn(page, email);
  await page.goto('/home?diagnostic=ab12cd34');
  await expect(page.getByText('We brought you back home. Reference: ab12cd34')).toBeVisible();
  await page.getByRole('button', { name: 'Dismiss' }).click();
  await expect(page).toHaveURL(/\/home$/);
});

test("an uncaught error reaches the server's log; when that post fails, 'Failed to log from Web.' does", async ({ page, request }) => {
  const { email } = await createAccount(request, 'client-log');
  await signIn(page, email);
  const posts: { body: Record<string, unknown>; status: number }[] = [];
  let first = true;
  await page.route('**/api/log/web?*', async (route) => {
    const body = route.request().postDataJSON() as Record<string, unknown>;
    if (first) {
      // the detailed report is lost on the way: the minimal one must follow
      first = false;
      posts.push({ body, status: 0 });
      await route.abort('connectionreset');
      return;
    }
    const response = await route.fetch();
    posts.push({ body, status: response.status() });
    await route.fulfill({ response });
  });
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('boom in a handler');
    }),
  );
  await expect.poll(() => posts.length).toBe(2);
  expect(posts[0]!.body).toMatchObject({ message: 'uncaught: Uncaught Error: boom in a handler', error: { message: 'boom in a handler' } });
  expect(posts[0]!.body.url).toContain('/home');
  expect(posts[1]).toEqual({ body: { message: 'Failed to log from Web.' }, status: 204 });

  // with the line through, the report itself is recorded
  await page.unroute('**/api/log/web?*');
  const recorded = page.waitForResponse((response) => response.url().includes('/api/log/web?severity=error'));
  await page.evaluate(() => {
    void Promise.reject(new Error('nobody awaited me'));
  });
  expect((await recorded).status()).toBe(204);
  expect((await recorded).request().postDataJSON()).toMatchObject({
    message: 'unhandled rejection',
    error: { message: 'nobody awaited me' },
  });
});

test('the first load stays within 250 KB of JavaScript and 40 KB of CSS, gzipped (DESIGN section 8)', () => {
  const dist = fileURLToPath(new URL('../dist/', import.meta.url));
  const html = readFileSync(`${dist}index.html`, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(js|css))"/g)];
  const gzipped = (ext: string) =>
    assets.filter((match) => match[2] === ext).reduce((sum, match) => sum + gzipSync(readFileSync(`${dist}${match[1]}`)).length, 0);
  expect(assets.length).toBeGreaterThan(1);
  expect(gzipped('js')).toBeLessThanOrEqual(250 * 1024);
  expect(gzipped('css')).toBeLessThanOrEqual(40 * 1024);
});

test('the signed-in first load of /home sends at most 250 KB of JavaScript, compressed and cached for good (DESIGN section 8)', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { email } = await createAccount(request, 'first-load');
  await signIn(page, email);
  // A new context with the same sign-in starts with an empty HTTP cache: what a returning person's first visit costs.
  const context = await browser.newContext({ storageState: await page.context().storageState() });
  const home = await context.newPage();
  const scripts: Promise<{ url: string; bytes: number; encoding: string | undefined; cacheControl: string | undefined }>[] = [];
  const assets: string[] = [];
  home.on('requestfinished', (finished) => {
    if (finished.url().includes('/assets/')) assets.push(finished.url());
    if (finished.resourceType() !== 'script') return;
    scripts.push(
      Promise.all([finished.sizes(), finished.response()]).then(([sizes, response]) => ({
        url: finished.url(),
        bytes: sizes.responseBodySize,
        encoding: response?.headers()['content-encoding'],
        cacheControl: response?.headers()['cache-control'],
      })),
    );
  });
  await home.goto('/home');
  await expect(home.getByRole('banner')).toBeVisible();
  await home.waitForLoadState('networkidle');
  const loaded = await Promise.all(scripts);
  await context.close();
  // bytes as received: compressed, as the browser accepted them
  const onTheWire = loaded.reduce((sum, script) => sum + script.bytes, 0);
  test.info().annotations.push({ type: 'JavaScript on the wire', description: `${onTheWire} bytes in ${loaded.length} scripts` });
  console.log(`signed-in /home first load: ${onTheWire} bytes of JavaScript in ${loaded.length} scripts`);

  expect(loaded.length).toBeGreaterThan(1);
  for (const script of loaded) {
    expect(script.cacheControl, script.url).toBe('public, max-age=31536000, immutable');
    // files under 1 KiB are not worth compressing and travel as they are
    if (script.bytes >= 1024) expect(script.encoding, script.url).toMatch(/^(br|gzip)$/);
  }
  const largest = loaded.reduce((a, b) => (a.bytes > b.bytes ? a : b));
  expect(largest.encoding, largest.url).toMatch(/^(br|gzip)$/);
  expect(onTheWire).toBeLessThanOrEqual(250 * 1024);
  // Home's files, asked for early by the page's first script, are each fetched once: the app's loader finds them
  expect(assets.filter((url) => /\/assets\/home-[^/]+\.(js|css)$/.test(url))).toHaveLength(2);
  expect(assets.length, assets.join('\n')).toBe(new Set(assets).size);
});
