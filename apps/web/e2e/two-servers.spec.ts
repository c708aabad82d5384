import { request as http } from 'node:http';
import pg from 'pg';
import { expect, request as apiRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { startLocalCluster, type LocalCluster } from './local-cluster.ts';
import { apiCall, createAccount, latestMail, linkIn, PASSWORD, screenshot, signIn } from './support.ts';

// Ports of their own beside the journeys' server, so that checkouts on other ports never meet.
const base = Number(process.env.E2E_PORT ?? 3100);
const PORTS = { proxy: base + 20, servers: [base + 21, base + 22] as [number, number] };
const SERVER_B = `http://127.0.0.1:${PORTS.servers[1]}`;
/** Writes of the load, how many at a time, and after how many acknowledged ones server A is killed. */
const LOAD = { writes: 240, atOnce: 4, killAfter: 80 };

// the browser's pages and the request fixture go to server B; server A and the proxy are called by address
test.use({ baseURL: SERVER_B });

let cluster: LocalCluster;
let apiA: APIRequestContext;
let apiProxy: APIRequestContext;

test.beforeAll(async () => {
  // a database and two servers started from scratch on a busy machine
  test.setTimeout(240_000);
  cluster = await startLocalCluster(PORTS);
  apiA = await apiRequest.newContext({ baseURL: cluster.servers[0].url });
  apiProxy = await apiRequest.newContext({ baseURL: cluster.proxy.url });
});

test.afterAll(async () => {
  await apiA?.dispose();
  await apiProxy?.dispose();
  await cluster?.stop();
});

test.afterEach(async () => {
  const testInfo = test.info();
  if (testInfo.status === testInfo.expectedStatus || !cluster) return;
  for (const [index, server] of cluster.servers.entries()) await testInfo.attach(`server ${'AB'[index]} output`, { body: server.output() });
});

const card = (page: Page, title: string) => page.getByRole('group', { name: `Task ${title}`, exact: true });

/** A verified account (made through `api`, verified through the mailed link) with a kanban mission of three tasks. */
async function ownerWithMission(page: Page, api: APIRequestContext, label: string) {
  const owner = await createAccount(api, label, { firstName: 'Tess', lastName: 'Twin' });
  await page.goto(linkIn(await latestMail(api, owner.email, 'Verify your email for Crewplan')));
  await expect(page.getByText('Thank you. Your email is verified.')).toBeVisible({ timeout: 30_000 });
  const mission = await apiCall<{ _id: string; planItems: { _id: string }[] }>(api, 'post', owner.token, '/api/mission', {
    title: `${label} mission`,
    projectType: 'kanban',
    planStartDate: '2030-03-04',
    planEndDate: '2030-06-28',
  });
  const { action } = await apiCall<{ action: { _id: string } }>(
    api,
    'post',
    owner.token,
    `/api/mission-plan/${mission.planItems[0]!._id}/action`,
    {
      title: 'Tasks',
    },
  );
  const taskIds: string[] = [];
  for (const title of ['Sand the deck', 'Oil the deck', 'Fit the rails']) {
    taskIds.push((await apiCall<{ _id: string }>(api, 'post', owner.token, `/api/action-item/action/${action._id}`, { title }))._id);
  }
  return { owner, missionId: mission._id, actionId: action._id, taskIds };
}

/**
 * Renames the task through `api` until the open board shows it: the board joins its room after the page loads, so the
 * first changes may come before it listens. Answers how many renames it took.
 */
async function renameUntilShown(page: Page, api: APIRequestContext, token: string, taskId: string, title: string): Promise<number> {
  let round = 0;
  await expect(async () => {
    round += 1;
    await apiCall(api, 'put', token, `/api/action-item/${taskId}`, { title: `${title} (${round})` });
    await expect(card(page, `${title} (${round})`)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  return round;
}

/** Marks the open document, so that a later check can tell it was never reloaded. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded === true);

test('a task changed through server A shows without a reload on a board open on server B', async ({ page }) => {
  test.setTimeout(180_000);
  const { owner, missionId, taskIds } = await ownerWithMission(page, apiA, 'two-servers-live');
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(new URL(socket.url()).port));

  // signed in on B with the session made on A's database rows; the board listens on B
  await signIn(page, owner.email);
  await page.goto(`/home?mission=${missionId}&mission-tab=board`);
  await expect(page.getByTestId('board')).toBeVisible();
  await expect(card(page, 'Sand the deck')).toBeVisible();
  await markDocument(page);
  await renameUntilShown(page, apiA, owner.token, taskIds[1]!, 'Oil the deck');

  // once it listens, one change through A is enough
  await apiCall(apiA, 'put', owner.token, `/api/action-item/${taskIds[2]!}`, { title: 'Rails fitted through A' });
  await expect(card(page, 'Rails fitted through A')).toBeVisible();
  await expect(card(page, 'Fit the rails')).toHaveCount(0);
  expect(await stillSameDocument(page)).toBe(true);
  expect(new Set(sockets)).toEqual(new Set([String(PORTS.servers[1])]));
  await page.screenshot({ path: screenshot('two-servers-live') });
});

type Outcome = { n: number; sentAfterKill: boolean } & ({ id: string } | { failed: string });

/** One task create through the proxy on a connection of its own (so the proxy deals it to the next server). */
function createTask(url: string, token: string, title: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ title });
  return new Promise((resolve, reject) => {
    const sent = http(
      url,
      {
        method: 'POST',
        agent: false,
        timeout: 60_000,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        response.on('error', reject);
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('timed out')));
    sent.on('error', reject);
    sent.end(body);
  });
}

test('a server killed mid-load loses no acknowledged write; the survivor serves on and a board through the proxy hears again', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const [serverA, serverB] = cluster.servers;
  const { owner, missionId, taskIds } = await ownerWithMission(page, apiProxy, 'two-servers-load');
  const load = await apiCall<{ planItems: { _id: string }[] }>(apiProxy, 'post', owner.token, '/api/mission', {
    title: 'Load mission',
    projectType: 'kanban',
    planStartDate: '2030-03-04',
    planEndDate: '2030-06-28',
  });
  const { action } = await apiCall<{ action: { _id: string } }>(
    apiProxy,
    'post',
    owner.token,
    `/api/mission-plan/${load.planItems[0]!._id}/action`,
    {
      title: 'Load',
    },
  );

  // a board open through the proxy (its socket lands on either server)
  await page.goto(`${cluster.proxy.url}/login`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/home/);
  await page.goto(`${cluster.proxy.url}/home?mission=${missionId}&mission-tab=board`);
  await expect(card(page, 'Sand the deck')).toBeVisible();
  await markDocument(page);

  // the load: a few writes at a time through the proxy; A is killed once enough were acknowledged
  const outcomes: Outcome[] = [];
  let sent = 0;
  let killed = false;
  let kill: Promise<void> | undefined;
  let servedByABeforeKill = 0;
  const writer = async () => {
    while (sent < LOAD.writes) {
      const n = ++sent;
      const sentAfterKill = killed;
      try {
        const answer = await createTask(`${cluster.proxy.url}/api/action-item/action/${action._id}`, owner.token, `Load ${n}`);
        if (answer.status === 201) outcomes.push({ n, sentAfterKill, id: (JSON.parse(answer.body) as { _id: string })._id });
        else outcomes.push({ n, sentAfterKill, failed: `${answer.status} ${answer.body.slice(0, 200)}` });
      } catch (error) {
        outcomes.push({ n, sentAfterKill, failed: error instanceof Error ? error.message : String(error) });
      }
      if (!kill && outcomes.filter((outcome) => 'id' in outcome).length >= LOAD.killAfter) {
        servedByABeforeKill = cluster.proxy.served.get(serverA.port)!;
        kill = serverA.kill().then(() => {
          killed = true;
        });
      }
    }
  };
  await Promise.all(Array.from({ length: LOAD.atOnce }, writer));
  await kill;

  const acknowledged = outcomes.flatMap((outcome) => ('id' in outcome ? [outcome] : []));
  const failed = outcomes.flatMap((outcome) => ('failed' in outcome ? [outcome] : []));
  console.log(
    `two servers: ${outcomes.length} writes, ${acknowledged.length} acknowledged (${acknowledged.filter((o) => o.sentAfterKill).length} sent after the kill), ` +
      `${failed.length} failed [${[...new Set(failed.map((o) => o.failed))].join('; ')}]; connections A ${servedByABeforeKill} before the kill, ` +
      `B ${cluster.proxy.served.get(serverB.port)}`,
  );
  expect(outcomes).toHaveLength(LOAD.writes);
  expect(servedByABeforeKill).toBeGreaterThan(0);
  expect(serverA.child.signalCode).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThanOrEqual(LOAD.killAfter);
  expect(acknowledged.filter((outcome) => outcome.sentAfterKill).length).toBeGreaterThan(0);
  // after the kill only B answers: whatever failed, failed around the kill
  expect(failed.filter((outcome) => outcome.sentAfterKill)).toEqual([]);

  // every acknowledged write is in the database, once
  const database = new pg.Client({ connectionString: cluster.database.url });
  await database.connect();
  try {
    const ids = acknowledged.map((outcome) => outcome.id);
    const found = await database.query<{ id: string; title: string }>('select id, title from action_items where id = any($1::text[])', [
      ids,
    ]);
    const missing = acknowledged.filter((outcome) => !found.rows.some((row) => row.id === outcome.id && row.title === `Load ${outcome.n}`));
    expect(missing).toEqual([]);
    const inAction = await database.query<{ count: string }>('select count(*) from action_items where action_id = $1', [action._id]);
    expect(Number(inAction.rows[0]!.count)).toBeGreaterThanOrEqual(acknowledged.length);
    expect(Number(inAction.rows[0]!.count)).toBeLessThanOrEqual(LOAD.writes);
  } finally {
    await database.end();
  }

  // the survivor answers, directly and through the proxy, and reads what A acknowledged
  const early = acknowledged[0]!;
  expect((await apiProxy.get('/api/ready')).status()).toBe(200);
  expect((await apiCall<{ title: string }>(apiProxy, 'get', owner.token, `/api/action-item/${early.id}`)).title).toBe(`Load ${early.n}`);
  expect((await apiCall<{ title: string }>(apiProxy, 'get', owner.token, `/api/action-item/${acknowledged.at(-1)!.id}`)).title).toBe(
    `Load ${acknowledged.at(-1)!.n}`,
  );

  // the board open through the proxy hears changes again (its socket reconnects to B if it was on A), without a reload
  await renameUntilShown(page, apiProxy, owner.token, taskIds[0]!, 'Deck sanded after the kill');
  expect(await stillSameDocument(page)).toBe(true);
});
