import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FLOATING_MESSAGES, type LeaveRequestView, type MyLeave, type OrgLeaveList } from '@crewplan/domain';
import { actionItems, actions, leaveRequests, notifications, orgPeople, orgs } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { createOrg, errorOf, expectStatus, multipart, PNG_1X1 } from './support/org.ts';

type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
let missionId: string;
const clock = createTestClock('2025-04-01T09:00:00Z');

const token = (caller: Caller) => world.people[caller].token;
const person = (caller: Caller) => world.people[caller].personId;
const leaveOf = (response: { json: () => unknown }) => response.json() as LeaveRequestView;

const create = (caller: Caller, payload: Record<string, unknown>, submit = true, orgId = world.orgId) =>
  t.request({ method: 'POST', url: `/api/people-leave/create/${submit ? 'submit/' : ''}${orgId}`, token: token(caller), payload });
const act = (caller: Caller, path: string, leaveIds: string[], payload: Record<string, unknown> = {}) =>
  t.request({ method: 'PUT', url: `/api/people-leave/action/${path}`, token: token(caller), payload: { leaveIds, payload } });
const mine = async (caller: Caller) => {
  const response = await t.request({ method: 'GET', url: '/api/people-leave/list/user?year=2025', token: token(caller) });
  expectStatus(response, 200);
  return response.json() as MyLeave;
};
const balanceOf = async (caller: Caller, codeId = 'annual') =>
  (await mine(caller)).orgs.find((org) => org._id === world.orgId)!.balances.find((b) => b.codeId === codeId)!;
const notificationsOf = (caller: Caller) =>
  t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.personId, person(caller)));

/** Three days over Good Friday 2025 (a Greek public holiday): Wednesday to Friday, two days counted. */
const EASTER = { reason: 'annual', dates: [{ from: '2025-04-16', to: '2025-04-18' }] };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, holidayCountryCode: 'GR', daysPerWeek: 5 });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, world.orgId));
  missionId = await world.mission({ title: 'Harbour bridge', planStartDate: '2025-01-01', planEndDate: '2025-12-31' });
  const [action] = await t.database.db.insert(actions).values({ missionId, title: 'Design' }).returning();
  await t.database.db.insert(actionItems).values([
    { missionId, actionId: action!.id, title: 'Pour the piers', people: [person('p0')], dueDate: '2025-04-17' },
    { missionId, actionId: action!.id, title: 'Later work', people: [person('p0')], dueDate: '2025-05-20' },
  ]);
});
afterAll(async () => t.close());

