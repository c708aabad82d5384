import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveBadges, LeaveRequestView, OrgLeaveList } from '@crewplan/domain';
import { leaveAttachments, leaveRequests, notifications, orgPeople, orgs } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus, multipart, PNG_1X1 } from './support/org.ts';

/**
 * Edges of leave requests: the year's end for the badge (rule 230), notifications asked off at submission, half days
 * (two on one day; kept when the dates change), hours to the hundredth and requests of at most a year.
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
// a Tuesday: the badge's window is 30 December 2025 to 1 January 2026
const clock = createTestClock('2025-12-30T09:00:00Z');

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const leaveOf = (response: { json: () => unknown }) => response.json() as LeaveRequestView;
const create = (caller: Caller, payload: Record<string, unknown>, submit = true, query = '') =>
  t.request({
    method: 'POST',
    url: `/api/people-leave/create/${submit ? 'submit/' : ''}${world.orgId}${query}`,
    token: token(caller),
    payload,
  });
const update = (caller: Caller, id: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: `/api/people-leave/action/update/${id}`, token: token(caller), payload });
const requestsOf = (caller: Caller) =>
  t.database.db
    .select()
    .from(leaveRequests)
    .where(eq(leaveRequests.personId, person(caller)));
/** A code taken in whole or half days, with no entitlement to spend. */
const half = (from: string, to: string, hours: { date: string; hours: number }[] = []) => ({
  reason: 'half',
  dates: [{ from, to }],
  hours,
});

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, holidayCountryCode: null, daysPerWeek: 5 });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, world.orgId));
  const [org] = await t.database.db.select({ leaveCodes: orgs.leaveCodes }).from(orgs).where(eq(orgs.id, world.orgId));
  const training = org!.leaveCodes.find((code) => code.id === 'training')!;
  await setOrg(t, world.orgId, {
    leaveCodes: [
      ...org!.leaveCodes,
      { ...training, id: 'half', code: 'HD', description: 'Half days', allowHalfDays: true },
      // measured in hours (rule 214: 6 is not a multiple of 4)
      { ...training, id: 'school', code: 'SM', description: 'School monitoring', minHours: 1, maxHours: 6 },
    ],
  });
  await world.mission({ title: 'Harbour bridge', planStartDate: '2025-01-01', planEndDate: '2026-12-31' });
});
afterAll(async () => t.close());

