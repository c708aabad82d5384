import { and, asc, eq, gt, gte, inArray, lte, type SQL } from 'drizzle-orm';
import type { WorkFromHomeList } from '@crewplan/domain';
import { people, workFromHomeDays } from '../../db/schema/index.ts';
import { personToday } from '../people/index.ts';
import { isUniqueViolation } from '../../commands/index.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext } from '../../plugins/types.ts';
import { membershipOf } from './leave.access.ts';
import { personRefOf } from './leave.presenter.ts';
import { orgIdsOf } from './leave.queries.ts';

const WINDOW_DAYS = 14;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The zone whose day is the last to end (UTC−12): a day is over everywhere once it is over there. */
const LAST_ZONE = 'Etc/GMT+12';

/**
 * The person's today, as the form offers it: in the time zone of their profile; without one (the form then takes the
 * browser's, which the server does not know) the day not yet over somewhere, so that their today is never refused.
 */
const todayFor = (ctx: AppContext, personId: string) => personToday(ctx.db, personId, ctx.clock.now(), LAST_ZONE);

/** The bookings that `where` picks, by day, each with its person, as the list presents them to `personId`. */
async function bookingsWhere(ctx: AppContext, personId: string, where: SQL | undefined) {
  const rows = await ctx.db
    .select({
      booking: workFromHomeDays,
      person: { id: people.id, firstName: people.firstName, lastName: people.lastName, avatarVersion: people.avatarVersion },
    })
    .from(workFromHomeDays)
    .innerJoin(people, eq(people.id, workFromHomeDays.personId))
    .where(where)
    .orderBy(asc(workFromHomeDays.day), asc(people.firstName), asc(workFromHomeDays.orgId));
  return rows.map(({ booking, person }) => ({
    _id: booking.id,
    org: booking.orgId,
    person: personRefOf(person),
    day: booking.day,
    mine: booking.personId === personId,
  }));
}

/**
 * `GET /work-from-home`: the days booked by the people of my organisations, from `from` (default my today) for 14 days,
 * and my own days after that window (a day may be booked any distance ahead; others' later days stay out).
 */
export async function workFromHomeDaysOf(ctx: AppContext, personId: string, from?: string): Promise<WorkFromHomeList> {
  const start = from ?? (await todayFor(ctx, personId));
  const end = addDays(start, WINDOW_DAYS - 1);
  const orgIds = await orgIdsOf(ctx.db, personId);
  if (orgIds.length === 0) return { from: start, to: end, days: [], later: [] };
  const inMyOrgs = inArray(workFromHomeDays.orgId, orgIds);
  const [days, later] = await Promise.all([
    bookingsWhere(ctx, personId, and(inMyOrgs, gte(workFromHomeDays.day, start), lte(workFromHomeDays.day, end))),
    bookingsWhere(ctx, personId, and(inMyOrgs, eq(workFromHomeDays.personId, personId), gt(workFromHomeDays.day, end))),
  ]);
  return { from: start, to: end, days, later };
}

/** `POST /work-from-home`: book a day at home in an organisation I belong to (once a day; not before my today). */
export async function bookWorkFromHome(ctx: AppContext, personId: string, body: { org: string; day: string }) {
  if (!(await membershipOf(ctx.db, body.org, personId))) throw appError('workFromHomeNoOrg');
  const today = await todayFor(ctx, personId);
  if (body.day < today) throw appError('workFromHomePast');
  try {
    await ctx.db.insert(workFromHomeDays).values({ orgId: body.org, personId, day: body.day });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  return workFromHomeDaysOf(ctx, personId, today);
}

/** `DELETE /work-from-home/:id`: cancel one of my days. */
export async function cancelWorkFromHome(ctx: AppContext, personId: string, id: string) {
  const [row] = await ctx.db
    .delete(workFromHomeDays)
    .where(and(eq(workFromHomeDays.id, id), eq(workFromHomeDays.personId, personId)))
    .returning();
  if (!row) throw appError('notFound');
  return workFromHomeDaysOf(ctx, personId);
}
