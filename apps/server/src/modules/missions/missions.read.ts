import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import {
  canOnMission,
  fixPlanItemEnd,
  isMissionAdmin,
  isIsoDay,
  repairMissionDates,
  seesMissionMoney,
  type Mission,
} from '@crewplan/domain';
import { runMissionCommand } from '../../commands/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { actionItems, actions, missionBaselines, missionInvites, missionPeople, missions, planItems } from '../../db/schema/index.ts';
import { missionNotFound, type MissionAccess, type MissionRow } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { missionTasksJson } from '../tasks/index.ts';
import { presentPlanRows } from '../plan/index.ts';
import { presentMission } from './missions.presenter.ts';
import { loadTeam } from '../team/index.ts';
import { todayOf } from '../../lib/clock.ts';

/** The plan items of a mission that are not deleted, in creation order. */
export async function loadPlan(db: Db | Tx, missionId: string) {
  return db
    .select()
    .from(planItems)
    .where(and(eq(planItems.missionId, missionId), eq(planItems.wasDeleted, false)))
    .orderBy(asc(planItems.createdAt), asc(planItems.id));
}

/** Open invites (pending or confirmed, not expired) to emails that have no place on the team yet, newest first. */
export async function loadOpenInvites(db: Db | Tx, missionId: string, now: Date) {
  const rows = await db
    .select()
    .from(missionInvites)
    .where(
      and(
        eq(missionInvites.missionId, missionId),
        inArray(missionInvites.status, ['pending', 'confirmed']),
        gt(missionInvites.expiresAt, now),
        sql`not exists (select 1 from ${missionPeople} where ${missionPeople.missionId} = ${missionInvites.missionId} and ${missionPeople.personId} = ${missionInvites.personId})`,
      ),
    )
    .orderBy(desc(missionInvites.createdAt));
  // One seat per address, the newest invite speaking for it.
  return rows.filter((row, index) => rows.findIndex((other) => other.inviteeEmail === row.inviteeEmail) === index);
}

/** The mission's baselines, newest first, with how many dated things each one holds. */
export async function loadBaselines(db: Db | Tx, missionId: string) {
  const rows = await db
    .select({
      id: missionBaselines.id,
      title: missionBaselines.title,
      createdAt: missionBaselines.createdAt,
      items: sql<number>`(jsonb_array_length(${missionBaselines.snapshot}->'planItems') + jsonb_array_length(${missionBaselines.snapshot}->'actions') + jsonb_array_length(${missionBaselines.snapshot}->'actionItems'))::int`,
    })
    .from(missionBaselines)
    .where(eq(missionBaselines.missionId, missionId))
    .orderBy(desc(missionBaselines.createdAt));
  return rows.map((row) => ({ _id: row.id, title: row.title, createdAt: row.createdAt.toISOString(), items: row.items }));
}

async function loadMissionRow(db: Db | Tx, missionId: string): Promise<MissionRow> {
  const [row] = await db.select().from(missions).where(eq(missions.id, missionId));
  if (!row) throw missionNotFound();
  return row;
}

/**
 * Repairs bad dates on load (rule 24): missing or inverted plan dates are defaulted (`repairMissionDates`), plan
 * items whose end is not after their start end 5 days after it (`fixPlanItemEnd`). Only those who may update the
 * mission save the repair (rule 108: admins and managers auto-repair); others see it without it being saved.
 */
async function repairOnLoad(ctx: AppContext, access: MissionAccess, mission: MissionRow, plan: Awaited<ReturnType<typeof loadPlan>>) {
  const dates = repairMissionDates({ planStartDate: mission.planStartDate, planEndDate: mission.planEndDate }, todayOf(ctx.clock));
  const badItems = plan.filter(
    (item) => isIsoDay(item.startDate) && isIsoDay(item.endDate) && fixPlanItemEnd(item.startDate, item.endDate) !== item.endDate,
  );
  if (!dates.repaired && badItems.length === 0) return { mission, plan, repaired: false };
  const fixedEnd = new Map(badItems.map((item) => [item.id, fixPlanItemEnd(item.startDate!, item.endDate!)]));
  const repairedMission = { ...mission, planStartDate: dates.planStartDate, planEndDate: dates.planEndDate };
  const repairedPlan = plan.map((item) => (fixedEnd.has(item.id) ? { ...item, endDate: fixedEnd.get(item.id)! } : item));
  if (!canOnMission(access.actor, 'mission.update', access.facts)) return { mission: repairedMission, plan: repairedPlan, repaired: true };

  const saved = await runMissionCommand(ctx, mission.id, access.personId, async (tx, record) => {
    let row = mission;
    if (dates.repaired) {
      [row] = (await tx
        .update(missions)
        .set({ planStartDate: dates.planStartDate, planEndDate: dates.planEndDate, updatedAt: ctx.clock.now() })
        .where(eq(missions.id, mission.id))
        .returning()) as [MissionRow];
      record({
        action: 'update',
        entity: 'missions',
        id: mission.id,
        title: mission.title,
        changes: {
          planStartDate: { from: mission.planStartDate, to: dates.planStartDate },
          planEndDate: { from: mission.planEndDate, to: dates.planEndDate },
        },
      });
    }
    for (const [id, endDate] of fixedEnd) {
      const before = plan.find((item) => item.id === id)!;
      await tx.update(planItems).set({ endDate, updatedAt: ctx.clock.now() }).where(eq(planItems.id, id));
      record({
        action: 'update',
        entity: 'plan.items',
        id,
        title: before.title,
        changes: { endDate: { from: before.endDate, to: endDate } },
      });
    }
    return row;
  });
  return { mission: saved, plan: repairedPlan, repaired: true };
}

