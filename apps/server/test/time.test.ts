import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addIsoDays, TIME_MESSAGES, type Timesheet } from '@crewplan/domain';
import {
  actionItems,
  actions,
  missionAuditEvents,
  missions,
  notifications,
  orgAuditEvents,
  orgRoles,
  planItems,
  timesheets,
} from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import { testSockets } from './support/sockets.ts';
import type { Change } from '../src/plugins/realtime.ts';
import { thisWeek, weeksAgo, ROLE_DATES, MISSION_DATES, WEEK, timeTrackingWorld } from './support/time-weeks.ts';

let t: TestApp;
let world: MissionWorld;

type Caller = Exclude<MissionCaller, 'anonymous'>;

/**
 * A person's day holds 24 hours across all their sheets: a test that keeps hours in a week of its own gets it here
 * (`current`, and the week before it), far from the weeks counted back from today that other tests use.
 */
let current = weeksAgo(20);
let cursor = 20;
const spareWeek = () => addIsoDays(current, -7);
beforeEach(() => {
  current = weeksAgo(cursor);
  cursor += 2;
});

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;

beforeAll(async () => {
  ({ t, world } = await timeTrackingWorld());
});
afterAll(async () => t.close());

async function missionWithRole(holder: Caller = 'p0', options: Partial<typeof missions.$inferInsert> = {}) {
  const missionId = await world.mission({ ...MISSION_DATES, ...options });
  const [role] = await t.database.db
    .insert(planItems)
    .values({ missionId, type: 'person', title: 'Designer', role: 'Designer', personId: person(holder), ...ROLE_DATES })
    .returning();
  return { missionId, roleId: role!.id };
}

const save = (caller: Caller, missionId: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: `/api/timesheet/mission/${missionId}`, token: token(caller), payload });
const update = (caller: Caller, missionId: string, id: string, payload: Record<string, unknown>, query = '') =>
  t.request({
    method: 'PUT',
    url: `/api/timesheet/mission/${missionId}/timesheet/${id}${query}`,
    token: token(caller),
    payload: { payload },
  });
const sheetsOf = (missionId: string) => t.database.db.select().from(timesheets).where(eq(timesheets.missionId, missionId));
const notificationsOf = (caller: Caller) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.personId, person(caller)));

async function submitted(missionId: string, roleId: string, hours = WEEK, week = current) {
  const response = await save('p0', missionId, {
    missionPlanId: roleId,
    payload: { weekStart: week, dailyHours: hours, status: 'submitted' },
  });
  expectStatus(response, 201);
  return response.json() as Timesheet;
}