describe('requesting leave', () => {
  it('counts working days only: three days over a Greek public holiday are two (rule 213); pending shows in the balance', async () => {
    const before = await balanceOf('p0');
    expect(before).toMatchObject({ entitled: 22, taken: 0, pending: 0, remaining: 22 });
    const response = await create('p0', EASTER);
    expectStatus(response, 201);
    const leave = leaveOf(response);
    expect(leave).toMatchObject({
      status: 'pending_approval',
      reason: 'annual',
      code: { id: 'annual', description: 'Annual leave', measuredInHours: false },
      hours: [
        { date: '2025-04-16', hours: 8 },
        { date: '2025-04-17', hours: 8 },
      ],
      totalHours: 16,
      startDate: '2025-04-16',
      endDate: '2025-04-17',
      createdBy: person('p0'),
    });
    expect(await balanceOf('p0')).toMatchObject({ entitled: 22, pending: 2, taken: 0, remaining: 20 });
    const org = (await mine('p0')).orgs.find((entry) => entry._id === world.orgId)!;
    expect(org.holidays).toContainEqual(expect.objectContaining({ date: '2025-04-18' }));
    await t.database.db.delete(leaveRequests).where(eq(leaveRequests.id, leave._id));
  });

  it("lists the public holidays of the year before and after the balances' year: the form skips them in half days asked across New Year", async () => {
    const dates = (await mine('p0')).orgs.find((entry) => entry._id === world.orgId)!.holidays.map((holiday) => holiday.date);
    expect(dates).toEqual(expect.arrayContaining(['2024-12-25', '2025-04-18', '2026-01-01']));
    // half days of the last week of 2024, holidays left out as the form leaves them out of the list: accepted
    const days = ['2024-12-23', '2024-12-24', '2024-12-25', '2024-12-26', '2024-12-27'].filter((day) => !dates.includes(day));
    const response = await create('p5', {
      reason: 'annual',
      dates: [{ from: '2024-12-23', to: '2024-12-27' }],
      hours: days.map((date) => ({ date, hours: 4 })),
    });
    expectStatus(response, 201);
    expect(leaveOf(response).totalHours).toBe(12);
    await t.database.db.delete(leaveRequests).where(eq(leaveRequests.id, leaveOf(response)._id));
  });

  it('refuses bad input with a clear 4xx and writes nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ reason: 'annual', dates: [{ from: '2025-05-09', to: '2025-05-05' }] }, 400, 'dates'],
      [{ reason: 'nope', dates: [{ from: '2025-05-05', to: '2025-05-05' }] }, 400, 'reason'],
      [{ reason: 'annual', dates: [{ from: '2025-05-03', to: '2025-05-04' }] }, 400, 'dates'],
      [{ reason: 'training', dates: [{ from: '2025-05-05', to: '2025-05-05' }], hours: [{ date: '2025-05-05', hours: 4 }] }, 400, 'hours'],
      [{ reason: 'annual', dates: [{ from: '2025-05-05', to: '2025-05-05' }], hours: [{ date: '2025-05-05', hours: 3 }] }, 400, 'hours'],
      [{ reason: 'annual', dates: [{ from: '2025-01-01', to: '2025-12-31' }] }, 422, 'dates'],
      [{ reason: 'annual', dates: [{ from: '2025-05-05', to: '2025-05-05' }], extra: 1 }, 400, ''],
    ];
    for (const [payload, status, field] of cases) {
      const response = await create('p1', payload);
      expectStatus(response, status);
      if (field) expect(Object.keys(errorOf(response).fields ?? {})).toContain(field);
    }
    expect(
      await t.database.db
        .select()
        .from(leaveRequests)
        .where(eq(leaveRequests.personId, person('p1'))),
    ).toEqual([]);
  });

  it('refuses overlapping requests, and more hours than the code allows', async () => {
    expectStatus(await create('p1', { reason: 'annual', dates: [{ from: '2025-06-02', to: '2025-06-04' }] }), 201);
    const overlap = await create('p1', { reason: 'training', dates: [{ from: '2025-06-04', to: '2025-06-05' }] });
    expectStatus(overlap, 409);
    expect(errorOf(overlap).code).toBe('leave/overlap');
    const codes = (await t.database.db.select({ leaveCodes: orgs.leaveCodes }).from(orgs).where(eq(orgs.id, world.orgId)))[0]!.leaveCodes;
    await setOrg(t, world.orgId, {
      leaveCodes: [
        ...codes,
        {
          ...codes[1]!,
          id: 'blood',
          description: 'Blood donation',
          maxHours: 16,
          timesPerYear: 2,
          fixed: true,
          days: [{ year: 2025, amount: 4 }],
        },
      ],
    });
    const tooLong = await create('p1', { reason: 'blood', dates: [{ from: '2025-07-07', to: '2025-07-09' }] });
    expectStatus(tooLong, 400);
    expect(errorOf(tooLong).fields).toEqual({ hours: 'More hours than this leave allows.' });
    expectStatus(await create('p1', { reason: 'blood', dates: [{ from: '2025-07-07', to: '2025-07-07' }] }), 201);
    expectStatus(await create('p1', { reason: 'blood', dates: [{ from: '2025-08-04', to: '2025-08-04' }] }), 201);
    const third = await create('p1', { reason: 'blood', dates: [{ from: '2025-09-01', to: '2025-09-01' }] });
    expectStatus(third, 422);
    expect(errorOf(third).code).toBe('leave/times-per-year');
    const noYear = await create('p1', { reason: 'blood', dates: [{ from: '2026-01-05', to: '2026-01-05' }] });
    expectStatus(noYear, 422);
    expect(errorOf(noYear)).toMatchObject({ code: 'leave/no-entitlement', message: 'There is no entitlement for this leave in 2026.' });
  });

  it('people request for themselves; admins and leave approvers also on behalf', async () => {
    const onBehalf = await create('p2', { ...EASTER, person: person('p1pm') });
    expectStatus(onBehalf, 403);
    expect(errorOf(onBehalf).code).toBe('leave/not-allowed');
    const byAdmin = await create(
      'orgAdmin',
      { reason: 'training', dates: [{ from: '2025-10-06', to: '2025-10-06' }], person: person('p1pm') },
      false,
    );
    expectStatus(byAdmin, 201);
    expect(leaveOf(byAdmin)).toMatchObject({ status: 'draft', person: { _id: person('p1pm') }, createdBy: person('orgAdmin') });
    const outsider = await create('outsider', EASTER);
    expectStatus(outsider, 404);
    const otherOrg = await createOrg(t, token('p0'));
    const unlicensed = await create('p0', EASTER, true, otherOrg._id);
    expectStatus(unlicensed, 403);
    expect(errorOf(unlicensed).message).toBe(FLOATING_MESSAGES.needsUnlimited);
    const anonymous = await t.request({ method: 'POST', url: `/api/people-leave/create/${world.orgId}`, payload: EASTER });
    expectStatus(anonymous, 401);
  });
});

