import type { ActionItem, Action } from '@crewplan/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Pool } from 'pg';
import Cursor from 'pg-cursor';
import { orgMissionShown } from '../../plugins/mission-access.ts';
import { namedByText } from '../../db/prepared.ts';

/**
 * The JSON of actions and action items, shaped by SQL (DESIGN §8): one statement builds a whole list, whether it is
 * one task after a write or the 10,000 tasks of a mission read.
 */

const instant = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
/** A money column, in units, for callers who see the mission's money (`sees`, SQL); null for others. */
const money = (column: string, sees: string) => `case when ${sees} then round(${column} / 100.0, 2) end`;

/**
 * Whether the caller sees the money of a task's mission (`seesMissionMoney`), as SQL: one mission's reads pass it as
 * a parameter; a list across missions works it out for each task's mission. `ShownMoney` says which.
 */
export type ShownMoney = boolean | 'each mission';

/**
 * `seesMissionMoney` in SQL, for the caller `caller` and the mission `mission`: they administer it (permission 2, or 1
 * as project manager, invite accepted), or are an admin or manager of its organisation now.
 */
const seesMoneyOf = (caller: string, mission: string) => `(exists (select 1 from mission_people mx
    where mx.mission_id = ${mission} and mx.person_id = ${caller} and not mx.invite_pending
      and (mx.permission = 2 or (mx.permission = 1 and mx.is_project_manager)))
  or exists (select 1 from missions mm join org_people ox on ox.org_id = mm.org_id
    where mm.id = ${mission} and ox.person_id = ${caller} and ox.level in ('ADMIN', 'MANAGER')
      and (ox.end_date is null or ox.end_date > current_date)))`;

const LINKS = `json_agg(json_build_object('linkTo', d.to_id, 'linkType', d.link_type, 'lag', d.lag) order by d.created_at, d.id)`;
const dependenciesOf = (kind: 'action' | 'actionItem', alias: string) =>
  `coalesce((select ${LINKS} from dependencies d where d.kind = '${kind}' and d.from_id = ${alias}.id), '[]'::json)`;

/**
 * Rule 24's repair on load for tasks and actions: an end before the start (left by an import or older data, since writes
 * refuse it) is read as the start, so no view draws a bar backwards.
 */
const repairedEnd = (alias: string) =>
  `case when ${alias}.end_date < ${alias}.start_date then ${alias}.start_date else ${alias}.end_date end`;

/** A checklist line (alias `c`) and a link (alias `d`) in a task's JSON, in their order. */
const CHECKLIST_LINES = `json_agg(json_build_object('_id', c.id, 'title', c.title, 'description', c.description,
  'sortIndex', c.sort_index, 'people', c.people, 'col', c.col, 'color', c.color, 'done', c.done,
  'completedOn', ${instant('c.completed_on')}, 'completedBy', c.completed_by) order by c.sort_index, c.id)`;

/** A task's checklist and links, each read for the task by its own subquery. */
const OWN_LISTS = {
  checklist: `coalesce((select ${CHECKLIST_LINES} from checklist_items c where c.action_item_id = ai.id), '[]'::json)`,
  dependencies: dependenciesOf('actionItem', 'ai'),
};

/**
 * A task's JSON (44 fields), as its names and the SQL of each. `caller` is the SQL of the caller's id (their own seen
 * and pinned marks), `$1` unless a statement says otherwise; `sees` the SQL of whether they see its money (its bill
 * rate, and the bill rates of its approvals); `lists` the SQL of its checklist and links.
 */