describe('saving a week on a role (POST /timesheet/mission/:id)', () => {
  it('saves fractional hours exactly as minutes, then writes over the draft with one save; history records both', async () => {
    const { missionId, roleId } = await missionWithRole();
    const first = await save('p0', missionId, {
      missionPlanId: roleId,
      payload: { weekStart: current, dailyHours: [7.5, 8.25, 0.1, 1 / 3, 0, 0, 0], snapshot: { role: 'Designer' } },
    });
    expectStatus(first, 201);
    const sheet = first.json() as Timesheet;
    expect(sheet).toMatchObject({
      person: person('p0'),
      mission: missionId,
      planItemId: roleId,
      org: world.orgId,
      belongsToOrg: false,
      status: 'draft',
      form: 'role',
      weekStart: current,
      weekEnd: addIsoDays(current, 6),
      dailyHours: [7.5, 8.25, 0.1, 0.3333, 0, 0, 0],
      totalHours: 16.1833,
      snapshot: { role: 'Designer' },
    });
    const [row] = await sheetsOf(missionId);
    expect(row!.dailyMinutes).toEqual([450, 495, 6, 20, 0, 0, 0]);

    const again = await save('p0', missionId, { missionPlanId: roleId, payload: { weekStart: current, dailyHours: WEEK } });
    expectStatus(again, 200);
    expect(again.json()).toMatchObject({ _id: sheet._id, totalHours: 40, snapshot: { role: 'Designer' } });
    expect(await sheetsOf(missionId)).toHaveLength(1);

    const history = await t.database.db
      .select()
      .from(missionAuditEvents)
      .where(and(eq(missionAuditEvents.missionId, missionId), eq(missionAuditEvents.entity, 'timesheets')));
    expect(history.map((event) => [event.action, event.actorPersonId, event.entityId])).toEqual([
      ['create', person('p0'), sheet._id],
      ['update', person('p0'), sheet._id],
    ]);
    expect(history[1]!.changes).toEqual({ minutes: { from: 971, to: 2400 } });
  });

  it('takes the task form: tasks with seven comma-separated days; the day totals are the sum', async () => {
    const { missionId, roleId } = await missionWithRole();
    const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Build' }).returning();
    const tasks = await t.database.db
      .insert(actionItems)
      .values([
        { missionId, actionId: action!.id, title: 'Wireframes', people: [person('p0')], ...ROLE_DATES },
        { missionId, actionId: action!.id, title: 'Review', people: [person('p0')], dueDate: addIsoDays(current, 4) },
      ])
      .returning();
    const response = await save('p0', missionId, {
      missionPlanId: roleId,
      payload: {
        weekStart: current,
        actionItems: [
          { _id: tasks[0]!.id, days: '1.5,2,0,0,0,0,0' },
          { _id: tasks[1]!.id, days: [0.25, 0, 0, 0, 8, 0, 0] },
        ],
      },
    });
    expectStatus(response, 201);
    expect(response.json()).toMatchObject({
      form: 'task',
      dailyHours: [1.75, 2, 0, 0, 8, 0, 0],
      totalHours: 11.75,
      actionItems: [
        { _id: tasks[0]!.id, days: '1.5,2,0,0,0,0,0' },
        { _id: tasks[1]!.id, days: '0.25,0,0,0,8,0,0' },
      ],
    });
  });

  it.each([
    ['negative hours', { dailyHours: [8, -1, 0, 0, 0, 0, 0] }, 'payload.dailyHours.1'],
    ['more than 24 hours in a day', { dailyHours: [8, 0, 0, 24.5, 0, 0, 0] }, 'payload.dailyHours.3'],
    ['a week not starting on Monday', { weekStart: addIsoDays(current, 2) }, 'payload.weekStart'],
    ['six days', { dailyHours: [8, 8, 8, 8, 8, 0] }, 'payload.dailyHours'],
    ['both forms', { actionItems: [] }, 'payload.actionItems'],
  ])('refuses %s with 400 naming %s, writing nothing', async (_name, change, field) => {
    const { missionId, roleId } = await missionWithRole();
    const response = await save('p0', missionId, {
      missionPlanId: roleId,
      payload: { weekStart: current, dailyHours: WEEK, ...change },
    });
    expectStatus(response, 400);
    expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    expect(await sheetsOf(missionId)).toEqual([]);
  });

  it('refuses unknown roles, roles of other projects or organisations, tasks of other projects and weeks outside the role', async () => {
    const { missionId, roleId } = await missionWithRole();
    const other = await missionWithRole();
    const stranger = await verifiedPerson(t);
    const strangerOrg = await createOrg(t, stranger.token);
    const foreignMission = await insertMission(t, stranger, { orgId: strangerOrg._id, ...MISSION_DATES });
    const [foreignRole] = await t.database.db
      .insert(planItems)
      .values({ missionId: foreignMission.id, type: 'person', title: 'X', personId: person('p0'), ...ROLE_DATES })
      .returning();
    const [action] = await t.database.db.insert(actions).values({ missionId: other.missionId, title: 'Elsewhere' }).returning();
    const [task] = await t.database.db
      .insert(actionItems)
      .values({ missionId: other.missionId, actionId: action!.id, title: 'T' })
      .returning();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ missionPlanId: '0123456789abcdef01234567', payload: { weekStart: current, dailyHours: WEEK } }, 400, 'missionPlanId'],
      [{ missionPlanId: other.roleId, payload: { weekStart: current, dailyHours: WEEK } }, 400, 'missionPlanId'],
      [{ missionPlanId: foreignRole!.id, payload: { weekStart: current, dailyHours: WEEK } }, 400, 'missionPlanId'],
      [{ missionPlanId: 'not-an-id', payload: { weekStart: current, dailyHours: WEEK } }, 400, 'missionPlanId'],
      [
        { missionPlanId: roleId, payload: { weekStart: current, actionItems: [{ _id: task!.id, days: WEEK }] } },
        400,
        'payload.actionItems.0._id',
      ],
      [{ missionPlanId: roleId, payload: { weekStart: addIsoDays(thisWeek, 140), dailyHours: WEEK } }, 400, 'payload.weekStart'],
    ];
    for (const [body, status, field] of cases) {
      const response = await save('p0', missionId, body);
      expectStatus(response, status);
      expect(Object.keys(errorOf(response).fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await sheetsOf(missionId)).toEqual([]);
  });

  it("refuses a week on somebody else's role (403 naming the role) and on an inactive role", async () => {
    const { missionId, roleId } = await missionWithRole('p1');
    const notMine = await save('p0', missionId, { missionPlanId: roleId, payload: { weekStart: current, dailyHours: WEEK } });
    expectStatus(notMine, 403);
    expect(errorOf(notMine)).toMatchObject({ code: 'time/not-allowed', fields: { missionPlanId: TIME_MESSAGES.notYourRole } });
    await t.database.db.update(planItems).set({ inactive: true }).where(eq(planItems.id, roleId));
    const inactive = await save('p1', missionId, { missionPlanId: roleId, payload: { weekStart: current, dailyHours: WEEK } });
    expectStatus(inactive, 400);
    expect(errorOf(inactive).fields).toEqual({ missionPlanId: TIME_MESSAGES.roleInactive });
    expect(await sheetsOf(missionId)).toEqual([]);
  });

  it('refuses weeks on a project that does not track timesheets (409)', async () => {
    const { missionId, roleId } = await missionWithRole('p0', { noTimesheets: true });
    const response = await save('p0', missionId, { missionPlanId: roleId, payload: { weekStart: current, dailyHours: WEEK } });
    expectStatus(response, 409);
    expect(errorOf(response).code).toBe('time/no-timesheets');
  });
});

