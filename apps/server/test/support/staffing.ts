import { eq } from 'drizzle-orm';
import { clients, departments, leaveRequests, orgRoles, orgs, planItems } from '../../src/db/schema/index.ts';
import type { TestApp } from './app.ts';
import { addToMission, insertMission } from './missions.ts';
import { addMember, createOrgWorld, insertPerson, type OrgWorld } from './org.ts';
import { signUpPerson, uniqueEmail, type TestPerson } from './people.ts';

/** Two weeks from Monday 2 March 2026: 10 working days, 80 hours at 100%. */
export const ROLE_DATES = { startDate: '2026-03-02', endDate: '2026-03-13' } as const;

/**
 * An organisation ready for staffing: the org world (a person at every level, an outsider, another organisation,
 * a key) plus a project with a project manager and a plain team member, an unfilled Developer role, and three
 * people who differ in one way each: Alice fits and is free, Bob is a developer half-booked elsewhere, Carol is
 * away two days. Nine candidates in all (observers are none), so a language model may be asked (rule 258).
 */
export type StaffingWorld = OrgWorld & {
  missionId: string;
  otherMissionId: string;
  roleId: string;
  developerRoleId: string;
  departmentId: string;
  pm: TestPerson;
  teamMember: TestPerson;
  alice: { personId: string; email: string };
  bob: { personId: string; email: string };
  carol: { personId: string; email: string };
  leaveDescription: string;
  /** A plan item of this organisation's missions. */
  role: (values?: Partial<typeof planItems.$inferInsert>, missionId?: string) => Promise<string>;
};

export async function createStaffingWorld(t: TestApp): Promise<StaffingWorld> {
  const world = await createOrgWorld(t);
  const db = t.database.db;
  const [developer] = await db.insert(orgRoles).values({ orgId: world.orgId, name: 'Developer' }).returning();
  const [engineering] = await db.insert(departments).values({ orgId: world.orgId, title: 'Engineering' }).returning();
  const [client] = await db.insert(clients).values({ orgId: world.orgId, name: 'Acme' }).returning();
  const admin = world.people.admin;
  const mission = await insertMission(t, admin, {
    orgId: world.orgId,
    planStartDate: '2026-03-02',
    planEndDate: '2026-03-27',
    departmentTags: [engineering!.id],
    clientId: client!.id,
  });
  const other = await insertMission(t, admin, {
    orgId: world.orgId,
    planStartDate: '2026-01-05',
    planEndDate: '2026-06-30',
    clientId: client!.id,
  });
  const role = async (values: Partial<typeof planItems.$inferInsert> = {}, missionId = mission.id) => {
    const [row] = await db
      .insert(planItems)
      .values({
        missionId,
        type: 'person',
        title: 'Developer',
        role: 'Developer',
        orgRoleId: developer!.id,
        allocation: 100,
        ...ROLE_DATES,
        ...values,
      })
      .returning();
    return row!.id;
  };
  const pm = await signUpPerson(t, { email: uniqueEmail('pm'), firstName: 'Pam', lastName: 'Manager' });
  await addMember(t, world.orgId, pm, 'MEMBER');
  await addToMission(t, mission.id, pm, 1, { isProjectManager: true });
  const teamMember = await signUpPerson(t, { email: uniqueEmail('team'), firstName: 'Tim', lastName: 'Team' });
  await addMember(t, world.orgId, teamMember, 'MEMBER');
  await addToMission(t, mission.id, teamMember, 0);
  const alice = await insertPerson(t, 'alice', { firstName: 'Alice', lastName: 'Able' });
  await addMember(t, world.orgId, alice, 'MEMBER', { roleId: developer!.id, departments: [engineering!.id] });
  await addToMission(t, mission.id, alice, 0);
  const bob = await insertPerson(t, 'bob', { firstName: 'Bob', lastName: 'Busy' });
  await addMember(t, world.orgId, bob, 'MEMBER', { roleId: developer!.id });
  const carol = await insertPerson(t, 'carol', { firstName: 'Carol', lastName: 'Away' });
  await addMember(t, world.orgId, carol, 'MEMBER');
  // Bob: half of every day on the other project; Alice: a developer role there last year (past work)
  await role({ personId: bob.personId, allocation: 50, startDate: '2026-02-02', endDate: '2026-04-30' }, other.id);
  await role({ personId: alice.personId, startDate: '2026-01-05', endDate: '2026-01-30' }, other.id);
  const [org] = await db.select({ leaveCodes: orgs.leaveCodes }).from(orgs).where(eq(orgs.id, world.orgId));
  const code = org!.leaveCodes[0]!;
  const days = [
    { date: '2026-03-03', hours: 8 },
    { date: '2026-03-04', hours: 8 },
  ];
  await db.insert(leaveRequests).values({
    orgId: world.orgId,
    personId: carol.personId,
    codeId: code.id,
    status: 'approved',
    dates: [{ from: '2026-03-03', to: '2026-03-04' }],
    days,
    totalHours: 16,
    startDate: '2026-03-03',
    endDate: '2026-03-04',
    createdBy: carol.personId,
  });
  return {
    ...world,
    missionId: mission.id,
    otherMissionId: other.id,
    roleId: await role(),
    developerRoleId: developer!.id,
    departmentId: engineering!.id,
    pm,
    teamMember,
    alice,
    bob,
    carol,
    leaveDescription: code.description || code.code,
    role,
  };
}