describe('approving leave', () => {
  let leaveId: string;

  it('the project manager sees the request with the tasks due in its days and who else is away; others do not', async () => {
    expectStatus(await create('p2', { reason: 'training', dates: [{ from: '2025-04-17', to: '2025-04-17' }] }), 201);
    const response = await create('p0', EASTER);
    expectStatus(response, 201);
    leaveId = leaveOf(response)._id;
    const list = await t.request({ method: 'GET', url: '/api/people-leave/list/project-manager', token: token('p1pm') });
    expectStatus(list, 200);
    const body = list.json() as {
      requests: LeaveRequestView[];
      impact: { leaveId: string; missions: { _id: string; tasksDue: { title: string }[]; teamAway: { person: { _id: string } }[] }[] }[];
      badge: number;
    };
    expect(body.requests.map((request) => request._id)).toContain(leaveId);
    const impact = body.impact.find((entry) => entry.leaveId === leaveId)!;
    const mission = impact.missions.find((entry) => entry._id === missionId)!;
    expect(mission.tasksDue.map((task) => task.title)).toEqual(['Pour the piers']);
    expect(mission.teamAway.map((away) => away.person._id)).toContain(person('p2'));
    const member = await t.request({ method: 'GET', url: '/api/people-leave/list/project-manager', token: token('p3') });
    expect((member.json() as { requests: unknown[] }).requests).toEqual([]);
    const team = await t.request({ method: 'GET', url: `/api/people-leave/list/mission/${missionId}`, token: token('p3') });
    expectStatus(team, 200);
    const teamBody = team.json() as { requests: unknown[]; away: { person: { _id: string } }[] };
    expect(teamBody.requests).toEqual([]);
    expect(JSON.stringify(teamBody.away)).not.toContain('annual');
    expect(teamBody.away.map((away) => away.person._id)).toContain(person('p0'));
  });

  it('only mission owners and project managers (rule 212) approve first; nobody their own (rule 211)', async () => {
    expectStatus(await act('p0', 'approve', [leaveId]), 403);
    expectStatus(await act('p3', 'approve', [leaveId]), 404);
    expectStatus(await act('p1', 'approve', [leaveId]), 404);
    expectStatus(await act('p1pm', 'approve/final', [leaveId]), 403);
    // two stages: the organisation's final approval never skips the first
    const skipped = await act('orgAdmin', 'approve/final', [leaveId]);
    expectStatus(skipped, 409);
    expect(errorOf(skipped).code).toBe('leave/wrong-status');
    const approved = await act('p1pm', 'approve', [leaveId], { mission: missionId });
    expectStatus(approved, 200);
    expect((approved.json() as { requests: LeaveRequestView[] }).requests[0]).toMatchObject({ status: 'pending_final_approval' });
    expectStatus(await act('p1pm', 'approve', [leaveId]), 409);
  });

  it('the organisation approves finally; the balance moves to taken and the person is told', async () => {
    expectStatus(await act('orgManager', 'approve/final', [leaveId]), 404);
    const final = await act('orgAdmin', 'approve/final', [leaveId]);
    expectStatus(final, 200);
    expect(await balanceOf('p0')).toMatchObject({ pending: 0, taken: 2, remaining: 20 });
    expect((await notificationsOf('p0')).map((n) => n.type)).toContain('leave_request_approval_final');
  });

  it('a project manager cancels a request still under review, but not leave the organisation approved', async () => {
    const response = await create('p0', { reason: 'training', dates: [{ from: '2025-10-13', to: '2025-10-13' }] });
    const id = leaveOf(response)._id;
    expectStatus(await act('p1pm', 'approve', [id], { mission: missionId }), 200);
    expectStatus(await act('orgAdmin', 'approve/final', [id]), 200);
    const refused = await act('p1pm', 'cancel', [id]);
    expectStatus(refused, 403);
    expect(errorOf(refused).code).toBe('leave/not-allowed');
    const [row] = await t.database.db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
    expect(row!.status).toBe('approved');
    expectStatus(await act('orgAdmin', 'cancel', [id]), 200);
    const pending = leaveOf(await create('p0', { reason: 'training', dates: [{ from: '2025-10-20', to: '2025-10-20' }] }))._id;
    expectStatus(await act('p1pm', 'cancel', [pending]), 200);
    const approvedOwn = leaveOf(await create('p0', { reason: 'training', dates: [{ from: '2025-10-27', to: '2025-10-27' }] }))._id;
    expectStatus(await act('p1pm', 'approve', [approvedOwn], { mission: missionId }), 200);
    expectStatus(await act('orgAdmin', 'approve/final', [approvedOwn]), 200);
    expectStatus(await act('p0', 'cancel', [approvedOwn]), 200);
  });

  it("a rejection tells the person 'Oh-oh, a leave request was rejected'", async () => {
    const response = await create('p0', { reason: 'training', dates: [{ from: '2025-05-12', to: '2025-05-13' }] });
    const id = leaveOf(response)._id;
    expectStatus(await act('p2', 'reject', [id], { comment: 'Launch week' }), 200);
    const rejected = (await notificationsOf('p0')).find((n) => n.type === 'leave_request_rejected');
    expect(rejected).toMatchObject({ title: 'Oh-oh, a leave request was rejected', body: '2025-05-12 – 2025-05-13: Launch week' });
    const org = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${world.orgId}?year=2025`, token: token('orgAdmin') });
    const list = org.json() as OrgLeaveList;
    expect(list.canApprove).toBe(true);
    expect(list.requests.find((request) => request._id === id)).toMatchObject({ status: 'rejected' });
    expect(list.balances.find((entry) => entry.person._id === person('p0'))!.balances.find((b) => b.codeId === 'annual')).toMatchObject({
      taken: 2,
    });
  });

  it('a member sees only their own requests in the organisation tab, and of the others that they are away', async () => {
    const response = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${world.orgId}?year=2025`, token: token('p3') });
    const list = response.json() as OrgLeaveList;
    expect(list.canApprove).toBe(false);
    expect(list.requests).toEqual([]);
    expect(list.balances.map((entry) => entry.person._id)).toEqual([person('p3')]);
  });

  it('a concurrent approve and cancel of one request end in one state', async () => {
    const response = await create('p0', { reason: 'training', dates: [{ from: '2025-11-03', to: '2025-11-03' }] });
    const id = leaveOf(response)._id;
    expectStatus(await act('p1pm', 'approve', [id]), 200);
    const [approve, cancel] = await Promise.all([act('orgAdmin', 'approve/final', [id]), act('p0', 'cancel', [id])]);
    const statuses = [approve.statusCode, cancel.statusCode].sort();
    const [row] = await t.database.db.select().from(leaveRequests).where(eq(leaveRequests.id, id));
    if (statuses[0] === 200 && statuses[1] === 200) expect(row!.status).toBe('cancelled');
    else {
      expect(statuses).toEqual([200, 409]);
      expect(row!.status).toBe(approve.statusCode === 200 ? 'approved' : 'cancelled');
    }
    expect(row!.reviews.length).toBe(1 + statuses.filter((s) => s === 200).length);
  });
});

