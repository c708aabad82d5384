import { and, eq } from 'drizzle-orm';
import { roleRequestRecipients, roleRequestTitle } from '@crewplan/domain/notifications/notifications';
import { NOTIFICATION_MESSAGES, type NotificationType } from '@crewplan/domain/notifications/rules';
import { missionInvites, missions, orgInvites, orgPeople } from '../../db/schema/index.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { leaveReviewers } from '../leave/index.ts';
import { timesheetApprovers } from '../time/index.ts';
import { expenseDeciders } from '../expenses/index.ts';
import { missionReaders, namesOf, personIdByEmail, roleRequestApprovers } from './notifications.recipients.ts';
import { closeRoleRequestAsks, createNotifications, hideMissionMentions } from './notifications.service.ts';

/**
 * Notifications are made here, from domain events after their writes commit, never by routes: mentions in chat,
 * mission and organisation invites to people with an account, role request transitions, and timesheets submitted
 * (to their approvers) and decided (to their person) when the call asked to notify.
 */
export function subscribeNotificationEvents(ctx: AppContext): void {
  ctx.events.on('comment.created', async (event) => {
    const recipients = [...new Set(event.mentions)].filter((personId) => personId !== event.authorId);
    const open: Record<string, string> =
      event.room === 'ActionItem' ? { mission: event.missionId, 'action-item': event.roomId } : { mission: event.missionId };
    await createNotifications(
      ctx,
      recipients.map((personId) => ({
        personId,
        type: 'mentionComment',
        title: `${event.authorName || 'Somebody'} mentioned you`,
        body: event.excerpt,
        orgId: event.orgId,
        missionId: event.missionId,
        actorId: event.authorId,
        data: { room: event.room, roomId: event.roomId, roomName: event.roomName, topic: event.topic, commentId: event.commentId },
        open,
      })),
    );
  });

  // a person taken off a mission no longer reads its chats: the mentions they were sent there leave their lists
  ctx.events.on('mission.person.removed', async ({ missionId, personId, effect }) => {
    if (effect === 'remove') await hideMissionMentions(ctx, missionId, personId);
  });

  ctx.events.on('mission.invite.created', async (event) => {
    if (!event.inviteePersonId) return;
    const [invite] = await ctx.db
      .select({ invitedBy: missionInvites.invitedBy, orgId: missions.orgId })
      .from(missionInvites)
      .innerJoin(missions, eq(missions.id, missionInvites.missionId))
      .where(eq(missionInvites.id, event.inviteId));
    await createNotifications(ctx, [
      {
        personId: event.inviteePersonId,
        type: 'invite',
        title: `${event.inviterName || 'Somebody'} invited you to ${event.missionTitle}`,
        body: event.message,
        orgId: invite?.orgId ?? null,
        missionId: event.missionId,
        actorId: invite?.invitedBy ?? null,
        data: { inviteId: event.inviteId, missionId: event.missionId, missionTitle: event.missionTitle, isTemplate: event.isTemplate },
        open: {},
      },
    ]);
  });

  ctx.events.on('org.invite.created', async (event) => {
    const personId = await personIdByEmail(ctx, event.inviteeEmail);
    if (!personId) return;
    const [invite] = await ctx.db.select({ invitedBy: orgInvites.invitedBy }).from(orgInvites).where(eq(orgInvites.id, event.inviteId));
    await createNotifications(ctx, [
      {
        personId,
        type: 'orgInvite',
        title: `${event.inviterName || 'Somebody'} invited you to join ${event.orgTitle}`,
        body: event.message,
        orgId: event.orgId,
        missionId: null,
        actorId: invite?.invitedBy ?? null,
        data: { inviteId: event.inviteId, orgId: event.orgId, orgTitle: event.orgTitle, level: event.level },
        open: {},
      },
    ]);
  });

  ctx.events.on('plan.request.changed', async (event) => {
    if (event.status !== 'pending_approval') await closeRoleRequestAsks(ctx, event.requestId, event.status);
    const approvers = event.status === 'pending_approval' ? await roleRequestApprovers(ctx, event) : [];
    const recipients = roleRequestRecipients({ ...event, approvers });
    if (recipients.length === 0) return;
    const actorName = (await namesOf(ctx, [event.actorId])).get(event.actorId) || 'Somebody';
    const title = roleRequestTitle(event.status, event.title, actorName);
    const readers = await missionReaders(ctx, event.missionId, recipients);
    // an approver off the mission's team is sent to the organisation, where the mission would answer 'not found'
    const opens = (personId: string) => readers.has(personId) || !event.orgId;
    const openOf = (personId: string): Record<string, string> =>
      opens(personId) ? { mission: event.missionId } : { org: event.orgId ?? '' };
    await createNotifications(
      ctx,
      recipients.map((personId) => ({
        personId,
        type: 'orgRolePlanItemStatusChange',
        title,
        body: event.reason ? `${event.missionTitle}: ${event.reason}` : event.missionTitle,
        orgId: event.orgId,
        missionId: event.missionId,
        actorId: event.actorId,
        data: {
          missionTitle: event.missionTitle,
          statusMap: {
            planItemId: event.planItemId,
            requestId: event.requestId,
            roleTitle: event.title,
            status: event.status,
            context: event.context,
            personId: event.personId,
            // asks an approver to decide (the web offers Approve and Reject while the status is pending)
            ask: event.status === 'pending_approval',
          },
          opensMission: opens(personId),
        },
        open: openOf(personId),
      })),
    );
  });

  ctx.events.on('timesheets.changed', async ({ sheets }) => {
    for (const event of sheets) {
      if (!event.notify || event.from === event.status) continue;
      const week = `timesheet for the week of ${event.weekStart}`;
      await notifySubmitOrDecision(ctx, event, {
        deciders: () => timesheetApprovers(ctx, event),
        submitted: `a ${week}`,
        yours: `your ${week}`,
        types: { submitted: 'timesheetSubmitted', decided: 'timesheetDecided' },
        ownerOpens: { 'time-tracking': '', week: event.weekStart },
        data: { timesheetId: event.timesheetId, status: event.status, weekStart: event.weekStart, person: event.personId },
      });
    }
  });

  ctx.events.on('billing.payment.failed', async (event) => {
    const admins = await ctx.db
      .select({ personId: orgPeople.personId })
      .from(orgPeople)
      .where(and(eq(orgPeople.orgId, event.orgId), eq(orgPeople.level, 'ADMIN'), currentMembership()));
    await createNotifications(
      ctx,
      admins.map(({ personId }) => ({
        personId,
        type: 'payment',
        title: NOTIFICATION_MESSAGES.paymentTitle,
        body: NOTIFICATION_MESSAGES.paymentBody,
        orgId: event.orgId,
        missionId: null,
        actorId: null,
        data: { orgId: event.orgId, providerInvoiceId: event.providerInvoiceId },
        open: { org: event.orgId, 'org-tab': 'billing' },
      })),
    );
  });

  ctx.events.on('expense.changed', async (event) => {
    if (event.from === event.status) return;
    await notifySubmitOrDecision(ctx, event, {
      deciders: () => expenseDeciders(ctx, event),
      submitted: `an expense of ${event.total}`,
      yours: `your expense of ${event.total}`,
      types: { submitted: 'expenseSubmitted', decided: 'expenseDecided' },
      ownerOpens: { 'my-expenses': '' },
      data: { expenseId: event.expenseId, status: event.status, person: event.personId },
    });
  });

  // A role-plan item's person and creator hear of its new status (orgRolePlanItemStatusChange).
  ctx.events.on('rolePlan.status.changed', async (event) => {
    const recipients = [...new Set(event.recipients)].filter((personId) => personId !== event.actorId);
    if (recipients.length === 0) return;
    const names = event.actorId ? await namesOf(ctx, [event.actorId]) : new Map<string, string>();
    const actorName = (event.actorId && names.get(event.actorId)) || 'Somebody';
    await createNotifications(
      ctx,
      recipients.map((personId) => ({
        personId,
        type: 'orgRolePlanItemStatusChange',
        title: `${actorName} moved a role plan from ${event.from} to ${event.status}`,
        body: event.orgTitle,
        orgId: event.orgId,
        missionId: null,
        actorId: event.actorId,
        data: { rolePlanItemId: event.rolePlanItemId, statusMap: event.statusMap },
        open: { 'board-tab': 'gt-request' },
      })),
    );
  });

  ctx.events.on('leave.changed', async (event) => {
    if (!event.notify) return;
    const names = await namesOf(ctx, [event.actorId, event.personId]);
    const actorName = names.get(event.actorId) || 'Somebody';
    const personName = names.get(event.personId) || 'Somebody';
    const days = event.startDate === event.endDate ? event.startDate : `${event.startDate} – ${event.endDate}`;
    const byOwner = event.actorId === event.personId || event.actorId === event.createdBy;
    let recipients: string[] = [];
    let type: NotificationType = 'leave_request_approval';
    let title = '';
    if (event.status === 'pending_approval' || event.status === 'pending_final_approval') {
      recipients = await leaveReviewers(ctx, event);
      title =
        event.status === 'pending_final_approval'
          ? `${personName}'s leave (${days}) needs final approval`
          : `${personName} asked for leave (${days})`;
    } else if (event.status === 'approved') {
      recipients = [event.personId];
      type = 'leave_request_approval_final';
      title = `${actorName} approved your leave (${days})`;
    } else if (event.status === 'rejected') {
      recipients = [event.personId];
      type = 'leave_request_rejected';
      title = NOTIFICATION_MESSAGES.leaveRejectedTitle;
    } else if (event.status === 'cancelled') {
      // Rule 210: the other side hears of a cancellation (the reviewers of the stage it was at, or its person).
      recipients = byOwner ? await leaveReviewers(ctx, { ...event, status: event.from ?? 'pending_approval' }) : [event.personId];
      title = byOwner ? `${personName} cancelled their leave (${days})` : `${actorName} cancelled your leave (${days})`;
    }
    recipients = [...new Set(recipients)].filter((personId) => personId !== event.actorId);
    if (recipients.length === 0 || !title) return;
    await createNotifications(
      ctx,
      recipients.map((personId) => ({
        personId,
        type,
        title,
        body: event.status === 'rejected' ? `${days}${event.comment ? `: ${event.comment}` : ''}` : event.comment,
        orgId: event.orgId,
        missionId: null,
        actorId: event.actorId,
        data: { leaveId: event.leaveId, status: event.status, person: event.personId, startDate: event.startDate, endDate: event.endDate },
        open: { 'leave-notice': event.leaveId },
      })),
    );
  });
}