describe('the Leaves badge at the end of a year (rule 230)', () => {
  it("the organisation tab counts a request starting on 1 January on 30 December, as the badge does, in every year's view", async () => {
    expectStatus(await create('p0', { reason: 'training', dates: [{ from: '2026-01-01', to: '2026-01-01' }] }), 201);
    const badges = (await t.request({ method: 'GET', url: '/api/people-leave/badge', token: token('orgAdmin') })).json() as LeaveBadges;
    expect(badges.orgs).toEqual([{ _id: world.orgId, badge: 1 }]);
    for (const query of ['', '?year=2025', '?year=2026', '?year=2024']) {
      const response = await t.request({
        method: 'GET',
        url: `/api/people-leave/list/org/${world.orgId}${query}`,
        token: token('orgAdmin'),
      });
      expectStatus(response, 200);
      expect((response.json() as OrgLeaveList).badge).toBe(1);
    }
    const member = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${world.orgId}`, token: token('p3') });
    expect((member.json() as OrgLeaveList).badge).toBe(0);
  });
});

describe('create and submit with notify=false', () => {
  it('tells no reviewer of the new request, as the other status calls do', async () => {
    const quiet = await create('p0', { reason: 'training', dates: [{ from: '2026-02-02', to: '2026-02-02' }] }, true, '?notify=false');
    expectStatus(quiet, 201);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.personId, person('p1pm')), sql`${notifications.data}->>'leaveId' = ${leaveOf(quiet)._id}`));
    expect(told).toEqual([]);
    const loud = await create('p0', { reason: 'training', dates: [{ from: '2026-02-03', to: '2026-02-03' }] });
    const toldLoud = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.personId, person('p1pm')), sql`${notifications.data}->>'leaveId' = ${leaveOf(loud)._id}`));
    expect(toldLoud.length).toBe(1);
  });

  it('cancelling a draft tells nobody: no reviewer ever saw it', async () => {
    const draft = await create('p3', { reason: 'training', dates: [{ from: '2026-02-09', to: '2026-02-09' }] }, false);
    expectStatus(draft, 201);
    const id = leaveOf(draft)._id;
    expectStatus(
      await t.request({ method: 'PUT', url: '/api/people-leave/action/cancel', token: token('p3'), payload: { leaveIds: [id] } }),
      200,
    );
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(sql`${notifications.data}->>'leaveId' = ${id}`);
    expect(told).toEqual([]);
  });
});

describe('half days', () => {
  it('a morning and an afternoon of one day are two requests; a third half of that day overlaps', async () => {
    const day = [{ date: '2026-03-09', hours: 4 }];
    expectStatus(await create('p4', half('2026-03-09', '2026-03-09', day)), 201);
    expectStatus(await create('p4', { reason: 'training', dates: [{ from: '2026-03-09', to: '2026-03-09' }], hours: day }, true), 400);
    expectStatus(await create('p4', half('2026-03-09', '2026-03-09', day)), 201);
    const third = await create('p4', half('2026-03-09', '2026-03-09', day));
    expectStatus(third, 409);
    expect(errorOf(third).code).toBe('leave/overlap');
    const whole = await create('p4', half('2026-03-06', '2026-03-09'));
    expectStatus(whole, 409);
    expect((await requestsOf('p4')).length).toBe(2);
  });

  it('changing the dates keeps the half days of the days still asked for', async () => {
    const draft = await create('p2', half('2026-03-02', '2026-03-04', [{ date: '2026-03-04', hours: 4 }]), false);
    expectStatus(draft, 201);
    expect(leaveOf(draft).totalHours).toBe(20);
    const longer = await update('p2', leaveOf(draft)._id, { dates: [{ from: '2026-03-02', to: '2026-03-05' }] });
    expectStatus(longer, 200);
    expect(leaveOf(longer)).toMatchObject({ totalHours: 28, hours: expect.arrayContaining([{ date: '2026-03-04', hours: 4 }]) });
    const shorter = await update('p2', leaveOf(draft)._id, { dates: [{ from: '2026-03-02', to: '2026-03-03' }] });
    expectStatus(shorter, 200);
    expect(leaveOf(shorter)).toMatchObject({
      totalHours: 16,
      hours: [
        { date: '2026-03-02', hours: 8 },
        { date: '2026-03-03', hours: 8 },
      ],
    });
  });
});

describe('odd input', () => {
  it('hours are given to the hundredth: a request of a thousandth of an hour is refused, not counted as 0 hours', async () => {
    const school = (hours: number) => ({
      reason: 'school',
      dates: [{ from: '2026-03-10', to: '2026-03-10' }],
      hours: [{ date: '2026-03-10', hours }],
    });
    const tiny = await create('p5', { ...school(1), hours: [{ date: '2026-03-10', hours: 0.001 }], reason: 'training' });
    expectStatus(tiny, 400);
    expect(errorOf(tiny).message).toBe('Give hours to the hundredth at most.');
    expectStatus(await create('p5', school(0.001)), 400);
    expectStatus(await create('p5', school(1.004)), 400);
    expect(await requestsOf('p5')).toEqual([]);
    const quarter = await create('p5', school(1.25));
    expectStatus(quarter, 201);
    expect(leaveOf(quarter).totalHours).toBe(1.25);
  });

  it('a request spans at most a year: a thousand years is refused at once, nothing written', async () => {
    const started = Date.now();
    const forever = await create('orgObserver', { reason: 'training', dates: [{ from: '1900-01-01', to: '2999-12-31' }] }, false);
    expectStatus(forever, 400);
    expect(errorOf(forever)).toMatchObject({
      message: 'A leave request spans at most a year: split longer leave into several requests.',
      fields: { dates: 'A leave request spans at most a year: split longer leave into several requests' },
    });
    expect(Date.now() - started).toBeLessThan(2000);
    const apart = await create(
      'orgObserver',
      {
        reason: 'training',
        dates: [
          { from: '2026-01-05', to: '2026-01-05' },
          { from: '2027-06-07', to: '2027-06-07' },
        ],
      },
      false,
    );
    expectStatus(apart, 400);
    const year = await create('orgObserver', { reason: 'training', dates: [{ from: '2026-01-01', to: '2026-12-31' }] }, false);
    expectStatus(year, 201);
    const longer = await update('orgObserver', leaveOf(year)._id, { dates: [{ from: '2026-01-01', to: '2027-01-02' }] });
    expectStatus(longer, 400);
    expect((await requestsOf('orgObserver')).map((row) => row.endDate)).toEqual(['2026-12-31']);
  });
});

describe('a deleted request', () => {
  it("takes its attachments along, the stored bytes too (a doctor's note is not kept)", async () => {
    const leave = leaveOf(await create('p3', { reason: 'training', dates: [{ from: '2026-02-16', to: '2026-02-16' }] }, false));
    const upload = await t.request({
      method: 'POST',
      url: `/api/people-leave/attachment/leave/${leave._id}`,
      token: token('p3'),
      ...multipart('file', 'note.png', 'image/png', PNG_1X1),
    });
    expectStatus(upload, 201);
    const folder = join(t.app.ctx.config.dataDir, 'files', 'leave', leave._id);
    expect(readdirSync(folder)).toHaveLength(1);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/people-leave/action/delete/${leave._id}`, token: token('p3') }), 200);
    expect(await t.database.db.select().from(leaveAttachments).where(eq(leaveAttachments.leaveId, leave._id))).toEqual([]);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});

