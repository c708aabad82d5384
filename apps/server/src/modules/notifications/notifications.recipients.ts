import { and, eq, inArray } from 'drizzle-orm';
import { can, canOnMission, isMissionAdmin } from '@crewplan/domain';
import { missionPeople, orgPeople, orgs, people } from '../../db/schema/index.ts';
import { loadMissionAccess } from '../../plugins/mission-access.ts';
import { currentMembership, memberFacts } from '../../plugins/org-access.ts';
import type { AppContext } from '../../plugins/types.ts';

/** The mission's administrators and project managers on its team (invite accepted). */
async function missionAdmins(ctx: AppContext, missionId: string) {
  return ctx.db
    .select({ personId: missionPeople.personId, permission: missionPeople.permission, isProjectManager: missionPeople.isProjectManager })
    .from(missionPeople)
    .where(and(eq(missionPeople.missionId, missionId), eq(missionPeople.invitePending, false)));
}

/**
 * Who may approve a role request of this context: 'org' — the organisation's current members allowed `roles.approve`
 * (admins, members with canApproveRoles, the mission's project managers when the organisation lets them), on a
 * personal mission its administrators; 'pm' — the mission's administrators and project managers.
 */
export async function roleRequestApprovers(
  ctx: AppContext,
  input: { missionId: string; orgId: string | null; context: 'pm' | 'org' },
): Promise<string[]> {
  const team = await missionAdmins(ctx, input.missionId);
  if (input.context === 'pm' || !input.orgId) return team.filter(isMissionAdmin).map((member) => member.personId);
  const [org] = await ctx.db.select().from(orgs).where(eq(orgs.id, input.orgId));
  if (!org) return [];
  const members = await ctx.db
    .select()
    .from(orgPeople)
    .where(and(eq(orgPeople.orgId, input.orgId), currentMembership()));
  const pms = new Set(team.filter(isMissionAdmin).map((member) => member.personId));
  return members
    .filter((member) => can(memberFacts(member), 'roles.approve', { org, isProjectManager: pms.has(member.personId) }))
    .map((member) => member.personId);
}

/** Those of `personIds` who may open the mission (role approvers of its organisation may not be on its team). */
export async function missionReaders(ctx: AppContext, missionId: string, personIds: readonly string[]): Promise<Set<string>> {
  const readers = new Set<string>();
  for (const personId of personIds) {
    const access = await loadMissionAccess(ctx.db, missionId, personId);
    if (access && !access.withheld && canOnMission(access.actor, 'mission.read', access.facts)) readers.add(personId);
  }
  return readers;
}

/** Display names of people by id ('' for unknown ids). */
export async function namesOf(ctx: AppContext, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: people.id, firstName: people.firstName, lastName: people.lastName, email: people.email })
    .from(people)
    .where(inArray(people.id, ids));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim() || row.email]));
}

/** The account of an email address, if any. */
export async function personIdByEmail(ctx: AppContext, email: string): Promise<string | null> {
  const [row] = await ctx.db.select({ id: people.id }).from(people).where(eq(people.email, email.trim().toLowerCase())).limit(1);
  return row?.id ?? null;
}
