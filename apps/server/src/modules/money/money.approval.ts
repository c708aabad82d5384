import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { missions, planItems, type timesheets } from '../../db/schema/index.ts';

type RateColumns = Pick<
  typeof timesheets.$inferInsert,
  'approvedRateMinor' | 'approvedRateTime' | 'approvedBillRateMinor' | 'approvedBillUnit' | 'approvedCurrency' | 'approvedRateItemId'
>;

const NONE: RateColumns = {
  approvedRateMinor: null,
  approvedRateTime: null,
  approvedBillRateMinor: null,
  approvedBillUnit: null,
  approvedCurrency: null,
  approvedRateItemId: null,
};

/**
 * The money a week is approved with (issue Money: history is kept): its role's rate, rate time, bill rate, bill unit
 * (the rate time when it has none) and the mission's currency, written with the approval; a task-form week takes the
 * person's role on the mission whose dates cover the week (else their first). A week leaving 'approved' (reopened)
 * drops them, to be taken again at its next approval.
 */
export async function approvalRates(
  tx: Tx,
  sheet: { missionId: string | null; planItemId: string | null; personId: string; weekStart: string },
  approving: boolean,
): Promise<RateColumns> {
  if (!approving || !sheet.missionId) return NONE;
  const which = sheet.planItemId
    ? eq(planItems.id, sheet.planItemId)
    : and(eq(planItems.personId, sheet.personId), eq(planItems.type, 'person'), eq(planItems.wasDeleted, false));
  const [row] = await tx
    .select({
      id: planItems.id,
      rateMinor: planItems.rateMinor,
      rateTime: planItems.rateTime,
      billRateMinor: planItems.billRateMinor,
      billUnit: sql<string>`coalesce(${planItems.billUnit}, ${planItems.rateTime})`,
      currency: missions.currency,
    })
    .from(planItems)
    .innerJoin(missions, eq(missions.id, planItems.missionId))
    .where(and(eq(planItems.missionId, sheet.missionId), which))
    .orderBy(
      sql`(coalesce(${planItems.startDate}, ${missions.planStartDate}) <= ${sheet.weekStart}::date + 6
        and coalesce(${planItems.endDate}, ${missions.planEndDate}) >= ${sheet.weekStart}::date) desc nulls last`,
      sql`${planItems.startDate} nulls last`,
      asc(planItems.id),
    )
    .limit(1);
  if (!row) return NONE;
  return {
    approvedRateMinor: row.rateMinor,
    approvedRateTime: row.rateTime,
    approvedBillRateMinor: row.billRateMinor,
    approvedBillUnit: row.billUnit,
    approvedCurrency: row.currency,
    approvedRateItemId: row.id,
  };
}