describe('submission and approval (PUT /timesheet/mission/:id/timesheet/:timesheetId)', () => {
  it('submits, tells the approvers, locks the week, approves, tells the person; an approver reopens it', async () => {
    const { missionId, roleId } = await missionWithRole();
    const sheet = await submitted(missionId, roleId);
    expect(sheet.status).toBe('submitted');
    const asked = await notificationsOf('p1pm');
    expect(asked.filter((n) => n.type === 'timesheetSubmitted' && n.missionId === missionId)).toHaveLength(1);
    expect((await notificationsOf('p1')).filter((n) => n.missionId === missionId)).toEqual([]);

    const edit = await update('p0', missionId, sheet._id, { dailyHours: [9, 8, 8, 8, 8, 0, 0] });
    expectStatus(edit, 409);
    expect(errorOf(edit).code).toBe('time/locked');
    const overSave = await save('p0', missionId, { missionPlanId: roleId, payload: { weekStart: current, dailyHours: WEEK } });
    expectStatus(overSave, 409);

    const selfApprove = await update('p0', missionId, sheet._id, { status: 'approved' });
    expectStatus(selfApprove, 409);
    const notApprover = await update('p1', missionId, sheet._id, { status: 'approved' });
    expectStatus(notApprover, 403);
    expect(errorOf(notApprover).code).toBe('time/not-allowed');
    const observer = await update('p3', missionId, sheet._id, { status: 'approved' });
    expectStatus(observer, 403);

    const approved = await update('p1pm', missionId, sheet._id, { status: 'approved' });
    expectStatus(approved, 200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: person('p1pm') });
    const told = (await notificationsOf('p0')).filter((n) => n.type === 'timesheetDecided' && n.missionId === missionId);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toContain('approved your timesheet');

    const recall = await update('p0', missionId, sheet._id, { status: 'draft' });
    expectStatus(recall, 409);
    const approverEdits = await update('p1pm', missionId, sheet._id, { dailyHours: WEEK });
    expectStatus(approverEdits, 403);

    const reopened = await update('p2', missionId, sheet._id, { status: 'draft' });
    expectStatus(reopened, 200);
    expect(reopened.json()).toMatchObject({ status: 'draft' });
    // the person hears that their week is theirs to change again
    const toldAgain = (await notificationsOf('p0')).filter((n) => n.type === 'timesheetDecided' && n.missionId === missionId);
    expect(toldAgain).toHaveLength(2);
    expect(toldAgain.map((n) => n.title)).toContainEqual(expect.stringMatching(/^P2 Caller reopened your timesheet for the week of /));
    const edited = await update('p0', missionId, sheet._id, { dailyHours: [9, 8, 8, 8, 8, 0, 0] });
    expectStatus(edited, 200);
    expect(edited.json()).toMatchObject({ totalHours: 41 });

    const history = await t.database.db
      .select({ changes: missionAuditEvents.changes, actor: missionAuditEvents.actorPersonId })
      .from(missionAuditEvents)
      .where(and(eq(missionAuditEvents.missionId, missionId), eq(missionAuditEvents.entity, 'timesheets')));
    expect(history.map((event) => (event.changes as { status?: { to: string } }).status?.to ?? 'hours')).toEqual([
      'submitted',
      'approved',
      'draft',
      'hours',
    ]);
  });

  it('a rejection needs a reason; the person reads it, edits and submits again; notify=false tells nobody', async () => {
    const { missionId, roleId } = await missionWithRole();
    const sheet = await submitted(missionId, roleId);
    const nul = await update('p1pm', missionId, sheet._id, { status: 'rejected', reason: 'Friday\u0000holiday' });
    expectStatus(nul, 400);
    expect(Object.keys(errorOf(nul).fields ?? {})).toEqual(['payload.reason']);
    const noReason = await update('p1pm', missionId, sheet._id, { status: 'rejected' });
    expectStatus(noReason, 400);
    expect(errorOf(noReason).fields).toEqual({ 'payload.reason': TIME_MESSAGES.reasonNeeded });
    const rejected = await update('p1pm', missionId, sheet._id, { status: 'rejected', reason: 'Friday is a holiday' }, '?notify=false');
    expectStatus(rejected, 200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Friday is a holiday', decidedBy: person('p1pm') });
    expect((await notificationsOf('p0')).filter((n) => n.missionId === missionId)).toEqual([]);

    const resubmitted = await update('p0', missionId, sheet._id, { dailyHours: [8, 8, 8, 8, 0, 0, 0], status: 'submitted' });
    expectStatus(resubmitted, 200);
    // waiting again: the earlier decision no longer stands
    expect(resubmitted.json()).toMatchObject({
      status: 'submitted',
      totalHours: 32,
      rejectionReason: null,
      decidedAt: null,
      decidedBy: null,
    });
    const rejectAgain = await update('p1pm', missionId, sheet._id, { status: 'rejected', reason: 'Still wrong, sorry' });
    expectStatus(rejectAgain, 200);
    const told = (await notificationsOf('p0')).filter((n) => n.missionId === missionId);
    expect(told.map((n) => [n.type, n.body])).toEqual([['timesheetDecided', 'Still wrong, sorry']]);
  });

  it('a person recalls a submitted week; organisation admins approve; unknown and foreign sheets are 404', async () => {
    const { missionId, roleId } = await missionWithRole();
    const sheet = await submitted(missionId, roleId);
    expectStatus(await update('p0', missionId, sheet._id, { status: 'draft' }), 200);
    expectStatus(await update('p0', missionId, sheet._id, { status: 'submitted' }), 200);
    expectStatus(await update('orgManager', missionId, sheet._id, { status: 'approved' }), 403);
    expectStatus(await update('orgAdmin', missionId, sheet._id, { status: 'approved' }), 200);

    const other = await missionWithRole();
    const elsewhere = await update('p1pm', other.missionId, sheet._id, { status: 'draft' });
    expectStatus(elsewhere, 404);
    expect(errorOf(elsewhere).code).toBe('time/not-found');
    expectStatus(await update('p1pm', missionId, '0123456789abcdef01234567', { status: 'draft' }), 404);
    const bad = await update('p1pm', missionId, sheet._id, { status: 'done' });
    expectStatus(bad, 400);
    expect(Object.keys(errorOf(bad).fields ?? {})).toEqual(['payload.status']);
  });

  it('deletes only the own draft or rejected week', async () => {
    const { missionId, roleId } = await missionWithRole();
    const sheet = await submitted(missionId, roleId);
    const del = (caller: Caller) =>
      t.request({ method: 'DELETE', url: `/api/timesheet/mission/${missionId}/timesheet/${sheet._id}`, token: token(caller) });
    expectStatus(await del('p0'), 409);
    expectStatus(await update('p0', missionId, sheet._id, { status: 'draft' }), 200);
    expectStatus(await del('p1pm'), 403);
    const deleted = await del('p0');
    expectStatus(deleted, 200);
    expect(deleted.json()).toEqual({ deleted: [sheet._id] });
    expect(await sheetsOf(missionId)).toEqual([]);
  });
});

