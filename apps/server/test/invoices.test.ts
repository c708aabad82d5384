import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  can,
  errorOf as catalogued,
  INVOICE_MESSAGES,
  TIME_MESSAGES,
  type BillableLine,
  type Invoice,
  type OrgActor,
} from '@crewplan/domain';
import { actions, clientInvoices, missions, orgAuditEvents, orgs, planItems, timesheets } from '../src/db/schema/index.ts';
import type { PaymentLinkRequest } from '../src/modules/invoices/index.ts';
import { accessOutcomes, orgExpectations, orgPrincipals, type Expectation } from './support/authz-matrix.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { insertMission } from './support/missions.ts';
import { setOrg } from './support/missions-world.ts';
import { providerEnv, startFakeStripe } from './support/fake-stripe.ts';
import { createOrgWorld, errorOf, expectStatus, multipart, PNG_1X1, type OrgWorld } from './support/org.ts';

/**
 * Client invoices on a real database: lines drawn from approved weeks (seeded in the tables with the rates they were
 * approved with) and reached milestones, typed lines, numbering (rule 196), tax (rule 195), statuses, PDF, mail and
 * the payment link. The organisation is Greek (its holiday country); today is Wednesday 18 March 2026.
 */
let t: TestApp;
let w: OrgWorld;
const clock = createTestClock('2026-03-18T12:00:00Z');
const linkRequests: PaymentLinkRequest[] = [];

const admin = () => w.people.admin.token;
const unique = (label: string) => `${label} ${randomBytes(3).toString('hex')}`;
const call = (options: InjectOptions & { token?: string }) => t.request({ token: admin(), ...options });

async function client(values: Record<string, unknown> = {}): Promise<string> {
  const response = await call({ method: 'POST', url: `/api/org/${w.orgId}/client`, payload: { name: unique('Client'), ...values } });
  expectStatus(response, 201);
  return (response.json() as { _id: string })._id;
}

async function create(clientId: string, payload: Record<string, unknown> = {}, token = admin()) {
  return t.request({ method: 'POST', url: `/api/clientInvoice/org/${w.orgId}/client/${clientId}`, token, payload: { payload } });
}
async function created(clientId: string, payload: Record<string, unknown> = {}): Promise<Invoice> {
  const response = await create(clientId, payload);
  expectStatus(response, 201);
  return response.json() as Invoice;
}

const typed = (description = 'Consulting', quantity = 1, unitPrice = 100) => ({
  kind: 'manual',
  description,
  quantity,
  unit: 'h',
  unitPrice,
});

/** A mission billing its hours: a Designer at 80.00/h (kept on the week) and a Developer at 800.00 a day. */
async function hourlyMission() {
  const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, currency: 'EUR' });
  const [designer, developer] = await t.database.db
    .insert(planItems)
    .values([
      {
        missionId: mission.id,
        type: 'person',
        title: 'Designer',
        personId: w.people.member.personId,
        rateMinor: 5_000,
        rateTime: 'Hourly',
        billRateMinor: 9_999,
        billUnit: 'Hourly',
      },
      {
        missionId: mission.id,
        type: 'person',
        title: 'Developer',
        personId: w.people.manager.personId,
        rateMinor: 40_000,
        rateTime: 'Daily',
        billRateMinor: 80_000,
        billUnit: 'Daily',
      },
    ])
    .returning();
  const week = async (itemId: string, personId: string, weekStart: string, minutes: number[], status = 'approved', kept = {}) => {
    const [row] = await t.database.db
      .insert(timesheets)
      .values({
        orgId: w.orgId,
        missionId: mission.id,
        planItemId: itemId,
        personId,
        scope: itemId,
        weekStart,
        status: status as 'approved',
        dailyMinutes: minutes,
        ...kept,
      })
      .returning();
    return row!.id;
  };
  const full = [480, 480, 480, 480, 480, 0, 0];
  const keptDesigner = {
    approvedRateMinor: 5_000,
    approvedRateTime: 'Hourly',
    approvedBillRateMinor: 8_000,
    approvedBillUnit: 'Hourly',
    approvedCurrency: 'EUR',
  };
  const weeks = {
    // the Designer's two approved weeks at the kept 80.00/h (the role's bill rate changed since): 40 h + 20 h
    d1: await week(designer!.id, w.people.member.personId, '2026-03-02', full, 'approved', keptDesigner),
    d2: await week(designer!.id, w.people.member.personId, '2026-03-09', [240, 240, 240, 240, 240, 0, 0], 'approved', keptDesigner),
    // the Developer's approved week without kept rates: the role's 800.00 a day, 37.5 h
    v1: await week(developer!.id, w.people.manager.personId, '2026-03-02', [450, 450, 450, 450, 450, 0, 0]),
    // not approved: never billable
    submitted: await week(developer!.id, w.people.manager.personId, '2026-03-09', full, 'submitted'),
  };
  return { missionId: mission.id, designer: designer!.id, developer: developer!.id, weeks };
}

async function billable(missionId: string): Promise<BillableLine[]> {
  const response = await call({ method: 'GET', url: `/api/clientInvoice/org/${w.orgId}/billable?mission=${missionId}` });
  expectStatus(response, 200);
  return (response.json() as { lines: BillableLine[] }).lines;
}

const invoiceCount = async () => (await t.database.db.select({ n: count() }).from(clientInvoices))[0]!.n;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    paymentLinks: {
      create: async (request) => {
        linkRequests.push(request);
        return { id: `cs_${request.invoiceId}`, url: `https://pay.example.test/${request.invoiceId}` };
      },
      expire: async () => undefined,
    },
  });
  w = await createOrgWorld(t);
  await t.database.db.update(orgs).set({ holidayCountryCode: 'GR', currency: 'EUR' }).where(eq(orgs.id, w.orgId));
});
afterAll(async () => t.close());

/**
 * The app with the fake payment provider's keys, and the provider posting its signed webhooks to that app; with
 * `logs`, the app's log lines are kept there.
 */
async function withProvider(logs?: string[]) {
  // the provider posts its webhooks to the app built once the provider's keys are known
  const receiver: { app?: TestApp } = {};
  const fake = await startFakeStripe({
    deliver: async ({ payload, signature }) =>
      (
        await receiver.app!.request({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          payload,
        })
      ).statusCode,
  });
  const paying = await buildTestApp({
    clock,
    database: t.database as never,
    env: { ...providerEnv(fake), ...(logs ? { LOG_LEVEL: 'warn' } : {}) },
    ...(logs ? { logger: true, logStream: { write: (line: string) => void logs.push(line) } } : {}),
  });
  receiver.app = paying;
  /** A payment link of the invoice, issued by the admin, with the provider's session behind it. */
  const linkOf = async (invoiceId: string) => {
    const response = await paying.request({ method: 'POST', url: `/api/clientInvoice/${invoiceId}/payment-link`, token: admin() });
    expectStatus(response, 200);
    const { url } = response.json() as { url: string };
    return { url, session: fake.objects.get(url.split('/').at(-1)!)! };
  };
  /** The client pays at the provider's page of a link: its answer's status. */
  const pay = async (url: string) => (await fetch(url, { method: 'POST', redirect: 'manual' })).status;
  return { fake, paying, linkOf, pay };
}

