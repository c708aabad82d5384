import { and, eq, inArray, or } from 'drizzle-orm';
import {
  isIsoDay,
  PIN_TARGETS,
  pinnedDates,
  planItemDates,
  toMinorUnits,
  type PinTarget,
  type PlanItem,
  type PlanItemCreate,
  type PlanItemUpdate,
} from '@crewplan/domain';
import { diffFields, lockMission, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { dependencies, planItems } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { planItemChanged } from './plan.billing.ts';
import { assignmentGoesThroughRequest, requireNoOverlap, requirePersonRole, requireReason, requireTeamCandidate } from './plan.guards.ts';
import { announceRequestChanges, type RequestChange } from './plan.events.ts';
import type { PlanItemRow } from './plan.presenter.ts';
import { followPlanItem } from './plan.pins.ts';
import { loadPlanRows, planItemRow, presentPlanItemById } from './plan.queries.ts';
import { askOrganisation } from './plan.people.ts';
import { announceDecisions, rejectPendingRequests } from './plan.requests.ts';
import {
  missionRoleRateTime,
  raciOnTasksToSave,
  rateFromCard,
  requireCostsOpen,
  requireLinkedTask,
  requireMoneyRights,
  requireOrgRole,
  requireWholeAmount,
} from './plan.money.ts';

type RowFields = Partial<typeof planItems.$inferInsert>;

const invalidPin = () => appError('planInvalidPin');

/** The row columns of the editable fields given (money to minor units). */
function rowFields(input: PlanItemUpdate): RowFields {
  const { orgRole, rate, billRate, amount, raciOnTasks: _raci, ...same } = input;
  return {
    ...same,
    ...(orgRole !== undefined && { orgRoleId: orgRole }),
    ...(rate !== undefined && { rateMinor: toMinorUnits(rate) }),
    ...(billRate !== undefined && { billRateMinor: toMinorUnits(billRate) }),
    ...(amount !== undefined && { amountMinor: amount === null ? null : toMinorUnits(amount) }),
  };
}

/**
 * The dates an item is saved with (rules 28, 74): pinned to the mission it takes the mission's dates
 * (`pinnedDates`); pinned to another plan item of the mission, that item's dates; otherwise its own, a missing date
 * taking the mission's and an end not after the start pushed to start + 5 days.
 */
async function resolveDates(
  tx: Tx,
  access: MissionAccess,
  itemId: string | null,
  pinnedTo: string | null,
  dates: { startDate: string | null; endDate: string | null },
): Promise<{ startDate: string | null; endDate: string | null }> {
  const mission = { start: access.mission.planStartDate, end: access.mission.planEndDate };
  if (pinnedTo === null) return planItemDates(dates, mission);
  if ((PIN_TARGETS as readonly string[]).includes(pinnedTo)) {
    if (!isIsoDay(mission.start) || !isIsoDay(mission.end)) return planItemDates(dates, mission);
    return planItemDates(pinnedDates(pinnedTo as PinTarget, { start: mission.start, end: mission.end }, dates), mission);
  }
  if (pinnedTo === itemId) throw invalidPin();
  const [target] = await tx
    .select({ startDate: planItems.startDate, endDate: planItems.endDate })
    .from(planItems)
    .where(and(eq(planItems.id, pinnedTo), eq(planItems.missionId, access.mission.id), eq(planItems.wasDeleted, false)));
  if (!target) throw invalidPin();
  return planItemDates(target, mission);
}

/**
 * `POST /mission-plan/mission/:id`: a plan item of any type. Dates as `resolveDates`; allocation defaults to 100
 * (its default day is `defaultDailyHours`: 8 h × percent); the rate time defaults as rule 190 (`missionRoleRateTime`).
 * A person role given an organisation role and no rate takes its rate from the rate cards (`rateFromCard`). Money is
 * set only by who sees it (403), and an item with money must start before it ends (rule 191, 400). A person must be on the team at a working permission (400) and have no
 * overlapping role (409); when roles need approval and the caller may not approve (rule 71) the role is created
 * without them and a pending organisation request asks for them, with a reason of 5 characters (rule 79, 400). An
 * amount in a currency without minor units (YEN) is whole (400); rates may keep fractions.
 */
export async function createPlanItem(ctx: AppContext, access: MissionAccess, input: PlanItemCreate): Promise<PlanItem> {
  const { type, person, reason, ...fields } = input;
  if (person) requirePersonRole(type);
  requireMoneyRights(access, fields);
  const viaRequest = !!person && assignmentGoesThroughRequest(access);
  // the person is asked for with a reason its approvers read (rule 79), as on every path that asks
  const why = viaRequest ? requireReason(reason) : undefined;
  const missionId = access.mission.id;
  const submitted: RequestChange[] = [];
  const item = await runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    const mission = await lockMission(tx, missionId);
    const id = newId();
    const pinnedTo = fields.pinnedTo ?? null;
    const dates = await resolveDates(tx, access, id, pinnedTo, { startDate: fields.startDate ?? null, endDate: fields.endDate ?? null });
    await requireOrgRole(tx, access, fields.orgRole);
    await requireLinkedTask(tx, access, fields.linkedToTask);
    const fromCard =
      type === 'person' && fields.orgRole && fields.rate === undefined
        ? await rateFromCard(tx, ctx.clock, access, fields.orgRole, fields)
        : {};
    const row = {
      rateTime: missionRoleRateTime(access),
      ...rowFields(fields),
      ...fromCard,
      id,
      missionId,
      type,
      title: fields.title ?? fields.role ?? '',
      personId: viaRequest ? null : (person ?? null),
      allocation: fields.allocation ?? 100,
      pinnedTo,
      ...dates,
      createdBy: access.personId,
      ...(fields.raciOnTasks && { raciOnTasks: await raciOnTasksToSave(tx, access, fields.raciOnTasks, dates) }),
    };
    requireWholeAmount(row.amountMinor, mission.currency);
    requireCostsOpen({
      type,
      pinnedTo,
      startDate: fields.startDate ?? row.startDate,
      endDate: fields.endDate ?? row.endDate,
      rateMinor: row.rateMinor ?? 0,
      billRateMinor: row.billRateMinor ?? 0,
      amountMinor: row.amountMinor ?? null,
    });
    if (person) {
      await requireTeamCandidate(tx, access, person);
      requireNoOverlap({ ...row, personId: person, role: row.role ?? null }, await loadPlanRows(tx, missionId));
    }
    await tx.insert(planItems).values(row);
    record({
      action: 'create',
      entity: 'plan.items',
      id,
      title: row.title,
      changes: diffFields(
        {},
        { type, title: row.title, role: row.role, person: row.personId, startDate: row.startDate, endDate: row.endDate },
      ),
    });
    if (viaRequest) submitted.push(await askOrganisation(tx, record, access, { id, title: row.title }, person ?? null, why!));
    return presentPlanItemById(tx, access, id);
  });
  await announceRequestChanges(ctx, access, submitted);
  return item;
}

