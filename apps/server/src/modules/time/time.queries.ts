import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { timesheets, type TimesheetTaskLine } from '../../db/schema/index.ts';
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
 * Saves a person's whole week in one statement: inserted when new, otherwise written over while it is still a draft
 * or rejected (submitted and approved weeks are locked: then nothing comes back).
 */
export async function saveWeek(tx: Tx, week: WeekSave): Promise<TimesheetRow | null> {
  const submittedAt = week.status === 'submitted' ? new Date() : null;
  const [saved] = await tx
    .insert(timesheets)
    .values({ ...week, submittedAt })
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
  return saved ?? null;
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
