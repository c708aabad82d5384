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

/** Adds bookings to a session, one per role (a later booking of a role replaces the earlier one, in one call too). */
export function mergeBookings(current: readonly SessionBooking[], added: readonly SessionBooking[]): SessionBooking[] {
  const latest = new Map(added.map((booking) => [booking.missionPlanId, booking]));
  return [...current.filter((booking) => !latest.has(booking.missionPlanId)), ...latest.values()];
}

/**
 * Adds a call's bookings (`added`) to a session and moves its end to `SESSION_HOURS` from now; a new one is created
 * (ended ones are swept). The bookings are merged into the session's row as it is when written, under its lock: two
 * calls booking into one session at once both keep theirs. A session ended while the call ran (deleted, or swept)
 * is not brought back: 404 naming `field`.
 */
export async function saveSession(
  db: Db,
  session: { id: string | null; orgId: string; ownerId: string; added: SessionBooking[] },
  now: Date,
  field: string,
): Promise<SessionRow> {
  const expiresAt = expiryFrom(now);
  const { id } = session;
  if (id) {
    return db.transaction(async (tx) => {
      const [current] = await tx.select().from(staffingSessions).where(eq(staffingSessions.id, id)).for('update');
      if (!current) throw sessionNotFound(field);
      const [row] = await tx
        .update(staffingSessions)
        .set({ bookings: mergeBookings(current.bookings, session.added), expiresAt, updatedAt: now })
        .where(eq(staffingSessions.id, id))
        .returning();
      return row!;
    });
  }
  await db.delete(staffingSessions).where(lt(staffingSessions.expiresAt, now));
  const [row] = await db
    .insert(staffingSessions)
    .values({ id: newId(), orgId: session.orgId, ownerId: session.ownerId, bookings: mergeBookings([], session.added), expiresAt })
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
