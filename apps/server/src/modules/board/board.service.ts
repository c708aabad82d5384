import type { ActionItem } from '@crewplan/domain';
import type { BoardMission, BoardPerson, BoardWorkspace } from '@crewplan/domain/board/board';
import { pmWorkspace } from '@crewplan/domain/board/workspace';
import type { AppContext } from '../../plugins/types.ts';
import { itemsQuery } from '../tasks/index.ts';
import { orgMissionShown } from '../../plugins/mission-access.ts';
import { avatarUrl } from '../people/index.ts';

const instant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The mission, or its organisation (licensed, or in a running trial), holds an active licence (as `my/items`). */
const LICENSED = `(m.is_licensed_active or (o.is_licensed_active and (o.is_org_licensed or o.is_key_licensed
  or o.trial_started_on is null or o.trial_started_on + interval '30 days' > now())))`;

/**
 * The caller's missions that may be in the PM work space: on the team with the invite accepted, not archived; an
 * organisation's mission only while the organisation exists, the caller has not left it and it does not require
 * two-factor sign-in the caller lacks (rule 109: withheld, `orgMissionShown`, as in the mission tree).
 */
const candidatesQuery = (personId: string) => ({
  text: `select m.id as "_id", m.title, m.org_id as org, m.client_id as client, m.project_status as "projectStatus",
           case when m.project_status in ('active', 'open') and not m.kicked_off then 'planning' else m.project_status end
             as "displayStatus",
           m.project_type as "projectType", m.plan_start_date::text as "planStartDate", m.plan_end_date::text as "planEndDate",
           mp.permission, mp.is_project_manager as "isProjectManager", m.is_template as "isTemplate",
           ${LICENSED} as licensed, m.kicked_off as "kickedOff", ${instant('m.created_at')} as "createdAt",
           (select count(*)::int from mission_people c where c.mission_id = m.id and c.permission <> 5) as "peopleCount",
           (select count(*)::int from action_items ai where ai.mission_id = m.id and ai.status <> 'done') as "openTasks"
         from mission_people mp
         join missions m on m.id = mp.mission_id
         left join orgs o on o.id = m.org_id
         where mp.person_id = $1 and not mp.invite_pending and m.archived_at is null and ${orgMissionShown()}
         order by m.title, m.id`,
  values: [personId],
});

type Candidate = BoardMission & { isTemplate: boolean; licensed: boolean; kickedOff: boolean; createdAt: string };

/** The missions the caller manages (rule 240: project manager or owner, licensed active, no templates, rule 22's order). */
export async function managedMissions(ctx: AppContext, personId: string): Promise<BoardMission[]> {
  const { rows } = await ctx.pool.query<Candidate>(candidatesQuery(personId));
  return pmWorkspace(rows).map(({ isTemplate: _t, licensed: _l, kickedOff: _k, createdAt: _c, ...mission }) => mission);
}

/** The people on these missions' teams (external participants, permission 5, left out). */
export async function teamPeople(ctx: AppContext, missionIds: string[]): Promise<BoardPerson[]> {
  if (missionIds.length === 0) return [];
  const { rows } = await ctx.pool.query<{ id: string; firstName: string; lastName: string; avatarVersion: number | null }>({
    text: `select distinct p.id, p.first_name as "firstName", p.last_name as "lastName", p.avatar_version as "avatarVersion"
           from mission_people mp join people p on p.id = mp.person_id
           where mp.mission_id = any($1::varchar[]) and not mp.invite_pending and mp.permission <> 5
           order by "firstName", "lastName", p.id`,
    values: [missionIds],
  });
  return rows.map((person) => ({ _id: person.id, firstName: person.firstName, lastName: person.lastName, avatar: avatarUrl(person) }));
}

/**
 * `GET /board/workspace`: the missions the caller manages (rule 240, `managedMissions`), every task of those missions
 * and the people on their teams.
 */
export async function boardWorkspace(ctx: AppContext, personId: string): Promise<BoardWorkspace> {
  const missions = await managedMissions(ctx, personId);
  const ids = missions.map((mission) => mission._id);
  if (ids.length === 0) return { missions: [], items: [], people: [] };
  const [items, people] = await Promise.all([
    // the caller manages these missions, yet may not see the money of each (an observer flagged project manager)
    ctx.pool.query<{ json: string }>(itemsQuery('ai.mission_id = any($2::varchar[])', personId, ids, 'each mission')),
    teamPeople(ctx, ids),
  ]);
  return { missions, items: JSON.parse(items.rows[0]!.json) as ActionItem[], people };
}
