import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPENSE_MESSAGES, type Expense, type ExpenseList, type TimeTrackingOrg } from '@crewplan/domain';
import { missions } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createMissionWorld, setOrg, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus, multipart, PNG_1X1, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

/**
 * Expenses of a team member invited onto a project from another organisation's domain (no membership of it): they
 * keep their own on exactly the projects where they keep weeks (`GET /timesheet/orgs`), and nothing of the
 * organisation itself; the project's approvers decide them as a member's.
 */
let t: TestApp;
let world: MissionWorld;

beforeAll(async () => {
  t = await buildTestApp();
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, currency: 'EUR' });
});
afterAll(async () => t.close());

const DAY = '2026-11-20';
const base = { amount: 40, currency: 'EUR', date: DAY, category: 'Travel', description: 'Train to the site' };

/** A person signed up with an address of another domain, invited onto a fresh mission with a role, who accepted. */
async function outsiderOnMission(options: { permission?: number } = {}) {
  const missionId = await world.mission();
  const person = await verifiedPerson(t, {
    email: `outsider.${randomBytes(4).toString('hex')}@partner-firm.test`,
    firstName: 'Otto',
    lastName: 'Outside',
  });
  const invited = await t.request({
    method: 'POST',
    url: `/api/mission/${missionId}/invite`,
    token: world.owner.token,
    payload: { inviteeEmail: person.email, config: { role: 'Surveyor', permission: options.permission ?? 0 }, autoCreateRole: true },
  });
  expectStatus(invited, 201);
  const accepted = await t.request({
    method: 'PUT',
    url: `/api/mission-invite/${(invited.json() as { _id: string })._id}/accept`,
    token: person.token,
  });
  expectStatus(accepted, 200);
  return { missionId, person };
}

const file = (person: TestPerson, missionId: string, payload: Record<string, unknown> = base) =>
  t.request({ method: 'POST', url: `/api/expense/mission/${missionId}`, token: person.token, payload: { payload } });
const change = (person: TestPerson, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/expense/mission/expense/${id}`, token: person.token, payload: { payload } });
const move = (person: TestPerson, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/expense/mission/expense/${id}/status`, token: person.token, payload: { payload } });
const remove = (person: TestPerson, id: string) =>
  t.request({ method: 'DELETE', url: `/api/expense/mission/expense/${id}`, token: person.token });
const mine = async (person: TestPerson) => {
  const response = await t.request({ method: 'GET', url: '/api/expense/my', token: person.token });
  expectStatus(response, 200);
  return (response.json() as ExpenseList).expenses;
};
const timeMissions = async (person: TestPerson) =>
  ((await t.request({ method: 'GET', url: '/api/timesheet/orgs', token: person.token })).json() as TimeTrackingOrg[]).flatMap(
    (org) => org.missions ?? [],
  );

async function setMission(missionId: string, values: Partial<typeof missions.$inferInsert>) {
  await t.database.db.update(missions).set(values).where(eq(missions.id, missionId));
  t.app.ctx.reads.changed();
}

