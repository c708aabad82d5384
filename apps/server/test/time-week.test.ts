import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addIsoDays, TIME_MESSAGES, type Timesheet } from '@crewplan/domain';
import { actionItems, actions, missionAuditEvents, notifications, planItems, timesheets } from '../src/db/schema/index.ts';
import type { Change } from '../src/plugins/realtime.ts';
import type { TestApp } from './support/app.ts';
import type { MissionCaller, MissionWorld } from './support/missions-world.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, expectStatus, verifiedPerson } from './support/org.ts';
import { testSockets } from './support/sockets.ts';
import { saveWeekAsRead, weekFingerprint } from '../src/modules/time/time.queries.ts';
import { thisWeek, weeksAgo, ROLE_DATES, MISSION_DATES, WEEK, timeTrackingWorld } from './support/time-weeks.ts';

let t: TestApp;
let world: MissionWorld;

type Caller = Exclude<MissionCaller, 'anonymous'>;
const EMPTY = [0, 0, 0, 0, 0, 0, 0];

/**
 * Each test keeps its hours in weeks of its own (a person's day holds 24 hours across all their sheets): `current`,
 * and two spare weeks before it.
 */
let current = weeksAgo(1);
let cursor = 1;
const spareWeek = (n: 1 | 2) => addIsoDays(current, -7 * n);
beforeEach(() => {
  current = weeksAgo(cursor);
  cursor += 3;
});

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;

beforeAll(async () => {
  ({ t, world } = await timeTrackingWorld());
});
afterAll(async () => t.close());

/** A fresh mission of the world (its whole team on it) with a role of `holder`. */
async function missionWithRole(holder: Caller = 'p0', options: Parameters<MissionWorld['mission']>[0] = {}) {
  const missionId = await world.mission({ ...MISSION_DATES, ...options });
  const roleId = await roleOn(missionId, holder);
  return { missionId, roleId };
}

async function roleOn(missionId: string, holder: Caller, values: Partial<typeof planItems.$inferInsert> = {}) {
  const [role] = await t.database.db
    .insert(planItems)
    .values({ missionId, type: 'person', title: `Role of ${holder}`, personId: person(holder), ...ROLE_DATES, ...values })
    .returning();
  return role!.id;
}

/** A task of the mission assigned to `people`, running over the roles' dates unless told otherwise. */
async function taskOn(missionId: string, people: Caller[] = ['p0'], title = 'Wireframes', dates = ROLE_DATES) {
  const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Build' }).returning();
  const [task] = await t.database.db
    .insert(actionItems)
    .values({
      missionId,
      actionId: action!.id,
      title,
      people: people.map(person),
      ...dates,
    })
    .returning();
  return task!.id;
}