const setMember = (caller: Caller, values: Partial<typeof orgPeople.$inferInsert>) =>
  t.database.db
    .update(orgPeople)
    .set(values)
    .where(and(eq(orgPeople.orgId, world.orgId), eq(orgPeople.personId, person(caller))));
const act = (caller: Caller, path: string, id: string) =>
  t.request({ method: 'PUT', url: `/api/people-leave/action/${path}`, token: token(caller), payload: { leaveIds: [id] } });

describe('leave the organisation approved for somebody else', () => {
  it('is cancelled by its person or a leave approver, not by whoever asked for it once they no longer approve', async () => {
    await setMember('orgManager', { canApproveLeaves: true });
    const asked = await create('orgManager', {
      person: person('p1'),
      reason: 'training',
      dates: [{ from: '2026-04-13', to: '2026-04-13' }],
    });
    expectStatus(asked, 201);
    const id = leaveOf(asked)._id;
    expectStatus(await act('orgAdmin', 'approve', id), 200);
    expectStatus(await act('orgAdmin', 'approve/final', id), 200);
    await setMember('orgManager', { canApproveLeaves: false });
    expectStatus(await act('orgManager', 'cancel', id), 403);
    expect((await requestsOf('p1')).find((row) => row.id === id)!.status).toBe('approved');
    expectStatus(await act('p1', 'cancel', id), 200);
  });
});

describe('a person who has left the organisation', () => {
  it('no longer acts on the requests they made there, for themselves or for others', async () => {
    await setMember('orgMember', { canApproveLeaves: true });
    const forOther = await create('orgMember', {
      person: person('p0'),
      reason: 'training',
      dates: [{ from: '2026-04-06', to: '2026-04-06' }],
    });
    expectStatus(forOther, 201);
    const own = await create('orgMember', { reason: 'training', dates: [{ from: '2026-04-07', to: '2026-04-07' }] }, false);
    expectStatus(own, 201);
    await setMember('orgMember', { canApproveLeaves: false, endDate: '2020-01-01' });
    try {
      for (const id of [leaveOf(forOther)._id, leaveOf(own)._id]) {
        expectStatus(await act('orgMember', 'cancel', id), 404);
        expectStatus(await update('orgMember', id, { comment: 'still mine?' }), 404);
      }
      const stored = await t.database.db
        .select()
        .from(leaveRequests)
        .where(eq(leaveRequests.createdBy, person('orgMember')));
      expect(stored.map((row) => [row.status, row.comment]).sort()).toEqual([
        ['draft', ''],
        ['pending_approval', ''],
      ]);
    } finally {
      await setMember('orgMember', { endDate: null });
    }
  });
  it('as a project manager still on the team, no longer approves or hears of its requests (rule 212)', async () => {
    await setMember('p1pm', { endDate: '2020-01-01' });
    try {
      const asked = await create('p0', { reason: 'training', dates: [{ from: '2026-04-09', to: '2026-04-09' }] });
      expectStatus(asked, 201);
      const id = leaveOf(asked)._id;
      expectStatus(await act('p1pm', 'approve', id), 404);
      expect((await requestsOf('p0')).find((row) => row.id === id)!.status).toBe('pending_approval');
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.personId, person('p1pm')), sql`${notifications.data}->>'leaveId' = ${id}`));
      expect(told).toEqual([]);
      // the mission's owner, still in the organisation, decides it
      expectStatus(await act('p2', 'approve', id), 200);
    } finally {
      await setMember('p1pm', { endDate: null });
    }
  });
});