describe('drawing lines from a mission', () => {
  it('proposes the approved, not yet invoiced time per role at the rate each week was approved with', async () => {
    const m = await hourlyMission();
    const lines = await billable(m.missionId);
    expect(
      lines.map(({ kind, sourceIds, quantity, unitPrice, amount, currency }) => ({
        kind,
        sourceIds,
        quantity,
        unitPrice,
        amount,
        currency,
      })),
    ).toEqual([
      // 60 h × 80.00 (kept), not the role's 99.99
      { kind: 'time', sourceIds: [m.weeks.d1, m.weeks.d2], quantity: 60, unitPrice: 80, amount: 4_800, currency: 'EUR' },
      // 37.5 h at 800.00 a day: 4.6875 days of 8 hours × 800.00
      { kind: 'time', sourceIds: [m.weeks.v1], quantity: 4.6875, unitPrice: 800, amount: 3_750, currency: 'EUR' },
    ]);
    expect(lines[0]!.description).toContain('Designer');
    expect(lines.map(({ unit, description }) => [unit, description.endsWith('h)')])).toEqual([
      ['h', false],
      ['d', true],
    ]);
    expect(lines[1]!.description).toContain('37.5 h');
  });

  it('invoices them with the client’s tax, rule 196’s number, and never twice', async () => {
    const m = await hourlyMission();
    const lines = await billable(m.missionId);
    const clientId = await client({ country: 'GR', email: 'billing@athens.example.com' });
    const invoice = await created(clientId, {
      missionId: m.missionId,
      lines: [...lines.map((line) => ({ kind: line.kind, sourceIds: line.sourceIds })), typed('Travel', 2.5, 19.99)],
    });
    expect(invoice).toMatchObject({ number: 1, numberText: '0001', status: 'draft', currency: 'EUR', taxRate: 24, reverseCharge: false });
    expect(invoice.lines.map((line) => [line.kind, line.amount])).toEqual([
      ['time', 4_800],
      ['time', 3_750],
      ['manual', 49.98],
    ]);
    // 8,599.98 + 24 % (2,063.9952 → 2,064.00)
    expect([invoice.subtotal, invoice.tax, invoice.total]).toEqual([8_599.98, 2_064, 10_663.98]);
    expect(await billable(m.missionId)).toEqual([]);

    const again = await create(clientId, { missionId: m.missionId, lines: [{ kind: 'time', sourceIds: [m.weeks.d1] }] });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('invoice/already-invoiced');
    const notApproved = await create(clientId, { missionId: m.missionId, lines: [{ kind: 'time', sourceIds: [m.weeks.submitted] }] });
    expect(errorOf(notApproved).code).toBe('invoice/not-billable');

    // voiding releases the lines: they are billable again, and the void invoice keeps its text
    const voided = await call({ method: 'PUT', url: `/api/clientInvoice/${invoice._id}`, payload: { payload: { status: 'void' } } });
    expectStatus(voided, 200);
    expect((voided.json() as Invoice).lines).toHaveLength(3);
    expect((await billable(m.missionId)).map((line) => line.amount)).toEqual([4_800, 3_750]);
    const second = await created(clientId, { missionId: m.missionId, lines: [{ kind: 'time', sourceIds: [m.weeks.v1] }] });
    expect(second.numberText).toBe('0002');
  });

  it('bills a One time rate once, with the first approved week that has hours (an empty approved week before it bills nothing)', async () => {
    const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, currency: 'EUR' });
    const [setup] = await t.database.db
      .insert(planItems)
      .values({
        missionId: mission.id,
        type: 'person',
        title: 'Set-up',
        personId: w.people.member.personId,
        rateMinor: 100_000,
        rateTime: 'One time',
        billRateMinor: 250_000,
        billUnit: 'One time',
      })
      .returning();
    const week = async (weekStart: string, dailyMinutes: number[]) =>
      (
        await t.database.db
          .insert(timesheets)
          .values({
            orgId: w.orgId,
            missionId: mission.id,
            planItemId: setup!.id,
            personId: w.people.member.personId,
            scope: setup!.id,
            weekStart,
            status: 'approved',
            dailyMinutes,
          })
          .returning()
      )[0]!.id;
    await week('2026-02-23', [0, 0, 0, 0, 0, 0, 0]);
    const worked = await week('2026-03-02', [480, 0, 0, 0, 0, 0, 0]);
    const [line] = await billable(mission.id);
    expect(line).toMatchObject({ sourceIds: [worked], quantity: 1, unit: '', unitPrice: 2_500, amount: 2_500 });
    expect(line!.description).toContain('8 h');
  });

  it('bills reached milestones of a mission that bills using milestones, and not its hours', async () => {
    const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, currency: 'EUR', billUsingMilestones: true });
    const [reached, pending] = await t.database.db
      .insert(planItems)
      .values([
        { missionId: mission.id, type: 'milestone', title: 'Kick-off', amountMinor: 150_000, approved: true, startDate: '2026-03-05' },
        { missionId: mission.id, type: 'milestone', title: 'Launch', amountMinor: 300_000, approved: false, startDate: '2026-04-05' },
      ])
      .returning();
    const lines = await billable(mission.id);
    expect(lines.map((line) => [line.kind, line.sourceIds, line.description, line.amount])).toEqual([
      ['milestone', [reached!.id], 'Kick-off', 1_500],
    ]);
    const clientId = await client({ country: 'US' });
    const invoice = await created(clientId, { missionId: mission.id, lines: [{ kind: 'milestone', sourceIds: [reached!.id] }] });
    expect([invoice.subtotal, invoice.taxRate, invoice.total]).toEqual([1_500, 0, 1_500]);
    const notReached = await create(clientId, { missionId: mission.id, lines: [{ kind: 'milestone', sourceIds: [pending!.id] }] });
    expect(errorOf(notReached).code).toBe('invoice/not-billable');
  });

  it('converts lines into the client’s currency and refuses without a rate (422), writing nothing', async () => {
    const m = await hourlyMission();
    const inDollars = await created(await client({ currency: 'USD' }), {
      missionId: m.missionId,
      lines: [{ kind: 'time', sourceIds: [m.weeks.v1] }],
    });
    expect(inDollars.currency).toBe('USD');
    expect(inDollars.lines[0]!.description).toContain('(from EUR)');
    expect(inDollars.lines[0]!.amount).toBeGreaterThan(3_750);
    const before = await invoiceCount();
    const response = await create(await client({ currency: 'SEK' }), {
      missionId: m.missionId,
      lines: [{ kind: 'time', sourceIds: [m.weeks.d1] }],
    });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response).code).toBe('currency/no-rate');
    expect(await invoiceCount()).toBe(before);
    expect((await billable(m.missionId)).map((line) => line.sourceIds)).toEqual([[m.weeks.d1, m.weeks.d2]]);
  });
});

describe('a draft of a project archived since', () => {
  it('keeps its lines drawable and its currency changeable; a new invoice of that project is refused', async () => {
    const m = await hourlyMission();
    const clientId = await client({ country: 'GR' });
    const draft = await created(clientId, { missionId: m.missionId, lines: [{ kind: 'time', sourceIds: [m.weeks.d1, m.weeks.d2] }] });
    expectStatus(await call({ method: 'DELETE', url: `/api/mission/${m.missionId}` }), 200);

    const redrawn = await call({
      method: 'PUT',
      url: `/api/clientInvoice/${draft._id}`,
      payload: { payload: { lines: [{ kind: 'time', sourceIds: [m.weeks.d1] }, typed('Travel', 1, 50)] } },
    });
    expectStatus(redrawn, 200);
    expect((redrawn.json() as Invoice).lines.map((line) => [line.kind, line.amount])).toEqual([
      ['time', 3_200],
      ['manual', 50],
    ]);
    const inDollars = await call({ method: 'PUT', url: `/api/clientInvoice/${draft._id}`, payload: { payload: { currency: 'USD' } } });
    expectStatus(inDollars, 200);
    expect((inDollars.json() as Invoice).currency).toBe('USD');

    const fresh = await create(clientId, { missionId: m.missionId, lines: [{ kind: 'time', sourceIds: [m.weeks.d2] }] });
    expect(fresh.statusCode).toBe(404);
  });
});

describe('an invoice bills only its own client’s projects', () => {
  it('refuses a project of another client (409 invoice/other-client), on creation, on a move and on drawing anew', async () => {
    const [ours, theirs] = [await client(), await client()];
    const m = await hourlyMission();
    await t.database.db.update(missions).set({ clientId: theirs }).where(eq(missions.id, m.missionId));
    const before = await invoiceCount();
    for (const lines of [[{ kind: 'time', sourceIds: [m.weeks.v1] }], []]) {
      const refused = await create(ours, { missionId: m.missionId, lines });
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({ code: 'invoice/other-client', message: INVOICE_MESSAGES.missionOfOtherClient });
    }
    expect(await invoiceCount()).toBe(before);
    expect(await billable(m.missionId)).toHaveLength(2);
    // a draft cannot be moved onto it either
    const draft = await created(ours, { lines: [typed()] });
    const moved = await call({ method: 'PUT', url: `/api/clientInvoice/${draft._id}`, payload: { payload: { missionId: m.missionId } } });
    expect([moved.statusCode, errorOf(moved).code]).toEqual([409, 'invoice/other-client']);
    // its own client is billed for it
    expect((await created(theirs, { missionId: m.missionId, lines: [{ kind: 'time', sourceIds: [m.weeks.v1] }] })).total).toBe(3_750);

    // a project without a client is billed to any client, until it is given to another one
    const open = await hourlyMission();
    const drawing = await created(ours, { missionId: open.missionId, lines: [{ kind: 'time', sourceIds: [open.weeks.v1] }] });
    await t.database.db.update(missions).set({ clientId: theirs }).where(eq(missions.id, open.missionId));
    const more = await call({
      method: 'PUT',
      url: `/api/clientInvoice/${drawing._id}`,
      payload: {
        payload: {
          lines: [
            { kind: 'time', sourceIds: [open.weeks.v1] },
            { kind: 'time', sourceIds: [open.weeks.d1, open.weeks.d2] },
          ],
        },
      },
    });
    expect([more.statusCode, errorOf(more).code]).toEqual([409, 'invoice/other-client']);
    // typed lines of the draft still change
    const notes = await call({ method: 'PUT', url: `/api/clientInvoice/${drawing._id}`, payload: { payload: { notes: 'Thanks' } } });
    expectStatus(notes, 200);
  });
});

