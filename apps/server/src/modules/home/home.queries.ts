import { WEIGHT, type WeighedTask } from '@crewplan/domain/home/weight';
import { itemWithMissionJson, MY_ITEMS_FROM, PINNED_BY_ME } from '../tasks/index.ts';

/** What the weight of a task (rule 235) reads, for my open tasks, with what Home shows of it. */
export interface WeighedRow extends WeighedTask {
  id: string;
  title: string;
  people: string[];
  client: string | null;
}

const END = `case when ai.end_date < ai.start_date then ai.start_date else ai.end_date end`;

/**
 * My open, licensed tasks with what their weight reads (`$1` me, `$3` today). Tasks aimed more than the horizon past
 * today weigh 0 whatever else holds, so SQL leaves them out before the weight is worked out.
 */
export const weighedQuery = (personId: string, today: string) => ({
  text: `select ai.id, ai.title, ai.status, ai.due_date::text as "dueDate", (${END})::text as "endDate", ai.week::text as week,
           ai.prev_end_date::text as "prevEndDate", ai.complexity_multiplier as "complexityMultiplier", ai.people,
           ai.meta_type as "metaType", m.client_id as client
         ${MY_ITEMS_FROM} and ai.status <> 'done'
           and (coalesce(ai.due_date, ${END}, ai.week) is null or coalesce(ai.due_date, ${END}, ai.week) <= $3::date + ${WEIGHT.horizonDays})`,
  values: [personId, true, today],
});

/** My items with these ids as a JSON array, in the order of the ids. */
export const myItemsByIdsQuery = (personId: string, ids: string[]) => ({
  text: `select coalesce(json_agg(${itemWithMissionJson()} order by array_position($3::varchar[], ai.id)), '[]'::json)::text as json
         ${MY_ITEMS_FROM} and ai.id = any($3::varchar[])`,
  values: [personId, true, ids],
});

/** The missions of my licensed tasks. */
export const myMissionIdsQuery = (personId: string) => ({
  text: `select distinct ai.mission_id as id ${MY_ITEMS_FROM}`,
  values: [personId, true],
});

/**
 * The tasks of Task master (rules 236–237): mine and those of the missions I manage (`$3`), on missions of the status
 * asked (`$4`, or 'all'), of a person (`$5`, or null for everybody).
 */
const TASK_MASTER_FROM = `from action_items ai
  join missions m on m.id = ai.mission_id
  where (ai.mission_id = any($3::varchar[]) or ai.id in (select ai.id ${MY_ITEMS_FROM}))
    and ($4::text = 'all' or m.project_status = $4::text)
    and ($5::varchar is null or ai.people @> array[$5::varchar])`;

export interface TaskMasterScope {
  personId: string;
  managed: string[];
  projectStatus: string;
  person: string | null;
}

const scopeValues = (scope: TaskMasterScope) => [scope.personId, true, scope.managed, scope.projectStatus, scope.person];

/** How many tasks each mission holds, pinned ones apart. */
export const taskMasterCountsQuery = (scope: TaskMasterScope) => ({
  text: `select ai.mission_id as "missionId", min(m.title) as title, ${PINNED_BY_ME} as pinned, count(*)::int as count
         ${TASK_MASTER_FROM} group by ai.mission_id, ${PINNED_BY_ME}`,
  values: scopeValues(scope),
});

/**
 * A page of the grid as a JSON array: my pinned tasks first, then each mission's in `missionOrder` ($6), each group by
 * due date, then end date (as `my/items`).
 */
export const taskMasterPageQuery = (scope: TaskMasterScope, missionOrder: string[], offset: number, limit: number) => ({
  text: `with page as (
           select ai.id, row_number() over (order by ${PINNED_BY_ME} desc,
             case when ${PINNED_BY_ME} then 0 else array_position($6::varchar[], ai.mission_id) end,
             ai.due_date nulls last, ai.end_date nulls last, ai.id) as n
           ${TASK_MASTER_FROM} order by n offset $7 limit $8)
         select coalesce(json_agg(${itemWithMissionJson(", 'projectStatus', m.project_status")} order by page.n), '[]'::json)::text as json
         from page join action_items ai on ai.id = page.id join missions m on m.id = ai.mission_id`,
  values: [...scopeValues(scope), missionOrder, offset, limit],
});