describe('updating, deleting, attachments and reminders', () => {
  it('updates a draft, submits it, reminds the reviewers, and deletes only drafts, rejected or cancelled ones', async () => {
    const draft = leaveOf(await create('p1pm', { reason: 'training', dates: [{ from: '2025-09-08', to: '2025-09-08' }] }, false));
    const updated = await t.request({
      method: 'PUT',
      url: `/api/people-leave/action/update/${draft._id}`,
      token: token('p1pm'),
      payload: { dates: [{ from: '2025-09-08', to: '2025-09-09' }] },
    });
    expectStatus(updated, 200);
    expect(leaveOf(updated).totalHours).toBe(16);
    expectStatus(
      await t.request({
        method: 'PUT',
        url: `/api/people-leave/action/update/${draft._id}`,
        token: token('p3'),
        payload: { comment: 'x' },
      }),
      404,
    );
    expectStatus(await act('p1pm', 'submit', [draft._id]), 200);
    const reminded = await t.request({ method: 'POST', url: `/api/org/${world.orgId}/leave/notify`, token: token('p1pm'), payload: {} });
    expectStatus(reminded, 200);
    expect(reminded.json()).toEqual({ notified: 1 });
    expect((await notificationsOf('p2')).some((n) => n.type === 'leave_request_approval')).toBe(true);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/people-leave/action/delete/${draft._id}`, token: token('p1pm') }), 409);
    expectStatus(await act('p1pm', 'cancel', [draft._id]), 200);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/people-leave/action/delete/${draft._id}`, token: token('p1pm') }), 200);
  });

  it('attaches a file, serves it at its signed address only, and removes it', async () => {
    const leave = leaveOf(await create('p3', { reason: 'training', dates: [{ from: '2025-09-15', to: '2025-09-15' }] }, false));
    const upload = await t.request({
      method: 'POST',
      url: `/api/people-leave/attachment/leave/${leave._id}`,
      token: token('p3'),
      ...multipart('file', 'note.png', 'image/png', PNG_1X1),
    });
    expectStatus(upload, 201);
    const fileId = (upload.json() as { attachments: { _id: string }[] }).attachments[0]!._id;
    const list = await t.request({ method: 'GET', url: `/api/people-leave/list/org/${world.orgId}?year=2025`, token: token('p3') });
    const url = (list.json() as OrgLeaveList).requests.find((r) => r._id === leave._id)!.attachments[0]!.url!;
    expect(url).toContain(`/org/${world.orgId}/file/${fileId}?token=`);
    const bytes = await t.request({ method: 'GET', url });
    expectStatus(bytes, 200);
    expect(bytes.rawPayload.equals(PNG_1X1)).toBe(true);
    expectStatus(await t.request({ method: 'GET', url: url.replace(/token=.*/, 'token=1.bad') }), 403);
    expectStatus(
      await t.request({
        method: 'POST',
        url: `/api/people-leave/attachment/leave/${leave._id}`,
        token: token('p0'),
        ...multipart('file', 'x.png', 'image/png', PNG_1X1),
      }),
      404,
    );
    expectStatus(
      await t.request({ method: 'DELETE', url: `/api/people-leave/attachment/leave/${leave._id}/file/${fileId}`, token: token('p3') }),
      200,
    );
  });
});