describe('reading weeks', () => {
  it('approvers read every sheet of the mission; people their own; observers nothing of others', async () => {
    const { missionId, roleId } = await missionWithRole();
    const [pmRole] = await t.database.db
      .insert(planItems)
      .values({ missionId, type: 'person', title: 'PM', personId: person('p1pm'), ...ROLE_DATES })
      .returning();
    await submitted(missionId, roleId);
    expectStatus(await save('p1pm', missionId, { missionPlanId: pmRole!.id, payload: { weekStart: current, dailyHours: WEEK } }), 201);
    const list = async (caller: Caller, path = '') => {
      const url = `/api/timesheet/mission/${missionId}${path}?from=${current}`;
      const response = await t.request({ method: 'GET', url, token: token(caller) });
      return response;
    };
    const people = async (caller: Caller) => ((await list(caller)).json() as Timesheet[]).map((sheet) => sheet.person).sort();
    expect(await people('p1pm')).toEqual([person('p0'), person('p1pm')].sort());
    expect(await people('p2')).toEqual([person('p0'), person('p1pm')].sort());
    expect(await people('p0')).toEqual([person('p0')]);
    expect(await people('p3')).toEqual([]);
    expect(await people('p1')).toEqual([]);

    expectStatus(await list('p0', `/person/${person('p0')}`), 200);
    const others = await list('p0', `/person/${person('p1pm')}`);
    expectStatus(others, 403);
    expect(errorOf(others).code).toBe('time/not-allowed');
    expectStatus(await list('p3', `/person/${person('p0')}`), 403);
    expect(((await list('p1pm', `/person/${person('p0')}`)).json() as Timesheet[]).map((s) => s.person)).toEqual([person('p0')]);
    expectStatus(await list('outsider'), 404);
  });

  it('drops drafts of a mission flagged noTimesheets and of an inactive role, keeping submitted weeks (rules 174, 175)', async () => {
    const { missionId, roleId } = await missionWithRole();
    await submitted(missionId, roleId, WEEK, spareWeek());
    expectStatus(await save('p0', missionId, { missionPlanId: roleId, payload: { weekStart: current, dailyHours: WEEK } }), 201);
    const statuses = async () =>
      (
        (
          await t.request({ method: 'GET', url: `/api/timesheet/mission/${missionId}?from=${spareWeek()}`, token: token('p0') })
        ).json() as Timesheet[]
      ).map((s) => s.status);
    expect(await statuses()).toEqual(['submitted', 'draft']);
    await t.database.db.update(missions).set({ noTimesheets: true }).where(eq(missions.id, missionId));
    expect(await statuses()).toEqual(['submitted']);
    await t.database.db.update(missions).set({ noTimesheets: false }).where(eq(missions.id, missionId));
    await t.database.db.update(planItems).set({ inactive: true }).where(eq(planItems.id, roleId));
    expect(await statuses()).toEqual(['submitted']);
  });

  it('GET /timesheet lists my weeks and my missing weeks of the last three; the project-manager list has the team’s', async () => {
    const person0 = await verifiedPerson(t);
    const { addMember } = await import('./support/org.ts');
    await addMember(t, world.orgId, person0, 'MEMBER');
    const missionId = await world.mission(MISSION_DATES);
    const { addToMission } = await import('./support/missions.ts');
    await addToMission(t, missionId, person0, 0);
    const [role] = await t.database.db
      .insert(planItems)
      .values({ missionId, type: 'person', title: 'Analyst', personId: person0.personId, ...ROLE_DATES })
      .returning();
    const saved = await t.request({
      method: 'POST',
      url: `/api/timesheet/mission/${missionId}`,
      token: person0.token,
      payload: { missionPlanId: role!.id, payload: { weekStart: weeksAgo(2), dailyHours: WEEK, status: 'submitted' } },
    });
    expectStatus(saved, 201);
    const mine = await t.request({ method: 'GET', url: '/api/timesheet', token: person0.token });
    expectStatus(mine, 200);
    const body = mine.json() as {
      timesheets: Timesheet[];
      roles: { planItemId: string; mission: string; missionTitle: string; title: string }[];
      missing: { weekStart: string; planItemId: string }[];
    };
    expect(body.timesheets.map((s) => s.weekStart)).toEqual([weeksAgo(2)]);
    const [mission] = await t.database.db.select({ title: missions.title }).from(missions).where(eq(missions.id, missionId));
    // the grid's rows: the role with its mission's title
    expect(body.roles).toEqual([
      { planItemId: role!.id, mission: missionId, missionTitle: mission!.title, title: 'Analyst', ...ROLE_DATES, allocation: 100 },
    ]);
    expect(body.missing).toEqual([
      { mission: missionId, planItemId: role!.id, title: 'Analyst', weekStart: weeksAgo(3) },
      { mission: missionId, planItemId: role!.id, title: 'Analyst', weekStart: weeksAgo(1) },
    ]);

    const pm = await t.request({ method: 'GET', url: '/api/timesheet/project-manager', token: token('p1pm') });
    expectStatus(pm, 200);
    expect((pm.json() as Timesheet[]).map((s) => s._id)).toContain((saved.json() as Timesheet)._id);
    const later = await t.request({
      method: 'GET',
      url: `/api/timesheet/project-manager?updatedAt=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`,
      token: token('p1pm'),
    });
    expect(later.json()).toEqual([]);
    const member = await t.request({ method: 'GET', url: '/api/timesheet/project-manager', token: person0.token });
    expect(member.json()).toEqual([]);
  });
});

