import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeaveBadges, LeaveRequestView, LeaveReviewList, MissionLeaveList, OrgLeaveList } from '@crewplan/domain';
import { actionItems, actions, notifications, orgPeople } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { createTestClock } from './support/clock.ts';
import { createMissionWorld, setOrg, type MissionCaller, type MissionWorld } from './support/missions-world.ts';
import { errorOf, expectStatus } from './support/org.ts';

/**
 * A template is no team at work: its owner and project managers do not review the leave of the people on it (the
 * board's work space leaves templates out, rule 240; rule 212 is about the missions people work on).
 */
type Caller = Exclude<MissionCaller, 'anonymous'>;
let t: TestApp;
let world: MissionWorld;
let templateId: string;
const clock = createTestClock('2025-04-01T09:00:00Z');

const token = (caller: Caller) => world.people[caller].token;
const get = async <T>(caller: Caller, url: string) => {
  const response = await t.request({ method: 'GET', url: `/api/people-leave/${url}`, token: token(caller) });
  expectStatus(response, 200);
  return response.json() as T;
};

beforeAll(async () => {
  t = await buildTestApp({ clock });
  world = await createMissionWorld(t);
  await setOrg(t, world.orgId, { isOrgLicensed: true, isLicensedActive: true, holidayCountryCode: null, daysPerWeek: 5 });
  await t.database.db.update(orgPeople).set({ startDate: '2020-01-01' }).where(eq(orgPeople.orgId, world.orgId));
  templateId = await world.mission({ title: 'Bridge template', isTemplate: true, planStartDate: '2025-01-01', planEndDate: '2025-12-31' });
  // a task of the template on the person, due on a day of their leave: no work of theirs that the leave touches
  const [action] = await t.database.db.insert(actions).values({ missionId: templateId, title: 'Design' }).returning();
  await t.database.db.insert(actionItems).values({
    missionId: templateId,
    actionId: action!.id,
    title: 'Pour the piers',
    people: [world.people.p0.personId],
    dueDate: '2025-04-02',
  });
});
afterAll(async () => t.close());

describe('leave of the people on a template', () => {
  it("is not its managers' to review, list, count or hear of, nor its tasks an impact; the organisation's approvers decide it", async () => {
    const created = await t.request({
      method: 'POST',
      url: `/api/people-leave/create/submit/${world.orgId}`,
      token: token('p0'),
      payload: { reason: 'training', dates: [{ from: '2025-04-02', to: '2025-04-02' }] },
    });
    expectStatus(created, 201);
    const leave = created.json() as LeaveRequestView;
    for (const manager of ['p1pm', 'p2'] as const) {
      expect((await get<LeaveReviewList>(manager, 'list/project-manager')).requests).toEqual([]);
      expect((await get<LeaveBadges>(manager, 'badge')).board).toBe(0);
      const onTemplate = await get<MissionLeaveList>(manager, `list/mission/${templateId}`);
      expect([onTemplate.canApprove, onTemplate.requests]).toEqual([false, []]);
      const told = await t.database.db.select().from(notifications).where(eq(notifications.personId, world.people[manager].personId));
      expect(told).toEqual([]);
      const refused = await t.request({
        method: 'PUT',
        url: '/api/people-leave/action/approve',
        token: token(manager),
        payload: { leaveIds: [leave._id], payload: {} },
      });
      expectStatus(refused, 404);
      expect(errorOf(refused).code).toBe('leave/not-found');
    }
    const orgList = await get<OrgLeaveList>('orgAdmin', `list/org/${world.orgId}?year=2025`);
    expect(orgList.impact).toEqual([{ leaveId: leave._id, missions: [] }]);
    const approved = await t.request({
      method: 'PUT',
      url: '/api/people-leave/action/approve',
      token: token('orgAdmin'),
      payload: { leaveIds: [leave._id], payload: {} },
    });
    expectStatus(approved, 200);
  });
});
