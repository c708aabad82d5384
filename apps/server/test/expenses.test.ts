import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIsoDays, EXPENSE_MESSAGES, type Expense, type ExpenseList, type MoneyActual } from '@crewplan/domain';
import {
  expenseAttachments,
  expenses,
  missionAuditEvents,
  missionPeople,
  notifications,
  orgAuditEvents,
  people,
} from '../src/db/schema/index.ts';
import { convertAmounts } from '../src/modules/currency/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { insertMission } from './support/missions.ts';
import { createMissionWorld, expectWithheldAndLeft, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { createOrg, errorOf, expectStatus, insertMember, verifiedPerson } from './support/org.ts';

let t: TestApp;
let world: MissionWorld;
type Caller = Exclude<MissionCaller, 'anonymous'>;
const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;

beforeAll(async () => {
  t = await buildTestApp({ env: { FILE_SIZE_LIMIT_MB: '1' } });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, currency: 'EUR' });
});
afterAll(async () => t.close());

const DAY = '2026-11-20';
const TODAY = new Date().toISOString().slice(0, 10);
const base = { amount: 12.5, tip: 1, tax1: 0.75, tax2: 0, currency: 'EUR', date: DAY, category: 'Travel', description: 'Train ticket' };

const createOnMission = (caller: Caller, missionId: string, payload: Record<string, unknown> = base) =>
  t.request({ method: 'POST', url: `/api/expense/mission/${missionId}`, token: token(caller), payload: { payload } });
const createOnOrg = (caller: Caller, payload: Record<string, unknown> = base, orgId = world.orgId) =>
  t.request({ method: 'POST', url: `/api/expense/org/${orgId}`, token: token(caller), payload: { payload } });
const missionStatus = (caller: Caller, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/expense/mission/expense/${id}/status`, token: token(caller), payload: { payload } });
const orgStatus = (caller: Caller, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/expense/org/${world.orgId}/expense/${id}/status`, token: token(caller), payload: { payload } });

async function missionExpense(caller: Caller = 'p0', options: { missionId?: string; payload?: Record<string, unknown> } = {}) {
  const missionId = options.missionId ?? (await world.mission({ currency: 'EUR' }));
  const response = await createOnMission(caller, missionId, options.payload ?? base);
  expectStatus(response, 201);
  return { missionId, expense: response.json() as Expense };
}

async function orgExpense(caller: Caller = 'orgMember', payload: Record<string, unknown> = base) {
  const response = await createOnOrg(caller, payload);
  expectStatus(response, 201);
  return response.json() as Expense;
}

const rowOf = async (id: string) => (await t.database.db.select().from(expenses).where(eq(expenses.id, id)))[0];