/**
 * `PUT /mission-plan/:id/bulk`: changes fields of one plan item. Dates are re-decided when a date or the pin is
 * given (a pinned item keeps following what it is pinned to: clear `pinnedTo` to set its own dates); a role with a
 * person whose dates change must not overlap another role of theirs (409). When its dates change, the items pinned
 * to it follow, down the chain of pins (rule 28, `followPlanItem`), in the same transaction and history — a follower
 * whose person would then hold overlapping roles refuses the whole change (409). Money is set only by who sees it
 * (403); an item with money must start before it ends (rule 191, 400); a person role given an organisation role
 * while it has no rate takes one from the rate cards (`rateFromCard`); hours on tasks are checked and computed; an
 * amount given in a currency without minor units (YEN) is whole (400).
 */
export async function updatePlanItem(ctx: AppContext, access: MissionAccess, id: string, input: PlanItemUpdate): Promise<PlanItem> {
  const missionId = access.mission.id;
  return runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    const mission = await lockMission(tx, missionId);
    requireMoneyRights(access, input);
    const before = await planItemRow(tx, access.mission.id, id, true);
    const patch: RowFields = rowFields(input);
    requireWholeAmount(patch.amountMinor, mission.currency);
    if (input.orgRole !== undefined && input.orgRole !== before.orgRoleId) await requireOrgRole(tx, access, input.orgRole);
    if (input.linkedToTask !== before.linkedToTask) await requireLinkedTask(tx, access, input.linkedToTask);
    if (
      before.type === 'person' &&
      input.orgRole &&
      input.orgRole !== before.orgRoleId &&
      input.rate === undefined &&
      before.rateMinor === 0
    )
      Object.assign(patch, await rateFromCard(tx, ctx.clock, access, input.orgRole, input));
    if (input.startDate !== undefined || input.endDate !== undefined || input.pinnedTo !== undefined) {
      const pinnedTo = input.pinnedTo !== undefined ? input.pinnedTo : before.pinnedTo;
      const dates = {
        startDate: input.startDate !== undefined ? input.startDate : before.startDate,
        endDate: input.endDate !== undefined ? input.endDate : before.endDate,
      };
      Object.assign(patch, await resolveDates(tx, access, id, pinnedTo, dates));
    }
    const after = { ...before, ...patch } as PlanItemRow;
    if (input.raciOnTasks) patch.raciOnTasks = await raciOnTasksToSave(tx, access, input.raciOnTasks, after);
    requireCostsOpen({
      ...after,
      startDate: input.startDate !== undefined ? input.startDate : before.startDate,
      endDate: input.endDate !== undefined ? input.endDate : before.endDate,
    });
    if (after.personId && (after.startDate !== before.startDate || after.endDate !== before.endDate)) {
      requireNoOverlap(after, await loadPlanRows(tx, missionId));
    }
    const changes = diffFields(before as unknown as Record<string, unknown>, patch as Record<string, unknown>);
    if (Object.keys(changes).length > 0) {
      await tx.update(planItems).set(patch).where(eq(planItems.id, id));
      record({ action: 'update', entity: 'plan.items', id, title: after.title, changes });
      // a milestone billed on an issued invoice keeps its amount and approval; a draft draws it again
      await planItemChanged(ctx, tx, access.mission.orgId, before, after);
    }
    if (changes.startDate || changes.endDate)
      await followPlanItem(tx, access, record, { _id: id, startDate: after.startDate, endDate: after.endDate });
    return presentPlanItemById(tx, access, id);
  });
}

