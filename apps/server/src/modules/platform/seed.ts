import { count, eq } from 'drizzle-orm';
import { people } from '../../db/schema/index.ts';
import type { AppContext } from '../../plugins/types.ts';

export const DEMO_SIGN_IN = { email: 'demo@crewplan.local', password: 'crewplan-demo' };

/**
 * On an empty database, creates a small demo so a newcomer can sign in at once.
 * Later domains (organisations, missions, tasks) add their part of the demo here.
 */
export async function seedDemo(ctx: AppContext): Promise<boolean> {
  const [{ value } = { value: 0 }] = await ctx.db.select({ value: count() }).from(people);
  if (value > 0) return false;
  const demo = [
    { ...DEMO_SIGN_IN, firstName: 'Dana', lastName: 'Demo' },
    { email: 'sam.lead@crewplan.local', password: 'crewplan-demo', firstName: 'Sam', lastName: 'Lead' },
    { email: 'ria.member@crewplan.local', password: 'crewplan-demo', firstName: 'Ria', lastName: 'Member' },
  ];
  for (const person of demo) {
    const { user } = await ctx.auth.api.signUpEmail({ body: { email: person.email, password: person.password, name: '' } });
    await ctx.db
      .update(people)
      .set({ firstName: person.firstName, lastName: person.lastName, name: `${person.firstName} ${person.lastName}`, emailVerified: true })
      .where(eq(people.id, user.id));
  }
  return true;
}