/** A multipart body with file parts, each with the type the client claims. */
function upload(...parts: { name: string; type?: string; bytes: Buffer | string }[]) {
  const boundary = `----upload${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.from(part.bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest valid PNG (1×1) and the start of a PDF: their bytes say what they are. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe('creating (POST /expense/mission/:id, POST /expense/org/:orgId)', () => {
  it('keeps the amounts exactly as minor units, starts as a draft, and records the history', async () => {
    const { missionId, expense } = await missionExpense('p0', { payload: { ...base, amount: 0.1, tip: 0.2, tax1: 0, tax2: 0.05 } });
    expect(expense).toMatchObject({
      mission: missionId,
      org: world.orgId,
      person: { _id: person('p0') },
      amount: 0.1,
      tip: 0.2,
      tax2: 0.05,
      total: 0.35,
      currency: 'EUR',
      date: DAY,
      status: 'draft',
      cost: null,
      abilities: { update: true, delete: true, submit: true, decide: false, pay: false },
    });
    const row = await rowOf(expense._id);
    expect([row!.amountMinor, row!.tipMinor, row!.tax1Minor, row!.tax2Minor]).toEqual([10, 20, 0, 5]);
    const history = await t.database.db.select().from(missionAuditEvents).where(eq(missionAuditEvents.missionId, missionId));
    expect(history.map((event) => event.entity)).toContain('expenses');
  });

  it('creates an organisation expense on the organisation itself, in its history', async () => {
    const expense = await orgExpense('orgMember');
    expect(expense).toMatchObject({ mission: null, org: world.orgId, status: 'draft', total: 14.25 });
    const history = await t.database.db.select().from(orgAuditEvents).where(eq(orgAuditEvents.orgId, world.orgId));
    expect(history.some((event) => event.entity === 'expenses')).toBe(true);
  });

  it.each([
    ['a negative amount', { ...base, amount: -5 }, 'payload.amount'],
    ['a zero amount', { ...base, amount: 0 }, 'payload.amount'],
    ['an amount that keeps as 0 cents', { ...base, amount: 1e-9 }, 'payload.amount'],
    ['a negative tip', { ...base, tip: -1 }, 'payload.tip'],
    ['more than 2 decimals', { ...base, amount: 1.234 }, 'payload.amount'],
    ['an unknown currency', { ...base, currency: 'ZZZ' }, 'payload.currency'],
    ['no currency', { amount: 3, date: DAY }, 'payload.currency'],
    ['an impossible day', { ...base, date: '2026-02-30' }, 'payload.date'],
    ['a day in the year 2999', { ...base, date: '2999-01-01' }, 'payload.date'],
    ['a day a week ahead', { ...base, date: addIsoDays(TODAY, 7) }, 'payload.date'],
  ])('refuses %s with 400 naming the field, writing nothing', async (_what, payload, field) => {
    const missionId = await world.mission();
    const response = await createOnMission('p0', missionId, payload);
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('validation');
    expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    expect(await t.database.db.select().from(expenses).where(eq(expenses.missionId, missionId))).toEqual([]);
  });

  it('refuses anybody off the mission and the signed-out; another organisation’s admin does not see the mission', async () => {
    const missionId = await world.mission();
    expectStatus(await createOnMission('outsider', missionId), 404);
    const stranger = await verifiedPerson(t);
    const theirOrg = await createOrg(t, stranger.token);
    const response = await t.request({
      method: 'POST',
      url: `/api/expense/org/${world.orgId}`,
      token: stranger.token,
      payload: { payload: base },
    });
    expectStatus(response, 404);
    // their own organisation's route cannot reach our expenses either
    const ours = await orgExpense('orgMember');
    const cross = await t.request({
      method: 'PUT',
      url: `/api/expense/org/${theirOrg._id}/expense/${ours._id}`,
      token: stranger.token,
      payload: { payload: { amount: 1 } },
    });
    expect([403, 404]).toContain(cross.statusCode);
    expect((await rowOf(ours._id))!.amountMinor).toBe(1250);
    expectStatus(await t.request({ method: 'POST', url: `/api/expense/mission/${missionId}`, payload: { payload: base } }), 401);
  });

  it('refuses a person of the team who is not in the organisation (a client invited from another domain)', async () => {
    const missionId = await world.mission();
    const client = await verifiedPerson(t, { firstName: 'Client', lastName: 'Observer' });
    await t.database.db
      .insert(missionPeople)
      .values({ missionId, personId: client.personId, email: client.email, permission: 3, customRole: 'Client' });
    const refused = await t.request({
      method: 'POST',
      url: `/api/expense/mission/${missionId}`,
      token: client.token,
      payload: { payload: base },
    });
    expectStatus(refused, 403);
    expect(errorOf(refused).message).toBe(EXPENSE_MESSAGES.notAllowed);
    expect(await t.database.db.select().from(expenses).where(eq(expenses.personId, client.personId))).toEqual([]);
    // the organisation's own observer on the team still keeps expenses
    expectStatus(await createOnMission('p3', missionId), 201);
  });

  it("refuses with the spec's message without an Unlimited subscription (rule 185)", async () => {
    const owner = await verifiedPerson(t);
    const org = await createOrg(t, owner.token);
    const response = await t.request({
      method: 'POST',
      url: `/api/expense/org/${org._id}`,
      token: owner.token,
      payload: { payload: base },
    });
    expectStatus(response, 403);
    expect(errorOf(response)).toMatchObject({ code: 'expense/not-licensed', message: EXPENSE_MESSAGES.needsUnlimited });
    expect(EXPENSE_MESSAGES.needsUnlimited).toBe(
      'Requires an organization with an Unlimited subscription. Start a free trial to test it out',
    );
  });
});

describe('changing and deleting (PUT, DELETE …/expense/:id)', () => {
  it('the owner changes a draft; nobody else may; once submitted it is locked (409)', async () => {
    const { expense } = await missionExpense('p0');
    const url = `/api/expense/mission/expense/${expense._id}`;
    const changed = await t.request({ method: 'PUT', url, token: token('p0'), payload: { payload: { amount: 20, currency: 'GBP' } } });
    expectStatus(changed, 200);
    expect(changed.json()).toMatchObject({ amount: 20, currency: 'GBP', total: 21.75 });
    // a project manager decides but never edits someone's expense; a teammate does not even see a draft
    expectStatus(await t.request({ method: 'PUT', url, token: token('p1pm'), payload: { payload: { amount: 1 } } }), 404);
    expectStatus(await t.request({ method: 'PUT', url, token: token('p1'), payload: { payload: { amount: 1 } } }), 404);
    expectStatus(await missionStatus('p0', expense._id, { status: 'submitted' }), 200);
    const locked = await t.request({ method: 'PUT', url, token: token('p0'), payload: { payload: { amount: 1 } } });
    expectStatus(locked, 409);
    expect(errorOf(locked).code).toBe('expense/locked');
    expectStatus(await t.request({ method: 'PUT', url, token: token('p1pm'), payload: { payload: { amount: 1 } } }), 403);
    expectStatus(await t.request({ method: 'DELETE', url, token: token('p0') }), 409);
    expect((await rowOf(expense._id))!.amountMinor).toBe(2000);
  });

  it('refuses to move a draft to a day ahead of tomorrow', async () => {
    const expense = await orgExpense('orgMember');
    const url = `/api/expense/org/${world.orgId}/expense/${expense._id}`;
    const ahead = await t.request({ method: 'PUT', url, token: token('orgMember'), payload: { payload: { date: '2999-12-31' } } });
    expectStatus(ahead, 400);
    expect(errorOf(ahead)).toMatchObject({ code: 'validation', fields: { 'payload.date': EXPENSE_MESSAGES.dayAhead } });
    expect((await rowOf(expense._id))!.day).toBe(DAY);
    // tomorrow is today somewhere
    const tomorrow = addIsoDays(TODAY, 1);
    const moved = await t.request({ method: 'PUT', url, token: token('orgMember'), payload: { payload: { date: tomorrow } } });
    expectStatus(moved, 200);
    expect(moved.json()).toMatchObject({ date: tomorrow });
  });

  it('takes whole amounts only in a currency without minor units (YEN), on creation and on change', async () => {
    const missionId = await world.mission({ currency: 'EUR' });
    const refused = await createOnMission('p0', missionId, { ...base, currency: 'YEN', amount: 1500.5, tip: 0, tax1: 0 });
    expectStatus(refused, 400);
    expect(errorOf(refused)).toMatchObject({ code: 'validation', fields: { 'payload.amount': EXPENSE_MESSAGES.wholeUnits } });
    const { expense } = await missionExpense('p0', { missionId, payload: { ...base, currency: 'YEN', amount: 1500, tip: 0, tax1: 120 } });
    const url = `/api/expense/mission/expense/${expense._id}`;
    const put = (payload: Record<string, unknown>) => t.request({ method: 'PUT', url, token: token('p0'), payload: { payload } });
    const tip = await put({ tip: 0.5 });
    expectStatus(tip, 400);
    expect(errorOf(tip)).toMatchObject({ code: 'validation', fields: { 'payload.tip': EXPENSE_MESSAGES.wholeUnits } });
    // a draft in euros with cents moved to yen
    const euros = (await missionExpense('p0', { missionId })).expense;
    const moved = await t.request({
      method: 'PUT',
      url: `/api/expense/mission/expense/${euros._id}`,
      token: token('p0'),
      payload: { payload: { currency: 'YEN' } },
    });
    expectStatus(moved, 400);
    expect(errorOf(moved).fields).toEqual({ 'payload.amount': EXPENSE_MESSAGES.wholeUnits });
    expect((await rowOf(euros._id))!.currency).toBe('EUR');
    expect((await put({ tip: 200, description: 'Taxi' })).json()).toMatchObject({ currency: 'YEN', total: 1_820 });
  });

  it('the owner deletes a draft with its receipts (rows and bytes)', async () => {
    const { expense } = await missionExpense('p0');
    const attached = await t.request({
      method: 'POST',
      url: `/api/expense/mission/expense/${expense._id}/attachment`,
      token: token('p0'),
      ...upload({ name: 'ticket.png', bytes: PNG }),
    });
    expectStatus(attached, 200);
    const receipts = join(t.app.ctx.config.dataDir, 'files', 'receipts');
    const before = existsSync(receipts) ? readdirSync(receipts).length : 0;
    expect(before).toBeGreaterThan(0);
    const deleted = await t.request({ method: 'DELETE', url: `/api/expense/mission/expense/${expense._id}`, token: token('p0') });
    expectStatus(deleted, 200);
    expect(deleted.json()).toEqual({ deleted: [expense._id] });
    expect(await rowOf(expense._id)).toBeUndefined();
    expect(await t.database.db.select().from(expenseAttachments).where(eq(expenseAttachments.expenseId, expense._id))).toEqual([]);
    expect(readdirSync(receipts).length).toBe(before - 1);
  });
});

describe('the status call (PUT …/status)', () => {
  it('draft → submitted → rejected (with a reason) → submitted → approved → paid, each told to who should know', async () => {
    const { expense } = await missionExpense('p0');
    const id = expense._id;
    const submitted = await missionStatus('p0', id, { status: 'submitted' });
    expectStatus(submitted, 200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', abilities: { update: false, submit: false } });
    const asked = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.personId, person('p1pm')));
    expect(asked.find((n) => n.type === 'expenseSubmitted' && (n.data as { expenseId?: string }).expenseId === id)).toBeDefined();

    const noReason = await missionStatus('p1pm', id, { status: 'rejected', reason: 'no' });
    expectStatus(noReason, 400);
    expect(errorOf(noReason).fields).toEqual({ 'payload.reason': EXPENSE_MESSAGES.reasonNeeded });
    const rejected = await missionStatus('p1pm', id, { status: 'rejected', reason: 'Receipt unreadable' });
    expectStatus(rejected, 200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Receipt unreadable' });
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.personId, person('p0')));
    const decision = told.find((n) => n.type === 'expenseDecided');
    expect(decision).toMatchObject({ body: 'Receipt unreadable' });
    expect(decision!.title).toContain('rejected your expense of 14.25 EUR');
    // in the app and by mail
    expect(decision!.emailedAt).not.toBeNull();

    // the owner fixes the rejected expense and sends it again
    expectStatus(
      await t.request({
        method: 'PUT',
        url: `/api/expense/mission/expense/${id}`,
        token: token('p0'),
        payload: { payload: { amount: 13 } },
      }),
      200,
    );
    expect((await missionStatus('p0', id, { status: 'submitted' })).json()).toMatchObject({
      status: 'submitted',
      rejectionReason: null,
      decidedAt: null,
    });
    const approved = await missionStatus('p2', id, { status: 'approved' });
    expectStatus(approved, 200);
    expect(approved.json()).toMatchObject({ status: 'approved', cost: { amount: 14.75, currency: 'EUR' }, decidedAt: expect.any(String) });
    const paid = await missionStatus('orgAdmin', id, { status: 'paid' });
    expectStatus(paid, 200);
    // paying keeps when it was approved
    expect(paid.json()).toMatchObject({ status: 'paid', decidedAt: (approved.json() as { decidedAt: string }).decidedAt });
    // a paid expense is final
    for (const to of ['approved', 'rejected', 'submitted', 'draft']) {
      const response = await missionStatus('p2', id, { status: to, reason: 'Changed my mind' });
      expect([403, 409]).toContain(response.statusCode);
    }
    expect((await rowOf(id))!.status).toBe('paid');
  });

  it('a decider who opted out of mail is told in the app only', async () => {
    await t.database.db
      .update(people)
      .set({ emailOptOut: true })
      .where(eq(people.id, person('p2')));
    try {
      const { expense } = await missionExpense('p0');
      expectStatus(await missionStatus('p0', expense._id, { status: 'submitted' }), 200);
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.personId, person('p2')));
      const asked = told.find((n) => (n.data as { expenseId?: string }).expenseId === expense._id);
      expect(asked).toMatchObject({ type: 'expenseSubmitted', emailedAt: null });
    } finally {
      await t.database.db
        .update(people)
        .set({ emailOptOut: false })
        .where(eq(people.id, person('p2')));
    }
  });

  it.each([
    ['draft → paid by its owner', 'draft', 'p0', 'paid', 409, 'expense/transition'],
    ['draft → approved by a project manager (drafts are the owner’s alone)', 'draft', 'p1pm', 'approved', 404, 'expense/not-found'],
    ['draft → approved by its owner', 'draft', 'p0', 'approved', 409, 'expense/transition'],
    ['submitted → approved by its owner', 'submitted', 'p0', 'approved', 403, 'expense/not-allowed'],
    ['submitted → approved by a plain member', 'submitted', 'p1', 'approved', 404, 'expense/not-found'],
    ['submitted → approved by an organisation manager off the team', 'submitted', 'orgManager', 'approved', 404, 'expense/not-found'],
    ['submitted → paid by a project manager', 'submitted', 'p1pm', 'paid', 409, 'expense/transition'],
  ] as const)('refuses %s', async (_what, from, caller, to, status, code) => {
    const { expense } = await missionExpense('p0');
    if (from === 'submitted') expectStatus(await missionStatus('p0', expense._id, { status: 'submitted' }), 200);
    const response = await missionStatus(caller, expense._id, { status: to });
    expectStatus(response, status);
    expect(errorOf(response).code).toBe(code);
    expect((await rowOf(expense._id))!.status).toBe(from);
  });

  it('refuses a status outside the list with 400', async () => {
    const { expense } = await missionExpense('p0');
    expectStatus(await missionStatus('p0', expense._id, { status: 'archived' }), 400);
  });

  it('organisation admins and managers decide the organisation’s own expenses; members do not', async () => {
    const expense = await orgExpense('orgMember');
    expectStatus(await orgStatus('orgMember', expense._id, { status: 'submitted' }), 200);
    expectStatus(await orgStatus('p0', expense._id, { status: 'approved' }), 404);
    const approved = await orgStatus('orgManager', expense._id, { status: 'approved' });
    expectStatus(approved, 200);
    // an organisation expense joins no mission's cost
    expect(approved.json()).toMatchObject({ status: 'approved', cost: null });
    expectStatus(await orgStatus('orgAdmin', expense._id, { status: 'paid' }), 200);
  });

  it('nobody decides their own expense: another who decides approves, rejects or pays it', async () => {
    // a project manager's own expense on their mission
    const { expense } = await missionExpense('p1pm');
    expectStatus(await missionStatus('p1pm', expense._id, { status: 'submitted' }), 200);
    for (const payload of [{ status: 'approved' }, { status: 'rejected', reason: 'Not a real expense' }]) {
      const own = await missionStatus('p1pm', expense._id, payload);
      expectStatus(own, 403);
      expect(errorOf(own).code).toBe('expense/not-allowed');
    }
    const listed = await t.request({ method: 'GET', url: `/api/expense/mission/${expense.mission}`, token: token('p1pm') });
    expect((listed.json() as ExpenseList).expenses.find((e) => e._id === expense._id)?.abilities).toMatchObject({ decide: false });
    expectStatus(await missionStatus('p2', expense._id, { status: 'approved' }), 200);

    // an organisation manager's own expense of the organisation: approved by the admin, not marked paid by its owner
    const mine = await orgExpense('orgManager');
    expectStatus(await orgStatus('orgManager', mine._id, { status: 'submitted' }), 200);
    expectStatus(await orgStatus('orgManager', mine._id, { status: 'approved' }), 403);
    expectStatus(await orgStatus('orgAdmin', mine._id, { status: 'approved' }), 200);
    expectStatus(await orgStatus('orgManager', mine._id, { status: 'paid' }), 403);
    expect((await rowOf(mine._id))!.status).toBe('approved');
    // asking again for the status it has is a no-op for who may set it, and refused to anybody else
    expectStatus(await orgStatus('orgManager', mine._id, { status: 'approved' }), 403);
    expectStatus(await orgStatus('orgAdmin', mine._id, { status: 'approved' }), 200);
  });

  it('the only person who decides decides their own expenses, until another joins who decides', async () => {
    // a one-person organisation: its owner is its only admin, so nobody else could ever approve
    const owner = await verifiedPerson(t);
    const org = await createOrg(t, owner.token);
    await setOrg(t, org._id, { isOrgLicensed: true, isLicensedActive: true });
    const status = (id: string, payload: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `/api/expense/org/${org._id}/expense/${id}/status`, token: owner.token, payload: { payload } });
    const create = async () => {
      const response = await t.request({
        method: 'POST',
        url: `/api/expense/org/${org._id}`,
        token: owner.token,
        payload: { payload: base },
      });
      expectStatus(response, 201);
      const expense = response.json() as Expense;
      expectStatus(await status(expense._id, { status: 'submitted' }), 200);
      return expense;
    };
    const alone = await create();
    const listed = await t.request({ method: 'GET', url: `/api/expense/org/${org._id}`, token: owner.token });
    expect((listed.json() as ExpenseList).expenses[0]!.abilities).toMatchObject({ decide: true, pay: false });
    expectStatus(await status(alone._id, { status: 'approved' }), 200);
    const paid = await status(alone._id, { status: 'paid' });
    expectStatus(paid, 200);
    expect(paid.json()).toMatchObject({ status: 'paid', abilities: { decide: false, pay: false } });

    // on a mission of theirs, where nobody else decides either: every list that offers deciding offers it
    const mission = await insertMission(t, owner, { orgId: org._id, currency: 'EUR' });
    const onMission = await t.request({
      method: 'POST',
      url: `/api/expense/mission/${mission.id}`,
      token: owner.token,
      payload: { payload: base },
    });
    expectStatus(onMission, 201);
    const missionExpenseId = (onMission.json() as Expense)._id;
    const submit = { status: 'submitted' };
    const submitted = await t.request({
      method: 'PUT',
      url: `/api/expense/mission/expense/${missionExpenseId}/status`,
      token: owner.token,
      payload: { payload: submit },
    });
    expectStatus(submitted, 200);
    for (const url of [`/api/expense/mission/${mission.id}`, `/api/expense/org/${org._id}/mission`, '/api/expense/project-manager']) {
      const list = await t.request({ method: 'GET', url, token: owner.token });
      expectStatus(list, 200);
      expect((list.json() as ExpenseList).expenses.find((e) => e._id === missionExpenseId)?.abilities).toMatchObject({ decide: true });
    }

    // a manager joins, who decides the organisation's expenses: the owner's next expense is theirs to decide
    await insertMember(t, org._id, 'MANAGER');
    const next = await create();
    expectStatus(await status(next._id, { status: 'approved' }), 403);
    expect((await rowOf(next._id))!.status).toBe('submitted');
  });

  it('a mission expense is not reached through the organisation routes', async () => {
    const { expense } = await missionExpense('p0');
    const response = await t.request({
      method: 'PUT',
      url: `/api/expense/org/${world.orgId}/expense/${expense._id}`,
      token: token('p0'),
      payload: { payload: { amount: 1 } },
    });
    expectStatus(response, 404);
  });
});

describe('cost roll-up (rule 182)', () => {
  const actualCost = async (missionId: string) => {
    const response = await t.request({ method: 'GET', url: `/api/money/mission/${missionId}`, token: token('p2') });
    expectStatus(response, 200);
    return (response.json() as { total: { actualCost: number } }).total.actualCost;
  };

  it('only approved and paid expenses join the mission’s actual cost, converted into its currency at the expense’s day', async () => {
    const missionId = await world.mission({ currency: 'EUR', planStartDate: '2026-11-01', planEndDate: '2026-12-31' });
    const before = await actualCost(missionId);
    const { expense } = await missionExpense('p0', { missionId, payload: { amount: 100, currency: 'USD', date: DAY } });
    expectStatus(await missionStatus('p0', expense._id, { status: 'submitted' }), 200);
    expect(await actualCost(missionId)).toBe(before);
    const approved = await missionStatus('p1pm', expense._id, { status: 'approved' });
    expectStatus(approved, 200);
    const [expected] = await convertAmounts(t.app.ctx, 'EUR', [{ amountMinor: 10000, from: 'USD', day: DAY }]);
    expect(expected).not.toBe(10000);
    expect((approved.json() as Expense).cost).toEqual({ amount: expected! / 100, currency: 'EUR' });
    expect(await actualCost(missionId)).toBeCloseTo(before + expected! / 100, 2);
    // the line behind the figure is the expense, with who spent it
    const actuals = await t.request({ method: 'GET', url: `/api/money/mission/${missionId}/actuals`, token: token('p2') });
    expect((actuals.json() as MoneyActual[]).filter((line) => line.id === expense._id)).toEqual([
      expect.objectContaining({ kind: 'expense', personName: expense.person.name, date: DAY, cost: expected! / 100 }),
    ]);
    expectStatus(await missionStatus('p1pm', expense._id, { status: 'paid' }), 200);
    expect(await actualCost(missionId)).toBeCloseTo(before + expected! / 100, 2);
  });

  it('keeps the cost of an expense approved in a yen mission in whole yen', async () => {
    const missionId = await world.mission({ currency: 'YEN', planStartDate: '2026-11-01', planEndDate: '2026-12-31' });
    const { expense } = await missionExpense('p0', { missionId, payload: { amount: 12.34, currency: 'EUR', date: DAY } });
    expectStatus(await missionStatus('p0', expense._id, { status: 'submitted' }), 200);
    const approved = await missionStatus('p1pm', expense._id, { status: 'approved' });
    expectStatus(approved, 200);
    const [cents] = await convertAmounts(t.app.ctx, 'YEN', [{ amountMinor: 1234, from: 'EUR', day: DAY }]);
    expect(cents! % 100).not.toBe(0);
    expect((approved.json() as Expense).cost).toEqual({ amount: Math.round(cents! / 100), currency: 'YEN' });
    expect((await rowOf(expense._id))!.costMinor! % 100).toBe(0);
  });

  it('refuses to approve with 422 currency/no-rate when no rate serves the day, and writes nothing', async () => {
    const { expense } = await missionExpense('p0', { payload: { amount: 10, currency: 'BTC', date: DAY } });
    expectStatus(await missionStatus('p0', expense._id, { status: 'submitted' }), 200);
    const response = await missionStatus('p1pm', expense._id, { status: 'approved' });
    expectStatus(response, 422);
    expect(errorOf(response).code).toBe('currency/no-rate');
    expect((await rowOf(expense._id))!.status).toBe('submitted');
  });
});

describe('lists (GET /expense/my, /project-manager, /org/:orgId, /org/:orgId/mission, /mission/:id)', () => {
  it('members see only their own; deciders see everybody’s beyond drafts, with totals per currency and converted', async () => {
    const missionId = await world.mission({ currency: 'EUR' });
    const mine = await missionExpense('p0', { missionId });
    const theirs = await missionExpense('p1', { missionId, payload: { ...base, currency: 'USD', amount: 10, tip: 0, tax1: 0 } });
    expectStatus(await missionStatus('p1', theirs.expense._id, { status: 'submitted' }), 200);
    const list = async (caller: Caller, url: string) => {
      const response = await t.request({ method: 'GET', url, token: token(caller) });
      expectStatus(response, 200);
      return response.json() as ExpenseList;
    };
    const ids = (l: ExpenseList) => l.expenses.map((e) => e._id).sort();
    expect(ids(await list('p0', `/api/expense/mission/${missionId}`))).toEqual([mine.expense._id]);
    expect(ids(await list('p1', `/api/expense/mission/${missionId}`))).toEqual([theirs.expense._id]);
    // the project manager: the submitted one, not p0's draft
    const managed = await list('p1pm', `/api/expense/mission/${missionId}`);
    expect(ids(managed)).toEqual([theirs.expense._id]);
    expect(managed.expenses[0]!.abilities.decide).toBe(true);
    expect(managed.totals.byCurrency).toEqual([{ currency: 'USD', amount: 10 }]);
    expect(managed.totals.converted[0]).toMatchObject({ org: world.orgId, currency: 'EUR', missingRate: null });
    expect(managed.totals.converted[0]!.amount).not.toBe(10);

    const board = await list('p1pm', `/api/expense/project-manager?mission=${missionId}`);
    expect(ids(board)).toEqual([theirs.expense._id]);
    expect(ids(await list('p1pm', `/api/expense/project-manager?mission=${missionId}&status=approved`))).toEqual([]);
    // rule 184: the board's Expenses tab leaves out an organisation with invoicing disabled
    await setOrg(t, world.orgId, { invoicingDisabled: true });
    try {
      expect(ids(await list('p1pm', `/api/expense/project-manager?mission=${missionId}`))).toEqual([]);
    } finally {
      await setOrg(t, world.orgId, { invoicingDisabled: false });
    }
    expect((await list('p0', '/api/expense/my')).expenses.every((e) => e.person._id === person('p0'))).toBe(true);
    expect(ids(await list('p0', `/api/expense/my?mission=${missionId}`))).toEqual([mine.expense._id]);

    // the organisation's mission expenses: its managers see the submitted one, members their own
    const orgSide = await list('orgManager', `/api/expense/org/${world.orgId}/mission?mission=${missionId}`);
    expect(ids(orgSide)).toEqual([theirs.expense._id]);
    expect(ids(await list('p0', `/api/expense/org/${world.orgId}/mission?mission=${missionId}`))).toEqual([mine.expense._id]);
  });

  it('the board list leaves out an organisation requiring two-factor sign-in I lack (rule 109) and one I left', async () => {
    const missionId = await world.mission({ currency: 'EUR' });
    const { expense } = await missionExpense('p1', { missionId });
    expectStatus(await missionStatus('p1', expense._id, { status: 'submitted' }), 200);
    const board = async () => {
      const response = await t.request({ method: 'GET', url: `/api/expense/project-manager?mission=${missionId}`, token: token('p1pm') });
      expectStatus(response, 200);
      return (response.json() as ExpenseList).expenses.map((e) => e._id);
    };
    expect(await board()).toEqual([expense._id]);
    await expectWithheldAndLeft(t, world.orgId, person('p1pm'), board);
  });

  it('the organisation list shows members their own and admins and managers everybody’s beyond drafts', async () => {
    const draft = await orgExpense('orgMember', { ...base, date: '2026-10-01' });
    const sent = await orgExpense('p0', { ...base, date: '2026-10-01' });
    expectStatus(await orgStatus('p0', sent._id, { status: 'submitted' }), 200);
    const get = (caller: Caller) =>
      t.request({ method: 'GET', url: `/api/expense/org/${world.orgId}?from=2026-10-01&to=2026-10-01`, token: token(caller) });
    const ids = async (caller: Caller) => ((await get(caller)).json() as ExpenseList).expenses.map((e) => e._id).sort();
    expect(await ids('orgMember')).toEqual([draft._id]);
    expect(await ids('orgAdmin')).toEqual([sent._id]);
    expect(await ids('orgManager')).toEqual([sent._id]);
    expectStatus(await t.request({ method: 'GET', url: `/api/expense/org/${world.orgId}`, token: token('outsider') }), 404);
    expectStatus(await t.request({ method: 'GET', url: '/api/expense/my' }), 401);
  });
});

describe('receipts (POST, DELETE …/attachment, GET the bytes)', () => {
  it('takes photos and PDFs by their bytes, serves them to the owner and the deciders, and removes one', async () => {
    const { expense } = await missionExpense('p0');
    const url = `/api/expense/mission/expense/${expense._id}/attachment`;
    const response = await t.request({
      method: 'POST',
      url,
      token: token('p0'),
      ...upload({ name: 'ticket.png', bytes: PNG, type: 'application/octet-stream' }, { name: 'invoice.pdf', bytes: PDF }),
    });
    expectStatus(response, 200);
    const attachments = (response.json() as Expense).attachments;
    expect(attachments.map((a) => [a.name, a.mimetype])).toEqual([
      ['ticket.png', 'image/png'],
      ['invoice.pdf', 'application/pdf'],
    ]);
    const bytes = await t.request({ method: 'GET', url: attachments[0]!.url, token: token('p0') });
    expectStatus(bytes, 200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    expect(bytes.rawPayload.equals(PNG)).toBe(true);
    // a teammate does not see the draft's receipt
    expectStatus(await t.request({ method: 'GET', url: attachments[0]!.url, token: token('p1') }), 404);
    expectStatus(await missionStatus('p0', expense._id, { status: 'submitted' }), 200);
    expectStatus(await t.request({ method: 'GET', url: attachments[0]!.url, token: token('p1pm') }), 200);
    // locked once submitted
    expectStatus(await t.request({ method: 'DELETE', url: `${url}/${attachments[0]!._id}`, token: token('p0') }), 409);
    expectStatus(await missionStatus('p0', expense._id, { status: 'draft' }), 200);
    const removed = await t.request({ method: 'DELETE', url: `${url}/${attachments[0]!._id}`, token: token('p0') });
    expectStatus(removed, 200);
    expect((removed.json() as Expense).attachments.map((a) => a.name)).toEqual(['invoice.pdf']);
    expectStatus(await t.request({ method: 'DELETE', url: `${url}/${attachments[0]!._id}`, token: token('p0') }), 404);
  });

  it('refuses a disguised receipt (415) and an oversize one (413, the files limit text), keeping nothing', async () => {
    const expense = await orgExpense('orgMember');
    const url = `/api/expense/org/${world.orgId}/expense/${expense._id}/attachment`;
    const disguised = await t.request({
      method: 'POST',
      url,
      token: token('orgMember'),
      ...upload({ name: 'receipt.png', type: 'image/png', bytes: '<script>alert(1)</script>' }),
    });
    expectStatus(disguised, 415);
    expect(errorOf(disguised)).toMatchObject({ code: 'expense/receipt-type', message: EXPENSE_MESSAGES.receiptType });
    const oversize = await t.request({
      method: 'POST',
      url,
      token: token('orgMember'),
      ...upload({ name: 'big.png', bytes: Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]) }),
    });
    expectStatus(oversize, 413);
    expect(errorOf(oversize).code).toBe('LIMIT_FILE_SIZE');
    expect(errorOf(oversize).message).toContain('1');
    expect(await t.database.db.select().from(expenseAttachments).where(eq(expenseAttachments.expenseId, expense._id))).toEqual([]);
    // someone else's expense takes no receipt
    const other = await t.request({ method: 'POST', url, token: token('orgManager'), ...upload({ name: 'ticket.png', bytes: PNG }) });
    expectStatus(other, 404);
  });
});
