import { count, eq } from 'drizzle-orm';
import { orgPeople, people } from '../../db/schema/index.ts';
import { loadOrgAccess } from '../../plugins/org-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { createClient } from '../invoices/clients.service.ts';
import { createOrg } from '../org/org.service.ts';
import { createDepartment, createOffice, createRole } from '../org/structure.service.ts';

export const DEMO_SIGN_IN = { email: 'demo@crewplan.local', password: 'crewplan-demo' };

export const DEMO_ORG_TITLE = 'Crewplan Demo Co';

/**
 * On an empty database, creates a small demo so a newcomer can sign in at once: three people and an
 * organisation where they are admin, manager and member, with departments, offices, roles and a client.
 * Later domains (missions, tasks) add their part of the demo here.
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const [{ value } = { value: 0 }] = await ctx.db.select({ value: count() }).from(people);
  if (value > 0) return false;
  const demo = [
    { ...DEMO_SIGN_IN, firstName: 'Dana', lastName: 'Demo' },
    { email: 'sam.lead@crewplan.local', password: 'crewplan-demo', firstName: 'Sam', lastName: 'Lead' },
    { email: 'ria.member@crewplan.local', password: 'crewplan-demo', firstName: 'Ria', lastName: 'Member' },
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
  await seedDemoOrg(ctx, ids as [string, string, string], demo);
  return true;
}

async function seedDemoOrg(ctx: AppContext, [adminId, managerId, memberId]: [string, string, string], demo: { email: string }[]) {
  const principal = { personId: adminId, email: demo[0]!.email, emailVerified: true, sessionId: '', sessionToken: '' };
  const org = await createOrg(ctx, principal, { title: DEMO_ORG_TITLE, currency: 'EUR', holidayCountryCode: 'GB' });
  const access = (await loadOrgAccess(ctx.db, org._id, { personId: adminId }))!;
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
  await createClient(ctx, access, { name: 'Acme Ltd', email: null, address: null, currency: 'EUR', nextInvoiceNumber: 1 });
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
}
