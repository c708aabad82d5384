import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFFING_MESSAGES, type RecommendResponse, type StaffingSession, type WeeklyPlot, type WhatIfResponse } from '@crewplan/domain';
import { leaveRequests, staffingSessions } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { createOrg, errorOf, expectStatus, insertMember } from './support/org.ts';
import { setOrg } from './support/missions-world.ts';
import { createStaffingWorld, type StaffingWorld } from './support/staffing.ts';

let t: TestApp;
let w: StaffingWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createStaffingWorld(t);
});
afterAll(async () => t.close());

type Caller = keyof StaffingWorld['people'] | 'pm' | 'teamMember';
const tokenOf = (caller: Caller) => (caller === 'pm' ? w.pm.token : caller === 'teamMember' ? w.teamMember.token : w.people[caller].token);
const post = (caller: Caller | null, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload: payload as object, headers, ...(caller ? { token: tokenOf(caller) } : {}) });
const recommendUrl = (path = '', orgId = w.orgId) => `/api/ai/resource/org/${orgId}/recommend${path}`;
const recommend = (caller: Caller, body: Record<string, unknown>, path = '') => post(caller, recommendUrl(path), body);
const sessions = async () => (await t.database.db.select({ n: count() }).from(staffingSessions))[0]!.n;

describe('POST /api/ai/resource/org/:orgId/recommend', () => {
  it('ranks the free, fitting person first, with the three percents of each row', async () => {
    const response = await recommend('manager', { rolesNeeded: [{ missionPlanId: w.roleId }] });
    expectStatus(response, 200);
    const body = response.json() as RecommendResponse;
    const [rec] = body.recommendations;
    expect(rec).toMatchObject({
      missionPlanId: w.roleId,
      missionId: w.missionId,
      role: 'Developer',
      neededHours: 80,
      candidates: 9,
      ranking: 'deterministic',
    });
    const rows = new Map(rec!.preAssigned.resources.map((row) => [row.personId, row]));
    expect(rec!.preAssigned.resources[0]).toMatchObject({
      personId: w.alice.personId,
      name: 'Alice Able',
      onTeam: true,
      availabilityPercent: 100,
      leaveConflictPercent: 0,
    });
    expect(rec!.preAssigned.recommendedResource).toBe(w.alice.personId);
    expect(rows.get(w.bob.personId)).toMatchObject({ availabilityPercent: 50, leaveConflictPercent: 0 });
    expect(rows.get(w.carol.personId)).toMatchObject({ availabilityPercent: 80, leaveConflictPercent: 20 });
    for (const row of rec!.preAssigned.resources) {
      expect(row.fitPercent).toBe(Math.round(row.score * 1000) / 10);
      expect(row.explanation.availabilityRole.personAvailableDurationPercent).toBe(row.availabilityPercent);
      expect(row.explanation.availabilityLeave.personConflictDuration).toBe(row.leaveConflictPercent);
      expect(row.explanation.reasons).toBeUndefined();
    }
    // observers hold no roles; scores only fall down the list
    expect(rows.has(w.people.observerOrg.personId)).toBe(false);
    const scores = rec!.preAssigned.resources.map((row) => row.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    // the session is kept, owned by the caller, and ends later
    const [session] = await t.database.db.select().from(staffingSessions).where(eq(staffingSessions.id, body.sessionId));
    expect(session).toMatchObject({ orgId: w.orgId, ownerId: w.people.manager.personId, bookings: [] });
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });

  it('gives the reasons in words on demand, with leave kinds for organisation managers only', async () => {
    const ask = (caller: Caller) => recommend(caller, { rolesNeeded: [{ missionPlanId: w.roleId }], options: { explain: true } });
    const managerRows = ((await ask('manager')).json() as RecommendResponse).recommendations[0]!.preAssigned.resources;
    const alice = managerRows.find((row) => row.personId === w.alice.personId)!;
    expect(alice.explanation.reasons).toEqual(
      expect.arrayContaining([
        'Free for 80 h of the 80 h the role needs (100%).',
        "No leave on the role's days.",
        'Holds the role Developer in the organisation.',
        "In the project's department Engineering.",
        'Held 1 similar role on other projects.',
        'Worked 1 role for this client before.',
      ]),
    );
    const carolReasons = managerRows.find((row) => row.personId === w.carol.personId)!.explanation.reasons!;
    expect(carolReasons).toContain(`Away on 2 of the role's 10 working days (${w.leaveDescription}) (20%).`);

    const pmResponse = await ask('pm');
    expectStatus(pmResponse, 200);
    const pmCarol = (pmResponse.json() as RecommendResponse).recommendations[0]!.preAssigned.resources.find(
      (row) => row.personId === w.carol.personId,
    )!;
    expect(pmCarol.leaveConflictPercent).toBe(20);
    expect(pmCarol.explanation.reasons).toContain("Away on 2 of the role's 10 working days (20%).");
    expect(pmResponse.body).not.toContain(w.leaveDescription);
    expect(pmResponse.body).not.toMatch(/rate|cost|minor/i);
  });

  it('with limit and teamOnly: the best rows of the team only, the plain list (8 or fewer)', async () => {
    const response = await recommend('admin', { rolesNeeded: [{ missionPlanId: w.roleId }], options: { teamOnly: true, limit: 2 } });
    expectStatus(response, 200);
    const [rec] = (response.json() as RecommendResponse).recommendations;
    // the team: the admin (owner), the project manager, Tim and Alice
    expect(rec!.candidates).toBe(4);
    expect(rec!.preAssigned.resources.map((row) => row.personId)).toEqual([w.alice.personId, expect.any(String)]);
    expect(rec!.preAssigned.resources.every((row) => row.onTeam)).toBe(true);
  });

  it('leaves out the person on the role and people with an overlapping role on the project (rule 77)', async () => {
    const filled = await w.role({
      personId: w.bob.personId,
      title: 'Filled',
      role: 'Tester',
      startDate: '2026-03-09',
      endDate: '2026-03-20',
    });
    const response = await recommend('admin', { rolesNeeded: [{ missionPlanId: w.roleId }, { missionPlanId: filled }] });
    const [open, taken] = (response.json() as RecommendResponse).recommendations;
    expect(open!.preAssigned.resources.some((row) => row.personId === w.bob.personId)).toBe(false);
    expect(taken!.preAssigned.resources.some((row) => row.personId === w.bob.personId)).toBe(false);
    expect(taken!.candidates).toBe(8);
  });

  it('needs the hours the planner books the role for: none on a public holiday, the role’s own hours', async () => {
    // Greek Independence Day, Wednesday 25 March 2026, falls in the role's week; the role keeps 2 h a day of its own
    await setOrg(t, w.orgId, { holidayCountryCode: 'GR' });
    const days = ['23', '24', '25', '26', '27'].map((d) => ({ date: `2026-03-${d}`, hours: 2 }));
    const part = await w.role({ title: 'Part-time', startDate: '2026-03-23', endDate: '2026-03-27', dailyHours: days });
    const response = await recommend('admin', { rolesNeeded: [{ missionPlanId: part }], options: { explain: true } });
    await setOrg(t, w.orgId, { holidayCountryCode: null });
    expectStatus(response, 200);
    const [rec] = (response.json() as RecommendResponse).recommendations;
    expect(rec!.neededHours).toBe(8);
    // Alice is free all week; Bob keeps 4 h a day free, more than the 2 h the role needs
    const rows = new Map(rec!.preAssigned.resources.map((row) => [row.personId, row]));
    for (const id of [w.alice.personId, w.bob.personId]) {
      expect(rows.get(id)!.explanation.availabilityRole).toEqual({ personAvailableDurationPercent: 100, freeHours: 8, neededHours: 8 });
      expect(rows.get(id)!.explanation.availabilityLeave).toMatchObject({ daysAway: 0, workingDays: 4 });
    }
    expect(rows.get(w.alice.personId)!.explanation.reasons).toContain("1 public holiday falls on the role's days.");
  });
});

describe('sessions: one person is not booked twice', () => {
  it('preassigned books the best person; a later overlapping role in that session leaves them out; deleting ends it', async () => {
    const second = await w.role({ title: 'Second developer' }, w.otherMissionId);
    const first = await recommend('manager', { rolesNeeded: [{ missionPlanId: w.roleId }] }, '/preassigned');
    expectStatus(first, 200);
    const { sessionId, recommendations } = first.json() as RecommendResponse;
    expect(recommendations[0]!.preAssigned.recommendedResource).toBe(w.alice.personId);
    const [saved] = await t.database.db.select().from(staffingSessions).where(eq(staffingSessions.id, sessionId));
    expect(saved!.bookings).toEqual([
      { missionPlanId: w.roleId, personId: w.alice.personId, ...{ startDate: '2026-03-02', endDate: '2026-03-13' } },
    ]);

    const next = await recommend('manager', { rolesNeeded: [{ missionPlanId: second }], options: { sessionId } });
    const rows = (next.json() as RecommendResponse).recommendations[0]!.preAssigned.resources;
    expect(rows.some((row) => row.personId === w.alice.personId)).toBe(false);
    expect((next.json() as RecommendResponse).sessionId).toBe(sessionId);

    // another caller cannot use or end it
    expectStatus(await recommend('admin', { rolesNeeded: [{ missionPlanId: second }], options: { sessionId } }), 404);
    const foreign = await t.request({ method: 'DELETE', url: `/api/ai/resource/recommend/session/${sessionId}`, token: tokenOf('admin') });
    expectStatus(foreign, 404);

    const ended = await t.request({ method: 'DELETE', url: `/api/ai/resource/recommend/session/${sessionId}`, token: tokenOf('manager') });
    expectStatus(ended, 200);
    expect(ended.json()).toEqual({ deleted: sessionId });
    const gone = await recommend('manager', { rolesNeeded: [{ missionPlanId: second }], options: { sessionId } });
    expectStatus(gone, 404);
    expect(errorOf(gone)).toMatchObject({
      code: 'staffing/session-not-found',
      fields: { 'options.sessionId': STAFFING_MESSAGES.sessionNotFound },
    });
  });

  it('preassigned over two overlapping roles picks two different people', async () => {
    const twin = await w.role({ title: 'Twin' }, w.otherMissionId);
    const response = await recommend('admin', { rolesNeeded: [{ missionPlanId: w.roleId }, { missionPlanId: twin }] }, '/preassigned');
    const [a, b] = (response.json() as RecommendResponse).recommendations;
    expect(a!.preAssigned.recommendedResource).toBe(w.alice.personId);
    expect(b!.preAssigned.recommendedResource).not.toBe(w.alice.personId);
    expect(b!.preAssigned.recommendedResource).toEqual(expect.any(String));
  });

  it('simple takes a list of roles and answers the picks', async () => {
    const response = await post('manager', recommendUrl('/preassigned/simple'), [{ missionPlanId: w.roleId }]);
    expectStatus(response, 200);
    expect((response.json() as RecommendResponse).recommendations[0]!.preAssigned.recommendedResource).toBe(w.alice.personId);
  });

  it('session/:sessionId books given roles, and they count in the next ranking', async () => {
    const started = (await recommend('manager', { rolesNeeded: [{ missionPlanId: w.roleId }] })).json() as RecommendResponse;
    const booked = await post('manager', recommendUrl(`/session/${started.sessionId}`), {
      assignedRoles: [{ missionPlanId: w.roleId, personId: w.carol.personId }],
    });
    expectStatus(booked, 200);
    expect((booked.json() as StaffingSession).assignedRoles).toEqual([
      { missionPlanId: w.roleId, personId: w.carol.personId, startDate: '2026-03-02', endDate: '2026-03-13' },
    ]);
    const twin = await w.role({ title: 'Overlap' }, w.otherMissionId);
    const next = await recommend('manager', { rolesNeeded: [{ missionPlanId: twin }], options: { sessionId: started.sessionId } });
    expect(
      (next.json() as RecommendResponse).recommendations[0]!.preAssigned.resources.some((row) => row.personId === w.carol.personId),
    ).toBe(false);
  });
});

describe('a role booked twice in one call', () => {
  it('keeps the later booking only, as a later call would', async () => {
    const started = (await recommend('manager', { rolesNeeded: [{ missionPlanId: w.roleId }] })).json() as RecommendResponse;
    const booked = await post('manager', recommendUrl(`/session/${started.sessionId}`), {
      assignedRoles: [
        { missionPlanId: w.roleId, personId: w.carol.personId },
        { missionPlanId: w.roleId, personId: w.bob.personId },
      ],
    });
    expectStatus(booked, 200);
    expect((booked.json() as StaffingSession).assignedRoles).toEqual([
      { missionPlanId: w.roleId, personId: w.bob.personId, startDate: '2026-03-02', endDate: '2026-03-13' },
    ]);
    // Carol was not booked: another role on those days may still have her
    const twin = await w.role({ title: 'Overlap twin' }, w.otherMissionId);
    const next = await recommend('manager', { rolesNeeded: [{ missionPlanId: twin }], options: { sessionId: started.sessionId } });
    const people = (next.json() as RecommendResponse).recommendations[0]!.preAssigned.resources.map((row) => row.personId);
    expect(people).toContain(w.carol.personId);
    expect(people).not.toContain(w.bob.personId);
  });
});

describe('who may ask (every route, every level)', () => {
  const body = () => ({ rolesNeeded: [{ missionPlanId: w.roleId }] });
  it.each<[Caller | 'anonymous' | 'apiKey', number]>([
    ['admin', 200],
    ['manager', 200],
    ['pm', 200],
    ['limitedManager', 404],
    ['member', 404],
    ['teamMember', 403],
    ['observerOrg', 403],
    ['observerOrgLimited', 403],
    ['outsider', 404],
    ['otherOrgAdmin', 404],
    ['apiKey', 403],
    ['anonymous', 401],
  ])('recommend, preassigned and simple: %s → %s', async (caller, status) => {
    for (const [path, payload] of [
      ['', body()],
      ['/preassigned', body()],
      ['/preassigned/simple', body().rolesNeeded],
    ] as const) {
      const response =
        caller === 'anonymous'
          ? await post(null, recommendUrl(path), payload)
          : caller === 'apiKey'
            ? await post(null, recommendUrl(path), payload, { authorization: `Bearer ${w.apiKey}` })
            : await post(caller, recommendUrl(path), payload);
      expectStatus(response, status);
    }
  });

  it.each<[Caller, number]>([
    ['admin', 200],
    ['manager', 200],
    ['pm', 200],
    ['teamMember', 403],
    ['member', 404],
    ['observerOrg', 404],
    ['outsider', 404],
    ['otherOrgAdmin', 404],
  ])('what-if and weekly-plot: %s → %s', async (caller, status) => {
    expectStatus(await post(caller, '/api/ai/what-if', { missionId: w.missionId }), status);
    expectStatus(await post(caller, '/api/ai/weekly-plot', { missionId: w.missionId }), status);
  });

  it('session routes: anonymous 401; an observer is refused at the gate', async () => {
    const sessionId = '0123456789abcdef01234567';
    expectStatus(await t.request({ method: 'DELETE', url: `/api/ai/resource/recommend/session/${sessionId}` }), 401);
    expectStatus(await post(null, recommendUrl(`/session/${sessionId}`), { assignedRoles: [] }), 401);
    expectStatus(await post('observerOrg', recommendUrl(`/session/${sessionId}`), { assignedRoles: [] }), 403);
    expectStatus(await post(null, '/api/ai/what-if', { missionId: w.missionId }), 401);
  });
});

describe('bad input: a clear 4xx naming the field, nothing written', () => {
  it.each<[string, () => unknown, number, string]>([
    ['no rolesNeeded', () => ({}), 400, 'rolesNeeded'],
    ['an empty rolesNeeded', () => ({ rolesNeeded: [] }), 400, 'rolesNeeded'],
    ['a malformed role id', () => ({ rolesNeeded: [{ missionPlanId: 'nope' }] }), 400, 'rolesNeeded.0.missionPlanId'],
    ['an unknown field', () => ({ rolesNeeded: [{ missionPlanId: w.roleId }], surprise: 1 }), 400, ''],
    ['an unknown role', () => ({ rolesNeeded: [{ missionPlanId: '0123456789abcdef01234567' }] }), 404, 'rolesNeeded.0.missionPlanId'],
    ['a limit over 500', () => ({ rolesNeeded: [{ missionPlanId: w.roleId }], options: { limit: 501 } }), 400, 'options.limit'],
    [
      'an unknown person in assignedRoles',
      () => ({
        rolesNeeded: [{ missionPlanId: w.roleId }],
        assignedRoles: [{ missionPlanId: w.roleId, personId: '0123456789abcdef01234567' }],
      }),
      404,
      'assignedRoles.0.personId',
    ],
    [
      'a session that never was',
      () => ({ rolesNeeded: [{ missionPlanId: w.roleId }], options: { sessionId: '0123456789abcdef01234567' } }),
      404,
      'options.sessionId',
    ],
  ])('%s → %s', async (_label, payload, status, field) => {
    const before = await sessions();
    const response = await recommend('admin', payload() as Record<string, unknown>);
    expectStatus(response, status);
    const error = errorOf(response);
    expect(error.message).toEqual(expect.any(String));
    if (field) expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(await sessions()).toBe(before);
  });

  it('another organisation’s role is not there (404), a cost item is no role (400), a role without dates 422', async () => {
    const other = await createOrg(t, w.people.otherOrgAdmin.token);
    const foreignMission = await insertMission(t, w.people.otherOrgAdmin, { orgId: other._id });
    const foreign = await w.role({}, foreignMission.id);
    const cost = await w.role({ type: 'cost', title: 'Licences' });
    const undated = await w.role({ startDate: null, endDate: null });
    const before = await sessions();
    for (const [id, status, code] of [
      [foreign, 404, 'staffing/role-not-found'],
      [cost, 400, 'staffing/not-a-role'],
      [undated, 422, 'staffing/role-without-dates'],
    ] as const) {
      const response = await recommend('admin', { rolesNeeded: [{ missionPlanId: w.roleId }, { missionPlanId: id }] });
      expectStatus(response, status);
      expect(errorOf(response)).toMatchObject({ code, fields: { 'rolesNeeded.1.missionPlanId': expect.any(String) } });
    }
    expect(await sessions()).toBe(before);
  });

  it('what-if and weekly-plot refuse what they cannot judge', async () => {
    const cases: [string, Record<string, unknown>, number, string][] = [
      ['/api/ai/what-if', {}, 400, 'missionId'],
      ['/api/ai/what-if', { missionId: '0123456789abcdef01234567' }, 404, 'missionId'],
      ['/api/ai/what-if', { missionId: w.missionId, shiftDays: 1.5 }, 400, 'shiftDays'],
      ['/api/ai/what-if', { missionId: w.missionId, shiftDays: 3, startDate: '2026-03-09' }, 400, 'startDate'],
      [
        '/api/ai/what-if',
        { missionId: w.missionId, reassign: [{ missionPlanId: '0123456789abcdef01234567', personId: null }] },
        404,
        'reassign.0.missionPlanId',
      ],
      [
        '/api/ai/what-if',
        { missionId: w.missionId, reassign: [{ missionPlanId: w.roleId, personId: w.people.otherOrgAdmin.personId }] },
        404,
        'reassign.0.personId',
      ],
      ['/api/ai/weekly-plot', { missionId: w.missionId, from: '2026-02-30' }, 400, 'from'],
      ['/api/ai/weekly-plot', { missionId: w.missionId, from: '2026-03-10', to: '2026-03-01' }, 400, 'to'],
    ];
    for (const [url, payload, status, field] of cases) {
      const response = await post('admin', url, payload);
      expectStatus(response, status);
      expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    const personal = await insertMission(t, w.people.admin, { orgId: null });
    const response = await post('admin', '/api/ai/what-if', { missionId: personal.id });
    expectStatus(response, 422);
  });
});

describe('spans the ledger cannot be read over', () => {
  it('what-if refuses a move of more than 366 days, or past the calendar, naming the field (no 500)', async () => {
    const late = await insertMission(t, w.people.admin, { orgId: w.orgId, planStartDate: '2999-03-01', planEndDate: '2999-11-30' });
    const cases: [Record<string, unknown>, string][] = [
      [{ missionId: w.missionId, startDate: '2999-12-31' }, 'startDate'],
      [{ missionId: w.missionId, startDate: '1900-01-01' }, 'startDate'],
      [{ missionId: w.missionId, startDate: '2027-03-29' }, 'startDate'],
      [{ missionId: late.id }, 'shiftDays'],
      [{ missionId: late.id, shiftDays: 30 }, 'shiftDays'],
    ];
    for (const [payload, field] of cases) {
      const response = await post('admin', '/api/ai/what-if', payload);
      expectStatus(response, 400);
      expect(errorOf(response)).toMatchObject({
        code: 'validation',
        message: STAFFING_MESSAGES.shiftTooFar,
        fields: { [field]: STAFFING_MESSAGES.shiftTooFar },
      });
    }
    // a year back is the most it moves
    expectStatus(await post('admin', '/api/ai/what-if', { missionId: w.missionId, startDate: '2025-03-01' }), 200);
  });

  it('what-if refuses a project spanning more than three years, at once', async () => {
    const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, planStartDate: '2026-01-05', planEndDate: '2026-12-31' });
    await w.role({ personId: w.alice.personId, startDate: '1950-01-02', endDate: '2800-12-29' }, mission.id);
    const started = Date.now();
    const response = await post('admin', '/api/ai/what-if', { missionId: mission.id });
    expectStatus(response, 400);
    expect(errorOf(response)).toMatchObject({ code: 'validation', fields: { missionId: STAFFING_MESSAGES.missionTooLong } });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('recommend refuses roles spanning more than three years at once, naming the role, at once', async () => {
    const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, planStartDate: '1900-01-01', planEndDate: '2999-12-31' });
    const endless = await w.role({ startDate: '1900-01-01', endDate: '2999-12-31' }, mission.id);
    const late = await w.role({ startDate: '2030-03-04', endDate: '2030-03-08' }, mission.id);
    const before = await sessions();
    for (const rolesNeeded of [[{ missionPlanId: endless }], [{ missionPlanId: w.roleId }, { missionPlanId: late }]]) {
      const started = Date.now();
      const response = await recommend('admin', { rolesNeeded });
      expectStatus(response, 400);
      expect(errorOf(response)).toMatchObject({
        code: 'validation',
        message: STAFFING_MESSAGES.rolesTooLong,
        fields: { [`rolesNeeded.${rolesNeeded.length - 1}.missionPlanId`]: STAFFING_MESSAGES.rolesTooLong },
      });
      expect(Date.now() - started).toBeLessThan(5_000);
    }
    expect(await sessions()).toBe(before);
  });
});