const itemFields = (sees: string, caller = '$1::text', lists = OWN_LISTS): [string, string][] => [
  ['_id', 'ai.id'],
  ['actionId', 'ai.action_id'],
  ['missionId', 'ai.mission_id'],
  ['title', 'ai.title'],
  ['description', 'ai.description'],
  ['shortDescription', 'ai.short_description'],
  ['code', 'coalesce(ai.code, right((floor(extract(epoch from ai.created_at) * 1000))::bigint::text, 4))'],
  ['status', 'ai.status'],
  ['col', 'ai.col'],
  ['startDate', 'ai.start_date'],
  ['endDate', repairedEnd('ai')],
  ['initialStartDate', 'ai.initial_start_date'],
  ['dueDate', 'ai.due_date'],
  ['completedOn', instant('ai.completed_on')],
  ['completedBy', 'ai.completed_by'],
  ['startHour', 'ai.start_hour'],
  ['week', 'ai.week'],
  ['estimatedDuration', 'ai.estimated_duration'],
  ['actualDuration', 'ai.actual_duration'],
  ['y', 'ai.y'],
  ['sortIndex', 'ai.sort_index'],
  ['position', 'ai.position'],
  ['people', 'ai.people'],
  ['peopleAttached', 'ai.people_attached'],
  ['checklist', lists.checklist],
  ['tags', 'ai.tags'],
  ['complexityMultiplier', 'ai.complexity_multiplier'],
  ['billRate', money('ai.bill_rate_minor', sees)],
  ['billUnit', 'ai.bill_unit'],
  ['percentComplete', 'ai.percent_complete'],
  ['metaType', 'ai.meta_type'],
  ['pinType', 'ai.pin_type'],
  ['templateId', 'ai.template_id'],
  ['seen', `ai.seen @> jsonb_build_array(jsonb_build_object('by', ${caller}))`],
  ['pinned', `ai.pinned @> jsonb_build_array(jsonb_build_object('by', ${caller}))`],
  [
    'approvals',
    `case when ai.approvals = '[]'::jsonb or ${sees} then ai.approvals else (select jsonb_agg(e.value - 'billRate' order by e.n)
      from jsonb_array_elements(ai.approvals) with ordinality e (value, n)) end`,
  ],
  ['prevEndDate', 'ai.prev_end_date'],
  ['dependencies', lists.dependencies],
  ['descriptionUpdate', instant('ai.description_update')],
  ['descriptionUpdateById', 'ai.description_update_by_id'],
  ['colHistory', 'ai.col_history'],
  ['createdBy', 'ai.created_by'],
  ['createdAt', instant('ai.created_at')],
  ['updatedAt', instant('ai.updated_at')],
];

/** The fields as json_build_object's pairs, for a task inside a larger object. */
const asPairs = (fields: [string, string][]) => fields.map(([name, value]) => `'${name}', ${value}`).join(', ');
/**
 * The fields as the columns of a row whose `row_to_json` is the task: for lists of tasks, where PostgreSQL builds the
 * JSON about twice as fast as json_build_object's 88 arguments a task (measured on 500 tasks: 8 against 14 ms).
 */
const asColumns = (fields: [string, string][]) => fields.map(([name, value]) => `${value} as "${name}"`).join(', ');

/** Tasks of one mission: `$3` is whether the caller sees its money. */
const ITEM_COLUMNS = asColumns(itemFields('$3::boolean'));
/** Tasks of several missions: whether the caller (`$1`) sees their money is worked out for each one's mission. */
const ITEM_COLUMNS_EACH_MISSION = asColumns(itemFields(seesMoneyOf('$1::text', 'ai.mission_id')));
/** The order of a list of tasks, on the rows of `ITEM_COLUMNS`. */
const ITEM_ORDER = `t."sortIndex", t."_id"`;

/** An action (alias `a`); `$2` is whether the caller sees its mission's money. */
const ACTION_JSON = `json_build_object(
  '_id', a.id, 'missionId', a.mission_id, 'planItemId', a.plan_item_id, 'code', a.code, 'title', a.title, 'tags', a.tags,
  'startDate', a.start_date, 'endDate', ${repairedEnd('a')}, 'dueDate', a.due_date, 'week', a.week, 'status', a.status,
  'estimatedDuration', a.estimated_duration, 'complexityMultiplier', a.complexity_multiplier, 'source', a.source,
  'sectionTagId', a.section_tag_id, 'people', a.people, 'parentId', a.parent_id, 'isAction', a.is_action,
  'sortIndex', a.sort_index, 'position', a.position, 'percentComplete', a.percent_complete, 'wbs', a.wbs,
  'rate', ${money('a.rate_minor', '$2::boolean')}, 'billRate', ${money('a.bill_rate_minor', '$2::boolean')},
  'actionItems', coalesce((select json_agg(i.id order by i.sort_index, i.id) from action_items i where i.action_id = a.id), '[]'::json),
  'dependencies', ${dependenciesOf('action', 'a')},
  'createdBy', a.created_by, 'createdAt', ${instant('a.created_at')}, 'updatedAt', ${instant('a.updated_at')})`;

