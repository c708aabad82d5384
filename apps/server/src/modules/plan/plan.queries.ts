import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { seesMissionMoney, type MyRole, type OrgLevel, type PlanItem } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { dependencies, missionPeople, missions, orgPeople, planItemRequests, planItems, planItemSchedules } from '../../db/schema/index.ts';
import { entityNotFound, missionShownTo, type MissionAccess } from '../../plugins/mission-access.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import { emptyPlanLinks, presentPlanItem, type PlanItemRow, type PlanLinks } from './plan.presenter.ts';

const push = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);

/**
 * Requests, dependencies and schedules of plan items, one query each: for whole missions (`missionIds`) or for a
 * few items (`itemIds`).
 */
export async function loadPlanLinks(db: Db | Tx, scope: { missionIds: string[] } | { itemIds: string[] }): Promise<PlanLinks> {
  const links = emptyPlanLinks();
  const ids = 'missionIds' in scope ? scope.missionIds : scope.itemIds;
  if (ids.length === 0) return links;
  const byMission = 'missionIds' in scope;
  const [requests, deps, schedules] = [
    await db
      .select()
      .from(planItemRequests)
      .where(byMission ? inArray(planItemRequests.missionId, ids) : inArray(planItemRequests.planItemId, ids))
      .orderBy(asc(planItemRequests.sentForApprovalOn), asc(planItemRequests.id)),
    await db
      .select({ fromId: dependencies.fromId, toId: dependencies.toId })
      .from(dependencies)
      .where(
        and(
          eq(dependencies.kind, 'plan'),
          byMission
            ? inArray(dependencies.missionId, ids)
            : sql`(${inArray(dependencies.fromId, ids)} or ${inArray(dependencies.toId, ids)})`,
        ),
      )
      .orderBy(asc(dependencies.createdAt), asc(dependencies.id)),
    await db
      .select()
      .from(planItemSchedules)
      .where(byMission ? inArray(planItemSchedules.missionId, ids) : inArray(planItemSchedules.planItemId, ids))
      .orderBy(asc(planItemSchedules.startDate), asc(planItemSchedules.id)),
  ];
  for (const request of requests) push(links.requests, request.planItemId, request);
  for (const dep of deps) {
    push(links.dependsOn, dep.fromId, dep.toId);
    push(links.dependedOnBy, dep.toId, dep.fromId);
  }
  for (const schedule of schedules) push(links.schedules, schedule.planItemId, schedule);
  return links;
}

/**
 * Presents plan item rows of one mission with their links (three queries whatever the number of items); their money
 * only to who sees the mission's money.
 */
export async function presentPlanRows(db: Db | Tx, access: MissionAccess, rows: PlanItemRow[]): Promise<PlanItem[]> {
  const links = await loadPlanLinks(db, { missionIds: [access.mission.id] });
  const money = seesMissionMoney(access.actor);
  return rows.map((row) => presentPlanItem(row, links, { money }));
}

/** The plan items of a mission that are not deleted, in creation order. */
export async function loadPlanRows(db: Db | Tx, missionId: string): Promise<PlanItemRow[]> {
  return db
    .select()
    .from(planItems)
    .where(and(eq(planItems.missionId, missionId), eq(planItems.wasDeleted, false)))
    .orderBy(asc(planItems.createdAt), asc(planItems.id));
}

/** A plan item of the mission that is not deleted; 404 otherwise. `lock` holds it for the transaction. */
export async function planItemRow(db: Db | Tx, missionId: string, id: string, lock = false): Promise<PlanItemRow> {
  const query = db
    .select()
    .from(planItems)
    .where(and(eq(planItems.id, id), eq(planItems.missionId, missionId), eq(planItems.wasDeleted, false)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw entityNotFound('planItem');
  return row;
}

/** One plan item as the API answers it to the caller (its money only to who sees the mission's money). */
export async function presentPlanItemById(db: Db | Tx, access: MissionAccess, id: string): Promise<PlanItem> {
  const row = await planItemRow(db, access.mission.id, id);
  const links = await loadPlanLinks(db, { itemIds: [id] });
  return presentPlanItem(row, links, { money: seesMissionMoney(access.actor) });
}

/**
 * `GET /mission-plan/my/roles`: my person roles (not deleted) on the missions where I am on the team with my invite
 * accepted at permission 3 or lower (rule 36), missions not archived; newest mission first. Rates show only on the
 * missions I administer (rule 98): team members never see rates.
 */
export async function myRoles(db: Db, personId: string): Promise<MyRole[]> {
  const rows = await db
    .select({
      item: planItems,
      member: { permission: missionPeople.permission, isProjectManager: missionPeople.isProjectManager },
      mission: { id: missions.id, title: missions.title, projectStatus: missions.projectStatus, orgId: missions.orgId },
      orgLevel: orgPeople.level,
    })
    .from(planItems)
    .innerJoin(missions, eq(missions.id, planItems.missionId))
    .innerJoin(
      missionPeople,
      and(eq(missionPeople.missionId, planItems.missionId), eq(missionPeople.personId, personId), eq(missionPeople.invitePending, false)),
    )
    // my level in the mission's organisation: its admins and managers see its missions' money (seesMissionMoney)
    .leftJoin(orgPeople, and(eq(orgPeople.orgId, missions.orgId), eq(orgPeople.personId, personId), currentMembership()))
    .where(
      and(
        eq(planItems.personId, personId),
        eq(planItems.type, 'person'),
        eq(planItems.wasDeleted, false),
        isNull(missions.archivedAt),
        lt(missionPeople.permission, 4),
        // as the mission tree: not of a deleted organisation, one I left, or one requiring two-factor sign-in I lack
        sql.raw(missionShownTo('"plan_items"."mission_id"', '"plan_items"."person_id"')),
      ),
    )
    .orderBy(asc(planItems.startDate), asc(planItems.id))
    .limit(2000);
  const links = await loadPlanLinks(db, { itemIds: rows.map((row) => row.item.id) });
  return rows.map(({ item, member, mission, orgLevel }) => ({
    planItem: presentPlanItem(item, links, {
      money: seesMissionMoney({
        personId,
        member: { ...member, invitePending: false },
        orgLevel: orgLevel as OrgLevel | null,
        orgCanApproveRoles: false,
      }),
    }),
    mission: { _id: mission.id, title: mission.title, projectStatus: mission.projectStatus, org: mission.orgId },
  }));
}
