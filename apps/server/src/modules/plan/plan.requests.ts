import { and, desc, eq } from 'drizzle-orm';
import { type PlanItem, type PlanRequestInput, type RequestContext } from '@crewplan/domain';
import { lockMission, runMissionCommand, type RecordMissionWrite } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { planItemRequests, planItems } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import { personRoom } from '../../plugins/realtime.ts';
import type { AppContext } from '../../plugins/types.ts';
import {
  assignmentGoesThroughRequest,
  assignPersonFirst,
  mayActionRequest,
  requireNoOverlap,
  requirePersonRole,
  requireReason,
  requireTeamCandidate,
} from './plan.guards.ts';
import { announceRequestChanges, type RequestChange } from './plan.events.ts';
import { askOrganisation, requestAlreadyPending } from './plan.people.ts';
import { loadPlanRows, planItemRow, presentPlanItemById } from './plan.queries.ts';

const noPendingRequest = () => appError('planNoPendingRequest');
const notAllowedToApprove = () => appError('planNotAllowedToApprove');

/** The latest request of the item waiting for approval in this context. */
async function pendingRequest(tx: Tx, itemId: string, context: RequestContext) {
  const [row] = await tx
    .select()
    .from(planItemRequests)
    .where(
      and(eq(planItemRequests.planItemId, itemId), eq(planItemRequests.context, context), eq(planItemRequests.status, 'pending_approval')),
    )
    .orderBy(desc(planItemRequests.sentForApprovalOn))
    .limit(1)
    .for('update');
  return row ?? null;
}

/**
 * `PUT /mission-plan/request/:id/submit`: asks for the person (the body's, else the role's) on the role, with a reason
 * of at least 5 characters (rule 79). The person must be able to hold the role (400, 409 on overlap); one request
 * waits at a time (409). A stored PM draft is submitted with it (the draft is cleared).
 */
export async function submitRequest(ctx: AppContext, access: MissionAccess, id: string, input: PlanRequestInput): Promise<PlanItem> {
  const reason = requireReason(input.reason);
  const missionId = access.mission.id;
  const submitted = await runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    await lockMission(tx, missionId);
    const item = await planItemRow(tx, access.mission.id, id, true);
    requirePersonRole(item.type);
    const person = input.person ?? item.personId;
    if (!person) throw assignPersonFirst();
    await requireTeamCandidate(tx, access, person);
    requireNoOverlap({ ...item, personId: person }, await loadPlanRows(tx, missionId));
    const [waiting] = await tx
      .select({ id: planItemRequests.id })
      .from(planItemRequests)
      .where(and(eq(planItemRequests.planItemId, id), eq(planItemRequests.status, 'pending_approval')))
      .limit(1);
    if (waiting) throw requestAlreadyPending();
    const requestId = newId();
    await tx.insert(planItemRequests).values({
      id: requestId,
      planItemId: id,
      missionId,
      context: input.context,
      personId: person,
      reason,
      sentForApprovalBy: access.personId,
    });
    if (item.allocationDraft !== null) await tx.update(planItems).set({ allocationDraft: null }).where(eq(planItems.id, id));
    record({
      action: 'create',
      entity: 'plan.requests',
      id: requestId,
      title: item.title,
      changes: {
        status: { from: null, to: 'pending_approval' },
        person: { from: null, to: person },
        context: { from: null, to: input.context },
      },
    });
    return { item: await presentPlanItemById(tx, access, id), requestId, person };
  });
  const { item, requestId, person } = submitted;
  await announceRequestChanges(ctx, access, [
    {
      requestId,
      planItemId: id,
      title: item.title,
      status: 'pending_approval',
      context: input.context,
      person,
      reason,
      requester: access.personId,
    },
  ]);
  return item;
}

type Decision = 'approved' | 'rejected';

/**
 * Approves or rejects the pending request of a context. 'org' needs `roles.approve` (organisation admins, members
 * with canApproveRoles, project managers when the organisation lets them); 'pm' the mission's plan managers.
 * Approval assigns the person (the body's, else the requested one; 400 without one, 409 on an overlapping role),
 * except that a pm approval by who would have to ask (rule 71) files an organisation request for them instead;
 * both record actionedOn/By. The requester hears of it on their own realtime room.
 */