/**
 * Action items chosen by `where` (on alias `ai`; `$1` is the caller, `$2` the filter value) as one JSON array, their
 * money shown as `money` says.
 */
export const itemsQuery = (where: string, personId: string, value: unknown, money: ShownMoney) => ({
  text: `select coalesce(json_agg(t order by ${ITEM_ORDER}), '[]'::json)::text as json
         from (select ${money === 'each mission' ? ITEM_COLUMNS_EACH_MISSION : ITEM_COLUMNS} from action_items ai where ${where}) t`,
  values: money === 'each mission' ? [personId, value] : [personId, value, money],
});

/** Actions of one mission chosen by `where` (on alias `a`; `$1` the filter value) as one JSON array, money if `money`. */
export const actionsQuery = (where: string, value: unknown, money: boolean) => ({
  text: `select coalesce(json_agg(${ACTION_JSON} order by a.sort_index, a.created_at, a.id), '[]'::json)::text as json
         from actions a where ${where}`,
  values: [value, money],
});

async function jsonOf<T>(pool: Pool, query: { text: string; values: unknown[] }): Promise<T> {
  const { rows } = await pool.query<{ json: string }>(namedByText(query));
  return JSON.parse(rows[0]!.json) as T;
}

/** The action items of one mission with these ids, as the caller sees them (its money if `money`). */
export const itemsByIds = (pool: Pool, personId: string, ids: string[], money: boolean) =>
  jsonOf<ActionItem[]>(pool, itemsQuery('ai.id = any($2::varchar[])', personId, ids, money));

/**
 * `{"actionItems":[…]}` text of the action items `rows` gives (a statement's rows of action_items, such as a CTE of a
 * write's RETURNING; `ids` are theirs), as `personId` sees them: the same JSON as `itemsQuery`, built in the statement
 * that wrote them.
 */
export function itemsAnswerSql(rows: SQL, ids: string[], personId: string, money: boolean): SQL {
  // many tasks at once: their checklists and links are gathered by one grouped read each, not a subquery per task
  const columns = asColumns(
    itemFields('caller.money', 'caller.id', {
      checklist: `coalesce(checklists.lines, '[]'::json)`,
      dependencies: `coalesce(links.lines, '[]'::json)`,
    }),
  );
  const named = sql`${sql.param(ids)}::varchar[]`;
  return sql`select '{"actionItems":' || coalesce(json_agg(t order by ${sql.raw(ITEM_ORDER)}), '[]'::json)::text || '}' as json
    from (select ${sql.raw(columns)}
    from (${rows}) ai
    cross join (select ${personId}::text as id, ${money}::boolean as money) caller
    left join (select c.action_item_id, ${sql.raw(CHECKLIST_LINES)} as lines from checklist_items c
      where c.action_item_id = any(${named}) group by c.action_item_id) checklists on checklists.action_item_id = ai.id
    left join (select d.from_id, ${sql.raw(LINKS)} as lines from dependencies d
      where d.kind = 'actionItem' and d.from_id = any(${named}) group by d.from_id) links on links.from_id = ai.id) t`;
}

/** One action item, as the caller sees it (its money if `money`); null when it is gone. */
export const itemById = async (pool: Pool, personId: string, id: string, money: boolean) =>
  (await itemsByIds(pool, personId, [id], money))[0] ?? null;

/** The items of an action, as the caller sees them (their money if `money`). */
export const itemsOfAction = (pool: Pool, personId: string, actionId: string, money: boolean) =>
  jsonOf<ActionItem[]>(pool, itemsQuery('ai.action_id = $2', personId, actionId, money));

/** One action (its money if `money`); null when it is gone. */
export const actionById = async (pool: Pool, id: string, money: boolean) =>
  (await jsonOf<Action[]>(pool, actionsQuery('a.id = $1', id, money)))[0] ?? null;

/** Action items a mission read's cursor takes at a time: the server holds about this many tasks' JSON per reader. */
export const ITEMS_PER_BATCH = 200;