type Row = { missionId: string; planItemId?: string; actionItemId?: string; dailyHours: number[] };
const saveWeek = (caller: Caller | { token: string }, body: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/timesheet/week', token: typeof caller === 'string' ? token(caller) : caller.token, payload: body });
const week = (rows: Row[], change: Record<string, unknown> = {}) => ({ weekStart: current, status: 'draft', rows, ...change });
const sheetsOf = (...missionIds: string[]) => t.database.db.select().from(timesheets).where(inArray(timesheets.missionId, missionIds));
const historyOf = (missionId: string) =>
  t.database.db
    .select()
    .from(missionAuditEvents)
    .where(and(eq(missionAuditEvents.missionId, missionId), eq(missionAuditEvents.entity, 'timesheets')));
const submittedNotices = (caller: Caller, missionId: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(
      and(eq(notifications.personId, person(caller)), eq(notifications.missionId, missionId), eq(notifications.type, 'timesheetSubmitted')),
    );

describe('PUT /timesheet/week: the whole week in one request', () => {
  it('saves roles of two projects and a task row together, exactly, with each project’s history; a second save writes only what changed', async () => {
    const a = await missionWithRole();
    const b = await missionWithRole();
    const taskId = await taskOn(a.missionId);
    const response = await saveWeek(
      'p0',
      week([
        { missionId: a.missionId, planItemId: a.roleId, dailyHours: [7.5, 8.25, 0.1, 1 / 3, 0, 0, 0] },
        { missionId: a.missionId, actionItemId: taskId, dailyHours: [1.25, 0, 0, 0, 0, 0, 0] },
        { missionId: b.missionId, planItemId: b.roleId, dailyHours: WEEK },
      ]),
    );
    expectStatus(response, 200);
    const saved = (response.json() as { timesheets: Timesheet[] }).timesheets;
    expect(saved.map((sheet) => [sheet.mission, sheet.planItemId, sheet.form, sheet.status, sheet.dailyHours])).toEqual([
      [a.missionId, a.roleId, 'role', 'draft', [7.5, 8.25, 0.1, 0.3333, 0, 0, 0]],
      [b.missionId, b.roleId, 'role', 'draft', WEEK],
      [a.missionId, null, 'task', 'draft', [1.25, 0, 0, 0, 0, 0, 0]],
    ]);
    expect(saved[2]!.actionItems).toEqual([
      { _id: taskId, title: 'Wireframes', days: '1.25,0,0,0,0,0,0', hours: [1.25, 0, 0, 0, 0, 0, 0] },
    ]);
    expect(saved[0]!.snapshot).toEqual({ missionTitle: expect.any(String), roleTitle: 'Role of p0', personName: 'P0 Caller' });
    expect(saved[2]!.snapshot).toMatchObject({ roleTitle: 'Tasks' });
    const rows = await sheetsOf(a.missionId, b.missionId);
    expect(rows.map((row) => row.dailyMinutes).sort()).toEqual(
      [
        [450, 495, 6, 20, 0, 0, 0],
        [480, 480, 480, 480, 480, 0, 0],
        [75, 0, 0, 0, 0, 0, 0],
      ].sort(),
    );
    expect((await historyOf(a.missionId)).map((event) => event.action)).toEqual(['create', 'create']);
    expect((await historyOf(b.missionId)).map((event) => event.action)).toEqual(['create']);

    const again = await saveWeek(
      'p0',
      week([
        { missionId: a.missionId, planItemId: a.roleId, dailyHours: [7.5, 8.25, 0.1, 1 / 3, 0, 0, 0] },
        { missionId: a.missionId, actionItemId: taskId, dailyHours: [1.25, 0, 0, 0, 0, 0, 0] },
        { missionId: b.missionId, planItemId: b.roleId, dailyHours: [8, 8, 8, 8, 4, 0, 0] },
      ]),
    );
    expectStatus(again, 200);
    expect((again.json() as { timesheets: Timesheet[] }).timesheets.map((sheet) => sheet._id)).toEqual(saved.map((sheet) => sheet._id));
    expect((await historyOf(a.missionId)).map((event) => event.action)).toEqual(['create', 'create']);
    const bHistory = await historyOf(b.missionId);
    expect(bHistory.map((event) => [event.action, event.changes])).toEqual([
      ['create', expect.anything()],
      ['update', { minutes: { from: 2400, to: 2160 } }],
    ]);
  });

  it('saves a new week sent twice at once (two tabs) once: one sheet, its history naming it', async () => {
    const { missionId, roleId } = await missionWithRole();
    const body = (hours: number) => week([{ missionId, planItemId: roleId, dailyHours: [hours, 0, 0, 0, 0, 0, 0] }]);
    const answers = await Promise.all([1, 2, 3, 4].map((hours) => saveWeek('p0', body(hours))));
    for (const answer of answers) expectStatus(answer, 200);
    const rows = await sheetsOf(missionId);
    expect(rows).toHaveLength(1);
    const history = await historyOf(missionId);
    expect(history.length).toBeGreaterThanOrEqual(1);
    expect(new Set(history.map((event) => event.entityId))).toEqual(new Set([rows[0]!.id]));
    expect(history.filter((event) => event.action === 'create')).toHaveLength(1);
  });

  it('keeps a day at 24 hours when a new week is saved whole and, at the same moment, one of its sheets alone', async () => {
    // a person of their own, so that every week of theirs is new; p0's weeks are left to the next tests (the roles
    // reach back only so far)
    cursor -= 3;
    const racer = await verifiedPerson(t, { firstName: 'Racer', lastName: 'Caller' });
    await addMember(t, world.orgId, racer, 'MEMBER');
    const [a, b] = [await world.mission(MISSION_DATES), await world.mission(MISSION_DATES)];
    const roles: string[] = [];
    for (const missionId of [a, b]) {
      await addToMission(t, missionId, racer, 0);
      const [role] = await t.database.db
        .insert(planItems)
        .values({ missionId, type: 'person', title: 'Racer', personId: racer.personId, ...ROLE_DATES })
        .returning();
      roles.push(role!.id);
    }
    // 20 hours on Monday each: either save fits alone, both together hold 40
    const monday = [20, 0, 0, 0, 0, 0, 0];
    const weeks = Array.from({ length: 60 }, (_, i) => weeksAgo(i + 1));
    for (let i = 0; i < weeks.length; i += 6) {
      const answers = await Promise.all(
        weeks.slice(i, i + 6).flatMap((weekStart) => [
          saveWeek(racer, { weekStart, status: 'draft', rows: [{ missionId: a, planItemId: roles[0], dailyHours: monday }] }),
          t.request({
            method: 'POST',
            url: `/api/timesheet/mission/${b}`,
            token: racer.token,
            payload: { missionPlanId: roles[1], payload: { weekStart, dailyHours: monday } },
          }),
        ]),
      );
      for (const answer of answers) expect([200, 201, 400]).toContain(answer.statusCode);
    }
    const rows = await t.database.db.select().from(timesheets).where(eq(timesheets.personId, racer.personId));
    const mondays = new Map<string, number>();
    for (const row of rows) mondays.set(row.weekStart, (mondays.get(row.weekStart) ?? 0) + row.dailyMinutes[0]!);
    expect([...mondays].filter(([, minutes]) => minutes > 24 * 60)).toEqual([]);
    expect(mondays.size).toBe(weeks.length);
  });

  it('writes nothing when the week changed after it was read: the write fails as a serialization failure', async () => {
    const { missionId, roleId } = await missionWithRole();
    expectStatus(await saveWeek('p0', week([{ missionId, planItemId: roleId, dailyHours: WEEK }])), 200);
    const [sheet] = await sheetsOf(missionId);
    const [orgId, personId] = [sheet!.orgId, person('p0')];
    const save = { ...sheet!, dailyMinutes: [60, 0, 0, 0, 0, 0, 0], status: 'draft' as const, snapshot: {} };
    const history = { actorPersonId: personId, rows: '[]' };
    const stale = saveWeekAsRead(t.database.pool, { personId, weekStart: current, readAs: `${sheet!.id}:1` }, [save], history);
    await expect(stale).rejects.toMatchObject({ code: '40001' });
    expect((await sheetsOf(missionId))[0]!.dailyMinutes).toEqual(WEEK.map((hours) => hours * 60));
    // the week as it is, but a sheet meant to be new that another request saved first (it keeps its own id)
    const weekNow = `(select id, xmin from timesheets where person_id = $1 and week_start = $2)`;
    const { rows } = await t.database.pool.query(`select ${weekFingerprint(weekNow)} as read_as`, [personId, current]);
    const fresh = { ...save, id: 'f'.repeat(24), orgId };
    const twice = saveWeekAsRead(t.database.pool, { personId, weekStart: current, readAs: rows[0].read_as }, [fresh], history);
    await expect(twice).rejects.toMatchObject({ code: '40001' });
    expect((await sheetsOf(missionId))[0]!.dailyMinutes).toEqual(WEEK.map((hours) => hours * 60));
    expect(await sheetsOf(missionId)).toHaveLength(1);
  });

  it('merges task rows into the project’s task week: zeros remove a task, rows left out stay', async () => {
    const { missionId, roleId } = await missionWithRole();
    const first = await taskOn(missionId, ['p0'], 'First');
    const second = await taskOn(missionId, ['p0', 'p1'], 'Second');
    const tasksOf = async () => (await sheetsOf(missionId)).find((row) => row.planItemId === null)?.taskLines;
    expectStatus(
      await saveWeek(
        'p0',
        week([
          { missionId, actionItemId: first, dailyHours: [1, 0, 0, 0, 0, 0, 0] },
          { missionId, actionItemId: second, dailyHours: [0, 2, 0, 0, 0, 0, 0] },
        ]),
      ),
      200,
    );
    expect(await tasksOf()).toEqual([
      { actionItemId: first, minutes: [60, 0, 0, 0, 0, 0, 0] },
      { actionItemId: second, minutes: [0, 120, 0, 0, 0, 0, 0] },
    ]);
    expectStatus(await saveWeek('p0', week([{ missionId, actionItemId: first, dailyHours: EMPTY }])), 200);
    expect(await tasksOf()).toEqual([{ actionItemId: second, minutes: [0, 120, 0, 0, 0, 0, 0] }]);
    // once on my week, a task stays mine to change even when it is given to somebody else
    await t.database.db
      .update(actionItems)
      .set({ people: [person('p1')] })
      .where(eq(actionItems.id, second));
    expectStatus(await saveWeek('p0', week([{ missionId, actionItemId: second, dailyHours: [0, 3, 0, 0, 0, 0, 0] }])), 200);
    expect(await tasksOf()).toEqual([{ actionItemId: second, minutes: [0, 180, 0, 0, 0, 0, 0] }]);
    // an empty draft of a role is not created; submitting declares it
    expectStatus(await saveWeek('p0', week([{ missionId, planItemId: roleId, dailyHours: EMPTY }])), 200);
    expect((await sheetsOf(missionId)).filter((row) => row.planItemId === roleId)).toEqual([]);
    expectStatus(await saveWeek('p0', week([{ missionId, planItemId: roleId, dailyHours: EMPTY }], { status: 'submitted' })), 200);
    expect((await sheetsOf(missionId)).filter((row) => row.planItemId === roleId).map((row) => row.status)).toEqual(['submitted']);
  });

  it('submits the week: every sheet submitted, approvers told once per project (not with notify false), then locked (409 naming the row)', async () => {
    const { missionId, roleId } = await missionWithRole();
    const taskId = await taskOn(missionId);
    const rows = [
      { missionId, planItemId: roleId, dailyHours: WEEK },
      { missionId, actionItemId: taskId, dailyHours: [0, 0, 0, 0, 0, 2, 0] },
    ];
    const quiet = await saveWeek('p0', week(rows, { status: 'submitted', notify: false, weekStart: spareWeek(1) }));
    expectStatus(quiet, 200);
    expect(await submittedNotices('p1pm', missionId)).toEqual([]);

    const submitted = await saveWeek('p0', week(rows, { status: 'submitted' }));
    expectStatus(submitted, 200);
    expect((submitted.json() as { timesheets: Timesheet[] }).timesheets.map((sheet) => sheet.status)).toEqual(['submitted', 'submitted']);
    for (const approver of ['p1pm', 'p2'] as const) expect(await submittedNotices(approver, missionId)).toHaveLength(1);
    expect(await submittedNotices('p1', missionId)).toEqual([]);

    const before = await sheetsOf(missionId);
    for (const [i, field] of [
      [0, 'planItemId'],
      [1, 'actionItemId'],
    ] as const) {
      const again = await saveWeek('p0', week([rows[i]!], { status: 'draft' }));
      expectStatus(again, 409);
      expect(errorOf(again)).toMatchObject({ code: 'time/locked', fields: { [`rows.0.${field}`]: TIME_MESSAGES.locked } });
    }
    expect(await sheetsOf(missionId)).toEqual(before);
    const [roleSheet] = before.filter((row) => row.planItemId === roleId && row.weekStart === current);
    await t.database.db.update(timesheets).set({ status: 'approved' }).where(eq(timesheets.id, roleSheet!.id));
    const locked = await sheetsOf(missionId);
    expectStatus(await saveWeek('p0', week([rows[0]!])), 409);
    expect(await sheetsOf(missionId)).toEqual(locked);
  });
});

describe('PUT /timesheet/week refuses, naming the row, and writes nothing', () => {
  it.each<[string, (w: Awaited<ReturnType<typeof fixture>>) => Row[], number, string, string, Record<string, unknown>?]>([
    ['a week not starting on Monday', (w) => [w.mine], 400, 'validation', 'weekStart', { weekStart: addIsoDays(current, 1) }],
    ['negative hours', (w) => [w.mine, { ...w.other, dailyHours: [0, -1, 0, 0, 0, 0, 0] }], 400, 'validation', 'rows.1.dailyHours.1'],
    ['more than 24 hours in a day', (w) => [{ ...w.mine, dailyHours: [0, 0, 25, 0, 0, 0, 0] }], 400, 'validation', 'rows.0.dailyHours.2'],
    [
      'more than 24 hours in a day across rows',
      (w) => [
        { ...w.mine, dailyHours: [16, 0, 0, 0, 0, 0, 0] },
        { ...w.other, dailyHours: [8.25, 0, 0, 0, 0, 0, 0] },
      ],
      400,
      'validation',
      'dailyHours.0',
    ],
    ['an unknown role', (w) => [w.mine, { ...w.mine, planItemId: '0123456789abcdef01234567' }], 400, 'validation', 'rows.1.planItemId'],
    ["another project's role", (w) => [w.mine, { ...w.mine, planItemId: w.other.planItemId }], 400, 'validation', 'rows.1.planItemId'],
    ["somebody else's role", (w) => [w.mine, { ...w.mine, planItemId: w.theirs }], 403, 'time/not-allowed', 'rows.1.planItemId'],
    ['an inactive role', (w) => [w.mine, { ...w.mine, planItemId: w.inactive }], 400, 'validation', 'rows.1.planItemId'],
    ['a role over before the week', (w) => [w.mine, { ...w.mine, planItemId: w.ended }], 400, 'validation', 'rows.1.planItemId'],
    ['an unknown task', (w) => [w.mine, { ...w.task, actionItemId: '0123456789abcdef01234567' }], 400, 'validation', 'rows.1.actionItemId'],
    ["another project's task", (w) => [w.mine, { ...w.task, actionItemId: w.elsewhereTask }], 400, 'validation', 'rows.1.actionItemId'],
    ["somebody else's task", (w) => [w.mine, { ...w.task, actionItemId: w.theirTask }], 403, 'time/not-allowed', 'rows.1.actionItemId'],
    ['a task of a project I hold no role on', (w) => [w.mine, w.roleless], 403, 'time/not-allowed', 'rows.1.actionItemId'],
    ['my task planned in later weeks', (w) => [w.mine, { ...w.task, actionItemId: w.laterTask }], 400, 'validation', 'rows.1.actionItemId'],
    ["another organisation's project", (w) => [w.mine, w.foreign], 404, 'mission/not-found', 'rows.1.missionId'],
    ['a project that keeps no timesheets', (w) => [w.mine, w.noTimesheets], 409, 'time/no-timesheets', 'rows.1.missionId'],
    ['a project of an unlicensed organisation', (w) => [w.mine, w.unlicensed], 403, 'time/not-licensed', 'rows.1.missionId'],
    ['the same role twice', (w) => [w.mine, w.mine], 400, 'validation', 'rows.1.planItemId'],
  ])('%s', async (_name, rowsOf, status, code, field, change = {}) => {
    const w = await fixture();
    const before = await sheetsOf(w.mine.missionId, w.other.missionId);
    const response = await saveWeek('p0', week(rowsOf(w), change));
    expectStatus(response, status);
    const error = errorOf(response);
    expect(error.code).toBe(code);
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
    expect(await sheetsOf(w.mine.missionId, w.other.missionId)).toEqual(before);
    expect(await historyOf(w.mine.missionId)).toHaveLength(w.historyRows);
  });

  it('a rejected week sent again as submitted no longer carries its decision: who, when, why', async () => {
    const { missionId, roleId } = await missionWithRole();
    const rows = [{ missionId, planItemId: roleId, dailyHours: WEEK }];
    const sent = await saveWeek('p0', week(rows, { status: 'submitted', notify: false, weekStart: spareWeek(2) }));
    const [sheet] = (sent.json() as { timesheets: Timesheet[] }).timesheets;
    const rejected = await t.request({
      method: 'PUT',
      url: `/api/timesheet/mission/${missionId}/timesheet/${sheet!._id}?notify=false`,
      token: token('p1pm'),
      payload: { payload: { status: 'rejected', reason: 'Wrong project' } },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', decidedBy: person('p1pm'), rejectionReason: 'Wrong project' });
    const again = await saveWeek('p0', week(rows, { status: 'submitted', notify: false, weekStart: spareWeek(2) }));
    expectStatus(again, 200);
    expect((again.json() as { timesheets: Timesheet[] }).timesheets[0]).toMatchObject({
      status: 'submitted',
      decidedAt: null,
      decidedBy: null,
      rejectionReason: null,
    });
  });

  it('counts the other sheets of my week towards the 24-hour day', async () => {
    const w = await fixture();
    const response = await saveWeek('p0', week([{ ...w.other, dailyHours: [0, 0, 0, 0, 0, 0, 20] }]));
    expectStatus(response, 400);
    expect(errorOf(response).fields).toEqual({ 'dailyHours.6': TIME_MESSAGES.overDay });
    expectStatus(await saveWeek('p0', week([{ ...w.other, dailyHours: [0, 0, 0, 0, 0, 0, 19] }])), 200);
  });

  it.each<[string, unknown]>([
    ['NUL in a field', week([], { weekStart: `${current}\u0000` })],
    ['an emoji for an id', { weekStart: current, status: 'draft', rows: [{ missionId: '🚀', planItemId: '🚀', dailyHours: WEEK }] }],
    [
      'an emoji for hours',
      {
        weekStart: weeksAgo(1),
        status: 'draft',
        rows: [{ missionId: 'a'.repeat(24), planItemId: 'b'.repeat(24), dailyHours: ['🚀', 0, 0, 0, 0, 0, 0] }],
      },
    ],
    [
      'a huge list of rows',
      {
        weekStart: weeksAgo(1),
        status: 'draft',
        rows: Array.from({ length: 5000 }, () => ({ missionId: 'a'.repeat(24), planItemId: 'b'.repeat(24), dailyHours: WEEK })),
      },
    ],
    [
      'a huge list of days',
      {
        weekStart: weeksAgo(1),
        status: 'draft',
        rows: [{ missionId: 'a'.repeat(24), planItemId: 'b'.repeat(24), dailyHours: Array.from({ length: 50_000 }, () => 1) }],
      },
    ],
    ['no body', undefined],
    ['a list for a body', [1, 2, 3]],
    ['an unknown status', { weekStart: current, status: 'approved', rows: [] }],
  ])('answers 400 to bad input: %s', async (_name, body) => {
    const response = await t.request({ method: 'PUT', url: '/api/timesheet/week', token: token('p0'), payload: body as object });
    expectStatus(response, 400);
    expect(errorOf(response).code).toBe('validation');
  });
});

/** A world for the refusals: my role on two projects, a task of mine, and every kind of wrong target. */
async function fixture() {
  const a = await missionWithRole();
  const b = await missionWithRole();
  const taskId = await taskOn(a.missionId);
  const theirTask = await taskOn(a.missionId, ['p1']);
  const elsewhereTask = await taskOn(b.missionId);
  const laterTask = await taskOn(a.missionId, ['p0'], 'Launch', { startDate: addIsoDays(thisWeek, 7), endDate: addIsoDays(thisWeek, 20) });
  const roleless = await world.mission(MISSION_DATES);
  const rolelessTask = await taskOn(roleless);
  const theirs = await roleOn(a.missionId, 'p1');
  const inactive = await roleOn(a.missionId, 'p0', { inactive: true });
  const ended = await roleOn(a.missionId, 'p0', { endDate: addIsoDays(current, -1) });
  const stranger = await verifiedPerson(t);
  const strangerOrg = await createOrg(t, stranger.token);
  const foreignMission = await insertMission(t, stranger, { orgId: strangerOrg._id, ...MISSION_DATES });
  const foreignRole = await roleOn(foreignMission.id, 'p0');
  const noTimesheets = await missionWithRole('p0', { noTimesheets: true });
  const unlicensedOrg = await createOrg(t, world.owner.token);
  const unlicensed = await insertMission(t, world.owner, { orgId: unlicensedOrg._id, ...MISSION_DATES });
  await addMember(t, unlicensedOrg._id, world.people.p0, 'MEMBER');
  await addToMission(t, unlicensed.id, world.people.p0, 0);
  const unlicensedRole = await roleOn(unlicensed.id, 'p0');
  // my week already holds 5 hours of that Sunday elsewhere: a draft on project a
  expectStatus(await saveWeek('p0', week([{ missionId: a.missionId, planItemId: a.roleId, dailyHours: [0, 0, 0, 0, 0, 0, 5] }])), 200);
  return {
    mine: { missionId: a.missionId, planItemId: a.roleId, dailyHours: [1, 0, 0, 0, 0, 0, 5] } as Row,
    other: { missionId: b.missionId, planItemId: b.roleId, dailyHours: WEEK } as Row,
    task: { missionId: a.missionId, actionItemId: taskId, dailyHours: [1, 0, 0, 0, 0, 0, 0] } as Row,
    roleless: { missionId: roleless, actionItemId: rolelessTask, dailyHours: [1, 0, 0, 0, 0, 0, 0] } as Row,
    foreign: { missionId: foreignMission.id, planItemId: foreignRole, dailyHours: WEEK } as Row,
    noTimesheets: { missionId: noTimesheets.missionId, planItemId: noTimesheets.roleId, dailyHours: WEEK } as Row,
    unlicensed: { missionId: unlicensed.id, planItemId: unlicensedRole, dailyHours: WEEK } as Row,
    theirs,
    theirTask,
    elsewhereTask,
    laterTask,
    inactive,
    ended,
    historyRows: 1,
  };
}

describe('PUT /timesheet/week: who may save', () => {
  it.each<[Caller, number]>([
    ['p0', 200],
    ['p1', 200],
    ['p1pm', 200],
    ['p2', 200],
  ])('%s saves a week on their own role', async (caller, status) => {
    const { missionId, roleId } = await missionWithRole(caller);
    expectStatus(await saveWeek(caller, week([{ missionId, planItemId: roleId, dailyHours: WEEK }])), status);
  });

  it('an observer keeps no hours, even on a role they held before being made one (rule 77)', async () => {
    const { missionId, roleId } = await missionWithRole('p3');
    const response = await saveWeek('p3', week([{ missionId, planItemId: roleId, dailyHours: WEEK }]));
    expectStatus(response, 403);
    expect(errorOf(response)).toMatchObject({ code: 'forbidden', fields: { 'rows.0.missionId': expect.any(String) } });
    expect(await sheetsOf(missionId)).toEqual([]);
  });

  it.each<[Caller, number, string, string]>([
    ['p1', 403, 'time/not-allowed', 'rows.0.planItemId'],
    ['p1pm', 403, 'time/not-allowed', 'rows.0.planItemId'],
    ['p2', 403, 'time/not-allowed', 'rows.0.planItemId'],
    ['p3', 403, 'forbidden', 'rows.0.missionId'],
    ['orgAdmin', 403, 'time/not-allowed', 'rows.0.planItemId'],
    ['pending', 403, 'mission/invite-pending', 'rows.0.missionId'],
    ['orgMember', 404, 'mission/not-found', 'rows.0.missionId'],
    ['outsider', 404, 'mission/not-found', 'rows.0.missionId'],
  ])("%s may not save a member's role: %i", async (caller, status, code, field) => {
    const { missionId, roleId } = await missionWithRole('p0');
    const response = await saveWeek(caller, week([{ missionId, planItemId: roleId, dailyHours: WEEK }]));
    expectStatus(response, status);
    expect(errorOf(response).code).toBe(code);
    expect(Object.keys(errorOf(response).fields ?? {})).toEqual([field]);
    expect(await sheetsOf(missionId)).toEqual([]);
  });

  it('refuses anonymous callers and organisation API keys (401): a key keeps no weeks', async () => {
    const { missionId, roleId } = await missionWithRole('p0');
    const body = week([{ missionId, planItemId: roleId, dailyHours: WEEK }]);
    const anonymous = await t.request({ method: 'PUT', url: '/api/timesheet/week', payload: body });
    expectStatus(anonymous, 401);
    const key = await t.request({
      method: 'POST',
      url: `/api/org/${world.orgId}/open-api/keys`,
      token: world.owner.token,
      payload: { name: 'Week key' },
    });
    expectStatus(key, 201);
    expectStatus(await saveWeek({ token: (key.json() as { key: string }).key }, body), 401);
    expect(await sheetsOf(missionId)).toEqual([]);
  });
});

describe('PUT /timesheet/week: realtime', () => {
  const sockets = testSockets(() => t);
  beforeAll(() => sockets.listen());
  afterAll(() => sockets.close());

  it('tells my room and the project’s approvers once of every sheet written', async () => {
    const { missionId, roleId } = await missionWithRole();
    const taskId = await taskOn(missionId);
    const own = await sockets.join(token('p0'), `changes/timesheets/${person('p0')}`);
    const approver = await sockets.join(token('p1pm'), `changes/timesheets/${missionId}`);
    const heard: Record<string, Change[]> = { own: [], approver: [] };
    own.socket.on('changes', (change: Change) => change.entity === 'timesheets' && heard.own!.push(change));
    approver.socket.on('changes', (change: Change) => change.entity === 'timesheets' && heard.approver!.push(change));
    const response = await saveWeek(
      'p0',
      week(
        [
          { missionId, planItemId: roleId, dailyHours: WEEK },
          { missionId, actionItemId: taskId, dailyHours: [1, 0, 0, 0, 0, 0, 0] },
        ],
        {},
      ),
    );
    const ids = (response.json() as { timesheets: Timesheet[] }).timesheets.map((sheet) => sheet._id);
    expect(ids).toHaveLength(2);
    const expected = [{ type: 'update', entity: 'timesheets', id: ids[0], data: { ids } }];
    for (const listener of ['own', 'approver']) await expect.poll(() => heard[listener]).toEqual(expected);
    // a week of one sheet is told as the single save tells it
    heard.own = [];
    heard.approver = [];
    const [roleSheet] = ids;
    const again = await saveWeek('p0', week([{ missionId, planItemId: roleId, dailyHours: [2, 2, 2, 2, 2, 0, 0] }], {}));
    expectStatus(again, 200);
    const single = [
      {
        type: 'update',
        entity: 'timesheets',
        id: roleSheet,
        data: { status: 'draft', person: person('p0'), weekStart: current, mission: missionId },
      },
    ];
    for (const listener of ['own', 'approver']) await expect.poll(() => heard[listener]).toEqual(single);
  });
});