describe('tax by the client’s country (rule 195)', () => {
  it.each([
    ['DE', null, 19, false],
    ['DE', 'DE123456789', 0, true],
    ['GR', 'EL123456789', 24, false],
    ['CA', null, 0, false],
  ])('a %s client with VAT number %s pays %d %%', async (country, vatNumber, rate, reverse) => {
    const invoice = await created(await client({ country, vatNumber }), { lines: [typed('Work', 10, 100)] });
    expect([invoice.taxRate, invoice.reverseCharge, invoice.tax]).toEqual([rate, reverse, (1_000 * rate) / 100]);
    expect(invoice.taxNote === null).toBe(!reverse);
  });

  it('follows the client on a draft whose client moves country or gives a VAT number; an issued invoice keeps its tax', async () => {
    const clientId = await client();
    const draft = await created(clientId, { lines: [typed('Work', 10, 100)] });
    const sent = await created(clientId, { lines: [typed('Work', 10, 100)] });
    expectStatus(await call({ method: 'PUT', url: `/api/clientInvoice/${sent._id}`, payload: { payload: { status: 'sent' } } }), 200);
    expect([draft.taxRate, draft.total, sent.total]).toEqual([0, 1_000, 1_000]);
    const setClient = (values: Record<string, unknown>) =>
      call({ method: 'PUT', url: `/api/org/${w.orgId}/client/${clientId}`, payload: values });
    const read = async (id: string) => (await call({ method: 'GET', url: `/api/clientInvoice/${id}` })).json() as Invoice;

    expectStatus(await setClient({ country: 'GR' }), 200);
    expect(await read(draft._id)).toMatchObject({ taxRate: 24, reverseCharge: false, subtotal: 1_000, tax: 240, total: 1_240 });
    // sending it mails what the client is billed now
    expect(
      (await call({ method: 'PUT', url: `/api/clientInvoice/${draft._id}`, payload: { payload: { notes: 'Thanks' } } })).json(),
    ).toMatchObject({
      total: 1_240,
    });
    expect(await read(sent._id)).toMatchObject({ taxRate: 0, total: 1_000 });

    expectStatus(await setClient({ country: 'DE', vatNumber: 'DE123456789' }), 200);
    expect(await read(draft._id)).toMatchObject({ taxRate: 0, reverseCharge: true, taxNote: expect.any(String), tax: 0, total: 1_000 });
  });
});

describe('reverse charge of an organisation without a country', () => {
  it('bills an EU business client its VAT until the organisation has a country, then reverse-charges the draft', async () => {
    await t.database.db.update(orgs).set({ holidayCountryCode: null }).where(eq(orgs.id, w.orgId));
    t.app.ctx.reads.changed();
    try {
      const draft = await created(await client({ country: 'DE', vatNumber: 'DE123456789' }), { lines: [typed('Work', 10, 100)] });
      expect(draft).toMatchObject({ taxRate: 19, reverseCharge: false, taxNote: null, total: 1_190 });
      expectStatus(await call({ method: 'PUT', url: `/api/org/${w.orgId}`, payload: { holidayCountryCode: 'GR' } }), 200);
      const saved = await call({ method: 'PUT', url: `/api/clientInvoice/${draft._id}`, payload: { payload: { notes: 'Thanks' } } });
      expect(saved.json()).toMatchObject({ taxRate: 0, reverseCharge: true, total: 1_000 });
    } finally {
      await t.database.db.update(orgs).set({ holidayCountryCode: 'GR' }).where(eq(orgs.id, w.orgId));
      t.app.ctx.reads.changed();
    }
  });
});

describe('rule 196: numbering per client', () => {
  it('takes a requested number at least the highest + 1, refuses one that goes backwards, and goes on from it', async () => {
    const clientId = await client();
    expect((await created(clientId, { number: 7 })).numberText).toBe('0007');
    const before = await invoiceCount();
    for (const number of [7, 3]) {
      const backwards = await create(clientId, { number });
      expect(backwards.statusCode).toBe(409);
      expect(errorOf(backwards)).toMatchObject({ code: 'invoice/number-backwards', message: expect.stringContaining('0008') });
    }
    expect(await invoiceCount()).toBe(before);
    expect((await created(clientId)).numberText).toBe('0008');
    // another client counts on its own
    expect((await created(await client())).numberText).toBe('0001');
  });

  it('refuses to set a client’s next number below its highest + 1 (400), and numbers on from an allowed one', async () => {
    const clientId = await client();
    expect((await created(clientId, { number: 7 })).numberText).toBe('0007');
    const url = `/api/org/${w.orgId}/client/${clientId}`;
    for (const nextInvoiceNumber of [7, 3]) {
      const backwards = await call({ method: 'PUT', url, payload: { nextInvoiceNumber } });
      expect(backwards.statusCode).toBe(400);
      expect(errorOf(backwards)).toMatchObject({
        code: 'validation',
        message: INVOICE_MESSAGES.nextNumberBackwards('0008'),
        fields: { nextInvoiceNumber: INVOICE_MESSAGES.nextNumberBackwards('0008') },
      });
    }
    expect((await call({ method: 'GET', url })).json()).toMatchObject({ nextInvoiceNumber: 8 });
    expectStatus(await call({ method: 'PUT', url, payload: { nextInvoiceNumber: 20 } }), 200);
    expect((await created(clientId)).numberText).toBe('0020');
  });

  it('starts at the client’s next invoice number', async () => {
    expect((await created(await client({ nextInvoiceNumber: 120 }))).numberText).toBe('0120');
  });

  it('gives parallel creations distinct, consecutive numbers', async () => {
    const clientId = await client();
    const responses = await Promise.all(Array.from({ length: 8 }, () => create(clientId, { lines: [typed()] })));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(201));
    const numbers = responses.map((response) => (response.json() as Invoice).number).sort((a, b) => a - b);
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});

describe('bad input writes nothing', () => {
  it.each([
    ['a negative quantity', 400, { lines: [typed('x', -1)] }],
    ['a negative unit price', 400, { lines: [typed('x', 1, -5)] }],
    ['more than 4 decimals', 400, { lines: [typed('x', 1.00001)] }],
    ['an empty description', 400, { lines: [typed(' ')] }],
    ['drawn lines without a mission', 400, { lines: [{ kind: 'time', sourceIds: ['0123456789abcdef01234567'] }] }],
    ['an unknown mission', 404, { missionId: '0123456789abcdef01234567' }],
    ['an unknown order', 404, { orderId: '0123456789abcdef01234567' }],
    ['an unknown field', 400, { total: 5 }],
    ['number 0', 400, { number: 0 }],
  ] as const)('%s → %i', async (_label, status, payload) => {
    const before = await invoiceCount();
    const response = await create(await client(), payload);
    expect(response.statusCode).toBe(status);
    expect(await invoiceCount()).toBe(before);
  });

  it('refuses amounts beyond the largest an invoice holds (400, not a server failure)', async () => {
    const before = await invoiceCount();
    for (const lines of [
      // 1,000,000 × 1,000,000,000,000.00 overflows what the database keeps
      [typed('Everything', 1_000_000, 1_000_000_000_000)],
      // two lines at the largest amount each
      [typed('Half', 1, 1_000_000_000_000), typed('Other half', 1, 1_000_000_000_000)],
    ]) {
      const response = await create(await client(), { lines });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: 'validation',
        message: INVOICE_MESSAGES.tooLarge,
        fields: { lines: INVOICE_MESSAGES.tooLarge },
      });
    }
    expect(await invoiceCount()).toBe(before);
    // a draft cannot be edited past it either
    const draft = await created(await client(), { lines: [typed()] });
    const edit = await call({
      method: 'PUT',
      url: `/api/clientInvoice/${draft._id}`,
      payload: { payload: { lines: [typed('Everything', 1_000_000, 1_000_000_000_000)] } },
    });
    expect([edit.statusCode, errorOf(edit).code]).toEqual([400, 'validation']);
    expect((await call({ method: 'GET', url: `/api/clientInvoice/${draft._id}` })).json()).toMatchObject({ total: 100 });
  });

  it('refuses a due date before the issue date, on creation and on edit', async () => {
    const before = await invoiceCount();
    const early = await create(await client(), { issueDate: '2026-03-18', dueDate: '2026-03-17' });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early)).toMatchObject({ code: 'validation', fields: { dueDate: INVOICE_MESSAGES.dueBeforeIssue } });
    // without an issue date it is issued today (18 March 2026)
    expect((await create(await client(), { dueDate: '2026-03-01' })).statusCode).toBe(400);
    expect(await invoiceCount()).toBe(before);
    const draft = await created(await client(), { issueDate: '2026-03-18', dueDate: '2026-04-17' });
    const put = (payload: Record<string, unknown>) => call({ method: 'PUT', url: `/api/clientInvoice/${draft._id}`, payload: { payload } });
    expect((await put({ dueDate: '2026-03-10' })).statusCode).toBe(400);
    expect((await put({ issueDate: '2026-04-20' })).statusCode).toBe(400);
    expectStatus(await put({ issueDate: '2026-04-01', dueDate: '2026-05-01' }), 200);
  });

  it('refuses an unknown client and another organisation’s client, mission and invoice', async () => {
    const other = await t.request({
      method: 'POST',
      url: `/api/org/${w.otherOrgId}/client`,
      token: w.people.otherOrgAdmin.token,
      payload: { name: 'Theirs' },
    });
    const theirClient = (other.json() as { _id: string })._id;
    expect((await create('0123456789abcdef01234567')).statusCode).toBe(404);
    expect((await create(theirClient)).statusCode).toBe(404);
    const theirMission = await insertMission(t, w.people.otherOrgAdmin, { orgId: w.otherOrgId });
    expect((await create(await client(), { missionId: theirMission.id })).statusCode).toBe(404);
    const theirInvoice = await t.request({
      method: 'POST',
      url: `/api/clientInvoice/org/${w.otherOrgId}/client/${theirClient}`,
      token: w.people.otherOrgAdmin.token,
      payload: { payload: {} },
    });
    expectStatus(theirInvoice, 201);
    const id = (theirInvoice.json() as Invoice)._id;
    for (const [method, url] of [
      ['GET', `/api/clientInvoice/${id}`],
      ['PUT', `/api/clientInvoice/${id}`],
      ['DELETE', `/api/clientInvoice/${id}`],
    ] as const) {
      const response = await call({ method, url, ...(method === 'PUT' ? { payload: { payload: { notes: 'mine' } } } : {}) });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('invoice/not-found');
    }
    // an id of the other organisation's client in our organisation's path
    expect((await call({ method: 'GET', url: `/api/clientInvoice/org/${w.orgId}/list?client=${theirClient}` })).json()).toEqual({
      invoices: [],
      total: 0,
    });
  });

  it('refuses to invoice an archived client (409) until it is restored', async () => {
    const clientId = await client();
    const archive = (archived: boolean) => call({ method: 'PUT', url: `/api/org/${w.orgId}/client/${clientId}`, payload: { archived } });
    expectStatus(await archive(true), 200);
    const refused = await create(clientId, { lines: [typed()] });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([409, 'invoice/client-archived']);
    expect((await call({ method: 'GET', url: `/api/clientInvoice/org/${w.orgId}/list?client=${clientId}` })).json()).toEqual({
      invoices: [],
      total: 0,
    });
    expectStatus(await archive(false), 200);
    expectStatus(await create(clientId, { lines: [typed()] }), 201);
  });

  it('refuses writes while invoicing is disabled', async () => {
    const clientId = await client();
    const draft = await created(clientId, { lines: [typed()] });
    await t.database.db.update(orgs).set({ invoicingDisabled: true }).where(eq(orgs.id, w.orgId));
    try {
      const response = await create(clientId);
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('invoice/disabled');
      // a payment link would issue the draft and ask the client for money
      const requested = linkRequests.length;
      const link = await call({ method: 'POST', url: `/api/clientInvoice/${draft._id}/payment-link` });
      expect([link.statusCode, errorOf(link).code]).toEqual([403, 'invoice/disabled']);
      expect(linkRequests).toHaveLength(requested);
      expect((await call({ method: 'GET', url: `/api/clientInvoice/${draft._id}` })).json()).toMatchObject({ status: 'draft' });
    } finally {
      await t.database.db.update(orgs).set({ invoicingDisabled: false }).where(eq(orgs.id, w.orgId));
    }
  });
});