async function decide(ctx: AppContext, access: MissionAccess, id: string, input: PlanRequestInput, decision: Decision): Promise<PlanItem> {
  const reason = decision === 'rejected' || input.reason !== undefined ? requireReason(input.reason) : '';
  if (!mayActionRequest(access, input.context)) throw notAllowedToApprove();
  const missionId = access.mission.id;
  let requester: string | null = null;
  let requestId = '';
  let requestedPerson: string | null = null;
  const forwarded: RequestChange[] = [];
  const item = await runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    await lockMission(tx, missionId);
    const row = await planItemRow(tx, access.mission.id, id, true);
    const request = await pendingRequest(tx, id, input.context);
    if (!request) throw noPendingRequest();
    requester = request.sentForApprovalBy;
    requestId = request.id;
    requestedPerson = input.person ?? request.personId;
    const actioned = { status: decision, actionedOn: ctx.clock.now(), actionedBy: access.personId };
    if (decision === 'approved') {
      const person = input.person ?? request.personId;
      if (!person) throw assignPersonFirst();
      await requireTeamCandidate(tx, access, person);
      requireNoOverlap({ ...row, personId: person }, await loadPlanRows(tx, missionId));
      await tx
        .update(planItemRequests)
        .set({ ...actioned, personId: person })
        .where(eq(planItemRequests.id, request.id));
      if (input.context === 'pm' && assignmentGoesThroughRequest(access)) {
        // Rule 71: where the organisation approves roles, a plan manager who may not approve them assigns nobody by
        // approving: the person is asked of the organisation, as an assignment by them would be.
        forwarded.push(await askOrganisation(tx, record, access, { id, title: row.title }, person, request.reason));
      } else if (row.personId !== person || row.allocationDraft !== null) {
        await tx.update(planItems).set({ personId: person, allocationDraft: null }).where(eq(planItems.id, id));
        record({ action: 'update', entity: 'plan.items', id, title: row.title, changes: { person: { from: row.personId, to: person } } });
      }
    } else {
      await tx.update(planItemRequests).set(actioned).where(eq(planItemRequests.id, request.id));
    }
    record({
      action: decision === 'approved' ? 'accept' : 'reject',
      entity: 'plan.requests',
      id: request.id,
      title: row.title,
      changes: { status: { from: 'pending_approval', to: decision }, ...(reason && { reason: { from: null, to: reason } }) },
    });
    return presentPlanItemById(tx, access, id);
  });
  await announceDecisions(ctx, access, [
    { requestId, planItemId: id, title: item.title, status: decision, context: input.context, person: requestedPerson, reason, requester },
  ]);
  await announceRequestChanges(ctx, access, forwarded);
  return item;
}

/**
 * Tells of decided requests, once committed: each requester on their own realtime room (unless they decided it), and
 * the event bus (`announceRequestChanges`).
 */
export async function announceDecisions(ctx: AppContext, access: MissionAccess, decided: RequestChange[]): Promise<void> {
  for (const change of decided) {
    if (!change.requester || change.requester === access.personId) continue;
    ctx.realtime.publish(personRoom(change.requester), {
      type: 'update',
      entity: 'plan.requests',
      id: change.requestId,
      data: {
        status: change.status,
        planItemId: change.planItemId,
        missionId: access.mission.id,
        title: change.title,
        reason: change.reason,
      },
    });
  }
  await announceRequestChanges(ctx, access, decided);
}

/**
 * Ends the pending requests of a plan item whose role goes (deleted), in the transaction: rejected, actioned now by
 * the caller, each in the history as a rejection. Answers them, to be told (`announceDecisions`) once committed, so
 * that no approver is left asked to approve a role that is no longer there.
 */
export async function rejectPendingRequests(
  tx: Tx,
  record: RecordMissionWrite,
  access: MissionAccess,
  item: { id: string; title: string },
  now: Date,
): Promise<RequestChange[]> {
  const ended = await tx
    .update(planItemRequests)
    .set({ status: 'rejected', actionedOn: now, actionedBy: access.personId })
    .where(and(eq(planItemRequests.planItemId, item.id), eq(planItemRequests.status, 'pending_approval')))
    .returning();
  return ended.map((request) => {
    record({
      action: 'reject',
      entity: 'plan.requests',
      id: request.id,
      title: item.title,
      changes: { status: { from: 'pending_approval', to: 'rejected' } },
    });
    return {
      requestId: request.id,
      planItemId: item.id,
      title: item.title,
      status: 'rejected',
      context: request.context,
      person: request.personId,
      reason: '',
      requester: request.sentForApprovalBy,
    };
  });
}

export const approveRequest = (ctx: AppContext, access: MissionAccess, id: string, input: PlanRequestInput) =>
  decide(ctx, access, id, input, 'approved');
export const rejectRequest = (ctx: AppContext, access: MissionAccess, id: string, input: PlanRequestInput) =>
  decide(ctx, access, id, input, 'rejected');