/** What a submission or a decision concerns: its owner, who acted, where, and the status it reached. */
type Decidable = {
  orgId: string;
  missionId: string | null;
  missionTitle: string | null;
  personId: string;
  actorId: string;
  /** The status it left. */
  from: string | null;
  status: string;
  reason: string | null;
};

/**
 * The shape timesheets and expenses share: a submission tells its deciders (opening the mission or organisation), a
 * decision (approved or rejected, or an approved one reopened as a draft) tells its owner, never the person who acted.
 */
async function notifySubmitOrDecision(
  ctx: AppContext,
  event: Decidable,
  notice: {
    deciders: () => Promise<string[]>;
    submitted: string;
    yours: string;
    types: { submitted: NotificationType; decided: NotificationType };
    ownerOpens: Record<string, string>;
    data: Record<string, unknown>;
  },
) {
  const reopened = event.from === 'approved' && event.status === 'draft';
  const decided = event.status === 'approved' || event.status === 'rejected' || reopened;
  if (event.status !== 'submitted' && !decided) return;
  const recipients = decided ? [event.personId].filter((id) => id !== event.actorId) : await notice.deciders();
  if (recipients.length === 0) return;
  const actorName = (await namesOf(ctx, [event.actorId])).get(event.actorId) || 'Somebody';
  const where = event.missionTitle ? ` on ${event.missionTitle}` : '';
  const verb = reopened ? 'reopened' : event.status;
  const title = decided ? `${actorName} ${verb} ${notice.yours}${where}` : `${actorName} submitted ${notice.submitted}${where}`;
  const open = decided ? notice.ownerOpens : event.missionId ? { mission: event.missionId } : { org: event.orgId };
  await createNotifications(
    ctx,
    recipients.map((personId) => ({
      personId,
      type: decided ? notice.types.decided : notice.types.submitted,
      title,
      body: event.reason ?? '',
      orgId: event.orgId,
      missionId: event.missionId,
      actorId: event.actorId,
      data: notice.data,
      open,
    })),
  );
}
