import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  addIsoDays,
  canOnMissionMoney,
  currencyStepMinor,
  daysBetween,
  fixProjectEndOnUpdate,
  isShortening,
  missionOvertimeColumns,
  missionOvertimeTooLong,
  mondayOf,
  movePlan,
  PIN_TARGETS,
  planStartChange,
  repairMissionDates,
  shiftItemDates,
  shortenEnd,
  statusTransition,
  toMinorUnits,
  type ItemDates,
  type MissionDateEffects,
  type MissionUpdate,
  type MissionUpdated,
  type PinTarget,
  type ProjectStatus,
} from '@crewplan/domain';
import { checkFresh, diffFields, lockMission, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { actionItems, actions, missions, planItems } from '../../db/schema/index.ts';
import type { MissionAccess, MissionRow } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { moveFollowers } from '../plan/index.ts';
import { presentCurrent } from './missions.read.ts';
import { appError, atField } from '../../lib/errors.ts';
import { checkAutoAssign } from './missions.service.ts';
import { checkReferences } from './references.ts';
import { todayOf } from '../../lib/clock.ts';

type MissionInsert = typeof missions.$inferInsert;

/** The columns a `PUT /mission/:id` body sets (API names → columns); dates and status are handled apart. */
function columnsOf(input: MissionUpdate): Partial<MissionInsert> {
  const {
    shift: _shift,
    updatedAt: _updatedAt,
    client,
    program,
    goal,
    budgetAvailable,
    planStartDate: _start,
    planEndDate: _end,
    projectStatus: _status,
    overTimeAfter,
    overTimeAfterDayOrWeek,
    ...rest
  } = input;
  const columns: Partial<MissionInsert> = { ...rest, ...missionOvertimeColumns({ overTimeAfter, overTimeAfterDayOrWeek }) };
  if (client !== undefined) columns.clientId = client;
  if (program !== undefined) columns.programId = program;
  if (goal !== undefined) columns.goalId = goal;
  if (budgetAvailable !== undefined) columns.budgetAvailableMinor = budgetAvailable === null ? null : toMinorUnits(budgetAvailable);
  return columns;
}

/** The mission's money fields (spec 2 §3): only those who see its money set them (`canOnMissionMoney`). */
const MONEY_FIELDS = ['currency', 'budgetAvailable', 'notBillable', 'billUsingMilestones', 'noTimesheets'] as const;

function checkMoneyFields(access: MissionAccess, input: MissionUpdate): void {
  if (!MONEY_FIELDS.some((field) => input[field] !== undefined)) return;
  const mission = { projectStatus: access.mission.projectStatus, hasOrg: access.mission.orgId !== null };
  if (!canOnMissionMoney(access.actor, 'money.write', { mission })) throw appError('budgetMoneyOnly');
}

const isPinTarget = (value: string | null): value is PinTarget => (PIN_TARGETS as readonly string[]).includes(value ?? '');
const notDone = (status: string) => status !== 'done' && status !== 'completed' && status !== 'cancelled';

/**
 * Moves the plan with new mission dates, in the update's transaction:
 * - start changed with `shift` (rule 27, §4): unfinished action items, actions and milestone plan items shift by
 *   whole weeks (`planStartChange`, `shiftItemDates`), never before the new start;
 * - pinned plan items follow the mission's dates (rule 28), and items pinned to a plan item that moved follow it
 *   (`moveFollowers`);
 * - end shortened (rule 26): section tags move inside the new end; action items after it lose end date and week.
 */
async function moveDates(
  tx: Tx,
  before: MissionRow,
  dates: { oldStart: string; oldEnd: string; start: string; end: string },
  shift: boolean,
): Promise<MissionDateEffects & { sectionTags: MissionRow['sectionTags'] | null }> {
  const effects: MissionDateEffects = {
    moved: { actionItems: 0, actions: 0, planItems: 0 },
    cleared: { actionItems: 0 },
    startPushedForward: false,
  };
  const missionId = before.id;
  const movedPlanItems = new Set<string>();
  const planMoves: ItemDates[] = [];

  if (dates.start !== dates.oldStart && shift) {
    const change = planStartChange({ oldStart: dates.oldStart, newStart: dates.start, shift });
    effects.startPushedForward = change.pushedForward;
    if (change.shiftsItems) {
      const days = 7 * change.weeks;
      const firstWeek = mondayOf(dates.start);
      const items = await tx.select().from(actionItems).where(eq(actionItems.missionId, missionId));
      const itemMoves = shiftItemDates(
        items.map((item) => ({ _id: item.id, startDate: item.startDate, endDate: item.endDate, done: !notDone(item.status) })),
        change.weeks,
        dates.start,
      );
      const movedItems = new Map(itemMoves.map((move) => [move._id, move]));
      for (const item of items) {
        if (!notDone(item.status)) continue;
        const move = movedItems.get(item.id);
        const week = item.week ? addIsoDays(item.week, days) : null;
        const clampedWeek = week && daysBetween(firstWeek, week) < 0 ? firstWeek : week;
        if (!move && clampedWeek === item.week) continue;
        await tx
          .update(actionItems)
          .set({ startDate: move?.startDate ?? item.startDate, endDate: move?.endDate ?? item.endDate, week: clampedWeek })
          .where(eq(actionItems.id, item.id));
        effects.moved.actionItems += 1;
      }
      const taskRows = await tx.select().from(actions).where(eq(actions.missionId, missionId));
      const actionMoves = shiftItemDates(
        taskRows.map((row) => ({ _id: row.id, startDate: row.startDate, endDate: row.endDate, done: !notDone(row.status) })),
        change.weeks,
        dates.start,
      );
      for (const move of actionMoves) {
        await tx.update(actions).set({ startDate: move.startDate, endDate: move.endDate }).where(eq(actions.id, move._id));
      }
      effects.moved.actions = actionMoves.length;
      const milestones = await tx
        .select()
        .from(planItems)
        .where(and(eq(planItems.missionId, missionId), eq(planItems.type, 'milestone'), eq(planItems.wasDeleted, false)));
      const milestoneMoves = shiftItemDates(
        milestones
          .filter((row) => !isPinTarget(row.pinnedTo))
          .map((row) => ({ _id: row.id, startDate: row.startDate, endDate: row.endDate })),
        change.weeks,
        dates.start,
      );
      for (const move of milestoneMoves) {
        await tx.update(planItems).set({ startDate: move.startDate, endDate: move.endDate }).where(eq(planItems.id, move._id));
        movedPlanItems.add(move._id);
      }
      planMoves.push(...milestoneMoves);
    }
  }

  if (dates.start !== dates.oldStart || dates.end !== dates.oldEnd) {
    const pinned = await tx
      .select()
      .from(planItems)
      .where(and(eq(planItems.missionId, missionId), eq(planItems.wasDeleted, false)));
    const follows = movePlan(
      { start: dates.start, end: dates.end },
      pinned
        .filter((row) => isPinTarget(row.pinnedTo))
        .map((row) => ({ _id: row.id, startDate: row.startDate, endDate: row.endDate, pinnedTo: row.pinnedTo as PinTarget })),
    );
    for (const move of follows) {
      await tx.update(planItems).set({ startDate: move.startDate, endDate: move.endDate }).where(eq(planItems.id, move._id));
      movedPlanItems.add(move._id);
    }
    planMoves.push(...follows);
  }
  // Items pinned to the plan items that moved follow them in turn, as with a plan item's own date change.
  for (const follow of await moveFollowers(tx, missionId, { start: dates.start, end: dates.end }, planMoves)) {
    movedPlanItems.add(follow.before.id);
  }
  effects.moved.planItems = movedPlanItems.size;

  let sectionTags: MissionRow['sectionTags'] | null = null;
  if (isShortening(dates.oldEnd, dates.end)) {
    const items = await tx
      .select({ _id: actionItems.id, endDate: actionItems.endDate, week: actionItems.week })
      .from(actionItems)
      .where(and(eq(actionItems.missionId, missionId), ne(actionItems.status, 'done')));
    const shortened = shortenEnd({ newEnd: dates.end, sectionTags: before.sectionTags, actionItems: items });
    if (shortened.clearedActionItemIds.length > 0) {
      await tx.update(actionItems).set({ endDate: null, week: null }).where(inArray(actionItems.id, shortened.clearedActionItemIds));
    }
    effects.cleared.actionItems = shortened.clearedActionItemIds.length;
    if (JSON.stringify(shortened.sectionTags) !== JSON.stringify(before.sectionTags)) sectionTags = shortened.sectionTags;
  }
  return { ...effects, sectionTags };
}

/**
 * A new currency relabels the mission's amounts, it does not convert them (the budget set-up says so): the budget it
 * keeps and its live cost items' and milestones' amounts must then be amounts of the new currency. In one without
 * minor units (YEN) a fraction is refused, as it is typed, at the budget or at the currency; nothing is changed. Rates
 * (per hour, day…) keep their fractions there and are not asked.
 */
async function requireWholeAmountsKept(tx: Tx, before: MissionRow, patch: Partial<MissionInsert>): Promise<void> {
  const step = currencyStepMinor(patch.currency!);
  if (step === 1) return;
  const budget = patch.budgetAvailableMinor === undefined ? before.budgetAvailableMinor : patch.budgetAvailableMinor;
  if (budget && budget % step !== 0) throw atField(appError('expenseWholeUnits'), 'budgetAvailable');
  const [fraction] = await tx
    .select({ id: planItems.id })
    .from(planItems)
    .where(and(eq(planItems.missionId, before.id), eq(planItems.wasDeleted, false), sql`${planItems.amountMinor} % ${step} <> 0`))
    .limit(1);
  if (fraction) throw atField(appError('expenseWholeUnits'), 'currency');
}

/**
 * `PUT /mission/:id`: settings, dates and status in one transaction. A stale `updatedAt` is refused (409); an end
 * before the start becomes start + 1 week (rule 25); the plan moves with the dates (`moveDates`); entering or
 * leaving completed/cancelled sets or clears missionStop (rule 20); autoAssign is for project managers (rule 110).
 */
export async function updateMission(ctx: AppContext, access: MissionAccess, input: MissionUpdate): Promise<MissionUpdated> {
  checkAutoAssign(access, input.autoAssign);
  checkMoneyFields(access, input);
  const effects = await runMissionCommand(ctx, access.mission.id, access.personId, async (tx, record) => {
    const before = await lockMission(tx, access.mission.id);
    checkFresh(before, input.updatedAt);
    await checkReferences(tx, before.orgId, input);

    const current = repairMissionDates({ planStartDate: before.planStartDate, planEndDate: before.planEndDate }, todayOf(ctx.clock));
    const start = input.planStartDate ?? current.planStartDate;
    const end = fixProjectEndOnUpdate(start, input.planEndDate ?? current.planEndDate);
    const moved = await moveDates(
      tx,
      before,
      { oldStart: current.planStartDate, oldEnd: current.planEndDate, start, end },
      input.shift === true,
    );

    const patch: Partial<MissionInsert> = { ...columnsOf(input), planStartDate: start, planEndDate: end };
    if (missionOvertimeTooLong({ ...before, ...patch })) throw appError('missionOvertimeTooLong');
    // a budget typed in a currency without minor units (YEN) is whole, as an expense is
    if (patch.budgetAvailableMinor && patch.budgetAvailableMinor % currencyStepMinor(patch.currency ?? before.currency) !== 0)
      throw atField(appError('expenseWholeUnits'), 'budgetAvailable');
    if (patch.currency !== undefined && patch.currency !== before.currency) await requireWholeAmountsKept(tx, before, patch);
    if (moved.sectionTags) patch.sectionTags = moved.sectionTags;
    if (input.projectStatus !== undefined) {
      patch.projectStatus = input.projectStatus;
      const stop = statusTransition(before!.projectStatus as ProjectStatus, input.projectStatus, ctx.clock.now());
      if (stop.missionStop === 'set') patch.missionStop = new Date(stop.at);
      if (stop.missionStop === 'clear') patch.missionStop = null;
    }
    const changes = diffFields(before as unknown as Record<string, unknown>, patch as Record<string, unknown>);
    const { moved: counts, cleared } = moved;
    if (counts.actionItems + counts.actions + counts.planItems + cleared.actionItems > 0) {
      changes.datesMoved = { from: null, to: { ...counts, clearedActionItems: cleared.actionItems } };
    }
    if (Object.keys(changes).length > 0) {
      await tx.update(missions).set(patch).where(eq(missions.id, before.id));
      record({ action: 'update', entity: 'missions', id: before.id, title: patch.title ?? before.title, changes });
    }
    return { moved: moved.moved, cleared: moved.cleared, startPushedForward: moved.startPushedForward };
  });
  return { ...(await presentCurrent(ctx.db, access, ctx.clock.now())), ...effects };
}
