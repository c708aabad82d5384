import type { FastifyInstance } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { addIsoDays, addIsoMonths, mondayOf } from '@crewplan/domain';
import { actionItems, actions, clients, missionPeople, missions, orgPeople, people, planItems } from '../../db/schema/index.ts';
import { loadMissionAccess } from '../../plugins/mission-access.ts';
import { loadOrgAccess } from '../../plugins/org-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { createClient } from '../invoices/index.ts';
import { addKpi, addSectionTag, createMission } from '../missions/index.ts';
import { seedDemoActivity } from './seed-activity.ts';
import { createDepartment, createOffice, createOrg, createRole, startTrial } from '../org/index.ts';

export const DEMO_SIGN_IN = { email: 'demo@crewplan.local', password: 'crewplan-demo' };

export const DEMO_ORG_TITLE = 'Crewplan Demo Co';

/**
 * On an empty database, creates a small demo so a newcomer can sign in at once: three people and an
 * organisation in its free trial where they are admin, manager and member, with departments, offices, roles and a
 * client; a mission of the organisation with them on its team and a client's observer (not in the organisation).
 * Later domains (tasks) add their part of the demo here; the first weeks of time, leave and expenses follow.
 */
export async function seedDemo(app: FastifyInstance): Promise<boolean> {
  const { ctx } = app;
  const [{ value } = { value: 0 }] = await ctx.db.select({ value: count() }).from(people);
  if (value > 0) return false;
  const demo = [
    { ...DEMO_SIGN_IN, firstName: 'Dana', lastName: 'Demo' },
    { email: 'sam.lead@crewplan.local', password: 'crewplan-demo', firstName: 'Sam', lastName: 'Lead' },
    { email: 'ria.member@crewplan.local', password: 'crewplan-demo', firstName: 'Ria', lastName: 'Member' },
    { email: 'cleo.client@crewplan.local', password: 'crewplan-demo', firstName: 'Cleo', lastName: 'Client' },
  ];
  const ids: string[] = [];
  for (const person of demo) {
    const { user } = await ctx.auth.api.signUpEmail({ body: { email: person.email, password: person.password, name: '' } });
    await ctx.db
      .update(people)
      .set({ firstName: person.firstName, lastName: person.lastName, name: `${person.firstName} ${person.lastName}`, emailVerified: true })
      .where(eq(people.id, user.id));
    ids.push(user.id);
  }
  const orgId = await seedDemoOrg(ctx, ids as [string, string, string], demo);
  await seedDemoMission(ctx, orgId, ids as [string, string, string, string], demo);
  await seedDemoActivity(app, DEMO_MISSION_TITLE, DEMO_SIGN_IN.password);
  return true;
}

async function seedDemoOrg(
  ctx: AppContext,
  [adminId, managerId, memberId]: [string, string, string],
  demo: { email: string }[],
): Promise<string> {
  const principal = { personId: adminId, email: demo[0]!.email, emailVerified: true, sessionId: '', sessionToken: '' };
  const org = await createOrg(ctx, principal, { title: DEMO_ORG_TITLE, currency: 'EUR', holidayCountryCode: 'GB' });
  const access = (await loadOrgAccess(ctx.db, org._id, { personId: adminId }))!;
  // the demo's owner has worked there for years, not since the demo was made: their weeks have capacity
  await ctx.db
    .update(orgPeople)
    .set({ startDate: '2020-01-06' })
    .where(and(eq(orgPeople.orgId, org._id), eq(orgPeople.personId, adminId)));
  // licensed from the start, so the board's launchpad lists the demo mission to its owner
  await startTrial(ctx, access, principal);
  const [engineering, design] = [
    await createDepartment(ctx, access, { title: 'Engineering', rolesRequireApproval: false, dontShareResources: false }),
    await createDepartment(ctx, access, { title: 'Design', rolesRequireApproval: false, dontShareResources: false }),
    await createDepartment(ctx, access, { title: 'Operations', rolesRequireApproval: true, dontShareResources: false }),
  ];
  const london = await createOffice(ctx, access, { title: 'London', country: 'GB' });
  await createOffice(ctx, access, { title: 'Lisbon', country: 'PT' });
  const developer = await createRole(ctx, access, { name: 'Developer', cost: 6500, rateTime: 'Monthly', permission: 0 });
  const designer = await createRole(ctx, access, { name: 'Designer', cost: 55, rateTime: 'Hourly', permission: 0 });
  await createRole(ctx, access, { name: 'Project manager', cost: 7000, rateTime: 'Monthly', permission: 1 });
  await createClient(ctx, access, {
    name: 'Acme Ltd',
    email: null,
    address: null,
    currency: 'EUR',
    country: 'IE',
    vatNumber: null,
    nextInvoiceNumber: 1,
  });
  await ctx.db.insert(orgPeople).values([
    {
      orgId: org._id,
      personId: managerId,
      email: demo[1]!.email,
      level: 'MANAGER',
      roleId: developer._id,
      departments: [engineering!._id],
      officeId: london._id,
      canApproveRoles: true,
      canApproveLeaves: true,
    },
    {
      orgId: org._id,
      personId: memberId,
      email: demo[2]!.email,
      level: 'MEMBER',
      roleId: designer._id,
      departments: [design!._id],
      officeId: london._id,
    },
  ]);
  return org._id;
}

