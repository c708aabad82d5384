import { and, eq } from 'drizzle-orm';
import { removedRole, type ChangePerson, type MissionPlanBulk, type PlanItem } from '@crewplan/domain';
import { diffFields, lockMission, type RecordMissionWrite, runMissionCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { planItemRequests, planItems } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { entityNotFound, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { announceRequestChanges, type RequestChange } from './plan.events.ts';
import { followPlanItem } from './plan.pins.ts';
import { assignmentGoesThroughRequest, requireNoOverlap, requirePersonRole, requireReason, requireTeamCandidate } from './plan.guards.ts';
import type { PlanItemRow } from './plan.presenter.ts';
import { loadPlanRows, planItemRow, presentPlanItemById, presentPlanRows } from './plan.queries.ts';

export const requestAlreadyPending = () => appError('planRequestPending');

/** Whether the item has a request waiting (one query). */
async function pendingRequestOf(tx: Tx, itemId: string) {
  const [row] = await tx
    .select({ id: planItemRequests.id })
    .from(planItemRequests)
    .where(and(eq(planItemRequests.planItemId, itemId), eq(planItemRequests.status, 'pending_approval')))
    .limit(1);
  return row ?? null;
}

/**
 * Sets or removes the person of one role inside a transaction, against `items` (the mission's live items, updated
 * in place so that several changes in one call see each other):
 * - null removes the person (rule 73: pin cleared, ended today, personLeftRole recorded); a role without a person
 *   is left as it is;
 * - a person must be on the team at a working permission (400), without an overlapping role (409); when the
 *   caller must ask (rule 71) an organisation request is submitted instead (409 when one is already waiting),
 *   with a reason of 5 characters (rule 79, 400 'Please enter a longer description').
 */
async function setPerson(
  tx: Tx,
  now: Date,
  access: MissionAccess,
  record: RecordMissionWrite,
  items: PlanItemRow[],
  itemId: string,
  person: string | null,
  reason: string | undefined,
  submitted: RequestChange[],
): Promise<void> {
  const index = items.findIndex((item) => item.id === itemId);
  if (index < 0) throw entityNotFound('planItem');
  const before = items[index]!;
  if (person === before.personId) return;
  let patch: Partial<PlanItemRow>;
  if (person === null) {
    const at = now.toISOString();
    const effect = removedRole({ person: before.personId, startDate: before.startDate }, access.personId, at.slice(0, 10), at);
    patch = { personId: null, pinnedTo: null, endDate: effect.endDate, personLeftRole: effect.personLeftRole };
  } else {
    requirePersonRole(before.type);
    await requireTeamCandidate(tx, access, person);
    requireNoOverlap({ ...before, personId: person }, items);
    if (assignmentGoesThroughRequest(access)) {
      if (await pendingRequestOf(tx, itemId)) throw requestAlreadyPending();
      // the organisation's approvers read why (rule 79), whichever path asks: this one, the planner, a request
      const why = requireReason(reason);
      submitted.push(await askOrganisation(tx, record, access, { id: itemId, title: before.title }, person, why));
      return;
    }
    patch = { personId: person };
  }
  await tx.update(planItems).set(patch).where(eq(planItems.id, itemId));
  items[index] = { ...before, ...patch };
  const changes = Object.fromEntries(
    Object.entries(patch).map(([field, to]) => [
      field === 'personId' ? 'person' : field,
      { from: before[field as keyof PlanItemRow] ?? null, to },
    ]),
  );
  record({ action: 'update', entity: 'plan.items', id: itemId, title: before.title, changes });
  if (changes.endDate) {
    // the items pinned to a role that ended follow its new end (rule 28)
    for (const follow of await followPlanItem(tx, access, record, {
      _id: itemId,
      startDate: before.startDate,
      endDate: patch.endDate ?? null,
    })) {
      const at = items.findIndex((item) => item.id === follow.before.id);
      if (at >= 0) items[at] = { ...items[at]!, startDate: follow.startDate, endDate: follow.endDate };
    }
  }
}

/**
 * `PUT /mission-plan/:id/change-person`: gives the role a person, or removes its person (null, rule 73). When roles
 * need approval and the caller may not approve, a request asks for the person instead (rule 71), with its reason
 * (rule 79).
 */
export async function changePerson(ctx: AppContext, access: MissionAccess, id: string, input: ChangePerson): Promise<PlanItem> {
  const missionId = access.mission.id;
  const submitted: RequestChange[] = [];
  const item = await runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    await lockMission(tx, missionId);
    await planItemRow(tx, access.mission.id, id);
    await setPerson(tx, ctx.clock.now(), access, record, await loadPlanRows(tx, missionId), id, input.person, input.reason, submitted);
    return presentPlanItemById(tx, access, id);
  });
  await announceRequestChanges(ctx, access, submitted);
  return item;
}

/**
 * `PUT /mission-plan/mission/:id/bulk`: people for several roles of the mission, in order, all or nothing (any
 * refusal leaves every role as it was); a person asked for (rule 71) comes with its reason (rule 79). Answers the
 * mission's plan items.
 */
export async function bulkChangePeople(ctx: AppContext, access: MissionAccess, changes: MissionPlanBulk): Promise<PlanItem[]> {
  const ids = changes.map((change) => change._id);
  if (new Set(ids).size !== ids.length) throw appError('planItemTwice');
  const missionId = access.mission.id;
  const submitted: RequestChange[] = [];
  const rows = await runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    await lockMission(tx, missionId);
    const items = await loadPlanRows(tx, missionId);
    for (const change of changes)
      await setPerson(tx, ctx.clock.now(), access, record, items, change._id, change.person, change.reason, submitted);
    return presentPlanRows(tx, access, await loadPlanRows(tx, missionId));
  });
  await announceRequestChanges(ctx, access, submitted);
  return rows;
}

/**
 * Asks the organisation for `person` on a role where it approves roles (rule 71): a pending 'org' request, recorded;
 * answers the change for `announceRequestChanges`.
 */
export async function askOrganisation(
  tx: Tx,
  record: RecordMissionWrite,
  access: MissionAccess,
  role: { id: string; title: string },
  person: string | null,
  reason: string,
): Promise<RequestChange> {
  const requestId = newId();
  await tx.insert(planItemRequests).values({
    id: requestId,
    planItemId: role.id,
    missionId: access.mission.id,
    context: 'org',
    personId: person,
    reason,
    sentForApprovalBy: access.personId,
  });
  record({
    action: 'create',
    entity: 'plan.requests',
    id: requestId,
    title: role.title,
    changes: diffFields({}, { planItemId: role.id, person, context: 'org' }),
  });
  return {
    requestId,
    planItemId: role.id,
    title: role.title,
    status: 'pending_approval',
    context: 'org',
    person,
    reason,
    requester: access.personId,
  };
}
