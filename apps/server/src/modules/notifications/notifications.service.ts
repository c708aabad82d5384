import { and, eq, inArray, sql } from 'drizzle-orm';
import { isMailedAsNotification, type MarkReadBody, type NotificationType } from '@crewplan/domain/notifications/notifications';
import { notificationReads, notifications, people } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { personRoom } from '../../plugins/realtime.ts';
import type { AppContext } from '../../plugins/types.ts';
import { emailLink, mails } from '../mail/index.ts';
import { missionNotWithheld } from './notifications.queries.ts';
import { oneClickUnsubscribeLink, unsubscribeToken } from '../platform/index.ts';

/** A notification to create; `open` are the query parameters of the web app that open its thing (used in the mail). */
export type NewNotification = {
  personId: string;
  type: NotificationType;
  title: string;
  body: string;
  orgId: string | null;
  missionId: string | null;
  actorId: string | null;
  data: Record<string, unknown>;
  open: Record<string, string>;
};

export const notificationNotFound = () => appError('notificationNotFound');

function appLink(publicUrl: string, params: Record<string, string>): string {
  const url = new URL('/', publicUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.toString();
}

/**
 * Creates notifications (one transaction), then tells each person's own room and mails those who have not opted
 * out, with a one-click unsubscribe link; mailed notifications get their emailedAt. Returns the new ids.
 */
export async function createNotifications(ctx: AppContext, entries: NewNotification[]): Promise<string[]> {
  if (entries.length === 0) return [];
  const rows = entries.map((entry) => ({ ...entry, id: newId() }));
  await ctx.db.insert(notifications).values(
    rows.map(({ id, personId, type, title, body, orgId, missionId, actorId, data }) => ({
      id,
      personId,
      type,
      title,
      body,
      orgId,
      missionId,
      actorId,
      data,
    })),
  );
  for (const row of rows) ctx.realtime.publish(personRoom(row.personId), { type: 'create', entity: 'notifications', id: row.id });
  await mailNotifications(ctx, rows);
  return rows.map((row) => row.id);
}

/**
 * A role request was decided: the notifications that asked its approvers to decide it now carry the decision, so that
 * no approver is offered a decision already taken; each of their people's rooms hears of the change.
 */
export async function closeRoleRequestAsks(ctx: AppContext, requestId: string, status: 'approved' | 'rejected'): Promise<void> {
  const updated = await ctx.db
    .update(notifications)
    .set({ data: sql`jsonb_set(${notifications.data}, '{statusMap,status}', to_jsonb(${status}::text))` })
    .where(
      and(
        eq(notifications.type, 'orgRolePlanItemStatusChange'),
        sql`${notifications.data}->'statusMap'->>'requestId' = ${requestId}`,
        sql`${notifications.data}->'statusMap'->>'status' = 'pending_approval'`,
      ),
    )
    .returning({ id: notifications.id, personId: notifications.personId });
  for (const row of updated) ctx.realtime.publish(personRoom(row.personId), { type: 'update', entity: 'notifications', id: row.id });
}

async function mailNotifications(ctx: AppContext, rows: (NewNotification & { id: string })[]): Promise<void> {
  const candidates = rows.filter((row) => isMailedAsNotification(row.type));
  if (candidates.length === 0) return;
  // what the lists withhold (a mission of an organisation requiring two-factor sign-in they lack, or one they left)
  // is not mailed either: the mail would carry it out
  const shown = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        inArray(
          notifications.id,
          candidates.map((row) => row.id),
        ),
        missionNotWithheld,
      ),
    );
  const shownIds = new Set(shown.map((row) => row.id));
  const mailed = candidates.filter((row) => shownIds.has(row.id));
  if (mailed.length === 0) return;
  const recipients = await ctx.db
    .select({ id: people.id, email: people.email, optOut: people.emailOptOut })
    .from(people)
    .where(inArray(people.id, [...new Set(mailed.map((row) => row.personId))]));
  const byId = new Map(recipients.map((person) => [person.id, person]));
  const sent: string[] = [];
  for (const row of mailed) {
    const person = byId.get(row.personId);
    if (!person || person.optOut) continue;
    const token = unsubscribeToken(ctx.config.authSecret, person.id);
    const unsubscribe = {
      page: emailLink(ctx.config.publicUrl, 'unsubscribe', token),
      oneClick: oneClickUnsubscribeLink(ctx.config.publicUrl, token),
    };
    await ctx.mailer.send(mails.notification(person.email, row, appLink(ctx.config.publicUrl, row.open), unsubscribe));
    sent.push(row.id);
  }
  if (sent.length > 0) await ctx.db.update(notifications).set({ emailedAt: ctx.clock.now() }).where(inArray(notifications.id, sent));
}

/**
 * The person's other tabs and devices refetch their notifications (and the bell's count) on any message of their room;
 * one message says it however many changed.
 */
function tellChanged(ctx: AppContext, personId: string, rows: { id: string }[]): void {
  if (rows[0]) ctx.realtime.publish(personRoom(personId), { type: 'update', entity: 'notifications', id: rows[0].id });
}

/** `PUT /notification/read`: marks one of the caller's notifications read (404 for any other), or all of theirs. */
export async function markRead(ctx: AppContext, personId: string, body: MarkReadBody): Promise<{ updated: number }> {
  const mine = eq(notifications.personId, personId);
  if ('all' in body) {
    const rows = await ctx.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(mine, eq(notifications.isRead, false)))
      .returning({ id: notifications.id });
    tellChanged(ctx, personId, rows);
    return { updated: rows.length };
  }
  const rows = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(mine, eq(notifications.id, body.notificationId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notificationNotFound();
  tellChanged(ctx, personId, rows);
  return { updated: rows.length };
}

/** `PUT /notification/user/read`: the caller opened their panel now; newer notifications show as new. */
export async function markPanelOpened(ctx: AppContext, personId: string): Promise<{ seenAt: string }> {
  const [row] = await ctx.db
    .insert(notificationReads)
    .values({ personId, readAt: sql`now()` })
    .onConflictDoUpdate({ target: notificationReads.personId, set: { readAt: sql`now()` } })
    .returning({ readAt: notificationReads.readAt });
  return { seenAt: row!.readAt.toISOString() };
}

/** `PUT /notification/disable/:id`: hides one of the caller's notifications from lists and counts (404 otherwise). */
export async function disableNotification(ctx: AppContext, personId: string, id: string): Promise<{ updated: number }> {
  const rows = await ctx.db
    .update(notifications)
    .set({ isDisabled: true })
    .where(and(eq(notifications.personId, personId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notificationNotFound();
  tellChanged(ctx, personId, rows);
  return { updated: rows.length };
}

/** Hides the chat mentions a person was sent on a mission (with their excerpts) from their lists and counts. */
export async function hideMissionMentions(ctx: AppContext, missionId: string, personId: string): Promise<void> {
  await ctx.db
    .update(notifications)
    .set({ isDisabled: true })
    .where(and(eq(notifications.personId, personId), eq(notifications.missionId, missionId), eq(notifications.type, 'mentionComment')));
}
