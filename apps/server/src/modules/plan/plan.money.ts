import { and, eq, inArray } from 'drizzle-orm';
import {
  costsBlocked,
  currencyStepMinor,
  defaultMissionRateUnit,
  PLAN_MONEY_FIELDS,
  raciHoursNeeded,
  seesMissionMoney,
  type PlanItemUpdate,
  type RaciOnTask,
} from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { actionItems, actions, orgRoles, type planItems } from '../../db/schema/index.ts';
import { appError, atField } from '../../lib/errors.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import { roleRateFor } from '../money/index.ts';

type RowFields = Partial<typeof planItems.$inferInsert>;

/**
 * Money fields (rate, rate time, bill rate and unit, amount) are set only by who sees the mission's money
 * (`seesMissionMoney`): 403 naming the fields otherwise, before anything is written.
 */
export function requireMoneyRights(access: MissionAccess, input: Partial<Record<string, unknown>>): void {
  if (seesMissionMoney(access.actor)) return;
  const given = PLAN_MONEY_FIELDS.filter((field) => input[field] !== undefined);
  if (given.length > 0) throw appError('planMoneyForbidden', given);
}

/** Rule 190: a role created on the mission is paid Hourly where project creation is restricted, else the organisation's default (Monthly). */
export function missionRoleRateTime(access: MissionAccess): string {
  if (access.org?.projectCreationRestricted) return defaultMissionRateUnit(true);
  return access.org?.roleDefaultRateTime ?? defaultMissionRateUnit(false);
}

/**
 * Rule 191: a person or cost item that carries money cannot have its start not before its end (the +5 days repair
 * of dates is for items without money): 400 with the spec's text, naming the end date. `dates` are as the caller
 * gave them, before any repair; an item pinned elsewhere takes its pin's dates and is not asked.
 */
export function requireCostsOpen(item: {
  type: string;
  pinnedTo: string | null;
  startDate: string | null;
  endDate: string | null;
  rateMinor: number;
  billRateMinor: number;
  amountMinor: number | null;
}): void {
  if (item.type !== 'person' && item.type !== 'cost') return;
  if (item.pinnedTo !== null) return;
  const carriesMoney = item.rateMinor > 0 || item.billRateMinor > 0 || (item.amountMinor ?? 0) > 0;
  if (carriesMoney && costsBlocked(item.startDate, item.endDate)) throw appError('planCostsBlocked');
}

/**
 * An amount (a cost item's, a milestone's) in a currency without minor units (YEN) is whole, as a mission budget and
 * a client order are: 400 on `amount` otherwise. Rates (per hour, day…) keep their fractions and are not asked.
 */
export function requireWholeAmount(amountMinor: number | null | undefined, missionCurrency: string): void {
  if (amountMinor && amountMinor % currencyStepMinor(missionCurrency) !== 0) throw atField(appError('expenseWholeUnits'), 'amount');
}

/** 400 unless `orgRole` is a live role of the mission's organisation (a personal mission has none). */
export async function requireOrgRole(tx: Tx, access: MissionAccess, orgRole: string | null | undefined): Promise<void> {
  if (!orgRole) return;
  const orgId = access.mission.orgId;
  const [row] = orgId
    ? await tx
        .select({ id: orgRoles.id })
        .from(orgRoles)
        .where(and(eq(orgRoles.id, orgRole), eq(orgRoles.orgId, orgId), eq(orgRoles.isDeleted, false)))
    : [];
  if (!row) throw appError('planOrgRoleUnknown');
}

/**
 * The hours on tasks as saved: every task must be a task of the mission (400 naming the entry otherwise), and an
 * entry with hours per frequency has its hours needed computed over its dates (the role's when it has none).
 */
export async function raciOnTasksToSave(
  tx: Tx,
  access: MissionAccess,
  entries: RaciOnTask[],
  itemDates: { startDate: string | null; endDate: string | null },
): Promise<Record<string, unknown>[]> {
  const ids = [...new Set(entries.map((entry) => entry.taskId))];
  if (ids.length > 0) {
    const found = await tx
      .select({ id: actionItems.id })
      .from(actionItems)
      .where(and(eq(actionItems.missionId, access.mission.id), inArray(actionItems.id, ids)));
    const known = new Set(found.map((row) => row.id));
    const index = entries.findIndex((entry) => !known.has(entry.taskId));
    if (index >= 0) throw appError('planTaskUnknown', index);
  }
  return entries.map((entry) => {
    const startDate = entry.startDate ?? itemDates.startDate;
    const endDate = entry.endDate ?? itemDates.endDate;
    const computed = raciHoursNeeded({ hoursPer: entry.hoursPer, frequency: entry.frequency, startDate, endDate });
    return { ...entry, hoursNeeded: computed ?? entry.hoursNeeded ?? null };
  });
}

/** The task a milestone follows (rule 82) is an action or an action item of the mission: 400 naming `linkedToTask` otherwise. */
export async function requireLinkedTask(tx: Tx, access: MissionAccess, taskId: string | null | undefined): Promise<void> {
  if (!taskId) return;
  const ofMission = (table: typeof actions | typeof actionItems) =>
    tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, taskId), eq(table.missionId, access.mission.id)));
  const [action] = await ofMission(actions);
  if (action) return;
  const [item] = await ofMission(actionItems);
  if (!item) throw atField(appError('planTaskUnknown', 0), 'linkedToTask');
}

/**
 * The rate a person role takes when it is created with, or given, an organisation role and has no rate of its own:
 * its mission's rate card, else its client's, else the role's cost (`rateForRole`). The item keeps what it took; a
 * later change of a card does not reach it. The rate comes with its unit; bill rate and unit come from a card when it
 * has them and none were given. Rates of the organisation's currency come converted into the mission's (`roleRateFor`).
 */
export async function rateFromCard(
  tx: Tx,
  clock: Clock,
  access: MissionAccess,
  orgRole: string,
  given: Pick<PlanItemUpdate, 'billRate' | 'billUnit'>,
): Promise<RowFields> {
  const found = await roleRateFor({ db: tx, clock }, access.mission, orgRole);
  if (!found) return {};
  const bill = found.billRateMinor !== null && given.billRate === undefined;
  return {
    rateMinor: found.rateMinor,
    rateTime: found.rateTime,
    ...(bill && { billRateMinor: found.billRateMinor!, ...(given.billUnit === undefined && { billUnit: found.rateTime }) }),
  };
}