describe('work-from-home days', () => {
  it('books and cancels a day, seen by the team; outsiders and other people’s days are refused', async () => {
    const booked = await t.request({
      method: 'POST',
      url: '/api/work-from-home',
      token: token('p0'),
      payload: { org: world.orgId, day: '2025-04-03' },
    });
    expectStatus(booked, 201);
    const id = (booked.json() as { days: { _id: string; mine: boolean }[] }).days.find((day) => day.mine)!._id;
    const seen = await t.request({ method: 'GET', url: '/api/work-from-home?from=2025-04-01', token: token('p3') });
    expect((seen.json() as { days: { _id: string; mine: boolean; person: { _id: string } }[] }).days).toContainEqual(
      expect.objectContaining({ _id: id, mine: false, person: expect.objectContaining({ _id: person('p0') }) }),
    );
    expectStatus(
      await t.request({ method: 'POST', url: '/api/work-from-home', token: token('p0'), payload: { org: world.orgId, day: '2025-03-01' } }),
      400,
    );
    const outsider = await t.request({
      method: 'POST',
      url: '/api/work-from-home',
      token: token('outsider'),
      payload: { org: world.orgId, day: '2025-04-03' },
    });
    expectStatus(outsider, 404);
    expect(errorOf(outsider).message).toBe(FLOATING_MESSAGES.noOrgForWorkFromHome);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/work-from-home/${id}`, token: token('p3') }), 404);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/work-from-home/${id}`, token: token('p0') }), 200);
  });
});

