import { expect, test, type Page } from '@playwright/test';
import { createAccount, screenshot, signIn } from './support.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The names of the local-storage entries of an organisation's cache. */
const cacheNames = (page: Page, orgId: string) =>
  page.evaluate((prefix) => Object.keys(localStorage).filter((name) => name.startsWith(prefix)), `crewplan.cache.v1.${orgId}.`);

test('the organisation area keeps a local cache by storage key, and gives up after 3 attempts', async ({ page, request }) => {
  const admin = await createAccount(request, 'cache-admin', { firstName: 'Kai', lastName: 'Cache' });
  const headers = bearer(admin.token);
  const created = await request.post('/api/org', { data: { title: 'Cached Co' }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const orgId = ((await created.json()) as { _id: string })._id;
  const client = await request.post(`/api/org/${orgId}/client`, { data: { name: 'Globex' }, headers });
  expect(client.status(), await client.text()).toBe(201);

  const storageCalls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/storageKey')) storageCalls.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });

  await signIn(page, admin.email);
  await page.goto(`/home?org=${orgId}&org-tab=clients`);
  await expect(page.getByTestId('org-clients')).toContainText('Globex');
  // the client list is cached under the versioned prefix, per organisation and key; the key id is remembered
  await expect.poll(() => cacheNames(page, orgId)).toHaveLength(2);
  const names = await cacheNames(page, orgId);
  expect(names.some((name) => /\.clients\.lite$/.test(name))).toBe(true);
  const cached = await page.evaluate((all) => all.map((name) => localStorage.getItem(name) ?? '').join('\n'), names);
  expect(cached).toContain('"v":"1"');
  expect(cached).toContain('Globex');
  expect(storageCalls).toEqual(['POST /api/storageKey']);

  // next visit: the remembered key is read again, not a new one made
  storageCalls.length = 0;
  await page.reload();
  await expect(page.getByTestId('org-clients')).toContainText('Globex');
  await expect.poll(() => storageCalls).toEqual([expect.stringMatching(/^GET \/api\/storageKey\/[0-9a-f]{24}$/)]);

  // the key is gone (410): caches cleared, a new key asked for; every attempt fails: the spec's toast, back to the area
  storageCalls.length = 0;
  await page.route('**/api/storageKey/*', (route) =>
    route.fulfill({ status: 410, json: { error: { code: 'storage-key/gone', message: 'This storage key is no longer valid.' } } }),
  );
  await page.route('**/api/storageKey', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'http/503', message: 'Unavailable' } } }),
  );
  await page.reload();
  await expect(page.getByText('Oops. Cannot access this organization. Please refresh and try again.')).toBeVisible();
  expect(storageCalls).toEqual([
    expect.stringMatching(/^GET \/api\/storageKey\/[0-9a-f]{24}$/),
    'POST /api/storageKey',
    'POST /api/storageKey',
  ]);
  await expect(page).toHaveURL(new RegExp(`\\?org=${orgId}$`));
  await expect(page.getByRole('heading', { name: 'Cached Co' })).toBeVisible();
  expect(await cacheNames(page, orgId)).toEqual([]);
  await page.screenshot({ path: screenshot('org-policy-storage-key-failed') });

  // once the server answers again, a new key and a fresh cache
  await page.unrouteAll();
  storageCalls.length = 0;
  await page.reload();
  await expect.poll(() => cacheNames(page, orgId)).toHaveLength(2);
  expect(storageCalls).toEqual(['POST /api/storageKey']);
});
