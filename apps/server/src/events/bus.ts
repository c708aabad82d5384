import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntity, Change, MissionAuditEntity, OrgLevel } from '@crewplan/domain';

/**
 * What happened, told after the write that caused it has committed. Commands emit; mail, realtime and
 * (later) notifications subscribe. Payloads carry ids and the few facts subscribers need.
 */
export type DomainEvents = {
  /** Organisation data changed: realtime tells the organisation's room. */
  'org.changed': { orgId: string; changes: Change<AuditEntity>[] };
  'org.invite.created': {
    orgId: string;
    orgTitle: string;
    inviteId: string;
    inviteeEmail: string;
    level: OrgLevel;
    message: string;
    /** The mailed secret; only its hash is stored. */
    token: string;
    inviterName: string;
  };
  'org.invite.accepted': { orgId: string; inviteId: string; personId: string; inviterId: string | null };
  /** The inviter is to be told (spec rule 136: rejection notifies). */
  'org.invite.rejected': { orgId: string; inviteId: string; inviteeEmail: string; inviterId: string | null; rejectedBy: string };
  /** A person leaves the organisation on endDate; missions remove them when removeFromMissions says so. */
  'org.person.removed': { orgId: string; personId: string; endDate: string | null; removeFromMissions: boolean };
  'org.deleted': { orgId: string; deletedBy: string | null };
  /** Mission data changed: realtime tells the mission's rooms, and the rooms of the actions named by `actionIds`. */
  'mission.changed': { missionId: string; changes: (Change<MissionAuditEntity> & { actionIds?: string[] })[] };
  /** Somebody was invited to a mission: the invitee gets the mail, and their room hears of it when they have an account. */
  'mission.invite.created': {
    missionId: string;
    missionTitle: string;
    isTemplate: boolean;
    inviteId: string;
    inviteeEmail: string;
    inviteePersonId: string | null;
    message: string;
    /** The mailed secret; only its hash is stored. */
    token: string;
    inviterName: string;
  };
  'mission.invite.accepted': { missionId: string; inviteId: string; personId: string; inviterId: string | null };
  /** The inviter is told (rule 136: rejection notifies). */
  'mission.invite.rejected': {
    missionId: string;
    missionTitle: string;
    inviteId: string;
    inviteeEmail: string;
    inviterId: string | null;
    rejectedBy: string;
  };
  /**
   * A chat message was posted, or an edit mentioned people it did not before (`mentions` then holds only them).
   * Mentioned people (already filtered to the team's permission ≤ 3, without the author) are told by the
   * notifications module; the comments module adds them to the task.
   */
  'comment.created': {
    commentId: string;
    missionId: string;
    missionTitle: string;
    orgId: string | null;
    room: 'Mission' | 'MissionPlan' | 'Action' | 'ActionItem';
    roomId: string;
    /** The title of what the room is about (the task's title for an ActionItem room). */
    roomName: string;
    topic: string | null;
    authorId: string;
    authorName: string;
    mentions: string[];
    /** The message as plain text, cut short for titles and mails. */
    excerpt: string;
  };
  /**
   * A role request was submitted, approved or rejected (spec 3 §4): the people it concerns are told
   * (orgRolePlanItemStatusChange).
   */
  'plan.request.changed': {
    missionId: string;
    missionTitle: string;
    orgId: string | null;
    planItemId: string;
    requestId: string;
    /** The role's title. */
    title: string;
    status: 'pending_approval' | 'approved' | 'rejected';
    context: 'pm' | 'org';
    /** The person asked for on the role. */
    personId: string | null;
    /** Who sent the request. */
    requesterId: string | null;
    actorId: string;
    reason: string;
  };
  /**
   * Timesheets were saved, submitted, decided, reopened or deleted by one committed write (a week save writes many).
   * Their rooms hear of them, once per room; when a sheet's `notify` holds, a submission tells its approvers and a
   * decision tells its person.
   */
  'timesheets.changed': { sheets: TimesheetChange[] };
  /**
   * An expense moved to another status (created, submitted, decided, paid, deleted), once committed: a submission
   * tells its deciders and a decision tells its owner.
   */
  /** A CRM role-plan item moved to another status (rule 85): its person and creator are told. */
  'rolePlan.status.changed': {
    orgId: string;
    orgTitle: string;
    rolePlanItemId: string;
    actorId: string | null;
    recipients: string[];
    from: string;
    status: string;
    statusMap: { programId: string | null; roleId: string; status: string; hoursNeeded: number; hoursApproved: number };
  };
  'expense.changed': {
    expenseId: string;
    orgId: string;
    missionId: string | null;
    missionTitle: string | null;
    personId: string;
    status: 'draft' | 'submitted' | 'approved' | 'rejected' | 'paid' | 'deleted';
    from: string | null;
    actorId: string;
    reason: string | null;
    /** The total as people read it, with its currency ("12.50 EUR"). */
    total: string;
  };
  /**
   * A leave request was submitted, changed, decided or cancelled (or its person asked its reviewers again): when
   * `notify` holds, pending requests tell their reviewers and decisions tell their person (rule 210); its people's
   * rooms hear it either way.
   */
  'leave.changed': {
    leaveId: string;
    orgId: string;
    personId: string;
    createdBy: string;
    codeId: string;
    startDate: string;
    endDate: string;
    status: 'draft' | 'pending_approval' | 'pending_final_approval' | 'approved' | 'rejected' | 'cancelled';
    /** The status before (null for a new request); the same status when reviewers are reminded. */
    from: string | null;
    actorId: string;
    comment: string;
    notify: boolean;
  };
  /** A person left a mission's team ('remove') or, an organisation admin, stayed as an organisation observer ('downgrade'). */
  'mission.person.removed': { missionId: string; personId: string; effect: 'remove' | 'downgrade' };
  /** A payment of the organisation's subscription failed (a renewal, usually): its admins must update the payment information. */
  'billing.payment.failed': { orgId: string; providerInvoiceId: string };
};

export type EventType = keyof DomainEvents;
export type EventHandler<K extends EventType> = (event: DomainEvents[K]) => Promise<void> | void;

export type EventBus = {
  on: <K extends EventType>(type: K, handler: EventHandler<K>) => void;
  /** Runs every subscriber in turn; a failing subscriber is logged and does not undo the committed write. */
  emit: <K extends EventType>(type: K, event: DomainEvents[K]) => Promise<void>;
};

/** `afterEmit` runs once an event's subscribers are done (their writes have committed). */
export function createEventBus(log: FastifyBaseLogger, afterEmit: () => void = () => undefined): EventBus {
  const handlers = new Map<EventType, EventHandler<never>[]>();
  return {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler as EventHandler<never>]);
    },
    async emit(type, event) {
      for (const handler of handlers.get(type) ?? []) {
        try {
          await (handler as EventHandler<typeof type>)(event);
        } catch (err) {
          log.error({ err, event: type }, 'event subscriber failed');
        }
      }
      afterEmit();
    },
  };
}

/** One sheet of a `timesheets.changed` write. */
export type TimesheetChange = {
  timesheetId: string;
  orgId: string;
  missionId: string | null;
  missionTitle: string | null;
  personId: string;
  weekStart: string;
  status: 'draft' | 'submitted' | 'approved' | 'rejected' | 'deleted';
  /** The status before (null for a new sheet). */
  from: string | null;
  actorId: string;
  reason: string | null;
  notify: boolean;
};