export const DEMO_MISSION_TITLE = 'Website relaunch';

/**
 * The demo mission: Dana owns it (2), Sam is its project manager (1 + PM), Ria a team member (0) and Cleo, of the
 * client, an observer (3); a project manager and a designer role, a phase and a milestone, two section tags,
 * two KPIs and a few tasks planned fortnightly, two of them Dana's own (one this week) so her home has cards. It started two weeks ago and runs three months.
 */
async function seedDemoMission(
  ctx: AppContext,
  orgId: string,
  [ownerId, managerId, memberId, observerId]: [string, string, string, string],
  demo: { email: string }[],
) {
  const principal = { personId: ownerId, email: demo[0]!.email, emailVerified: true, sessionId: '', sessionToken: '' };
  const start = addIsoDays(mondayOf(ctx.clock.now().toISOString().slice(0, 10)), -14);
  const end = addIsoMonths(start, 3);
  const [client] = await ctx.db.select({ id: clients.id }).from(clients).where(eq(clients.orgId, orgId));
  const mission = await createMission(ctx, principal, {
    title: DEMO_MISSION_TITLE,
    org: orgId,
    projectType: 'simple',
    projectCode: 'WEB',
    description: 'A new website for Acme Ltd: discovery, design, build and launch.',
    client: client?.id ?? null,
    planStartDate: start,
    planEndDate: end,
  });
  await ctx.db.update(missions).set({ kickedOff: true, defaultTaskCode: 'WEB' }).where(eq(missions.id, mission._id));
  await ctx.db.insert(missionPeople).values([
    { missionId: mission._id, personId: managerId, email: demo[1]!.email, permission: 1, isProjectManager: true, addedBy: ownerId },
    { missionId: mission._id, personId: memberId, email: demo[2]!.email, permission: 0, role: 'Designer', addedBy: ownerId },
    { missionId: mission._id, personId: observerId, email: demo[3]!.email, permission: 3, customRole: 'Client', addedBy: ownerId },
  ]);
  await ctx.db.update(planItems).set({ personId: managerId }).where(eq(planItems.missionId, mission._id));
  await ctx.db.update(missions).set({ budgetAvailableMinor: 2_500_000 }).where(eq(missions.id, mission._id));
  const discoveryEnd = addIsoDays(start, 27);
  await ctx.db.insert(planItems).values([
    {
      missionId: mission._id,
      title: 'Designer',
      role: 'Designer',
      personId: memberId,
      allocation: 50,
      startDate: start,
      endDate: addIsoDays(start, 41),
      // priced so that the budget view has figures to show: cost 55 an hour (the role's), billed 90
      rateMinor: 5_500,
      rateTime: 'Hourly',
      billRateMinor: 9_000,
      billUnit: 'Hourly',
      createdBy: ownerId,
    },
    // the demo person's own role, so their timesheet grid has a row to fill
    {
      missionId: mission._id,
      title: 'Product owner',
      role: 'Product owner',
      personId: ownerId,
      allocation: 20,
      startDate: start,
      endDate: end,
      rateMinor: 7_000,
      rateTime: 'Hourly',
      billRateMinor: 11_000,
      billUnit: 'Hourly',
      createdBy: ownerId,
    },
    { missionId: mission._id, type: 'phase', title: 'Discovery', startDate: start, endDate: discoveryEnd, createdBy: ownerId },
    { missionId: mission._id, type: 'milestone', title: 'Launch', startDate: addIsoDays(end, -1), endDate: end, createdBy: ownerId },
  ]);
  const [build] = await ctx.db
    .insert(actions)
    .values({ missionId: mission._id, title: 'Build the site', startDate: start, endDate: end, createdBy: ownerId })
    .returning();
  const tasks = ['Interview stakeholders', 'Sitemap', 'Wireframes', 'Visual design', 'Build pages', 'Content entry', 'Launch checklist'];
  await ctx.db.insert(actionItems).values(
    tasks.map((title, index) => {
      const week = addIsoDays(start, index * 14);
      return {
        actionId: build!.id,
        missionId: mission._id,
        title,
        // the codes the task calls would have given them (rule 50: the mission's prefix and a count)
        code: `WEB-${index + 1}`,
        week,
        startDate: week,
        endDate: addIsoDays(week, 4),
        people: [index % 2 === 0 ? memberId : managerId, ...(index === 1 || index === 6 ? [ownerId] : [])],
        sortIndex: index,
        createdBy: ownerId,
      };
    }),
  );
  const access = (await loadMissionAccess(ctx.db, mission._id, ownerId))!;
  await addSectionTag(ctx, access, { title: 'Discovery', from: start, to: discoveryEnd });
  await addSectionTag(ctx, access, { title: 'Build', from: addIsoDays(discoveryEnd, 1), to: end });
  await addKpi(ctx, access, { title: 'Conversion rate', target: 3.5, actual: 2.1, unit: '%' });
  await addKpi(ctx, access, { title: 'Page load', target: 2, actual: null, unit: 's' });
}