/**
 * Tasks (actions and action items) that end before they start end the day they start instead (rule 24: bad task
 * dates are fixed), in one statement per table; only for those who may update the mission, and only when there is
 * something to fix.
 */
async function repairTaskDates(ctx: AppContext, access: MissionAccess): Promise<number> {
  if (!canOnMission(access.actor, 'mission.update', access.facts)) return 0;
  const missionId = access.mission.id;
  const inverted = (table: typeof actions | typeof actionItems) =>
    and(eq(table.missionId, missionId), sql`${table.endDate} < ${table.startDate}`);
  const [found] = await ctx.db
    .select({
      any: sql<boolean>`exists (select 1 from ${actions} where ${inverted(actions)}) or exists (select 1 from ${actionItems} where ${inverted(actionItems)})`,
    })
    .from(sql`(select 1) as one`);
  if (!found?.any) return 0;
  return runMissionCommand(ctx, missionId, access.personId, async (tx, record) => {
    let fixed = 0;
    for (const [table, entity] of [
      [actions, 'actions'],
      [actionItems, 'action.items'],
    ] as const) {
      const rows = await tx
        .update(table)
        .set({ endDate: sql`${table.startDate}`, updatedAt: ctx.clock.now() })
        .where(inverted(table))
        .returning({ id: table.id, title: table.title, endDate: table.endDate });
      for (const row of rows)
        record({ action: 'update', entity, id: row.id, title: row.title, changes: { endDate: { from: null, to: row.endDate } } });
      fixed += rows.length;
    }
    return fixed;
  });
}

/** `GET /mission/:id`: the whole mission with its team, plan items, free slots and the caller's abilities. */
export async function readMission(ctx: AppContext, access: MissionAccess, options: { repair: boolean }): Promise<Mission> {
  if (!options.repair) {
    await markManagerVisit(ctx, access);
    return presentCurrent(ctx.db, access, ctx.clock.now());
  }
  const repaired = await repairOnLoad(ctx, access, access.mission, await loadPlan(ctx.db, access.mission.id));
  const tasksRepaired = (await repairTaskDates(ctx, access)) > 0;
  const id = repaired.mission.id;
  const [team, invites, baselines] = [
    await loadTeam(ctx.db, repaired.mission),
    await loadOpenInvites(ctx.db, id, ctx.clock.now()),
    await loadBaselines(ctx.db, id),
  ];
  await markManagerVisit(ctx, access);
  const plan = await presentPlanRows(ctx.db, access, repaired.plan);
  return presentMission(access, repaired.mission, team, plan, { invites, baselines }, repaired.repaired || tasksRepaired, ctx.clock.now());
}

/**
 * Rule 51: copying tasks needs an admin or project manager to have opened the simple or kanban project; their read
 * stamps the visit (once; not a change of the mission, so not in its history).
 */
async function markManagerVisit(ctx: AppContext, access: MissionAccess): Promise<void> {
  const { mission } = access;
  if (mission.managerVisitedAt || (mission.projectType !== 'simple' && mission.projectType !== 'kanban')) return;
  if (!isMissionAdmin(access.member && !access.member.invitePending ? access.member : null)) return;
  // Straight SQL: a visit is not an edit, so updated_at (the stale-edit check) must not move.
  await ctx.pool.query('update missions set manager_visited_at = now() where id = $1 and manager_visited_at is null', [mission.id]);
}

/**
 * `GET /mission/:id` as a stream of JSON text: the mission as `readMission` presents it, then its actions and action
 * items, built as JSON by SQL and spliced in unparsed (DESIGN §8), the items a batch at a time.
 */
export async function readMissionJson(ctx: AppContext, access: MissionAccess, options: { repair: boolean }): Promise<Readable> {
  const mission = await readMission(ctx, access, options);
  const tasks = await missionTasksJson(ctx.pool, access.mission.id, access.personId, seesMissionMoney(access.actor));
  const head = JSON.stringify(mission);
  // one batch waits while the reader takes the last: memory grows with readers, not with the mission's size
  return Readable.from(missionText(`${head.slice(0, -1)},"actions":${tasks.actions},"actionItems":[`, tasks.actionItems), {
    highWaterMark: 1,
  });
}

async function* missionText(head: string, itemBatches: AsyncGenerator<string>): AsyncGenerator<string> {
  yield head;
  let first = true;
  for await (const batch of itemBatches) {
    yield first ? batch : `,${batch}`;
    first = false;
  }
  yield ']}';
}

/** The mission as it is now (after a write), without repairing anything. */
export async function presentCurrent(db: Db | Tx, access: MissionAccess, now: Date): Promise<Mission> {
  const mission = await loadMissionRow(db, access.mission.id);
  const [team, plan] = [await loadTeam(db, mission), await presentPlanRows(db, access, await loadPlan(db, mission.id))];
  const [invites, baselines] = [await loadOpenInvites(db, mission.id, now), await loadBaselines(db, mission.id)];
  return presentMission(access, mission, team, plan, { invites, baselines }, false, now);
}
