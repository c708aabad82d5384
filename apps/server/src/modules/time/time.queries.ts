import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { actionItems, planItems, timesheets, type TimesheetTaskLine } from '../../db/schema/index.ts';
import type { TimesheetRow } from './time.presenter.ts';

export type WeekSave = {
  orgId: string;
  missionId: string | null;
  planItemId: string | null;
  orgRoleId: string | null;
  personId: string;
  scope: string;
  weekStart: string;
  status: 'draft' | 'submitted';
  dailyMinutes: number[];
  taskLines: TimesheetTaskLine[] | null;
  snapshot: Record<string, unknown>;
};

/** The person's sheet of that week and scope, locked for this transaction; null when there is none yet. */
export async function weekOf(tx: Tx, key: { personId: string; weekStart: string; scope: string }): Promise<TimesheetRow | null> {
  const [row] = await tx
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.personId, key.personId), eq(timesheets.weekStart, key.weekStart), eq(timesheets.scope, key.scope)))
    .for('update');
  return row ?? null;
}

/**
 * Saves weeks in one statement (`INSERT … VALUES …, … ON CONFLICT DO UPDATE`): each inserted when new, otherwise
 * written over while it is still a draft or rejected. Submitted and approved weeks are locked: they do not come back,
 * so fewer rows than asked means one was locked meanwhile.
 */
export async function saveWeeks(tx: Tx, weeks: readonly WeekSave[]): Promise<TimesheetRow[]> {
  if (weeks.length === 0) return [];
  const now = new Date();
  return tx
    .insert(timesheets)
    .values(weeks.map((week) => ({ ...week, submittedAt: week.status === 'submitted' ? now : null })))
    .onConflictDoUpdate({
      target: [timesheets.personId, timesheets.weekStart, timesheets.scope],
      set: {
        dailyMinutes: sql`excluded.daily_minutes`,
        taskLines: sql`excluded.task_lines`,
        snapshot: sql`excluded.snapshot`,
        orgRoleId: sql`excluded.org_role_id`,
        status: sql`excluded.status`,
        submittedAt: sql`coalesce(excluded.submitted_at, ${timesheets.submittedAt})`,
        // a resubmitted week no longer carries the reason it was rejected for
        rejectionReason: sql`case when excluded.status = 'submitted' then null else ${timesheets.rejectionReason} end`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${timesheets.status} in ('draft', 'rejected')`,
    })
    .returning();
}

/** Saves one week (see `saveWeeks`); null when it is locked. */
export async function saveWeek(tx: Tx, week: WeekSave): Promise<TimesheetRow | null> {
  const [saved] = await saveWeeks(tx, [week]);
  return saved ?? null;
}

/** Every sheet the person keeps for that week (roles, tasks, organisation work), locked for this transaction. */
export async function sheetsOfWeek(tx: Tx, personId: string, weekStart: string): Promise<TimesheetRow[]> {
  return tx
    .select()
    .from(timesheets)
    .where(and(eq(timesheets.personId, personId), eq(timesheets.weekStart, weekStart)))
    .for('update');
}

/** Roles a week names, and the person's roles on the missions of its task rows (tasks need a role of theirs there). */
export async function rolesOfWeek(tx: Tx, ids: readonly string[], personId: string, taskMissionIds: readonly string[]) {
  const named = ids.length > 0 ? inArray(planItems.id, [...ids]) : undefined;
  const mine =
    taskMissionIds.length > 0
      ? and(eq(planItems.personId, personId), inArray(planItems.missionId, [...taskMissionIds]), eq(planItems.type, 'person'))
      : undefined;
  if (!named && !mine) return [];
  return tx
    .select({
      id: planItems.id,
      missionId: planItems.missionId,
      title: planItems.title,
      type: planItems.type,
      personId: planItems.personId,
      inactive: planItems.inactive,
      wasDeleted: planItems.wasDeleted,
      startDate: planItems.startDate,
      endDate: planItems.endDate,
    })
    .from(planItems)
    .where(or(named, mine));
}

/** Tasks a week names: their mission and who is assigned. */
export async function tasksOfWeek(tx: Tx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: actionItems.id, missionId: actionItems.missionId, people: actionItems.people })
    .from(actionItems)
    .where(inArray(actionItems.id, [...ids]));
}

/** A sheet by id within an organisation or a mission; null when it is not there. */
export async function findTimesheet(tx: Tx, id: string, where: { orgId?: string; missionId?: string }): Promise<TimesheetRow | null> {
  const [row] = await tx
    .select()
    .from(timesheets)
    .where(
      and(
        eq(timesheets.id, id),
        where.orgId ? eq(timesheets.orgId, where.orgId) : undefined,
        where.missionId ? eq(timesheets.missionId, where.missionId) : undefined,
      ),
    )
    .for('update');
  return row ?? null;
}
