import { and, eq, gt, lt } from 'drizzle-orm';
import { SESSION_HOURS, type StaffingSession } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { staffingSessions, type SessionBooking } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

export type SessionRow = typeof staffingSessions.$inferSelect;

export const sessionNotFound = (field: string) => appError('staffingSessionNotFound', field);

const expiryFrom = (now: Date) => new Date(now.getTime() + SESSION_HOURS * 3_600_000);

/** The caller's live session (of this organisation when given); 404 naming `field` when it is not theirs, gone or over. */
export async function ownSession(db: Db, id: string, ownerId: string, now: Date, field: string, orgId?: string): Promise<SessionRow> {
  const [row] = await db
    .select()
    .from(staffingSessions)
    .where(and(eq(staffingSessions.id, id), eq(staffingSessions.ownerId, ownerId), gt(staffingSessions.expiresAt, now)))
    .limit(1);
  if (!row || (orgId && row.orgId !== orgId)) throw sessionNotFound(field);
  return row;
}

/**
 * Keeps a session's bookings and moves its end to `SESSION_HOURS` from now; a new one is created (ended ones are
 * swept). A session ended while the call ran (deleted, or swept) is not brought back: 404 naming `field`.
 */
export async function saveSession(
  db: Db,
  session: { id: string | null; orgId: string; ownerId: string; bookings: SessionBooking[] },
  now: Date,
  field: string,
): Promise<SessionRow> {
  const expiresAt = expiryFrom(now);
  if (session.id) {
    const [row] = await db
      .update(staffingSessions)
      .set({ bookings: session.bookings, expiresAt, updatedAt: now })
      .where(eq(staffingSessions.id, session.id))
      .returning();
    if (!row) throw sessionNotFound(field);
    return row;
  }
  await db.delete(staffingSessions).where(lt(staffingSessions.expiresAt, now));
  const [row] = await db
    .insert(staffingSessions)
    .values({ id: newId(), orgId: session.orgId, ownerId: session.ownerId, bookings: session.bookings, expiresAt })
    .returning();
  return row!;
}

/** Ends the caller's session. */
export async function deleteSession(db: Db, id: string, ownerId: string, now: Date): Promise<{ deleted: string }> {
  await ownSession(db, id, ownerId, now, 'sessionId');
  await db.delete(staffingSessions).where(eq(staffingSessions.id, id));
  return { deleted: id };
}

export const presentSession = (row: SessionRow): StaffingSession => ({
  sessionId: row.id,
  expiresAt: row.expiresAt.toISOString(),
  assignedRoles: row.bookings,
});
