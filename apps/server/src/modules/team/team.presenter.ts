import { and, eq, sql } from 'drizzle-orm';
import type { MissionPerson } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { missionPeople, orgPeople, people } from '../../db/schema/index.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import type { MissionPersonRow } from '../../plugins/mission-access.ts';
import type { OrgPersonRow } from '../../plugins/types.ts';
import { avatarUrl } from '../people/people.presenter.ts';

type PersonRow = typeof people.$inferSelect;

/** A person on a mission's team as every people widget shows them; departments and flags come from their organisation membership. */
export function presentMissionPerson(row: MissionPersonRow, person: PersonRow, orgMember: OrgPersonRow | null): MissionPerson {
  return {
    _id: row.id,
    ref: { _id: person.id, firstName: person.firstName, lastName: person.lastName, avatar: avatarUrl(person) },
    email: row.email,
    permission: row.permission,
    isProjectManager: row.isProjectManager,
    role: row.role,
    customRole: row.customRole,
    invitePending: row.invitePending,
    departments: orgMember?.departments ?? [],
    office: orgMember?.officeId ?? null,
    accessibleDepartments: orgMember?.accessibleDepartments ?? [],
    accessibleOffices: orgMember?.accessibleOffices ?? [],
    canApproveRoles: orgMember?.canApproveRoles ?? false,
    canApproveLeaves: orgMember?.canApproveLeaves ?? false,
    isOrgAdmin: orgMember?.level === 'ADMIN',
    country: person.country,
    state: person.state,
    timezone: person.timezone,
  };
}

/** One team row of a mission with its person and their current membership of the mission's organisation; null when not on the team. */
export async function loadTeamPerson(db: Db | Tx, missionId: string, orgId: string | null, personId: string) {
  const [row] = await db
    .select({ member: missionPeople, person: people, orgMember: orgPeople })
    .from(missionPeople)
    .innerJoin(people, eq(people.id, missionPeople.personId))
    .leftJoin(
      orgPeople,
      orgId ? and(eq(orgPeople.orgId, orgId), eq(orgPeople.personId, missionPeople.personId), currentMembership()) : sql`false`,
    )
    .where(and(eq(missionPeople.missionId, missionId), eq(missionPeople.personId, personId)))
    .limit(1);
  return row ?? null;
}
