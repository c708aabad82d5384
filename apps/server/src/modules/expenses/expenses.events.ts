import { and, eq } from 'drizzle-orm';
import { decidesOrgExpenses, isMissionAdmin } from '@crewplan/domain';
import { missionPeople, orgPeople } from '../../db/schema/index.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import type { AppContext } from '../../plugins/types.ts';

/**
 * Who is told of a submitted expense: a mission expense's project managers and owners (else the organisation's
 * admins), an organisation expense's admins and managers; never its owner.
 */
export async function expenseDeciders(ctx: AppContext, event: { orgId: string; missionId: string | null; personId: string }) {
  if (event.missionId) {
    const team = await ctx.db
      .select({ personId: missionPeople.personId, permission: missionPeople.permission, isProjectManager: missionPeople.isProjectManager })
      .from(missionPeople)
      .where(and(eq(missionPeople.missionId, event.missionId), eq(missionPeople.invitePending, false)));
    const admins = team.filter((row) => isMissionAdmin(row) && row.personId !== event.personId).map((row) => row.personId);
    if (admins.length > 0) return admins;
  }
  const members = await ctx.db
    .select({ personId: orgPeople.personId, level: orgPeople.level })
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, event.orgId), currentMembership()));
  return members
    .filter((row) => (event.missionId ? row.level === 'ADMIN' : decidesOrgExpenses(row.level)) && row.personId !== event.personId)
    .map((row) => row.personId);
}
