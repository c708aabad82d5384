import { sql } from 'drizzle-orm';
import type { RecordMissionWrite } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';

/**
 * Deleted tasks or actions leave no link behind on the plan: a role's hours on tasks drop their entries, and a
 * milestone that followed one follows nothing. A stale entry would otherwise make every later save of the role
 * answer 400 for a task its manager can no longer see.
 */
export async function unlinkDeletedTasks(tx: Tx, missionId: string, taskIds: string[], record: RecordMissionWrite): Promise<void> {
  if (taskIds.length === 0) return;
  const ids = sql`array[${sql.join(
    taskIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const result = await tx.execute<{
    id: string;
    title: string;
    raci_before: unknown;
    raci_after: unknown;
    linked_before: string | null;
  }>(sql`
    with touched as (
      select id, raci_on_tasks, linked_to_task from plan_items
      where mission_id = ${missionId}
        and (linked_to_task = any(${ids}) or exists (select 1 from jsonb_array_elements(raci_on_tasks) e where e->>'taskId' = any(${ids})))
      for update
    )
    update plan_items p
    set raci_on_tasks = coalesce(
          (select jsonb_agg(e order by n) from jsonb_array_elements(t.raci_on_tasks) with ordinality as x(e, n) where not (e->>'taskId' = any(${ids}))),
          '[]'::jsonb),
        linked_to_task = case when t.linked_to_task = any(${ids}) then null else t.linked_to_task end
    from touched t
    where p.id = t.id
    returning p.id, p.title, t.raci_on_tasks as raci_before, p.raci_on_tasks as raci_after, t.linked_to_task as linked_before`);
  for (const row of result.rows) {
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    if (JSON.stringify(row.raci_before) !== JSON.stringify(row.raci_after))
      changes.raciOnTasks = { from: row.raci_before, to: row.raci_after };
    if (row.linked_before !== null && taskIds.includes(row.linked_before)) changes.linkedToTask = { from: row.linked_before, to: null };
    record({ action: 'update', entity: 'plan.items', id: row.id, title: row.title, changes });
  }
}