describe('licensing (rules 180, 181)', () => {
  it("the trial runs out by the server's clock: the last hour of day 30 still tracks time, the first of day 31 does not", async () => {
    const started = new Date('2026-06-01T09:00:00Z');
    const clock = createTestClock(started);
    const later = await buildTestApp({ clock });
    try {
      const owner = await verifiedPerson(later);
      const org = await createOrg(later, owner.token);
      await setOrg(later, org._id, { isLicensedActive: true, trialStartedOn: started });
      const mine = () => later.request({ method: 'GET', url: '/api/timesheet', token: owner.token });
      clock.set('2026-07-01T08:59:00Z');
      expectStatus(await mine(), 200);
      clock.set('2026-07-01T09:00:00Z');
      const refused = await mine();
      expectStatus(refused, 403);
      expect(errorOf(refused).message).toBe(TIME_MESSAGES.noEligibleOrg);
    } finally {
      await later.close();
    }
  });

  it("refuses time tracking without a licensed organisation, with the spec's text; a running trial counts", async () => {
    const owner = await verifiedPerson(t);
    const org = await createOrg(t, owner.token);
    const mission = await insertMission(t, owner, { orgId: org._id, ...MISSION_DATES });
    const [role] = await t.database.db
      .insert(planItems)
      .values({ missionId: mission.id, type: 'person', title: 'Owner', personId: owner.personId, ...ROLE_DATES })
      .returning();
    const body = { missionPlanId: role!.id, payload: { weekStart: weeksAgo(1), dailyHours: WEEK } };
    const post = () => t.request({ method: 'POST', url: `/api/timesheet/mission/${mission.id}`, token: owner.token, payload: body });

    const refused = await post();
    expectStatus(refused, 403);
    expect(errorOf(refused)).toMatchObject({
      code: 'time/not-licensed',
      message: 'There are no eligible organizations for Time Tracking.',
    });
    const mine = await t.request({ method: 'GET', url: '/api/timesheet', token: owner.token });
    expectStatus(mine, 403);
    expect(errorOf(mine).message).toBe(TIME_MESSAGES.noEligibleOrg);
    expectStatus(await t.request({ method: 'GET', url: `/api/timesheet/org/${org._id}`, token: owner.token }), 403);

    await setOrg(t, org._id, { isLicensedActive: true, trialStartedOn: new Date(Date.now() - 31 * 86_400_000) });
    expectStatus(await post(), 403);
    await setOrg(t, org._id, { isLicensedActive: true, trialStartedOn: new Date(Date.now() - 2 * 86_400_000) });
    expectStatus(await post(), 201);
    expectStatus(await t.request({ method: 'GET', url: '/api/timesheet', token: owner.token }), 200);

    const personal = await insertMission(t, owner, { ...MISSION_DATES });
    const personalRole = (
      await t.database.db
        .insert(planItems)
        .values({ missionId: personal.id, type: 'person', title: 'Me', personId: owner.personId })
        .returning()
    )[0]!;
    const personalSave = await t.request({
      method: 'POST',
      url: `/api/timesheet/mission/${personal.id}`,
      token: owner.token,
      payload: { missionPlanId: personalRole.id, payload: { weekStart: weeksAgo(1), dailyHours: WEEK } },
    });
    expectStatus(personalSave, 403);
    expect(errorOf(personalSave).code).toBe('time/not-licensed');
  });
});

