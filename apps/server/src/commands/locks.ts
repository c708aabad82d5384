import { eq } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { missions } from '../db/schema/index.ts';

/**
 * The mission row, locked for update in this transaction (first in the lock order mission → action → task): writes
 * that decide over the whole mission (role overlaps, lists kept in the row, invites) run one at a time.
 */
export async function lockMission(tx: Tx, missionId: string): Promise<typeof missions.$inferSelect> {
  const [row] = await tx.select().from(missions).where(eq(missions.id, missionId)).for('update');
  return row!;
}
