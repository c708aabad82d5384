import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '@crewplan/domain';
import { orgs, planItems, timesheets } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { insertMission } from './support/missions.ts';
import { createOrgWorld, expectStatus, multipart, type OrgWorld } from './support/org.ts';

/**
 * Client invoices as a careful reviewer reads them: lines converted into the client's currency, and the invoice's
 * number in its history (rule 196). The organisation is Greek; today is Wednesday 18 March 2026.
 */
let t: TestApp;
let w: OrgWorld;
const clock = createTestClock('2026-03-18T12:00:00Z');

const admin = () => w.people.admin.token;
const unique = (label: string) => `${label} ${randomBytes(3).toString('hex')}`;
const call = (options: InjectOptions & { token?: string }) => t.request({ token: admin(), ...options });

async function client(values: Record<string, unknown> = {}): Promise<string> {
  const response = await call({ method: 'POST', url: `/api/org/${w.orgId}/client`, payload: { name: unique('Client'), ...values } });
  expectStatus(response, 201);
  return (response.json() as { _id: string })._id;
}
const create = (clientId: string, payload: Record<string, unknown> = {}) =>
  call({ method: 'POST', url: `/api/clientInvoice/org/${w.orgId}/client/${clientId}`, payload: { payload } });
async function created(clientId: string, payload: Record<string, unknown> = {}): Promise<Invoice> {
  const response = await create(clientId, payload);
  expectStatus(response, 201);
  return response.json() as Invoice;
}
const put = (invoiceId: string, payload: Record<string, unknown>) =>
  call({ method: 'PUT', url: `/api/clientInvoice/${invoiceId}`, payload: { payload } });
const typed = (description = 'Consulting', quantity = 1, unitPrice = 100) => ({
  kind: 'manual',
  description,
  quantity,
  unit: 'h',
  unitPrice,
});

/** A mission in EUR billing its hours: one approved week of a Designer at 80.00/h (40 h). */
async function hourlyMission() {
  const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, currency: 'EUR' });
  const [designer] = await t.database.db
    .insert(planItems)
    .values({
      missionId: mission.id,
      type: 'person',
      title: 'Designer',
      personId: w.people.member.personId,
      rateMinor: 5_000,
      rateTime: 'Hourly',
      billRateMinor: 8_000,
      billUnit: 'Hourly',
    })
    .returning();
  const [week] = await t.database.db
    .insert(timesheets)
    .values({
      orgId: w.orgId,
      missionId: mission.id,
      planItemId: designer!.id,
      personId: w.people.member.personId,
      scope: designer!.id,
      weekStart: '2026-03-02',
      status: 'approved',
      dailyMinutes: [480, 480, 480, 480, 480, 0, 0],
    })
    .returning();
  return { missionId: mission.id, week: week!.id };
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  w = await createOrgWorld(t);
  await t.database.db.update(orgs).set({ holidayCountryCode: 'GR', currency: 'EUR' }).where(eq(orgs.id, w.orgId));
});
afterAll(async () => t.close());

describe('lines converted into the invoice’s currency', () => {
  it('bill their quantity at the converted unit price: hours × rate is the amount the line shows', async () => {
    const m = await hourlyMission();
    const [line] = (
      await created(await client({ currency: 'USD' }), { missionId: m.missionId, lines: [{ kind: 'time', sourceIds: [m.week] }] })
    ).lines;
    expect(line).toMatchObject({ kind: 'time', quantity: 40, unit: 'h' });
    expect(line!.unitPrice).not.toBe(80);
    expect(line!.amount).toBe(Math.round(40 * line!.unitPrice * 100) / 100);
  });

  it('keep the name typed for a drawn line when the draft changes currency; a line not renamed is drawn anew', async () => {
    const [renamed, plain] = [await hourlyMission(), await hourlyMission()];
    const named = await created(await client(), {
      currency: 'EUR',
      missionId: renamed.missionId,
      lines: [{ kind: 'time', sourceIds: [renamed.week], description: 'Brand design, March' }],
    });
    const dollars = await put(named._id, { currency: 'USD' });
    expectStatus(dollars, 200);
    expect((dollars.json() as Invoice).lines).toMatchObject([{ kind: 'time', description: 'Brand design, March', quantity: 40 }]);
    expect((dollars.json() as Invoice).lines[0]!.unitPrice).not.toBe(80);
    expect((await put(named._id, { currency: 'EUR' })).json()).toMatchObject({
      lines: [{ description: 'Brand design, March', unitPrice: 80, amount: 3_200 }],
    });

    const drawn = await created(await client(), {
      currency: 'EUR',
      missionId: plain.missionId,
      lines: [{ kind: 'time', sourceIds: [plain.week] }],
    });
    const auto = drawn.lines[0]!.description;
    const converted = (await put(drawn._id, { currency: 'USD' })).json() as Invoice;
    expect(converted.lines[0]!.description).toBe(`${auto} (from EUR)`);
    expect(((await put(drawn._id, { currency: 'EUR' })).json() as Invoice).lines[0]!.description).toBe(auto);
  });
});

describe('rule 196 in the history', () => {
  it('names the invoice by its number zero-padded to 4 digits in every event, the PDF upload included', async () => {
    const draft = await created(await client(), { lines: [typed()] });
    const pdf = multipart('file', 'mine.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'));
    expectStatus(await call({ method: 'POST', url: `/api/clientInvoice/${draft._id}/pdf`, ...pdf }), 200);
    expectStatus(await put(draft._id, { notes: 'Thank you' }), 200);
    const tree = await call({ method: 'GET', url: `/api/org/${w.orgId}/audit/tree` });
    expectStatus(tree, 200);
    type Events = { entityId: string; events: { action: string; title: string; changes: Record<string, unknown> }[] }[];
    const invoices = (tree.json() as { children: { entity: string; children: Events }[] }).children.find(
      (child) => child.entity === 'client.invoices',
    )!.children;
    const events = invoices.find((entry) => entry.entityId === draft._id)!.events;
    expect(events.map((event) => Object.keys(event.changes)[0])).toEqual(expect.arrayContaining(['pdf', 'notes']));
    for (const event of events) expect(event.title).toMatch(/(^| )0001$/);
  });
});

describe('a draft moved to another mission', () => {
  it('does not keep lines drawn from the first mission (409), and takes the move with lines of its new one', async () => {
    const [first, second] = [await hourlyMission(), await hourlyMission()];
    const clientId = await client();
    const draft = await created(clientId, { missionId: first.missionId, lines: [{ kind: 'time', sourceIds: [first.week] }] });
    const moved = await put(draft._id, { missionId: second.missionId });
    expectStatus(moved, 409);
    expect(moved.json()).toMatchObject({ error: { code: 'invoice/not-billable' } });
    const kept = await call({ method: 'GET', url: `/api/clientInvoice/${draft._id}` });
    expect(kept.json()).toMatchObject({ mission: { _id: first.missionId }, lines: [{ kind: 'time', quantity: 40 }] });
    const withLines = await put(draft._id, { missionId: second.missionId, lines: [{ kind: 'time', sourceIds: [second.week] }] });
    expectStatus(withLines, 200);
    expect(withLines.json()).toMatchObject({ mission: { _id: second.missionId }, lines: [{ kind: 'time', quantity: 40 }] });
    // the first mission's week is billable again
    const billable = await call({ method: 'GET', url: `/api/clientInvoice/org/${w.orgId}/billable?mission=${first.missionId}` });
    expect((billable.json() as { lines: unknown[] }).lines).toHaveLength(1);
  });
});