describe('organisation weeks (/timesheet/org/:orgId)', () => {
  const orgSave = (caller: Caller, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: `/api/timesheet/org/${world.orgId}`, token: token(caller), payload: { payload } });
  const orgList = async (caller: Caller, query = '') => {
    const response = await t.request({ method: 'GET', url: `/api/timesheet/org/${world.orgId}${query}`, token: token(caller) });
    expectStatus(response, 200);
    return response.json() as Timesheet[];
  };

  it('a member saves organisation work on an organisation role; admins read and decide it; others, managers included, do not', async () => {
    const [role] = await t.database.db
      .insert(orgRoles)
      .values({ orgId: world.orgId, name: `Support ${Date.now()}` })
      .returning();
    const saved = await orgSave('orgMember', {
      weekStart: weeksAgo(4),
      dailyHours: [2, 2, 2, 2, 2, 0, 0],
      orgRole: role!.id,
      status: 'submitted',
    });
    expectStatus(saved, 201);
    const sheet = saved.json() as Timesheet;
    expect(sheet).toMatchObject({ belongsToOrg: true, mission: null, orgRole: role!.id, totalHours: 10, status: 'submitted' });
    const asked = async (caller: Caller) =>
      (await notificationsOf(caller)).some((n) => n.type === 'timesheetSubmitted' && n.orgId === world.orgId && n.missionId === null);
    expect(await asked('orgAdmin')).toBe(true);
    expect(await asked('orgManager')).toBe(false);

    expect((await orgList('orgAdmin', '?giveOrgOnly=true')).map((s) => s._id)).toContain(sheet._id);
    expect((await orgList('orgAdmin', '?giveMissionOnly=true')).map((s) => s._id)).not.toContain(sheet._id);
    expect((await orgList('orgMember')).map((s) => s.person)).toEqual([person('orgMember')]);
    expect((await orgList('orgManager')).map((s) => s._id)).not.toContain(sheet._id);
    expect(await orgList('orgObserver')).toEqual([]);

    const one = (caller: Caller) =>
      t.request({ method: 'GET', url: `/api/timesheet/org/${world.orgId}/timesheet/${sheet._id}`, token: token(caller) });
    expectStatus(await one('orgMember'), 200);
    expectStatus(await one('orgAdmin'), 200);
    expectStatus(await one('orgManager'), 404);
    expectStatus(await one('orgObserver'), 404);
    expectStatus(await one('p0'), 404);

    const decide = (caller: Caller, payload: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/api/timesheet/org/${world.orgId}/timesheet/${sheet._id}`,
        token: token(caller),
        payload: { payload },
      });
    expectStatus(await decide('orgObserver', { status: 'approved' }), 403);
    expectStatus(await decide('p0', { status: 'approved' }), 403);
    expectStatus(await decide('orgManager', { status: 'approved' }), 403);
    const approved = await decide('orgAdmin', { status: 'approved' });
    expectStatus(approved, 200);
    expect(approved.json()).toMatchObject({ status: 'approved', decidedBy: person('orgAdmin') });
    const audit = await t.database.db
      .select()
      .from(orgAuditEvents)
      .where(and(eq(orgAuditEvents.orgId, world.orgId), eq(orgAuditEvents.entityId, sheet._id)));
    expect(audit.map((event) => event.action)).toEqual(['create', 'update']);
  });

  it("refuses another organisation's role naming the field; keys and outsiders are refused", async () => {
    const stranger = await verifiedPerson(t);
    const strangerOrg = await createOrg(t, stranger.token);
    const [foreign] = await t.database.db.insert(orgRoles).values({ orgId: strangerOrg._id, name: 'Theirs' }).returning();
    const response = await orgSave('orgMember', { weekStart: weeksAgo(5), dailyHours: WEEK, orgRole: foreign!.id });
    expectStatus(response, 400);
    expect(errorOf(response).fields).toEqual({ 'payload.orgRole': 'Unknown role of this organization' });
    const tasks = await orgSave('orgMember', { weekStart: weeksAgo(5), actionItems: [] });
    expectStatus(tasks, 400);
    expectStatus(await orgSave('outsider', { weekStart: weeksAgo(5), dailyHours: WEEK }), 404);
  });

  it('observers see the organisation, they do not work for it: they start no week, and one who became an observer keeps no hours on theirs', async () => {
    const limited = await verifiedPerson(t);
    await addMember(t, world.orgId, limited, 'OBSERVER_ORG_LIMITED');
    const saveAs = (accessToken: string) =>
      t.request({
        method: 'POST',
        url: `/api/timesheet/org/${world.orgId}`,
        token: accessToken,
        payload: { payload: { weekStart: weeksAgo(6), dailyHours: WEEK } },
      });
    for (const accessToken of [token('orgObserver'), limited.token]) expectStatus(await saveAs(accessToken), 403);
    const stored = await t.database.db
      .select()
      .from(timesheets)
      .where(and(eq(timesheets.orgId, world.orgId), inArray(timesheets.personId, [person('orgObserver'), limited.personId])));
    expect(stored).toEqual([]);

    const former = await verifiedPerson(t);
    await addMember(t, world.orgId, former, 'MEMBER');
    const draft = await saveAs(former.token);
    expectStatus(draft, 201);
    const sheet = draft.json() as Timesheet;
    await addMember(t, world.orgId, former, 'OBSERVER_ORG');
    const write = (payload: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/api/timesheet/org/${world.orgId}/timesheet/${sheet._id}`,
        token: former.token,
        payload: { payload },
      });
    expectStatus(await write({ dailyHours: [1, 1, 1, 1, 1, 0, 0] }), 403);
    expectStatus(await write({ status: 'submitted' }), 403);
    const [row] = await t.database.db.select().from(timesheets).where(eq(timesheets.id, sheet._id));
    expect(row).toMatchObject({ status: 'draft', dailyMinutes: WEEK.map((hours) => hours * 60) });
    // what they kept as a member they may still take away
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/timesheet/org/${world.orgId}/timesheet/${sheet._id}`,
      token: former.token,
    });
    expectStatus(removed, 200);
  });
});

describe('daily metrics and overtime (organisation area)', () => {
  /** Submitted hours are not actual hours yet (rule 173): no overtime, against the organisation's 8 hours a day. */
  const NO_OVERTIME = { overtimeHours: 0, overtimeAfter: 8, overtimeMode: 'day' };
  it('sums submitted and approved hours per person, mission and day; overtime counts approved hours against the thresholds', async () => {
    const { missionId, roleId } = await missionWithRole();
    const week = weeksAgo(6);
    const sheet = await submitted(missionId, roleId, [10, 8, 8.5, 8, 8, 0, 0], week);
    const metrics = (caller: Caller, body: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: `/api/orgPersonMetrics/missionTimesheetDailyMetrics/list/org/${world.orgId}`,
        token: token(caller),
        payload: body,
      });
    const range = { start: week, end: addIsoDays(week, 1), missions: [missionId] };
    const answer = await metrics('orgAdmin', range);
    expectStatus(answer, 200);
    expect(answer.json()).toEqual({
      days: [
        { person: person('p0'), mission: missionId, day: week, hours: 10, approvedHours: 0, ...NO_OVERTIME },
        { person: person('p0'), mission: missionId, day: addIsoDays(week, 1), hours: 8, approvedHours: 0, ...NO_OVERTIME },
      ],
    });
    for (const caller of ['orgMember', 'p1pm'] as const) expectStatus(await metrics(caller, range), 403);
    // a workspace report of the organisation: its observers read it as its admins do (rule 111)
    expect((await metrics('orgObserver', range)).json()).toEqual(answer.json());
    const backwards = await metrics('orgAdmin', { start: week, end: addIsoDays(week, -1) });
    expectStatus(backwards, 400);
    expect(Object.keys(errorOf(backwards).fields ?? {})).toEqual(['end']);

    const overtime = async () => {
      const response = await t.request({
        method: 'GET',
        url: `/api/timesheet/org/${world.orgId}/overtime?otPeriodStart=${week}&otPeriodEnd=${addIsoDays(week, 6)}`,
        token: token('orgManager'),
      });
      expectStatus(response, 200);
      return (response.json() as { people: { person: string; hours: number; overtimeHours: number; missions: unknown[] }[] }).people;
    };
    expect((await overtime()).find((row) => row.person === person('p0'))).toBeUndefined();
    expectStatus(await update('p1pm', missionId, sheet._id, { status: 'approved' }), 200);
    expect((await overtime()).find((row) => row.person === person('p0'))).toEqual({
      person: person('p0'),
      name: 'P0 Caller',
      hours: 42.5,
      overtimeHours: 2.5,
      after: 8,
      mode: 'day',
      missions: [{ mission: missionId, title: expect.any(String), hours: 42.5, overtimeHours: 2.5, after: 8, mode: 'day' }],
    });
    await t.database.db
      .update(missions)
      .set({ overTimeAfterDayOrWeek: 'week', overTimeAfterMinutes: 40 * 60 })
      .where(eq(missions.id, missionId));
    expect((await overtime()).find((row) => row.person === person('p0'))?.missions).toEqual([
      { mission: missionId, title: expect.any(String), hours: 42.5, overtimeHours: 2.5, after: 40, mode: 'week' },
    ]);
    const notMonday = await t.request({
      method: 'GET',
      url: `/api/timesheet/org/${world.orgId}/overtime?otPeriodStart=${addIsoDays(week, 1)}&otPeriodEnd=${addIsoDays(week, 6)}`,
      token: token('orgManager'),
    });
    expectStatus(notMonday, 400);
    const report = (caller: Caller) =>
      t.request({
        method: 'GET',
        url: `/api/timesheet/org/${world.orgId}/overtime?otPeriodStart=${week}&otPeriodEnd=${addIsoDays(week, 6)}`,
        token: token(caller),
      });
    expectStatus(await report('orgMember'), 403);
    // a workspace report of the organisation: its observers read it as its managers do (rule 111)
    expect((await report('orgObserver')).json()).toEqual((await report('orgManager')).json());
  });
});

describe('realtime (changes/timesheets/<id>)', () => {
  const sockets = testSockets(() => t);
  beforeAll(() => sockets.listen());
  afterAll(() => sockets.close());

  it("lets a person hear their own weeks, a mission's approvers its weeks, the organisation's admins all; nobody else", async () => {
    const { missionId, roleId } = await missionWithRole();
    const room = (id: string) => `changes/timesheets/${id}`;
    expect((await sockets.join(token('p1'), room(person('p0')))).ok).toBe(false);
    expect((await sockets.join(token('p3'), room(missionId))).ok).toBe(false);
    expect((await sockets.join(token('p0'), room(missionId))).ok).toBe(false);
    expect((await sockets.join(token('orgObserver'), room(world.orgId))).ok).toBe(false);
    expect((await sockets.join(token('orgManager'), room(world.orgId))).ok).toBe(false);
    expect((await sockets.join(token('outsider'), room(missionId))).ok).toBe(false);
    const own = await sockets.join(token('p0'), room(person('p0')));
    const approver = await sockets.join(token('p1pm'), room(missionId));
    const reviewer = await sockets.join(token('orgAdmin'), room(world.orgId));
    expect([own.ok, approver.ok, reviewer.ok]).toEqual([true, true, true]);
    const heard: Record<string, Change[]> = { own: [], approver: [], reviewer: [] };
    // each socket also hears its person's own room (the approver's notification): only timesheet changes count here
    const hear = (listener: string) => (change: Change) => change.entity === 'timesheets' && heard[listener]!.push(change);
    own.socket.on('changes', hear('own'));
    approver.socket.on('changes', hear('approver'));
    reviewer.socket.on('changes', hear('reviewer'));

    const sheet = await submitted(missionId, roleId, WEEK, weeksAgo(7));
    const expected = {
      type: 'create',
      entity: 'timesheets',
      id: sheet._id,
      data: { status: 'submitted', person: person('p0'), weekStart: weeksAgo(7), mission: missionId },
    };
    for (const listener of ['own', 'approver', 'reviewer']) await expect.poll(() => heard[listener]).toEqual([expected]);
  });
});