describe('the leave calendar feed', () => {
  it('serves approved leave and public holidays at a secret address, the organisation’s with reasons for approvers only, until revoked', async () => {
    const made = await t.request({ method: 'POST', url: '/api/people-leave/feed', token: token('p0') });
    expectStatus(made, 200);
    const path = new URL((made.json() as { url: string }).url).pathname + new URL((made.json() as { url: string }).url).search;
    const mine = await t.request({ method: 'GET', url: path });
    expectStatus(mine, 200);
    expect(mine.headers['content-type']).toContain('text/calendar');
    expect(mine.body).toContain('BEGIN:VCALENDAR');
    expect(mine.body).toContain('Annual leave');
    expect(mine.body).toContain('DTSTART;VALUE=DATE:20250416');
    expect(mine.body).toContain('(GR)');
    const asMember = await t.request({ method: 'GET', url: `${path}&org=${world.orgId}` });
    expect(asMember.body).toContain('P0 Caller: Annual leave');
    const adminFeed = await t.request({ method: 'POST', url: '/api/people-leave/feed', token: token('p3') });
    const other = new URL((adminFeed.json() as { url: string }).url);
    const teamView = await t.request({ method: 'GET', url: `${other.pathname}${other.search}&org=${world.orgId}` });
    expect(teamView.body).toContain('P0 Caller: Away');
    expect(teamView.body).not.toContain('P0 Caller: Annual leave');
    expectStatus(await t.request({ method: 'DELETE', url: '/api/people-leave/feed', token: token('p0') }), 200);
    expectStatus(await t.request({ method: 'GET', url: path }), 404);
  });

  it('stops serving a deleted organisation’s leave and holidays', async () => {
    const made = await t.request({ method: 'POST', url: '/api/people-leave/feed', token: token('p0') });
    const url = new URL((made.json() as { url: string }).url);
    const path = `${url.pathname}${url.search}`;
    await t.database.db.update(orgs).set({ deletedAt: new Date() }).where(eq(orgs.id, world.orgId));
    t.app.ctx.reads.changed();
    try {
      expectStatus(await t.request({ method: 'GET', url: `${path}&org=${world.orgId}` }), 404);
      const mine = await t.request({ method: 'GET', url: path });
      expectStatus(mine, 200);
      expect(mine.body).not.toContain('Annual leave');
      expect(mine.body).not.toContain('(GR)');
    } finally {
      await t.database.db.update(orgs).set({ deletedAt: null }).where(eq(orgs.id, world.orgId));
      t.app.ctx.reads.changed();
    }
  });
});
