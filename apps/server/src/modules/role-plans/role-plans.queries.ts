import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { RolePlanListQuery } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { missionPeople, missions, orgPeople, orgRoles, people, planItems, programs, rolePlanItems } from '../../db/schema/index.ts';
import { currentMembership } from '../../plugins/org-access.ts';

export type RolePlanRow = typeof rolePlanItems.$inferSelect;
/** A row with the names the answer shows beside the ids. */
export type RolePlanWithNames = {
  item: RolePlanRow;
  roleName: string;
  programTitle: string | null;
  missionTitle: string | null;
  personName: string | null;
};

const personName = sql<string | null>`nullif(trim(concat_ws(' ', ${people.firstName}, ${people.lastName})), '')`;

/** The items of an organisation with their names, filtered; oldest first. */
export async function readItems(db: Db | Tx, orgId: string, where: SQL[] = []): Promise<RolePlanWithNames[]> {
  return db
    .select({ item: rolePlanItems, roleName: orgRoles.name, programTitle: programs.title, missionTitle: missions.title, personName })
    .from(rolePlanItems)
    .innerJoin(orgRoles, eq(orgRoles.id, rolePlanItems.roleId))
    .leftJoin(programs, eq(programs.id, rolePlanItems.programId))
    .leftJoin(missions, eq(missions.id, rolePlanItems.missionId))
    .leftJoin(people, eq(people.id, rolePlanItems.personId))
    .where(and(eq(rolePlanItems.orgId, orgId), ...where))
    .orderBy(asc(rolePlanItems.createdAt), asc(rolePlanItems.id));
}

/** The filters of the organisation's list. */
export function filtersOf(query: RolePlanListQuery): SQL[] {
  const where: SQL[] = [];
  if (query.status) where.push(eq(rolePlanItems.status, query.status));
  if (query.programId) where.push(eq(rolePlanItems.programId, query.programId));
  if (query.missionId) where.push(eq(rolePlanItems.missionId, query.missionId));
  return where;
}

export const byIds = (ids: readonly string[]) => inArray(rolePlanItems.id, [...ids]);
export const ofPerson = (personId: string) => eq(rolePlanItems.personId, personId);

/** The organisation's items of `ids`, locked for the command that changes them (ids missing from it are absent). */
export async function lockItems(tx: Tx, orgId: string, ids: readonly string[]): Promise<RolePlanRow[]> {
  return tx
    .select()
    .from(rolePlanItems)
    .where(and(eq(rolePlanItems.orgId, orgId), inArray(rolePlanItems.id, [...ids])))
    .orderBy(asc(rolePlanItems.id))
    .for('update');
}

/** The projects of the items merged into each of `ids` (null for an item of no project), by the item they went into. */
export async function mergedSourceProjects(db: Db | Tx, orgId: string, ids: readonly string[]): Promise<Map<string, (string | null)[]>> {
  const sources = new Map<string, (string | null)[]>();
  if (ids.length === 0) return sources;
  const rows = await db
    .select({ into: rolePlanItems.mergedTo, missionId: rolePlanItems.missionId })
    .from(rolePlanItems)
    .where(and(eq(rolePlanItems.orgId, orgId), inArray(rolePlanItems.mergedTo, [...ids])));
  for (const row of rows) sources.set(row.into!, [...(sources.get(row.into!) ?? []), row.missionId]);
  return sources;
}

/**
 * What rule 89 reads of the caller: their organisation role's name and their place on each of the projects (their
 * permission and whether they are its project manager).
 */
export async function callerRights(db: Db | Tx, orgId: string, personId: string, missionIds: readonly string[]) {
  const [member] = await db
    .select({ roleName: orgRoles.name })
    .from(orgPeople)
    .leftJoin(orgRoles, eq(orgRoles.id, orgPeople.roleId))
    .where(and(eq(orgPeople.orgId, orgId), eq(orgPeople.personId, personId), currentMembership()));
  const teams =
    missionIds.length === 0
      ? []
      : await db
          .select({
            missionId: missionPeople.missionId,
            permission: missionPeople.permission,
            isProjectManager: missionPeople.isProjectManager,
          })
          .from(missionPeople)
          .where(
            and(
              eq(missionPeople.personId, personId),
              inArray(missionPeople.missionId, [...missionIds]),
              eq(missionPeople.invitePending, false),
            ),
          );
  return { roleName: member?.roleName ?? null, placeOn: new Map(teams.map(({ missionId, ...place }) => [missionId, place])) };
}

/** Which of the given references are not part of the organisation (by field name), for a 400 naming them. */
export async function foreignReferences(
  db: Db | Tx,
  orgId: string,
  refs: { roleId?: string; personIds?: string[]; programId?: string | null; missionId?: string | null; planItemId?: string | null },
): Promise<string[]> {
  const wrong: string[] = [];
  if (refs.roleId) {
    const [row] = await db
      .select({ id: orgRoles.id })
      .from(orgRoles)
      .where(and(eq(orgRoles.id, refs.roleId), eq(orgRoles.orgId, orgId), eq(orgRoles.isDeleted, false)));
    if (!row) wrong.push('roleId');
  }
  const personIds = [...new Set(refs.personIds ?? [])];
  if (personIds.length > 0) {
    const rows = await db
      .select({ id: orgPeople.personId })
      .from(orgPeople)
      .where(and(eq(orgPeople.orgId, orgId), inArray(orgPeople.personId, personIds), currentMembership()));
    if (rows.length !== personIds.length) wrong.push('personId');
  }
  if (refs.programId) {
    const [row] = await db
      .select({ id: programs.id })
      .from(programs)
      .where(and(eq(programs.id, refs.programId), eq(programs.orgId, orgId), eq(programs.isDeleted, false)));
    if (!row) wrong.push('programId');
  }
  if (refs.missionId) {
    const [row] = await db
      .select({ id: missions.id })
      .from(missions)
      .where(and(eq(missions.id, refs.missionId), eq(missions.orgId, orgId), isNull(missions.archivedAt)));
    if (!row) wrong.push('missionId');
  }
  if (refs.planItemId) {
    const [row] = await db
      .select({ id: planItems.id, missionId: planItems.missionId })
      .from(planItems)
      .innerJoin(missions, eq(missions.id, planItems.missionId))
      .where(and(eq(planItems.id, refs.planItemId), eq(missions.orgId, orgId)));
    if (!row || (refs.missionId && row.missionId !== refs.missionId)) wrong.push('planItemId');
  }
  return wrong;
}