describe('a team member from outside the organisation keeps expenses on the project where they keep weeks', () => {
  it('files, changes, adds a receipt, submits and deletes their own; sees them in My expenses; the project manager approves', async () => {
    const { missionId, person } = await outsiderOnMission();
    // the same project My timesheets offers them
    expect(await timeMissions(person)).toEqual([missionId]);

    const filed = await file(person, missionId);
    expectStatus(filed, 201);
    const expense = filed.json() as Expense;
    expect(expense).toMatchObject({
      mission: missionId,
      org: world.orgId,
      person: { _id: person.personId, name: 'Otto Outside' },
      status: 'draft',
      abilities: { update: true, delete: true, submit: true, decide: false, pay: false },
    });
    expect((await mine(person)).map((row) => [row._id, row.mission, row.status])).toEqual([[expense._id, missionId, 'draft']]);

    expectStatus(await change(person, expense._id, { amount: 42.5 }), 200);
    const receipt = multipart('file', 'ticket.png', 'image/png', PNG_1X1);
    const attached = await t.request({
      method: 'POST',
      url: `/api/expense/mission/expense/${expense._id}/attachment`,
      token: person.token,
      payload: receipt.payload,
      headers: receipt.headers,
    });
    expectStatus(attached, 200);
    expect((attached.json() as Expense).attachments.map((a) => a.name)).toEqual(['ticket.png']);
    const submitted = await move(person, expense._id, { status: 'submitted' });
    expectStatus(submitted, 200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', total: 42.5, abilities: { decide: false } });

    // nobody decides their own: the project's approvers do, as for a member
    expectStatus(await move(person, expense._id, { status: 'approved' }), 403);
    const approved = await move(world.people.p1pm, expense._id, { status: 'approved' });
    expectStatus(approved, 200);
    expect((await mine(person)).find((row) => row._id === expense._id)).toMatchObject({ status: 'approved' });

    const draft = (await file(person, missionId, { ...base, amount: 5 })).json() as Expense;
    expectStatus(await remove(person, draft._id), 200);
    expect((await mine(person)).map((row) => row._id)).toEqual([expense._id]);
  });

  it('keeps none on the organisation itself, nor on a project where they keep no weeks', async () => {
    const { missionId, person } = await outsiderOnMission();
    const onOrg = await t.request({
      method: 'POST',
      url: `/api/expense/org/${world.orgId}`,
      token: person.token,
      payload: { payload: base },
    });
    expectStatus(onOrg, 404);
    expectStatus(await t.request({ method: 'GET', url: `/api/expense/org/${world.orgId}/mission`, token: person.token }), 404);

    // another project of the organisation, not theirs
    expectStatus(await file(person, await world.mission()), 404);

    // a project that keeps no timesheets is not one where they keep weeks
    await setMission(missionId, { noTimesheets: true });
    expect(await timeMissions(person)).toEqual([]);
    const refused = await file(person, missionId);
    expectStatus(refused, 403);
    expect(errorOf(refused)).toMatchObject({ code: 'expense/not-allowed', message: EXPENSE_MESSAGES.notAllowed });
  });

  it('an observer from outside (a client) keeps none: the existing refusal', async () => {
    const { missionId, person } = await outsiderOnMission({ permission: 3 });
    expect(await timeMissions(person)).toEqual([]);
    const refused = await file(person, missionId);
    expectStatus(refused, 403);
    expect(errorOf(refused).message).toBe(EXPENSE_MESSAGES.notAllowed);
  });

  it('is refused as before on an organisation without an Unlimited subscription, and their draft stays as it is', async () => {
    const { missionId, person } = await outsiderOnMission();
    const draft = (await file(person, missionId)).json() as Expense;
    await setOrg(t, world.orgId, { isOrgLicensed: false, isLicensedActive: false });
    try {
      for (const response of [await file(person, missionId), await change(person, draft._id, { amount: 1 })]) {
        expectStatus(response, 403);
        expect(errorOf(response)).toMatchObject({ code: 'expense/not-licensed', message: EXPENSE_MESSAGES.needsUnlimited });
      }
    } finally {
      await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true });
    }
    expect((await mine(person)).find((row) => row._id === draft._id)).toMatchObject({ total: 40 });
  });

  it('is refused as before on a template: neither a new expense nor a change, submission or deletion of their draft', async () => {
    const { missionId, person } = await outsiderOnMission();
    const draft = (await file(person, missionId)).json() as Expense;
    await setMission(missionId, { isTemplate: true });
    expect(await timeMissions(person)).toEqual([]);
    const refusals = [
      await file(person, missionId),
      await change(person, draft._id, { amount: 1 }),
      await move(person, draft._id, { status: 'submitted' }),
      await remove(person, draft._id),
    ];
    expect(refusals.map((response) => [response.statusCode, errorOf(response).code])).toEqual(Array(4).fill([403, 'expense/not-allowed']));
    expect((await mine(person)).find((row) => row._id === draft._id)).toMatchObject({ status: 'draft', total: 40 });
  });

  const NONE = { update: false, delete: false, submit: false, decide: false, pay: false };
  const onMission = async (person: TestPerson, missionId: string) => {
    const response = await t.request({ method: 'GET', url: `/api/expense/mission/${missionId}`, token: person.token });
    expectStatus(response, 200);
    return (response.json() as ExpenseList).expenses;
  };

  it('once the project keeps no timesheets, their draft offers no change where the server refuses one', async () => {
    const { missionId, person } = await outsiderOnMission();
    const draft = (await file(person, missionId)).json() as Expense;
    expect(draft.abilities).toMatchObject({ update: true, delete: true, submit: true });
    await setMission(missionId, { noTimesheets: true });

    expect((await onMission(person, missionId)).find((row) => row._id === draft._id)?.abilities).toEqual(NONE);
    expect((await mine(person)).find((row) => row._id === draft._id)?.abilities).toEqual(NONE);
    const refusals = [
      await change(person, draft._id, { amount: 1 }),
      await move(person, draft._id, { status: 'submitted' }),
      await remove(person, draft._id),
    ];
    expect(refusals.map((response) => [response.statusCode, errorOf(response).code])).toEqual(Array(3).fill([403, 'expense/not-allowed']));
  });

  it('taken off the team, My expenses still lists their draft but offers no change (the server finds no mission)', async () => {
    const { missionId, person } = await outsiderOnMission();
    const draft = (await file(person, missionId)).json() as Expense;
    expectStatus(
      await t.request({ method: 'DELETE', url: `/api/mission/${missionId}/people/${person.personId}`, token: world.owner.token }),
      200,
    );
    expect((await mine(person)).find((row) => row._id === draft._id)).toMatchObject({ status: 'draft', abilities: NONE });
    expect((await change(person, draft._id, { amount: 1 })).statusCode).toBe(404);
  });

  it('taken off the team, they may no longer file there nor touch their draft (the mission is not found)', async () => {
    const { missionId, person } = await outsiderOnMission();
    const draft = (await file(person, missionId)).json() as Expense;
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/mission/${missionId}/people/${person.personId}`,
      token: world.owner.token,
    });
    expectStatus(removed, 200);
    expect(await timeMissions(person)).toEqual([]);
    for (const response of [await file(person, missionId), await change(person, draft._id, { amount: 1 }), await remove(person, draft._id)])
      expect(response.statusCode).toBe(404);
  });
});