describe('statuses and edits', () => {
  it('edits a draft, then moves draft → sent → paid; past draft only the status and qbo change', async () => {
    const clientId = await client({ country: 'GR' });
    const invoice = await created(clientId, { lines: [typed()] });
    const put = (payload: Record<string, unknown>, qbo?: boolean) =>
      call({ method: 'PUT', url: `/api/clientInvoice/${invoice._id}`, payload: { payload, ...(qbo === undefined ? {} : { qbo }) } });
    const edited = await put({ lines: [typed('Design', 3, 50)], notes: 'Thank you', updatedAt: invoice.updatedAt }, true);
    expectStatus(edited, 200);
    expect(edited.json()).toMatchObject({ subtotal: 150, tax: 36, total: 186, notes: 'Thank you', qbo: true });
    expect(errorOf(await put({ notes: 'stale', updatedAt: invoice.updatedAt })).code).toBe('conflict/stale');
    expect(errorOf(await put({ status: 'paid' })).code).toBe('invoice/bad-status');
    expect((await put({ status: 'sent' })).json()).toMatchObject({ status: 'sent', sentAt: '2026-03-18T12:00:00.000Z' });
    expect(errorOf(await put({ notes: 'late' })).code).toBe('invoice/not-draft');
    expect(errorOf(await call({ method: 'DELETE', url: `/api/clientInvoice/${invoice._id}` })).code).toBe('invoice/not-draft');
    expect((await put({ status: 'paid' }, false)).json()).toMatchObject({ status: 'paid', qbo: false });
    expect(errorOf(await put({ status: 'void' })).code).toBe('invoice/bad-status');
  });

  it('converts typed lines at the rate of the issue day when a draft changes currency, never relabelling their amounts', async () => {
    const draft = await created(await client(), { currency: 'EUR', issueDate: '2026-03-18', lines: [typed('Workshop', 2, 100)] });
    const put = (payload: Record<string, unknown>) => call({ method: 'PUT', url: `/api/clientInvoice/${draft._id}`, payload: { payload } });
    const rates = await call({ method: 'GET', url: '/api/currency/exchange-rate/daily/list?date=2026-03-18' });
    const usd = (rates.json() as { rates: Record<string, number> }[])[0]!.rates.USD!;
    const dollars = await put({ currency: 'USD' });
    expectStatus(dollars, 200);
    const unitPrice = Math.round(100 * usd * 100) / 100;
    expect(unitPrice).not.toBe(100);
    expect(dollars.json()).toMatchObject({
      currency: 'USD',
      lines: [{ kind: 'manual', description: 'Workshop', quantity: 2, unitPrice, amount: unitPrice * 2 }],
      subtotal: unitPrice * 2,
    });
    // without a rate the currency stays as it was, and so do the lines
    const noRate = await put({ currency: 'SEK' });
    expect([noRate.statusCode, errorOf(noRate).code]).toEqual([422, 'currency/no-rate']);
    expect((await call({ method: 'GET', url: `/api/clientInvoice/${draft._id}` })).json()).toMatchObject({
      currency: 'USD',
      lines: [{ unitPrice }],
    });
    // lines given with the new currency are taken as typed in it
    expect((await put({ currency: 'EUR', lines: [typed('Workshop', 2, 100)] })).json()).toMatchObject({ currency: 'EUR', total: 200 });
  });

  it('refuses to delete a sent invoice (409 invoice/not-draft: void it instead), as its API description says', async () => {
    const sent = await created(await client(), { lines: [typed()] });
    expectStatus(await call({ method: 'PUT', url: `/api/clientInvoice/${sent._id}`, payload: { payload: { status: 'sent' } } }), 200);
    const refused = await call({ method: 'DELETE', url: `/api/clientInvoice/${sent._id}` });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([409, 'invoice/not-draft']);
    expect((await call({ method: 'GET', url: `/api/clientInvoice/${sent._id}` })).json()).toMatchObject({ status: 'sent' });
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const summary = document.paths['/api/clientInvoice/{id}']!.delete!.summary!;
    expect(summary).toContain('409 invoice/not-draft');
    expect(summary).not.toMatch(/is voided instead/);
  });

  it('deletes a draft and lists the organisation’s invoices with status and totals', async () => {
    const clientId = await client();
    const keep = await created(clientId, { lines: [typed('A', 2, 10)] });
    const drop = await created(clientId);
    expectStatus(await call({ method: 'DELETE', url: `/api/clientInvoice/${drop._id}` }), 200);
    const list = await call({ method: 'GET', url: `/api/clientInvoice/org/${w.orgId}/list?client=${clientId}` });
    expect((list.json() as { invoices: Invoice[] }).invoices.map((i) => [i.numberText, i.status, i.total])).toEqual([
      ['0001', 'draft', 20],
    ]);
    expect(keep._id).toBeDefined();
  });
});

describe('a week billed on an invoice stays as billed', () => {
  // reopening an approved week is the time module's: the organisation must track time
  beforeAll(async () => setOrg(t, w.orgId, { isOrgLicensed: true, isLicensedActive: true }));
  afterAll(async () => setOrg(t, w.orgId, { isOrgLicensed: false, isLicensedActive: false }));

  const reopen = (missionId: string, sheetId: string) =>
    call({ method: 'PUT', url: `/api/timesheet/mission/${missionId}/timesheet/${sheetId}`, payload: { payload: { status: 'draft' } } });
  const statusOf = async (sheetId: string) =>
    (await t.database.db.select({ status: timesheets.status }).from(timesheets).where(eq(timesheets.id, sheetId)))[0]!.status;
  const move = async (invoiceId: string, status: string) =>
    expectStatus(await call({ method: 'PUT', url: `/api/clientInvoice/${invoiceId}`, payload: { payload: { status } } }), 200);

  it('refuses to reopen a week of a sent or paid invoice (409 naming the invoice), and reopens it once the invoice is void', async () => {
    const m = await hourlyMission();
    const invoice = await created(await client(), {
      missionId: m.missionId,
      lines: [{ kind: 'time', sourceIds: [m.weeks.d1, m.weeks.d2] }],
    });
    await move(invoice._id, 'sent');
    const sent = await reopen(m.missionId, m.weeks.d1);
    expect(sent.statusCode).toBe(409);
    expect(errorOf(sent)).toMatchObject({ code: 'time/invoiced', message: TIME_MESSAGES.invoiced(invoice.numberText, 'sent') });
    await move(invoice._id, 'paid');
    expect(errorOf(await reopen(m.missionId, m.weeks.d1)).message).toBe(TIME_MESSAGES.invoiced(invoice.numberText, 'paid'));
    expect(await statusOf(m.weeks.d1)).toBe('approved');

    const voided = await created(await client(), { missionId: m.missionId, lines: [{ kind: 'time', sourceIds: [m.weeks.v1] }] });
    await move(voided._id, 'void');
    expectStatus(await reopen(m.missionId, m.weeks.v1), 200);
    expect(await statusOf(m.weeks.v1)).toBe('draft');
  });

  it('takes a reopened week off a draft invoice, drawing its lines and totals again; approved again, it is billable', async () => {
    const m = await hourlyMission();
    const lines = await billable(m.missionId);
    const draft = await created(await client({ country: 'GR' }), {
      missionId: m.missionId,
      lines: [...lines.map((line) => ({ kind: line.kind, sourceIds: line.sourceIds })), typed('Travel', 1, 100)],
    });
    expect(draft.total).toBe((4_800 + 3_750 + 100) * 1.24);

    expectStatus(await reopen(m.missionId, m.weeks.d1), 200);
    const read = (await call({ method: 'GET', url: `/api/clientInvoice/${draft._id}` })).json() as Invoice;
    expect(read.lines.map(({ kind, sourceIds, quantity, amount }) => ({ kind, sourceIds, quantity, amount }))).toEqual([
      // the Designer's second week alone: 20 h × 80.00
      { kind: 'time', sourceIds: [m.weeks.d2], quantity: 20, amount: 1_600 },
      { kind: 'time', sourceIds: [m.weeks.v1], quantity: 4.6875, amount: 3_750 },
      { kind: 'manual', sourceIds: [], quantity: 1, amount: 100 },
    ]);
    expect([read.subtotal, read.tax, read.total]).toEqual([5_450, 1_308, 6_758]);

    // approved again (with more hours): the week is billable, no longer claimed by the draft
    await t.database.db.update(timesheets).set({ status: 'approved' }).where(eq(timesheets.id, m.weeks.d1));
    expect((await billable(m.missionId)).map((line) => line.sourceIds)).toEqual([[m.weeks.d1]]);
  });
});

