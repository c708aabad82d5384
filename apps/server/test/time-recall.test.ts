import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Timesheet } from '@crewplan/domain';
import { notifications, planItems } from '../src/db/schema/index.ts';
import type { TestApp } from './support/app.ts';
import type { MissionCaller, MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';
import { MISSION_DATES, ROLE_DATES, WEEK, timeTrackingWorld, weeksAgo } from './support/time-weeks.ts';

let t: TestApp;
let world: MissionWorld;

type Caller = Exclude<MissionCaller, 'anonymous'>;

// each test keeps its hours in a week of its own, far from the weeks other files count back from today
let current = weeksAgo(40);
let cursor = 40;
beforeEach(() => {
  current = weeksAgo(cursor);
  cursor += 1;
});

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;

beforeAll(async () => {
  ({ t, world } = await timeTrackingWorld());
});
afterAll(async () => t.close());

async function missionWithRole() {
  const missionId = await world.mission(MISSION_DATES);
  const [role] = await t.database.db
    .insert(planItems)
    .values({ missionId, type: 'person', title: 'Designer', role: 'Designer', personId: person('p0'), ...ROLE_DATES })
    .returning();
  return { missionId, roleId: role!.id };
}

const save = (missionId: string, roleId: string, payload: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: `/api/timesheet/mission/${missionId}`,
    token: token('p0'),
    payload: { missionPlanId: roleId, payload: { weekStart: current, ...payload } },
  });
const saveWholeWeek = (missionId: string, roleId: string, status: 'draft' | 'submitted', dailyHours = WEEK) =>
  t.request({
    method: 'PUT',
    url: '/api/timesheet/week',
    token: token('p0'),
    payload: { weekStart: current, status, rows: [{ missionId, planItemId: roleId, dailyHours }] },
  });
