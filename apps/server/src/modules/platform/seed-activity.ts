import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { addIsoDays, mondayOf } from '@crewplan/domain';
import { missions, planItems } from '../../db/schema/index.ts';

type Json = Record<string, unknown>;

/**
 * The demo's first weeks of work, so a newcomer's approvals, cost tracker and leave screens have something to show:
 * Ria's first week on the Designer role approved by Sam, her second waiting for approval; a leave request of hers
 * waiting for the first approval; one expense of Sam's approved by Dana and one of Ria's waiting. Everything goes through the
 * API, as each demo person would do it, so it meets every rule a person's own request meets.
 */
export async function seedDemoActivity(app: FastifyInstance, missionTitle: string, password: string): Promise<void> {
  const [mission] = await app.ctx.db.select().from(missions).where(eq(missions.title, missionTitle));
  if (!mission?.orgId || !mission.planStartDate) throw new Error('The demo mission is missing');
  const [designer] = await app.ctx.db
    .select({ id: planItems.id })
    .from(planItems)
    .where(and(eq(planItems.missionId, mission.id), eq(planItems.title, 'Designer')));
  const [dana, sam, ria] = [
    await signedIn(app, 'demo@crewplan.local', password),
    await signedIn(app, 'sam.lead@crewplan.local', password),
    await signedIn(app, 'ria.member@crewplan.local', password),
  ];

  const firstWeek = mondayOf(mission.planStartDate);
  const weekOf = (weekStart: string, dailyHours: number[]) =>
    ria('PUT', '/api/timesheet/week', {
      weekStart,
      status: 'submitted',
      notify: false,
      rows: [{ missionId: mission.id, planItemId: designer!.id, dailyHours }],
    });
  const [first] = ((await weekOf(firstWeek, [4, 4, 3.5, 4, 4, 0, 0])).timesheets as Json[]) ?? [];
  await sam('PUT', `/api/timesheet/mission/${mission.id}/timesheet/${String(first!._id)}?notify=false`, {
    payload: { status: 'approved' },
  });
  await weekOf(addIsoDays(firstWeek, 7), [4, 4.5, 4, 3, 4, 0, 0]);

  const leaveStart = addIsoDays(mondayOf(app.ctx.clock.now().toISOString().slice(0, 10)), 21);
  await ria('POST', `/api/people-leave/create/submit/${mission.orgId}?notify=false`, {
    reason: 'annual',
    dates: [{ from: leaveStart, to: addIsoDays(leaveStart, 1) }],
    comment: 'Family visit',
  });

  const expense = (await sam('POST', `/api/expense/mission/${mission.id}`, {
    payload: {
      amount: 249,
      currency: 'EUR',
      date: addIsoDays(firstWeek, 2),
      category: 'Travel',
      description: 'Train to the Acme kick-off',
    },
  })) as Json;
  await sam('PUT', `/api/expense/mission/expense/${String(expense._id)}/status`, { payload: { status: 'submitted' } });
  await dana('PUT', `/api/expense/mission/expense/${String(expense._id)}/status`, { payload: { status: 'approved' } });
  await ria('POST', `/api/expense/mission/${mission.id}`, {
    payload: {
      amount: 59.9,
      currency: 'EUR',
      date: addIsoDays(firstWeek, 8),
      category: 'Software',
      description: 'Stock photos for the home page',
      status: 'submitted',
    },
  });
}

/** A demo person's calls through the API, signed in as them; a refused call stops the seed with its answer. */
async function signedIn(app: FastifyInstance, email: string, password: string) {
  const signIn = await app.inject({ method: 'POST', url: '/api/identity/sign-in/email', payload: { email, password } });
  const token = signIn.headers['set-auth-token'];
  if (typeof token !== 'string') throw new Error(`The demo person ${email} could not sign in: ${signIn.body}`);
  return async (method: 'POST' | 'PUT', url: string, payload: Json): Promise<Json> => {
    const response = await app.inject({ method, url, payload, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode >= 300) throw new Error(`Demo seed: ${method} ${url} answered ${response.statusCode}: ${response.body}`);
    return response.json() as Json;
  };
}