describe('a milestone billed on an invoice stays as billed', () => {
  const move = async (invoiceId: string, status: string) =>
    expectStatus(await call({ method: 'PUT', url: `/api/clientInvoice/${invoiceId}`, payload: { payload: { status } } }), 200);
  const change = (itemId: string, payload: Record<string, unknown>) =>
    call({ method: 'PUT', url: `/api/mission-plan/${itemId}/bulk`, payload });
  const remove = (itemId: string) => call({ method: 'DELETE', url: `/api/mission-plan/${itemId}` });
  const read = async (invoiceId: string) => (await call({ method: 'GET', url: `/api/clientInvoice/${invoiceId}` })).json() as Invoice;

  /** A mission billing with milestones: Kick-off (1,500.00) and Launch (3,000.00), both approved; Design follows a done task. */
  async function milestoneMission() {
    const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, currency: 'EUR', billUsingMilestones: true });
    const [task] = await t.database.db.insert(actions).values({ missionId: mission.id, title: 'Design', percentComplete: 100 }).returning();
    const [kickOff, launch, design] = await t.database.db
      .insert(planItems)
      .values([
        { missionId: mission.id, type: 'milestone', title: 'Kick-off', amountMinor: 150_000, approved: true, startDate: '2026-03-02' },
        {
          missionId: mission.id,
          type: 'fundable_milestone',
          title: 'Launch',
          amountMinor: 300_000,
          approved: true,
          startDate: '2026-03-03',
        },
        { missionId: mission.id, type: 'milestone', title: 'Design', amountMinor: 50_000, linkedToTask: task!.id, startDate: '2026-03-04' },
      ])
      .returning();
    return { missionId: mission.id, kickOff: kickOff!.id, launch: launch!.id, design: design!.id, task: task!.id };
  }
  it('refuses to un-approve, re-price or delete a milestone of a sent or paid invoice (409 naming it); its title may change', async () => {
    const m = await milestoneMission();
    const invoice = await created(await client(), {
      missionId: m.missionId,
      lines: [m.kickOff, m.design].map((id) => ({ kind: 'milestone', sourceIds: [id] })),
    });
    await move(invoice._id, 'sent');
    const unapproved = await change(m.kickOff, { approved: false });
    expect(unapproved.statusCode).toBe(409);
    expect(errorOf(unapproved)).toMatchObject({
      code: 'plan/invoiced',
      message: catalogued('milestoneInvoiced', invoice.numberText, 'sent').message,
    });
    expect((await change(m.kickOff, { amount: 2_000 })).statusCode).toBe(409);
    expect((await remove(m.kickOff)).statusCode).toBe(409);
    // issued, the milestone reached by its task is approved: its approval keeps it reached, as billed, when the task
    // is reopened, and cannot be taken back (though the task is complete now)
    expect((await t.database.db.select().from(planItems).where(eq(planItems.id, m.design)))[0]!.approved).toBe(true);
    expect((await change(m.design, { approved: false })).statusCode).toBe(409);
    // what the line did not draw changes freely
    expectStatus(await change(m.kickOff, { title: 'Kick-off workshop', startDate: '2026-03-09' }), 200);
    expectStatus(await change(m.design, { linkedToTask: null }), 200);

    await move(invoice._id, 'paid');
    const paid = await remove(m.kickOff);
    expect(errorOf(paid)).toMatchObject({
      code: 'plan/invoiced',
      message: catalogued('milestoneInvoiced', invoice.numberText, 'paid').message,
    });
    expect((await change(m.design, { approved: false })).statusCode).toBe(409);
    const [kept] = await t.database.db.select().from(planItems).where(eq(planItems.id, m.kickOff));
    expect(kept).toMatchObject({ approved: true, amountMinor: 150_000, wasDeleted: false });
    expect((await read(invoice._id)).lines.map((line) => line.amount)).toEqual([1_500, 500]);
  });

  it('takes an un-approved, unlinked or deleted milestone off a draft and draws a re-priced one again, with the totals', async () => {
    const m = await milestoneMission();
    const draft = await created(await client({ country: 'GR' }), {
      missionId: m.missionId,
      lines: [...[m.kickOff, m.launch, m.design].map((id) => ({ kind: 'milestone', sourceIds: [id] })), typed('Travel', 1, 100)],
    });
    expect(draft.total).toBe((1_500 + 3_000 + 500 + 100) * 1.24);

    expectStatus(await change(m.kickOff, { approved: false }), 200);
    expectStatus(await change(m.launch, { amount: 2_500 }), 200);
    // no longer following its complete task, the Design milestone is no longer reached
    expectStatus(await change(m.design, { linkedToTask: null }), 200);
    let now = await read(draft._id);
    expect(now.lines.map(({ kind, sourceIds, amount }) => ({ kind, sourceIds, amount }))).toEqual([
      { kind: 'milestone', sourceIds: [m.launch], amount: 2_500 },
      { kind: 'manual', sourceIds: [], amount: 100 },
    ]);
    expect([now.subtotal, now.tax, now.total]).toEqual([2_600, 624, 3_224]);

    expectStatus(await remove(m.launch), 200);
    now = await read(draft._id);
    expect(now.lines.map((line) => line.kind)).toEqual(['manual']);
    expect([now.subtotal, now.total]).toEqual([100, 124]);
    // approved again, the milestone is billable, no longer claimed by the draft
    expectStatus(await change(m.kickOff, { approved: true }), 200);
    expect((await billable(m.missionId)).map((line) => line.sourceIds)).toEqual([[m.kickOff]]);
  });

  it('lets a milestone of a void invoice change and go', async () => {
    const m = await milestoneMission();
    const voided = await created(await client(), { missionId: m.missionId, lines: [{ kind: 'milestone', sourceIds: [m.kickOff] }] });
    await move(voided._id, 'sent');
    await move(voided._id, 'void');
    expectStatus(await change(m.kickOff, { amount: 1_750 }), 200);
    expectStatus(await remove(m.kickOff), 200);
    expect((await read(voided._id)).lines.map((line) => line.amount)).toEqual([1_500]);
  });
});

describe('the list', () => {
  it('pages through more than 1,000 invoices, newest first, so that the oldest are reached too', async () => {
    const clientId = await client();
    const day = (n: number) => new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.insert(clientInvoices).values(
      Array.from({ length: 1_001 }, (_, index) => ({
        orgId: w.orgId,
        clientId,
        number: index + 1,
        currency: 'EUR',
        issueDate: day(index),
      })),
    );
    const page = async (query: string) => {
      const response = await call({ method: 'GET', url: `/api/clientInvoice/org/${w.orgId}/list?client=${clientId}${query}` });
      expectStatus(response, 200);
      return response.json() as { invoices: Invoice[]; total: number };
    };
    const first = await page('');
    expect([first.invoices.length, first.total]).toEqual([200, 1_001]);
    const numbers = first.invoices.map((invoice) => invoice.number);
    while (numbers.length < first.total) numbers.push(...(await page(`&offset=${numbers.length}`)).invoices.map((i) => i.number));
    expect(numbers).toEqual(Array.from({ length: 1_001 }, (_, index) => 1_001 - index));
    expect(await page('&limit=2&offset=999')).toMatchObject({ invoices: [{ numberText: '0002' }, { numberText: '0001' }], total: 1_001 });
    for (const query of ['&limit=0', '&limit=1001', '&offset=-1', '&limit=1.5']) {
      const response = await call({ method: 'GET', url: `/api/clientInvoice/org/${w.orgId}/list?client=${clientId}${query}` });
      expect([response.statusCode, errorOf(response).code], query).toEqual([400, 'validation']);
    }
  });
});