const update = (caller: Caller, missionId: string, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/timesheet/mission/${missionId}/timesheet/${id}`, token: token(caller), payload: { payload } });
const managed = async (caller: Caller) => {
  const response = await t.request({ method: 'GET', url: '/api/timesheet/project-manager', token: token(caller) });
  expectStatus(response, 200);
  return response.json() as Timesheet[];
};

async function submittedWeek() {
  const { missionId, roleId } = await missionWithRole();
  const response = await save(missionId, roleId, { dailyHours: WEEK, status: 'submitted' });
  expectStatus(response, 201);
  return { missionId, roleId, sheet: response.json() as Timesheet };
}

const REASON = 'Friday was a holiday';

async function rejectedWeek() {
  const week = await submittedWeek();
  const rejected = await update('p1pm', week.missionId, week.sheet._id, { status: 'rejected', reason: REASON });
  expectStatus(rejected, 200);
  return { ...week, rejected: rejected.json() as Timesheet };
}

describe('recalling my submitted week (PUT …/timesheet/:id, submitted → draft)', () => {
  it('takes it back as an editable draft; the approvers see a draft, nothing to decide; the person submits it again', async () => {
    const { missionId, sheet } = await submittedWeek();
    expect((await managed('p1pm')).find((s) => s._id === sheet._id)?.status).toBe('submitted');

    const recalled = await update('p0', missionId, sheet._id, { status: 'draft' });
    expectStatus(recalled, 200);
    expect(recalled.json()).toMatchObject({ status: 'draft', dailyHours: WEEK, rejectionReason: null, decidedBy: null });
    expect((await managed('p1pm')).find((s) => s._id === sheet._id)?.status).toBe('draft');
    // recalling is the person's own doing: nobody is told of it
    const told = await t.database.db.select().from(notifications).where(eq(notifications.missionId, missionId));
    expect(told.filter((n) => n.type === 'timesheetDecided')).toEqual([]);

    const edited = await update('p0', missionId, sheet._id, { dailyHours: [8, 8, 8, 8, 4, 0, 0] });
    expectStatus(edited, 200);
    expect(edited.json()).toMatchObject({ status: 'draft', totalHours: 36 });
    expectStatus(await update('p0', missionId, sheet._id, { status: 'submitted' }), 200);
  });

  it('is for the person only: an approver or a teammate cannot take it back, and a decided week is not recalled', async () => {
    const { missionId, sheet } = await submittedWeek();
    for (const caller of ['p1pm', 'p1', 'orgAdmin'] as const) {
      const refused = await update(caller, missionId, sheet._id, { status: 'draft' });
      expectStatus(refused, 403);
      expect(errorOf(refused).code).toBe('time/not-allowed');
    }
    expectStatus(await update('p1pm', missionId, sheet._id, { status: 'approved' }), 200);
    const late = await update('p0', missionId, sheet._id, { status: 'draft' });
    expectStatus(late, 409);
    expect(errorOf(late).code).toBe('time/transition');
  });
});

describe('a rejected week saved as a draft keeps its rejection until it is submitted again', () => {
  const kept = (sheet: Timesheet, rejected: Timesheet) =>
    expect(sheet).toMatchObject({
      status: 'draft',
      rejectionReason: REASON,
      decidedAt: rejected.decidedAt,
      decidedBy: person('p1pm'),
    });

  it('the update call (status draft, with or without hours) keeps the reason, date and approver', async () => {
    const { missionId, sheet, rejected } = await rejectedWeek();
    expect(rejected.decidedAt).not.toBeNull();
    const drafted = await update('p0', missionId, sheet._id, { status: 'draft', dailyHours: [8, 8, 8, 8, 0, 0, 0] });
    expectStatus(drafted, 200);
    kept(drafted.json() as Timesheet, rejected);
    const again = await update('p0', missionId, sheet._id, { dailyHours: [8, 8, 8, 8, 2, 0, 0] });
    expectStatus(again, 200);
    kept(again.json() as Timesheet, rejected);

    const resubmitted = await update('p0', missionId, sheet._id, { status: 'submitted' });
    expectStatus(resubmitted, 200);
    expect(resubmitted.json()).toMatchObject({ status: 'submitted', rejectionReason: null, decidedAt: null, decidedBy: null });
  });

  it('the update call with a status alone keeps it too', async () => {
    const { missionId, sheet, rejected } = await rejectedWeek();
    const drafted = await update('p0', missionId, sheet._id, { status: 'draft' });
    expectStatus(drafted, 200);
    kept(drafted.json() as Timesheet, rejected);
  });

  it('the save of the role week and the whole-week save keep it; submitting clears it', async () => {
    const { missionId, roleId, rejected } = await rejectedWeek();
    const saved = await save(missionId, roleId, { dailyHours: [8, 8, 8, 8, 0, 0, 0], status: 'draft' });
    expectStatus(saved, 200);
    kept(saved.json() as Timesheet, rejected);
    const whole = await saveWholeWeek(missionId, roleId, 'draft', [8, 8, 8, 8, 1, 0, 0]);
    expectStatus(whole, 200);
    kept((whole.json() as { timesheets: Timesheet[] }).timesheets[0]!, rejected);

    const submitted = await saveWholeWeek(missionId, roleId, 'submitted');
    expectStatus(submitted, 200);
    expect((submitted.json() as { timesheets: Timesheet[] }).timesheets[0]).toMatchObject({
      status: 'submitted',
      rejectionReason: null,
      decidedAt: null,
      decidedBy: null,
    });
  });

  it('an approved week reopened by an approver carries no decision', async () => {
    const { missionId, sheet } = await submittedWeek();
    expectStatus(await update('p1pm', missionId, sheet._id, { status: 'approved' }), 200);
    const reopened = await update('p1pm', missionId, sheet._id, { status: 'draft' });
    expectStatus(reopened, 200);
    expect(reopened.json()).toMatchObject({ status: 'draft', rejectionReason: null, decidedAt: null, decidedBy: null });
  });
});