/**
 * `DELETE /mission-plan/:id`: marks the item deleted (its requests and schedules stay for the record); a request
 * still pending ends rejected, told as a decision is. Its dependencies go, and items pinned to it are unpinned. Any
 * role may be deleted by who manages the plan, the creator's Project manager role included (the mission's admins stay
 * admins: roles are not permissions).
 */
export async function deletePlanItem(ctx: AppContext, access: MissionAccess, id: string): Promise<{ deleted: string[] }> {
  const missionId = access.mission.id;
  const { deleted, rejected } = await runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    // the item's lock also waits for a decision of its request under way (decisions lock it too)
    const before = await planItemRow(tx, access.mission.id, id, true);
    await tx.update(planItems).set({ wasDeleted: true }).where(eq(planItems.id, id));
    await planItemChanged(ctx, tx, access.mission.orgId, before, null);
    record({ action: 'delete', entity: 'plan.items', id, title: before.title, changes: { wasDeleted: { from: false, to: true } } });
    const rejected = await rejectPendingRequests(tx, record, access, before, ctx.clock.now());
    const removed = await tx
      .delete(dependencies)
      .where(
        and(
          eq(dependencies.kind, 'plan'),
          eq(dependencies.missionId, missionId),
          or(eq(dependencies.fromId, id), eq(dependencies.toId, id)),
        ),
      )
      .returning({ id: dependencies.id, fromId: dependencies.fromId, toId: dependencies.toId });
    for (const dep of removed)
      record({
        action: 'delete',
        entity: 'dependencies',
        id: dep.id,
        title: before.title,
        changes: { toId: { from: dep.toId, to: null } },
      });
    const pinned = await tx
      .update(planItems)
      .set({ pinnedTo: null })
      .where(and(eq(planItems.missionId, missionId), eq(planItems.pinnedTo, id)))
      .returning({ id: planItems.id, title: planItems.title });
    for (const item of pinned)
      record({ action: 'update', entity: 'plan.items', id: item.id, title: item.title, changes: { pinnedTo: { from: id, to: null } } });
    return { deleted: [id], rejected };
  });
  await announceDecisions(ctx, access, rejected);
  return { deleted };
}

/** Ids of `ids` that are live plan items of the mission. */
export async function liveItemsOf(tx: Tx, missionId: string, ids: string[]): Promise<PlanItemRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(planItems)
    .where(and(eq(planItems.missionId, missionId), inArray(planItems.id, ids), eq(planItems.wasDeleted, false)));
}