describe('POST /api/ai/what-if and /api/ai/weekly-plot', () => {
  it('handing the role to Bob shows his load rising past his capacity; moving two weeks moves the finish', async () => {
    const moved = await post('pm', '/api/ai/what-if', { missionId: w.missionId, shiftDays: 14 });
    expectStatus(moved, 200);
    const shift = moved.json() as WhatIfResponse;
    expect(shift).toMatchObject({ missionId: w.missionId, shiftDays: 14, window: { from: '2026-03-02', to: '2026-04-10' } });
    expect(shift.finish.planned).toBe('2026-03-27');

    const handed = await post('pm', '/api/ai/what-if', {
      missionId: w.missionId,
      reassign: [{ missionPlanId: w.roleId, personId: w.bob.personId }],
    });
    expectStatus(handed, 200);
    const body = handed.json() as WhatIfResponse;
    const bob = body.people.find((person) => person.personId === w.bob.personId)!;
    expect(bob.name).toBe('Bob Busy');
    expect(bob.after.missionHours).toBeGreaterThan(bob.before.missionHours);
    expect(bob.after.loadPercent).toBeGreaterThan(bob.before.loadPercent);
    expect(bob.after.overbookedDays).toBeGreaterThan(0);
    // Bob has 4 h a day free for an 8 h role: the role ends later than planned
    expect(body.finish.after! > '2026-03-13').toBe(true);

    const startDate = await post('pm', '/api/ai/what-if', { missionId: w.missionId, startDate: '2026-03-09' });
    expect((startDate.json() as WhatIfResponse).shiftDays).toBe(7);
  });

  it('reads the days of a role that starts before the plan: a free person finishes it on its end date', async () => {
    const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, planStartDate: '2026-03-02', planEndDate: '2026-03-27' });
    const early = await insertMember(t, w.orgId, 'MEMBER');
    await addToMission(t, mission.id, early, 0);
    // two weeks at 100 %, the first before the plan starts; nothing else is booked on them
    await w.role({ personId: early.personId, startDate: '2026-02-23', endDate: '2026-03-06' }, mission.id);
    const response = await post('admin', '/api/ai/what-if', { missionId: mission.id });
    expectStatus(response, 200);
    expect((response.json() as WhatIfResponse).finish).toEqual({ planned: '2026-03-27', before: '2026-03-06', after: '2026-03-06' });
  });

  it('counts a role’s hours as the ledger books them: its own hours, none on a public holiday; no change, no change in load', async () => {
    // Greek Independence Day, Wednesday 25 March 2026, falls in the role's week; the role keeps 2 h a day of its own
    await setOrg(t, w.orgId, { holidayCountryCode: 'GR' });
    const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, planStartDate: '2026-03-23', planEndDate: '2026-03-27' });
    const part = await insertMember(t, w.orgId, 'MEMBER');
    await addToMission(t, mission.id, part, 0);
    const days = ['23', '24', '25', '26', '27'].map((d) => ({ date: `2026-03-${d}`, hours: 2 }));
    await w.role({ personId: part.personId, startDate: '2026-03-23', endDate: '2026-03-27', dailyHours: days }, mission.id);
    const response = await post('admin', '/api/ai/what-if', { missionId: mission.id });
    expectStatus(response, 200);
    const [load] = (response.json() as WhatIfResponse).people;
    const same = { bookedHours: 8, missionHours: 8, loadPercent: 25, overbookedDays: 0 };
    expect(load).toMatchObject({ personId: part.personId, capacityHours: 32, before: same, after: same });
    const plot = await post('admin', '/api/ai/weekly-plot', { missionId: mission.id });
    expect((plot.json() as WeeklyPlot).weeks).toEqual([{ weekStart: '2026-03-23', plannedHours: 8, availableHours: 32, leaveHours: 0 }]);
    await setOrg(t, w.orgId, { holidayCountryCode: null });
  });

  it('counts a finished project’s roles only up to the day before it stopped, as the planner books them', async () => {
    // completed on Monday 9 March: its role books the week of 2 March only, and a what-if that changes nothing changes nothing
    const mission = await insertMission(t, w.people.admin, {
      orgId: w.orgId,
      planStartDate: '2026-03-02',
      planEndDate: '2026-03-13',
      projectStatus: 'completed',
      missionStop: new Date('2026-03-09T10:00:00Z'),
    });
    const done = await insertMember(t, w.orgId, 'MEMBER');
    await addToMission(t, mission.id, done, 0);
    await w.role({ personId: done.personId }, mission.id);
    const response = await post('admin', '/api/ai/what-if', { missionId: mission.id });
    expectStatus(response, 200);
    const [load] = (response.json() as WhatIfResponse).people;
    const same = { bookedHours: 40, missionHours: 40, loadPercent: 50, overbookedDays: 0 };
    expect(load).toMatchObject({ personId: done.personId, capacityHours: 80, before: same, after: same });
    const plot = await post('admin', '/api/ai/weekly-plot', { missionId: mission.id });
    expect((plot.json() as WeeklyPlot).weeks.map((week) => week.plannedHours)).toEqual([40, 0]);
  });

  it('takes a person on a whole day of approved leave off the role that day, as the planner does', async () => {
    const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, planStartDate: '2026-03-02', planEndDate: '2026-03-06' });
    const away = await insertMember(t, w.orgId, 'MEMBER');
    await addToMission(t, mission.id, away, 0);
    await w.role({ personId: away.personId, startDate: '2026-03-02', endDate: '2026-03-06' }, mission.id);
    // Wednesday off (a whole day) and half of Thursday: the role books 4 days, against 28 h of capacity
    await t.database.db.insert(leaveRequests).values({
      orgId: w.orgId,
      personId: away.personId,
      codeId: 'annual',
      status: 'approved',
      dates: [{ from: '2026-03-04', to: '2026-03-05' }],
      days: [
        { date: '2026-03-04', hours: 8 },
        { date: '2026-03-05', hours: 4 },
      ],
      totalHours: 12,
      startDate: '2026-03-04',
      endDate: '2026-03-05',
      createdBy: away.personId,
    });
    const response = await post('admin', '/api/ai/what-if', { missionId: mission.id });
    expectStatus(response, 200);
    const [load] = (response.json() as WhatIfResponse).people;
    const same = { bookedHours: 32, missionHours: 32, loadPercent: 114.3, overbookedDays: 1 };
    expect(load).toMatchObject({ personId: away.personId, capacityHours: 28, before: same, after: same });
    const plot = await post('admin', '/api/ai/weekly-plot', { missionId: mission.id });
    expect((plot.json() as WeeklyPlot).weeks).toEqual([{ weekStart: '2026-03-02', plannedHours: 32, availableHours: 28, leaveHours: 12 }]);
  });

  it('weekly plot: planned and available hours per week for a chart', async () => {
    const mission = await insertMission(t, w.people.admin, { orgId: w.orgId, planStartDate: '2026-03-02', planEndDate: '2026-03-15' });
    const solo = await insertMember(t, w.orgId, 'MEMBER');
    await addToMission(t, mission.id, solo, 0);
    await w.role({ personId: solo.personId, allocation: 50 }, mission.id);
    const response = await post('admin', '/api/ai/weekly-plot', { missionId: mission.id });
    expectStatus(response, 200);
    expect(response.json() as WeeklyPlot).toEqual({
      missionId: mission.id,
      from: '2026-03-02',
      to: '2026-03-15',
      weeks: [
        { weekStart: '2026-03-02', plannedHours: 20, availableHours: 40, leaveHours: 0 },
        { weekStart: '2026-03-09', plannedHours: 20, availableHours: 40, leaveHours: 0 },
      ],
    });
  });
});
