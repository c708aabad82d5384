import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import ical from 'ical-generator';
import { approvesOrgLeave } from '@crewplan/domain';
import { leaveFeeds, leaveRequests, orgPeople, orgs } from '../../db/schema/index.ts';
import { todayOf } from '../../lib/clock.ts';
import { appError } from '../../lib/errors.ts';
import { currentMembership, hashSecret } from '../../plugins/org-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { publicHolidays } from '../../lib/holidays.ts';
import { leavesWhere } from './leave.queries.ts';

const feedPath = (token: string) => `/api/people-leave/feed/calendar.ics?token=${token}`;

/** `POST /people-leave/feed`: a new secret address of my calendar feed (any earlier one stops working). */
export async function renewFeed(ctx: AppContext, personId: string) {
  const token = randomBytes(24).toString('base64url');
  await ctx.db
    .insert(leaveFeeds)
    .values({ personId, tokenHash: hashSecret(token) })
    .onConflictDoUpdate({ target: leaveFeeds.personId, set: { tokenHash: hashSecret(token), createdAt: ctx.clock.now() } });
  return { url: `${ctx.config.publicUrl}${feedPath(token)}` };
}

/** `DELETE /people-leave/feed`: revokes my feed's address. */
export async function revokeFeed(ctx: AppContext, personId: string) {
  await ctx.db.delete(leaveFeeds).where(eq(leaveFeeds.personId, personId));
  return { deleted: true as const };
}

/**
 * `GET /people-leave/feed/calendar.ics?token=`: an iCal feed of approved leave (every year's: a calendar keeps its past)
 * and public holidays of this year and next, of the person's organisations that are not deleted. Without `org`, the
 * person's own leave and the holidays of their organisations' countries; with `org`, that organisation's
 * approved leave — with its reason for its leave approvers, as "away" for everyone else. A revoked or unknown address
 * is 404.
 */
export async function feedOf(ctx: AppContext, token: string, orgId: string | undefined): Promise<string> {
  const [feed] = await ctx.db
    .select()
    .from(leaveFeeds)
    .where(eq(leaveFeeds.tokenHash, hashSecret(token)));
  if (!feed) throw appError('notFound');
  const year = Number(todayOf(ctx.clock).slice(0, 4));
  const memberships = await ctx.db
    .select({ org: orgs, member: orgPeople })
    .from(orgPeople)
    .innerJoin(orgs, eq(orgs.id, orgPeople.orgId))
    .where(and(eq(orgPeople.personId, feed.personId), currentMembership(), isNull(orgs.deletedAt)));
  const shown = orgId ? memberships.filter(({ org }) => org.id === orgId) : memberships;
  if (orgId && shown.length === 0) throw appError('notFound');
  const calendar = ical({
    name: orgId ? `Leave of ${shown[0]!.org.title}` : 'My leave',
    prodId: { company: 'Crewplan', product: 'leave' },
  });
  const orgIds = shown.map(({ org }) => org.id);
  const rows = orgIds.length
    ? await leavesWhere(
        ctx.db,
        and(
          inArray(leaveRequests.orgId, orgIds),
          eq(leaveRequests.status, 'approved'),
          orgId ? undefined : eq(leaveRequests.personId, feed.personId),
        ),
      )
    : [];
  for (const { leave, person } of rows) {
    const entry = shown.find(({ org }) => org.id === leave.orgId)!;
    const withReason = leave.personId === feed.personId || approvesOrgLeave(entry.member);
    const code = entry.org.leaveCodes.find((c) => c.id === leave.codeId);
    for (const day of leave.days)
      calendar.createEvent({
        id: `${leave.id}-${day.date}@crewplan`,
        start: new Date(`${day.date}T00:00:00Z`),
        allDay: true,
        summary: `${person.firstName} ${person.lastName}: ${withReason ? (code?.description ?? 'Leave') : 'Away'}`,
      });
  }
  const countries = [...new Set(shown.map(({ org }) => org.holidayCountryCode).filter((c): c is string => !!c))];
  for (const country of countries)
    for (const holiday of [...publicHolidays(country, year), ...publicHolidays(country, year + 1)])
      calendar.createEvent({
        id: `holiday-${country}-${holiday.date}@crewplan`,
        start: new Date(`${holiday.date}T00:00:00Z`),
        allDay: true,
        summary: `${holiday.name} (${country})`,
      });
  return calendar.toString();
}