describe('PDF, mail and payment link', () => {
  it('draws the PDF with an embedded font that has Greek, and takes an uploaded PDF in its place', async () => {
    const clientId = await client({ name: 'Αθηναϊκή Εταιρεία', country: 'GR' });
    const invoice = await created(clientId, { lines: [typed('Σχεδιασμός', 2, 100)] });
    const pdf = await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}/pdf` });
    expectStatus(pdf, 200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toContain('DejaVuSans');

    const notPdf = await call({
      method: 'POST',
      url: `/api/clientInvoice/${invoice._id}/pdf`,
      ...multipart('file', 'fake.pdf', 'application/pdf', PNG_1X1),
    });
    expect(notPdf.statusCode).toBe(415);
    expect(errorOf(notPdf).code).toBe('invoice/not-pdf');
    const mine = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const uploaded = await call({
      method: 'POST',
      url: `/api/clientInvoice/${invoice._id}/pdf`,
      ...multipart('file', 'mine.pdf', 'text/plain', mine),
    });
    expectStatus(uploaded, 200);
    expect((uploaded.json() as Invoice).pdfUploaded).toBe(true);
    expect((await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}/pdf` })).rawPayload.equals(mine)).toBe(true);
  });

  it('mails the PDF through the mail queue to the client and marks the draft sent', async () => {
    const email = `ap.${randomBytes(3).toString('hex')}@athens.example.com`;
    const name = unique('Αθηναϊκή Εταιρεία');
    const invoice = await created(await client({ name, email }), { lines: [typed()] });
    const sent = await call({ method: 'POST', url: `/api/clientInvoice/${invoice._id}/send-email`, payload: {} });
    expectStatus(sent, 200);
    expect(sent.json()).toMatchObject({ to: email, invoice: { status: 'sent', sentTo: email } });
    const outbox = (await call({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json() as {
      subject: string;
      attachments: { filename: string; contentType: string; url: string }[];
    }[];
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.subject).toContain('Invoice 0001');
    expect(outbox[0]!.attachments).toEqual([
      { filename: `Invoice 0001 ${name}.pdf`, contentType: 'application/pdf', url: expect.stringContaining('/attachment/0') },
    ]);
    const attachment = await call({ method: 'GET', url: outbox[0]!.attachments[0]!.url });
    expectStatus(attachment, 200);
    expect(attachment.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('keeps on an issued invoice its client and organisation as they were when it was sent; a draft follows them', async () => {
    const email = `old.${randomBytes(3).toString('hex')}@athens.example.com`;
    const clientId = await client({ email, address: 'Odos Ermou 1, Athens', vatNumber: 'EL111111111', country: 'GR' });
    const draft = await created(clientId, { lines: [typed()] });
    const sent = await created(clientId, { lines: [typed()] });
    expectStatus(await call({ method: 'POST', url: `/api/clientInvoice/${sent._id}/send-email`, payload: {} }), 200);
    const [{ title } = { title: '' }] = await t.database.db.select({ title: orgs.title }).from(orgs).where(eq(orgs.id, w.orgId));

    const moved = { name: unique('Moved'), address: 'Rue de Rivoli 2, Paris', vatNumber: 'EL222222222', email: `new.${email}` };
    expectStatus(await call({ method: 'PUT', url: `/api/org/${w.orgId}/client/${clientId}`, payload: moved }), 200);
    await setOrg(t, w.orgId, { title: unique('Renamed') });
    try {
      const read = async (id: string) => ((await call({ method: 'GET', url: `/api/clientInvoice/${id}` })).json() as Invoice).client;
      expect(await read(sent._id)).toMatchObject({ address: 'Odos Ermou 1, Athens', vatNumber: 'EL111111111', email });
      expect(await read(draft._id)).toMatchObject(moved);
      const listed = (await call({ method: 'GET', url: `/api/clientInvoice/org/${w.orgId}/list?client=${clientId}` })).json() as {
        invoices: Invoice[];
      };
      expect(listed.invoices.find((invoice) => invoice._id === sent._id)!.client.address).toBe('Odos Ermou 1, Athens');

      // sent again, it is mailed as issued: from the organisation's name then, to the address it was sent to
      const again = await call({ method: 'POST', url: `/api/clientInvoice/${sent._id}/send-email`, payload: {} });
      expect(again.json()).toMatchObject({ to: email });
      const outbox = (await call({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json() as {
        subject: string;
      }[];
      expect(outbox.map((mail) => mail.subject)).toEqual([
        `Invoice ${sent.numberText} from ${title}`,
        `Invoice ${sent.numberText} from ${title}`,
      ]);
    } finally {
      await setOrg(t, w.orgId, { title });
    }
  });

  it('refuses to send without an address', async () => {
    const invoice = await created(await client());
    const response = await call({ method: 'POST', url: `/api/clientInvoice/${invoice._id}/send-email`, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invoice/no-email');
    expect((await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` })).json()).toMatchObject({ status: 'draft' });
  });

  it('asks the payment provider for a link to the total', async () => {
    const invoice = await created(await client(), { lines: [typed('Work', 1, 12.5)] });
    const response = await call({ method: 'POST', url: `/api/clientInvoice/${invoice._id}/payment-link` });
    expectStatus(response, 200);
    expect(response.json()).toEqual({ url: `https://pay.example.test/${invoice._id}` });
    expect(linkRequests.at(-1)).toMatchObject({ invoiceId: invoice._id, amountMinor: 1_250, currency: 'EUR', description: 'Invoice 0001' });
  });

  it('issues a draft with its link: the amounts a link asks for can no longer change', async () => {
    const invoice = await created(await client(), { lines: [typed('Work', 1, 12.5)] });
    expectStatus(await call({ method: 'POST', url: `/api/clientInvoice/${invoice._id}/payment-link` }), 200);
    const issued = (await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` })).json() as Invoice;
    expect(issued).toMatchObject({ status: 'sent', total: 12.5 });
    for (const payload of [{ lines: [typed('Work', 1, 1)] }, { currency: 'USD' }]) {
      const edit = await call({ method: 'PUT', url: `/api/clientInvoice/${invoice._id}`, payload: { payload } });
      expect([edit.statusCode, errorOf(edit).code]).toEqual([409, 'invoice/not-draft']);
    }
    expect((await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` })).json()).toMatchObject({
      total: 12.5,
      currency: 'EUR',
    });
  });
});

describe('the payment provider', () => {
  it('answers 503 billing/not-configured while no provider is set up', async () => {
    const bare = await buildTestApp({ clock, database: t.database as never });
    try {
      const empty = await created(await client());
      const nothing = await bare.request({ method: 'POST', url: `/api/clientInvoice/${empty._id}/payment-link`, token: admin() });
      expect([nothing.statusCode, errorOf(nothing).code]).toEqual([400, 'invoice/nothing-to-pay']);
      const invoice = await created(await client(), { lines: [typed()] });
      const response = await bare.request({ method: 'POST', url: `/api/clientInvoice/${invoice._id}/payment-link`, token: admin() });
      expect(response.statusCode).toBe(503);
      expect(errorOf(response)).toMatchObject({ code: 'billing/not-configured', message: BILLING_MESSAGES.notConfigured });
      expect((await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` })).json()).toMatchObject({ status: 'draft' });
    } finally {
      await bare.app.close();
    }
  });

  it('makes a link at the provider; its paid event marks the invoice paid once, with its history', async () => {
    const fake = await startFakeStripe();
    const paying = await buildTestApp({
      clock,
      database: t.database as never,
      env: providerEnv(fake),
    });
    try {
      const invoice = await created(await client(), { lines: [typed('Work', 2, 40)] });
      const link = await paying.request({ method: 'POST', url: `/api/clientInvoice/${invoice._id}/payment-link`, token: admin() });
      expectStatus(link, 200);
      expect((link.json() as { url: string }).url).toMatch(/^https?:\/\//);
      const event = fake.signedEvent('checkout.session.completed', {
        id: 'cs_invoice_paid',
        object: 'checkout.session',
        amount_total: Math.round(invoice.total * 100),
        currency: 'eur',
        payment_status: 'paid',
        metadata: { clientInvoiceId: invoice._id },
      });
      const webhook = () =>
        paying.request({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          payload: event.payload,
        });
      expect((await webhook()).json()).toEqual({ received: true, replayed: false, handled: true });
      expect((await webhook()).json()).toMatchObject({ replayed: true });
      const read = await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` });
      expect(read.json()).toMatchObject({ status: 'paid' });
      const [row] = await t.database.db.select().from(clientInvoices).where(eq(clientInvoices.id, invoice._id));
      expect(row!.paidAt).not.toBeNull();
    } finally {
      await paying.app.close();
      await fake.close();
    }
  });

  it("the link opens the provider's payment page; paying there marks the invoice paid by the provider's signed webhook", async () => {
    const { fake, paying } = await withProvider();
    try {
      const invoice = await created(await client(), { lines: [typed('Work', 3, 40)] });
      const link = await paying.request({ method: 'POST', url: `/api/clientInvoice/${invoice._id}/payment-link`, token: admin() });
      expectStatus(link, 200);
      const { url } = link.json() as { url: string };
      expect(url.startsWith(`${fake.url}/pay/`)).toBe(true);

      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Invoice ${invoice.numberText}`);
      expect(html).toContain(`${invoice.total.toFixed(2)} EUR`);
      // issued with its link, not paid yet
      expect((await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` })).json()).toMatchObject({ status: 'sent' });

      // paying: the provider tells the app (both events verified by the SDK) before it sends the payer back
      const paid = await fetch(url, { method: 'POST', redirect: 'manual' });
      expect([paid.status, paid.headers.get('location')]).toEqual([303, `${paying.app.ctx.config.publicUrl}/`]);
      expect((await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` })).json()).toMatchObject({ status: 'paid' });
      const again = await fetch(url, { method: 'POST', redirect: 'manual' });
      expect(again.status).toBe(409);
      expect(fake.requests.filter((request) => request === 'POST /v1/checkout/sessions')).toHaveLength(1);
    } finally {
      await paying.app.close();
      await fake.close();
    }
  });

  it('expires the link at the provider once the invoice is voided, marked paid by hand or given a new link', async () => {
    const { fake, paying, linkOf, pay } = await withProvider();
    try {
      const setStatus = (invoiceId: string, status: string) =>
        paying.request({ method: 'PUT', url: `/api/clientInvoice/${invoiceId}`, token: admin(), payload: { payload: { status } } });
      const history = async (invoiceId: string) =>
        (await t.database.db.select().from(orgAuditEvents).where(eq(orgAuditEvents.entityId, invoiceId))).flatMap((row) =>
          row.changes.paymentNotSettling ? [row.changes.paymentNotSettling.to] : [],
        );

      // voided: the old link's page takes no payment, so none arrives to refund
      const voided = await created(await client(), { lines: [typed('Work', 1, 25)] });
      const first = await linkOf(voided._id);
      const [row] = await t.database.db.select().from(clientInvoices).where(eq(clientInvoices.id, voided._id));
      expect(row!.paymentSessionId).toBe(first.session.id);
      expectStatus(await setStatus(voided._id, 'void'), 200);
      expect(first.session.status).toBe('expired');
      expect(await pay(first.url)).toBe(410);
      expect((await call({ method: 'GET', url: `/api/clientInvoice/${voided._id}` })).json()).toMatchObject({ status: 'void' });
      expect(await history(voided._id)).toEqual([]);

      // paid by hand (a bank transfer): its link is closed, the client cannot pay twice
      const byHand = await created(await client(), { lines: [typed('Work', 1, 30)] });
      const handLink = await linkOf(byHand._id);
      expectStatus(await setStatus(byHand._id, 'paid'), 200);
      expect([handLink.session.status, await pay(handLink.url)]).toEqual(['expired', 410]);

      // a new link replaces the old one: only the new one is paid, and it settles the invoice
      const relinked = await created(await client(), { lines: [typed('Work', 1, 35)] });
      const old = await linkOf(relinked._id);
      const fresh = await linkOf(relinked._id);
      expect(old.session.status).toBe('expired');
      expect(await pay(old.url)).toBe(410);
      expect(await pay(fresh.url)).toBe(303);
      expect((await call({ method: 'GET', url: `/api/clientInvoice/${relinked._id}` })).json()).toMatchObject({ status: 'paid' });
      const [settled] = await t.database.db.select().from(clientInvoices).where(eq(clientInvoices.id, relinked._id));
      expect(settled!.paymentSessionId).toBe(fresh.session.id);
    } finally {
      await paying.app.close();
      await fake.close();
    }
  });

  it('voids the invoice though the provider fails to expire its link (logged); a payment there then leaves it void', async () => {
    const logs: string[] = [];
    const { fake, paying } = await withProvider(logs);
    try {
      const invoice = await created(await client(), { lines: [typed('Work', 1, 40)] });
      const link = await paying.request({ method: 'POST', url: `/api/clientInvoice/${invoice._id}/payment-link`, token: admin() });
      const { url } = link.json() as { url: string };
      fake.failNextSessionExpiry();
      const voided = await paying.request({
        method: 'PUT',
        url: `/api/clientInvoice/${invoice._id}`,
        token: admin(),
        payload: { payload: { status: 'void' } },
      });
      expectStatus(voided, 200);
      expect(voided.json()).toMatchObject({ status: 'void' });
      expect(fake.requests.filter((request) => request.endsWith('/expire'))).toHaveLength(1);
      const warned = logs.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level === 40);
      expect(warned.map((line) => line.msg)).toEqual(['payment link not expired at the payment provider; it may still be paid']);

      // the client pays at the link still open: the provider's events never mark the void invoice paid
      expect((await fetch(url, { method: 'POST', redirect: 'manual' })).status).toBe(303);
      const read = (await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` })).json() as Invoice;
      expect([read.status, read.paidAt]).toEqual(['void', null]);
      // one payment, told by two events (its session completed, its payment intent succeeded): kept once
      const session = fake.objects.get(url.split('/').at(-1)!)!;
      const kept = await t.database.db.select().from(orgAuditEvents).where(eq(orgAuditEvents.entityId, invoice._id));
      expect(kept.flatMap((row) => (row.changes.paymentNotSettling ? [row.changes.paymentNotSettling.to] : []))).toEqual([
        `${invoice.total} EUR (${String(session.id)})`,
      ]);
    } finally {
      await paying.app.close();
      await fake.close();
    }
  });

  it('keeps a second payment of a paid invoice in its history to refund, once however often the provider tells of it', async () => {
    const { fake, paying, linkOf, pay } = await withProvider();
    try {
      const read = async (invoiceId: string) => (await call({ method: 'GET', url: `/api/clientInvoice/${invoiceId}` })).json() as Invoice;
      const toRefund = async (invoiceId: string) =>
        (await t.database.db.select().from(orgAuditEvents).where(eq(orgAuditEvents.entityId, invoiceId))).flatMap((row) =>
          row.changes.paymentNotSettling ? [row.changes.paymentNotSettling.to] : [],
        );
      const redeliver = async (event: { payload: string; signature: string }) =>
        (
          await paying.request({
            method: 'POST',
            url: '/api/billing/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
            payload: event.payload,
          })
        ).json() as { replayed: boolean; handled: boolean };

      // marked paid by hand (a bank transfer) while its link failed to expire: the client pays there as well
      const byHand = await created(await client(), { lines: [typed('Work', 1, 45)] });
      const handLink = await linkOf(byHand._id);
      fake.failNextSessionExpiry();
      expectStatus(
        await paying.request({
          method: 'PUT',
          url: `/api/clientInvoice/${byHand._id}`,
          token: admin(),
          payload: { payload: { status: 'paid' } },
        }),
        200,
      );
      const paidAt = (await read(byHand._id)).paidAt;
      expect(await pay(handLink.url)).toBe(303);
      expect(await read(byHand._id)).toMatchObject({ status: 'paid', paidAt });
      const refund = [`${byHand.total} EUR (${String(handLink.session.id)})`];
      expect(await toRefund(byHand._id)).toEqual(refund);
      // the provider delivers its events again, and tells of the same payment in a new event: nothing more is kept
      const events = fake.sent.slice(-2);
      expect(events.map((event) => event.type)).toEqual(['checkout.session.completed', 'payment_intent.succeeded']);
      for (const event of events) expect(await redeliver(event)).toMatchObject({ replayed: true, handled: false });
      const intent = fake.objects.get(String(handLink.session.payment_intent))!;
      expect(await fake.sendEvent('payment_intent.succeeded', intent)).toBe(200);
      expect(await toRefund(byHand._id)).toEqual(refund);

      // paid at its new link, and at the old one that failed to expire: the first payment settles, the second is kept
      const twice = await created(await client(), { lines: [typed('Work', 1, 55)] });
      const old = await linkOf(twice._id);
      fake.failNextSessionExpiry();
      const fresh = await linkOf(twice._id);
      expect(await pay(fresh.url)).toBe(303);
      expect(await read(twice._id)).toMatchObject({ status: 'paid' });
      expect(await toRefund(twice._id)).toEqual([]);
      expect(await pay(old.url)).toBe(303);
      expect(await read(twice._id)).toMatchObject({ status: 'paid' });
      expect(await toRefund(twice._id)).toEqual([`${twice.total} EUR (${String(old.session.id)})`]);
    } finally {
      await paying.app.close();
      await fake.close();
    }
  });
});

describe('what the provider says was paid', () => {
  it('marks the invoice paid only for its total in its currency; any other payment changes nothing and is kept in its history', async () => {
    const fake = await startFakeStripe();
    const paying = await buildTestApp({
      clock,
      database: t.database as never,
      env: providerEnv(fake),
    });
    try {
      const invoice = await created(await client(), { lines: [typed('Work', 2, 40)] });
      expect([invoice.total, invoice.currency]).toEqual([80, 'EUR']);
      const webhook = async (type: string, object: Record<string, unknown>, eventId?: string) => {
        const kind = type === 'payment_intent.succeeded' ? 'payment_intent' : 'checkout.session';
        const event = fake.signedEvent(
          type,
          { object: kind, metadata: { clientInvoiceId: invoice._id }, ...object },
          eventId ? { id: eventId } : {},
        );
        const response = await paying.request({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
          payload: event.payload,
        });
        expectStatus(response, 200);
        return response.json() as { received: true; replayed: boolean; handled: boolean };
      };
      const status = async () => ((await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` })).json() as Invoice).status;
      const refusedPayments = async () =>
        (await t.database.db.select().from(orgAuditEvents).where(eq(orgAuditEvents.entityId, invoice._id)))
          .flatMap((row) => (row.changes.paymentNotSettling ? [row.changes.paymentNotSettling.to] : []))
          .sort();

      // a part of the total, the total in another currency, a session completed before its money came, no amount
      const part = await webhook(
        'checkout.session.completed',
        { id: 'cs_part', amount_total: 1_000, currency: 'eur', payment_status: 'paid' },
        'evt_part',
      );
      expect(part).toEqual({ received: true, replayed: false, handled: false });
      for (const [type, object] of [
        ['payment_intent.succeeded', { id: 'pi_usd', amount: 8_000, currency: 'usd' }],
        ['payment_intent.succeeded', { id: 'pi_jpy', amount: 8_000, currency: 'jpy' }],
        ['checkout.session.completed', { id: 'cs_unpaid', amount_total: 8_000, currency: 'eur', payment_status: 'unpaid' }],
        ['payment_intent.succeeded', { id: 'pi_none', currency: 'eur' }],
      ] as const) {
        expect(await webhook(type, object)).toMatchObject({ replayed: false, handled: false });
      }
      expect(await status()).toBe('draft');
      // a replayed event changes nothing and is not kept twice
      expect(
        await webhook(
          'checkout.session.completed',
          { id: 'cs_part', amount_total: 1_000, currency: 'eur', payment_status: 'paid' },
          'evt_part',
        ),
      ).toMatchObject({ replayed: true, handled: false });
      // the same session still unpaid, told by another event, is not noted twice
      expect(
        await webhook('checkout.session.completed', { id: 'cs_unpaid', amount_total: 8_000, currency: 'eur', payment_status: 'unpaid' }),
      ).toMatchObject({ replayed: false, handled: false });
      expect(await refusedPayments()).toEqual(
        ['10 EUR (cs_part)', '80 USD (pi_usd)', '8000 YEN (pi_jpy)', 'nothing (cs_unpaid)', 'nothing (pi_none)'].sort(),
      );

      // the total, in its currency
      expect(
        await webhook('checkout.session.completed', { id: 'cs_total', amount_total: 8_000, currency: 'eur', payment_status: 'paid' }),
      ).toMatchObject({ replayed: false, handled: true });
      expect(await status()).toBe('paid');

      // a void invoice paid at its old link stays void, the payment kept in its history to refund
      const voided = await created(await client(), { lines: [typed('Work', 1, 10)] });
      expectStatus(await call({ method: 'PUT', url: `/api/clientInvoice/${voided._id}`, payload: { payload: { status: 'void' } } }), 200);
      const late = fake.signedEvent('payment_intent.succeeded', {
        id: 'pi_late',
        object: 'payment_intent',
        amount: 1_000,
        currency: 'eur',
        metadata: { clientInvoiceId: voided._id },
      });
      const answer = await paying.request({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': late.signature },
        payload: late.payload,
      });
      expect(answer.json()).toMatchObject({ handled: false });
      expect((await call({ method: 'GET', url: `/api/clientInvoice/${voided._id}` })).json()).toMatchObject({ status: 'void' });
      const kept = await t.database.db.select().from(orgAuditEvents).where(eq(orgAuditEvents.entityId, voided._id));
      expect(kept.map((row) => row.changes.paymentNotSettling?.to).filter(Boolean)).toEqual(['10 EUR (pi_late)']);
    } finally {
      await paying.app.close();
      await fake.close();
    }
  });

  it('a yen invoice is paid at the provider in whole yen (jpy is zero-decimal) and comes back settled', async () => {
    const { fake, paying } = await withProvider();
    try {
      const clientId = await client({ currency: 'YEN' });
      const invoice = await created(clientId, { lines: [typed('Work', 3, 1_000)] });
      expect([invoice.currency, invoice.total]).toEqual(['YEN', 3_000]);
      const link = await paying.request({ method: 'POST', url: `/api/clientInvoice/${invoice._id}/payment-link`, token: admin() });
      expectStatus(link, 200);
      const session = [...fake.objects.values()].find(
        (object) => object.object === 'checkout.session' && (object.metadata as Record<string, string>).clientInvoiceId === invoice._id,
      );
      expect([session?.currency, session?.amount_total]).toEqual(['jpy', 3_000]);
      const paid = await fetch((link.json() as { url: string }).url, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect((await call({ method: 'GET', url: `/api/clientInvoice/${invoice._id}` })).json()).toMatchObject({ status: 'paid' });
    } finally {
      await paying.app.close();
      await fake.close();
    }
  });

  it('a yen invoice with tax has whole yen (line, tax, total) and gets a payment link', async () => {
    const { fake, paying } = await withProvider();
    try {
      // yen has no minor units: a line of 1,000.50 yen is 1,001 yen, and a German client's 19 % of it (190.19) is 190
      // yen, so the invoice can be paid at a link
      const german = await client({ currency: 'YEN', country: 'DE' });
      const taxed = await created(german, { lines: [typed('Work', 1, 1_000.5)] });
      expect(taxed.lines.map((line) => line.amount)).toEqual([1_001]);
      expect([taxed.taxRate, taxed.subtotal, taxed.tax, taxed.total]).toEqual([19, 1_001, 190, 1_191]);
      const link = await paying.request({ method: 'POST', url: `/api/clientInvoice/${taxed._id}/payment-link`, token: admin() });
      expectStatus(link, 200);
      const session = [...fake.objects.values()].find(
        (object) => object.object === 'checkout.session' && (object.metadata as Record<string, string>).clientInvoiceId === taxed._id,
      );
      expect([session?.currency, session?.amount_total]).toEqual(['jpy', 1_191]);
      // the mail (as the PDF) tells whole yen
      const email = `ap.${randomBytes(3).toString('hex')}@example.com`;
      const mailed = await call({ method: 'POST', url: `/api/clientInvoice/${taxed._id}/send-email`, payload: { to: email } });
      expectStatus(mailed, 200);
      const outbox = (await call({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` })).json() as { text: string }[];
      expect(outbox[0]?.text).toContain('Total: 1,191 YEN.');
    } finally {
      await paying.app.close();
      await fake.close();
    }
  });
});

describe('who may do what', () => {
  const decide =
    (action: 'org.clients.view' | 'org.clients.manage') =>
    (actor: OrgActor): Expectation =>
      can(actor, action) ? 'allowed' : 403;
  let clientId: string;
  let email: string;
  beforeAll(async () => {
    email = `matrix.${randomBytes(3).toString('hex')}@example.com`;
    clientId = await client({ email });
  });
  const fresh = async () => (await created(clientId, { lines: [typed()] }))._id;
  const pdfUpload = multipart('file', 'x.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n%%EOF\n'));

  it.each([
    [
      'POST',
      '/clientInvoice/org/:id/client/:clientId',
      'org.clients.manage',
      async () => ({ url: `/api/clientInvoice/org/${w.orgId}/client/${clientId}`, payload: { payload: {} } }),
    ],
    ['GET', '/clientInvoice/org/:id/list', 'org.clients.view', async () => ({ url: `/api/clientInvoice/org/${w.orgId}/list` })],
    [
      'GET',
      '/clientInvoice/org/:id/billable',
      'org.clients.manage',
      async () => ({ url: `/api/clientInvoice/org/${w.orgId}/billable?mission=${(await hourlyMission()).missionId}` }),
    ],
    ['GET', '/clientInvoice/:id', 'org.clients.view', async () => ({ url: `/api/clientInvoice/${await fresh()}` })],
    [
      'PUT',
      '/clientInvoice/:id',
      'org.clients.manage',
      async () => ({ url: `/api/clientInvoice/${await fresh()}`, payload: { payload: { notes: 'x' } } }),
    ],
    ['DELETE', '/clientInvoice/:id', 'org.clients.manage', async () => ({ url: `/api/clientInvoice/${await fresh()}` })],
    ['GET', '/clientInvoice/:id/pdf', 'org.clients.view', async () => ({ url: `/api/clientInvoice/${await fresh()}/pdf` })],
    [
      'POST',
      '/clientInvoice/:id/pdf',
      'org.clients.manage',
      async () => ({ url: `/api/clientInvoice/${await fresh()}/pdf`, ...pdfUpload }),
    ],
    [
      'POST',
      '/clientInvoice/:id/send-email',
      'org.clients.manage',
      async () => ({ url: `/api/clientInvoice/${await fresh()}/send-email`, payload: {} }),
    ],
    [
      'POST',
      '/clientInvoice/:id/payment-link',
      'org.clients.manage',
      async () => ({ url: `/api/clientInvoice/${await fresh()}/payment-link` }),
    ],
  ] as const)(
    '%s %s needs %s',
    async (method, _path, action, build) => {
      const expected = orgExpectations(w, decide(action));
      const outcomes = await accessOutcomes(t, orgPrincipals(w), async () => ({ method, ...(await build()) }) as InjectOptions, expected);
      expect(outcomes).toEqual(expected);
    },
    60_000,
  );
});
