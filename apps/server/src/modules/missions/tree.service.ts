import { Readable } from 'node:stream';
import { WORKSPACE_LISTING_SINCE } from '@crewplan/domain';
import { namedByText } from '../../db/prepared.ts';
import { orgMissionShown } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';

export type TreeFilters = { isActive?: boolean | undefined; staleDate?: string | undefined; org?: string | undefined };

/** Missions per statement when the tree is streamed. */
export const TREE_STREAM_BATCH = 500;

const instant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const FINISHED = `(m.project_status in ('completed', 'cancelled') or (m.mission_stop is not null and m.mission_stop <= now()))`;

export { STILL_WITH_ORG } from '../../plugins/mission-access.ts';

/**
 * The missions of the tree (rule 36): the caller is on the team with the invite accepted and permission 3 or lower;
 * not archived; for an organisation's mission, the organisation exists, the caller has not left it (`STILL_WITH_ORG`:
 * people from outside the organisation see the missions they are on), and it does not require two-factor sign-in the caller lacks (rule 109: withheld).
 *
 * Filters: `isActive` true keeps missions not finished (rule 21), false only finished ones (the vault); `staleDate`
 * keeps missions not changed since that day (the mission, or anything its history records) or whose plan ended
 * before it; `org` one organisation's missions.
 *
 * Rule 22 (listed in the work-space even if not kicked off when created on or after 2025-01-08) applies to the
 * work-space's list, `isActive=true`: an active mission created before that day that was never kicked off is left out
 * there. Without `isActive` (the whole tree) and in the vault (`isActive=false`) every mission is listed.
 */
export function treeQuery(personId: string, filters: TreeFilters, batch: { after: string; limit: number } | null) {
  const params: unknown[] = [personId];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`mp.person_id = $1`, `not mp.invite_pending`, `mp.permission <= 3`, `m.archived_at is null`, orgMissionShown()];
  if (filters.isActive === true) {
    where.push(`not ${FINISHED}`, `(m.kicked_off or m.created_at >= ${param(`${WORKSPACE_LISTING_SINCE}T00:00:00Z`)}::timestamptz)`);
  }
  if (filters.isActive === false) where.push(FINISHED);
  if (filters.staleDate) {
    // the vault's abandoned missions (neither the mission nor its plan and tasks, which its history records, changed
    // since) and older ones (their plan ended before it), as `inVault`
    const day = param(filters.staleDate);
    where.push(`((m.updated_at < ${day}::date and not exists (select 1 from mission_audit_events e
      where e.mission_id = m.id and e.created_at >= ${day}::date)) or m.plan_end_date < ${day}::date)`);
  }
  if (filters.org) where.push(`m.org_id = ${param(filters.org)}`);
  if (batch) where.push(`m.id > ${param(batch.after)}`);
  const limit = batch ? `limit ${param(batch.limit)}` : '';
  const text = `
    select coalesce(json_agg(t.item order by t.id), '[]'::json)::text as json, max(t.id) as last
    from (
      select m.id, json_build_object(
        '_id', m.id, 'title', m.title, 'projectCode', m.project_code, 'org', m.org_id, 'orgTitle', o.title,
        'client', m.client_id,
        'program', m.program_id, 'goal', m.goal_id, 'planStartDate', m.plan_start_date, 'planEndDate', m.plan_end_date,
        'projectStatus', m.project_status,
        'displayStatus', case when m.project_status in ('active', 'open') and not m.kicked_off then 'planning' else m.project_status end,
        'missionStop', ${instant('m.mission_stop')}, 'kickedOff', m.kicked_off, 'projectType', m.project_type, 'theme', m.theme,
        'isTemplate', m.is_template, 'isModel', m.is_model, 'isProposal', m.is_proposal, 'isProcess', m.is_process,
        'createdFromGtCrm', m.created_from_gt_crm, 'isLicensedActive', m.is_licensed_active,
        'createdAt', ${instant('m.created_at')}, 'updatedAt', ${instant('m.updated_at')},
        'permission', mp.permission, 'isProjectManager', mp.is_project_manager,
        'peopleCount', (select count(*) from mission_people c where c.mission_id = m.id and c.permission <> 5)
      ) as item
      from mission_people mp
      join missions m on m.id = mp.mission_id
      left join orgs o on o.id = m.org_id
      where ${where.join(' and ')}
      order by m.id
      ${limit}
    ) t`;
  return { text, values: params };
}

/** `GET /mission/list/tree`: the caller's missions as one JSON array text, shaped by one SQL statement. */
export async function missionTreeJson(ctx: AppContext, personId: string, filters: TreeFilters): Promise<string> {
  const { rows } = await ctx.pool.query<{ json: string }>(namedByText(treeQuery(personId, filters, null)));
  return rows[0]!.json;
}

/**
 * The same array, streamed: one statement per `TREE_STREAM_BATCH` missions (keyset on the id), each batch's objects
 * written as soon as it is read. The result is the same array `missionTreeJson` answers (whitespace aside).
 */
export function missionTreeStream(ctx: AppContext, personId: string, filters: TreeFilters): Readable {
  async function* chunks() {
    yield '[';
    let after = '';
    let first = true;
    for (;;) {
      const { rows } = await ctx.pool.query<{ json: string; last: string | null }>(
        namedByText(treeQuery(personId, filters, { after, limit: TREE_STREAM_BATCH })),
      );
      const { json, last } = rows[0]!;
      if (last === null) break;
      yield `${first ? '' : ','}${json.slice(1, -1)}`;
      first = false;
      after = last;
    }
    yield ']';
  }
  return Readable.from(chunks());
}
