import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database.ts';
import { missionPeople, orgPeople, people } from '../../db/schema/index.ts';
import type { MissionRow } from '../../plugins/mission-access.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import type { TeamRow } from './team.presenter.ts';

/** The team (or one person of it) with each person and their current membership of the mission's organisation. */
export async function loadTeam(db: Db | Tx, mission: Pick<MissionRow, 'id' | 'orgId'>, personId?: string): Promise<TeamRow[]> {
  return db
    .select({ member: missionPeople, person: people, orgMember: orgPeople })
    .from(missionPeople)
    .innerJoin(people, eq(people.id, missionPeople.personId))
    .leftJoin(
      orgPeople,
      and(
        mission.orgId ? eq(orgPeople.orgId, mission.orgId) : sql`false`,
        eq(orgPeople.personId, missionPeople.personId),
        currentMembership(),
      ),
    )
    .where(and(eq(missionPeople.missionId, mission.id), personId ? eq(missionPeople.personId, personId) : undefined))
    .orderBy(asc(missionPeople.createdAt), asc(missionPeople.id));
}

/** One person of the team; null when they are not on it. */
export async function loadTeamPerson(db: Db | Tx, mission: Pick<MissionRow, 'id' | 'orgId'>, personId: string): Promise<TeamRow | null> {
  return (await loadTeam(db, mission, personId))[0] ?? null;
}
