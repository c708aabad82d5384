import type { Tx } from '../../db/database.ts';
import type { AppContext } from '../../plugins/types.ts';
import type { PlanItemRow } from './plan.presenter.ts';

/** What an invoice line draws from a milestone, and what decides whether it is reached. */
export type MilestoneFields = Pick<PlanItemRow, 'id' | 'missionId' | 'type' | 'amountMinor' | 'approved' | 'linkedToTask' | 'wasDeleted'>;

/**
 * Told, in the plan's transaction with the item's row locked, that a plan item changed (`after`, saved) or was
 * deleted (`after` null); it may refuse the change by throwing. The invoices module registers here (it keeps a billed
 * milestone as billed): the plan does not import the invoices module, which reaches the plan through others.
 */
export type PlanItemChangedHandler = (
  ctx: AppContext,
  tx: Tx,
  orgId: string | null,
  before: MilestoneFields,
  after: MilestoneFields | null,
) => Promise<void>;

let handler: PlanItemChangedHandler | null = null;

/** The one registration point for changes of plan items that may be billed. */
export function onPlanItemChanged(next: PlanItemChangedHandler | null): void {
  handler = next;
}

/** Hands a change of a plan item to the registered handler, if any. */
export async function planItemChanged(...args: Parameters<PlanItemChangedHandler>): Promise<void> {
  if (handler) await handler(...args);
}
