import { and, eq } from 'drizzle-orm';
import { MILESTONE_TYPES } from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { actionItems, actions } from '../../db/schema/index.ts';
import type { AppContext } from '../../plugins/types.ts';
import type { MilestoneFields } from '../plan/index.ts';
import { releaseBilledSource } from './invoices.service.ts';

/** A milestone is reached when approved, or when the task it follows is 100 % complete (as `billableSources` draws it). */
async function isReached(tx: Tx, item: MilestoneFields): Promise<boolean> {
  if (item.approved) return true;
  if (!item.linkedToTask) return false;
  const percentOf = async (table: typeof actions | typeof actionItems) =>
    (
      await tx
        .select({ percent: table.percentComplete })
        .from(table)
        .where(and(eq(table.id, item.linkedToTask!), eq(table.missionId, item.missionId)))
    )[0]?.percent;
  return ((await percentOf(actions)) ?? (await percentOf(actionItems))) === 100;
}

/** The amount a milestone bills as it is saved, or null when it bills nothing (deleted, no amount, not reached). */
const billedAmount = async (tx: Tx, item: MilestoneFields | null) =>
  item && !item.wasDeleted && (item.amountMinor ?? 0) !== 0 && (await isReached(tx, item)) ? item.amountMinor : null;

/**
 * After a milestone of the plan changed (`after`, saved) or was deleted (`after` null), in the transaction that holds
 * its row: what an invoice line drew from it — its amount, and its being reached — must not change under an issued
 * invoice (409 naming the invoice, `releaseBilledSource`); a draft draws it again at its new amount, or takes it off
 * once it no longer bills. Its title, dates and other fields change freely.
 */
export async function releaseChangedMilestone(
  ctx: AppContext,
  tx: Tx,
  orgId: string | null,
  before: MilestoneFields,
  after: MilestoneFields | null,
): Promise<void> {
  if (!orgId || !(MILESTONE_TYPES as readonly string[]).includes(before.type)) return;
  const repriced = after !== null && after.amountMinor !== before.amountMinor;
  const reachChanged =
    after === null || after.wasDeleted || after.approved !== before.approved || after.linkedToTask !== before.linkedToTask;
  if (!repriced && !reachChanged) return;
  const billed = await billedAmount(tx, after);
  // approved now, or following another task that is complete, it is still billed as it was — unless its approval,
  // which keeps an issued invoice's milestone reached (`approveBilledMilestones`), is taken back
  const unapproved = before.approved && after !== null && !after.approved;
  if (!repriced && !unapproved && billed !== null) return;
  await releaseBilledSource(ctx, tx, orgId, { kind: 'milestone', id: before.id }, billed !== null);
}
