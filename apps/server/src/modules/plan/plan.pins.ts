import { eq } from 'drizzle-orm';
import { followPinnedItems } from '@crewplan/domain';
import { diffFields, type RecordMissionWrite } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { planItems } from '../../db/schema/index.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import { requireNoOverlap } from './plan.guards.ts';
import type { PlanItemRow } from './plan.presenter.ts';
import { loadPlanRows } from './plan.queries.ts';

/** A plan item that followed the item it is pinned to: the row as it was, and its new dates. */
export type PlanItemFollow = { before: PlanItemRow; startDate: string | null; endDate: string | null };

/**
 * Rule 28, pinned items follow: once plan items have `moved` (their new dates decided, written or about to be), the
 * items pinned to them take their dates, and the items pinned to those, down the chain (`followPinnedItems`),
 * written in the caller's transaction. Used by a plan item's own date change and by the mission's dates moving the
 * plan. Answers each follower as it was with its new dates, for the caller to check and record.
 */
export async function moveFollowers(
  tx: Tx,
  missionId: string,
  mission: { start: string | null; end: string | null },
  moved: readonly { _id: string; startDate: string | null; endDate: string | null }[],
): Promise<PlanItemFollow[]> {
  if (moved.length === 0) return [];
  const rows = await loadPlanRows(tx, missionId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const follows = followPinnedItems(
    rows.map((row) => ({ _id: row.id, startDate: row.startDate, endDate: row.endDate, pinnedTo: row.pinnedTo })),
    moved,
    mission,
  );
  for (const follow of follows) {
    await tx.update(planItems).set({ startDate: follow.startDate, endDate: follow.endDate }).where(eq(planItems.id, follow._id));
  }
  return follows.map((follow) => ({ before: byId.get(follow._id)!, startDate: follow.startDate, endDate: follow.endDate }));
}

/**
 * A plan item's own date change carried to its followers (`moveFollowers`), each recorded in the mission's history;
 * a follower whose person would then hold overlapping roles refuses the whole change (409).
 */
export async function followPlanItem(
  tx: Tx,
  access: MissionAccess,
  record: RecordMissionWrite,
  moved: { _id: string; startDate: string | null; endDate: string | null },
): Promise<PlanItemFollow[]> {
  const missionId = access.mission.id;
  const mission = { start: access.mission.planStartDate, end: access.mission.planEndDate };
  const follows = await moveFollowers(tx, missionId, mission, [moved]);
  const rows = follows.some((follow) => follow.before.personId) ? await loadPlanRows(tx, missionId) : [];
  for (const { before: item, startDate, endDate } of follows) {
    if (item.personId) requireNoOverlap({ ...item, startDate, endDate }, rows);
    const changes = diffFields(item as unknown as Record<string, unknown>, { startDate, endDate });
    record({ action: 'update', entity: 'plan.items', id: item.id, title: item.title, changes });
  }
  return follows;
}