/**
 * A mission's actions and action items as JSON text, ready to be spliced into the mission read: the actions as one
 * array (a few hundred at most), the items read through a cursor a batch at a time and yielded as comma-joined
 * objects, so that a mission of 100,000 tasks is streamed, not held whole, however many people read it at once. The
 * cursor's connection returns to the pool when the items are read or the reader goes away. A reader who stalls
 * between two batches for longer than DB_IDLE_IN_TRANSACTION_TIMEOUT_MS loses the rest of the answer: PostgreSQL ends
 * that connection, and the pool drops it.
 */
export async function missionTasksJson(
  pool: Pool,
  missionId: string,
  personId: string,
  money: boolean,
): Promise<{ actions: string; actionItems: AsyncGenerator<string> }> {
  const actions = await pool.query<{ json: string }>(actionsQuery('a.mission_id = $1', missionId, money));
  return { actions: actions.rows[0]!.json, actionItems: itemBatches(pool, missionId, personId, money) };
}

async function* itemBatches(pool: Pool, missionId: string, personId: string, money: boolean): AsyncGenerator<string> {
  const client = await pool.connect();
  const cursor = client.query(
    new Cursor<{ json: string }>(
      `select row_to_json(t)::text as json from (select ${ITEM_COLUMNS} from action_items ai where ai.mission_id = $2) t order by ${ITEM_ORDER}`,
      [personId, missionId, money],
    ),
  );
  let released = false;
  // a connection whose cursor failed is not trusted again
  const release = async (failed?: unknown) => {
    if (released) return;
    released = true;
    await cursor.close().catch(() => undefined);
    client.release(failed instanceof Error ? failed : undefined);
  };
  try {
    for (;;) {
      const rows = await cursor.read(ITEMS_PER_BATCH);
      const last = rows.length < ITEMS_PER_BATCH;
      // the last batch gives the connection back before it is written (most missions are one batch)
      if (last) await release();
      if (rows.length > 0) yield rows.map((row) => row.json).join(',');
      if (last) return;
    }
  } catch (error) {
    await release(error);
    throw error;
  } finally {
    await release();
  }
}

/** The mission, or its organisation (licensed, or in a running trial), holds an active licence. */
const LICENSED = `(m.is_licensed_active or (o.is_licensed_active and (o.is_org_licensed or o.is_key_licensed
  or o.trial_started_on is null or o.trial_started_on + interval '30 days' > now())))`;

/**
 * From and where of my assigned items (alias `ai`, their mission `m`): `$1` is the caller, `$2` whether only licensed
 * missions and organisations count. An organisation requiring two-factor sign-in the caller lacks withholds its
 * projects' tasks (rule 109), and one they left or one deleted shows none (`orgMissionShown`), as the mission tree
 * does. Home's reads share it with `my/items`.
 */
export const MY_ITEMS_FROM = `from action_items ai
  join missions m on m.id = ai.mission_id and m.archived_at is null
  join mission_people mp on mp.mission_id = m.id and mp.person_id = $1 and not mp.invite_pending and mp.permission <= 3
  left join orgs o on o.id = m.org_id
  where ai.people @> array[$1::varchar] and ${orgMissionShown()}
    and ($2::boolean is false or ${LICENSED})`;

/** Whether the caller (`$1`) pinned the item `ai`. */
export const PINNED_BY_ME = `ai.pinned @> jsonb_build_array(jsonb_build_object('by', $1::text))`;

/**
 * An item `ai` as JSON with its mission `m` (`_id`, `title`, `projectType` and any `missionFields` pairs); its money
 * only when the caller (`$1`) sees its mission's money.
 */
export const itemWithMissionJson = (missionFields = '') =>
  `json_build_object(${asPairs(itemFields(seesMoneyOf('$1::text', 'ai.mission_id')))}, 'mission', json_build_object('_id', m.id, 'title', m.title, 'projectType', m.project_type${missionFields}))`;

/** `GET /action-item/my/items`: the caller's assigned items in missions they work on, with their mission; `pinned` keeps those I pinned. */
export function myItemsQuery(personId: string, licensedOnly: boolean, pinned = false) {
  return {
    text: `select json_build_object('items', coalesce(json_agg(${itemWithMissionJson()}
             order by ai.due_date nulls last, ai.end_date nulls last, ai.id), '[]'::json))::text as json
           ${MY_ITEMS_FROM} and ($3::boolean is false or ${PINNED_BY_ME})`,
    values: [personId, licensedOnly, pinned],
  };
}
