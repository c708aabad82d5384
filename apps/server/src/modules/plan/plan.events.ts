import type { RequestContext } from '@crewplan/domain';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';

/** A role request written inside a command, told to the event bus once the command has committed. */
export type RequestChange = {
  requestId: string;
  planItemId: string;
  /** The role's title. */
  title: string;
  status: 'pending_approval' | 'approved' | 'rejected';
  context: RequestContext;
  /** The person asked for. */
  person: string | null;
  reason: string;
  /** Who sent the request. */
  requester: string | null;
};

/** Emits 'plan.request.changed' for each change (the notifications tell approvers, requesters and the people asked for). */
export async function announceRequestChanges(ctx: AppContext, access: MissionAccess, changes: RequestChange[]): Promise<void> {
  for (const change of changes) {
    await ctx.events.emit('plan.request.changed', {
      missionId: access.mission.id,
      missionTitle: access.mission.title,
      orgId: access.mission.orgId,
      planItemId: change.planItemId,
      requestId: change.requestId,
      title: change.title,
      status: change.status,
      context: change.context,
      personId: change.person,
      requesterId: change.requester,
      actorId: access.personId,
      reason: change.reason,
    });
  }
}
