import { and, eq, sql } from 'drizzle-orm';
import { approvesOrgLeave } from '@crewplan/domain';
import { missionPeople, missions, orgPeople, orgs } from '../../db/schema/index.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import { orgMissionShown } from '../../plugins/mission-access.ts';
import { personRoom } from '../../plugins/realtime.ts';
import { reviewedMember } from './leave.access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { DAY_SETTINGS, reworkWaitingDays } from './leave.service.ts';

/**
 * A request's changes reach the organisation's room through its commands; its person, its creator and everyone who
 * reviews it at either stage also hear it in their own rooms, so their lists and the Leaves badge (rule 230) refresh
 * without the organisation open (the board's reviewers are often not looking at it).
 */
export function subscribeLeaveEvents(ctx: AppContext): void {
  // a new holiday country or working week: requests not yet approved are worked out again, and their people hear of it
  ctx.events.on('org.changed', async ({ orgId, changes }) => {
    const daysMayMove = changes.some(
      (change) =>
        change.entity === 'orgs' &&
        change.type === 'update' &&
        (!change.data || DAY_SETTINGS.some((field) => Object.hasOwn(change.data as object, field))),
    );
    if (!daysMayMove) return;
    for (const row of await reworkWaitingDays(ctx, orgId))
      for (const personId of new Set([row.personId, row.createdBy]))
        ctx.realtime.publish(personRoom(personId), {
          type: 'update',
          entity: 'leave.requests',
          id: row.id,
          data: { status: row.status, org: row.orgId },
        });
  });
  ctx.events.on('leave.changed', async (event) => {
    // the first stage's reviewers are the widest set: the organisation's approvers and the missions' managers
    const reviewers = await leaveReviewers(ctx, { ...event, status: 'pending_approval' });
    const told = new Set([...reviewers, event.personId, event.createdBy]);
    for (const personId of told)
      ctx.realtime.publish(personRoom(personId), {
        type: 'update',
        entity: 'leave.requests',
        id: event.leaveId,
        data: { status: event.status, org: event.orgId },
      });
  });
}

/**
 * Who reviews a request at its stage, never its person or creator (rule 211): a pending_approval request the owners
 * and project managers of the missions its person works on (below permission 3, rule 212) and the organisation's
 * leave approvers (rule 209); a pending_final_approval one the organisation's leave approvers.
 */
export async function leaveReviewers(
  ctx: AppContext,
  request: { orgId: string; personId: string; createdBy: string; status: string },
): Promise<string[]> {
  const org = await ctx.db
    .select({ personId: orgPeople.personId, level: orgPeople.level, canApproveLeaves: orgPeople.canApproveLeaves })
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, request.orgId), currentMembership()));
  const reviewers = new Set(org.filter((member) => approvesOrgLeave(member)).map((member) => member.personId));
  if (request.status === 'pending_approval') {
    const managers = await ctx.db.execute<{ person_id: string }>(sql`
      select distinct reviewer.person_id
      from ${missionPeople} member
      join ${missions} m on m.id = member.mission_id and m.org_id = ${request.orgId} and m.archived_at is null and not m.is_template
      join ${orgs} o on o.id = m.org_id
      join ${missionPeople} reviewer on reviewer.mission_id = m.id and not reviewer.invite_pending and reviewer.permission < 3
        and (reviewer.permission = 2 or (reviewer.permission = 1 and reviewer.is_project_manager))
      where member.person_id = ${request.personId} and ${reviewedMember('member')}
        and ${sql.raw(orgMissionShown('reviewer.person_id'))}`);
    for (const row of managers.rows) reviewers.add(row.person_id);
  }
  reviewers.delete(request.personId);
  reviewers.delete(request.createdBy);
  return [...reviewers];
}
