import type { Suggestion, Suggestions, TaskMasterGroup, TaskMasterItem, TaskMasterPage, TaskMasterQuery } from '@crewplan/domain/home/home';
import { rankTasks } from '@crewplan/domain/home/weight';
import type { MyItem } from '@crewplan/domain/tasks/tasks';
import type { AppContext } from '../../plugins/types.ts';
import { managedMissions, teamPeople } from '../board/index.ts';
import { personToday } from '../people/index.ts';
import {
  myItemsByIdsQuery,
  myMissionIdsQuery,
  taskMasterCountsQuery,
  taskMasterPageQuery,
  weighedQuery,
  type TaskMasterScope,
  type WeighedRow,
} from './home.queries.ts';

/**
 * `GET /action-item/my/suggestions`: my tasks weighing more than 0 today, heaviest first (rule 235, `rankTasks`), at
 * most `limit`; and the missions of my tasks and of those I manage.
 */
export async function suggestions(
  ctx: AppContext,
  personId: string,
  query: { today?: string | undefined; limit: number },
): Promise<Suggestions> {
  const today = query.today ?? (await personToday(ctx.db, personId, ctx.clock.now()));
  const [weighed, mine, managed] = await Promise.all([
    ctx.pool.query<WeighedRow>(weighedQuery(personId, today)),
    ctx.pool.query<{ id: string }>(myMissionIdsQuery(personId)),
    managedMissions(ctx, personId),
  ]);
  const ranked = rankTasks(
    weighed.rows,
    (row) => row,
    (row) => row,
    today,
  )
    .filter((entry) => entry.weight > 0)
    .slice(0, query.limit);
  const ids = ranked.map((entry) => entry.task.id);
  const { rows } = ids.length > 0 ? await ctx.pool.query<{ json: string }>(myItemsByIdsQuery(personId, ids)) : { rows: [{ json: '[]' }] };
  const items = new Map((JSON.parse(rows[0]!.json) as MyItem[]).map((item) => [item._id, item]));
  return {
    suggestions: ranked.flatMap(({ task, weight, reasons }): Suggestion[] => {
      const item = items.get(task.id);
      return item ? [{ item, weight, reasons }] : [];
    }),
    missionIds: [...new Set([...mine.rows.map((row) => row.id), ...managed.map((mission) => mission._id)])].sort(),
  };
}

/** The groups of the grid: my pinned tasks first, then the missions by title (rule 238). */
function groupsOf(counts: { missionId: string; title: string; pinned: boolean; count: number }[]): TaskMasterGroup[] {
  const pinned = counts.filter((row) => row.pinned).reduce((sum, row) => sum + row.count, 0);
  const missions = counts
    .filter((row) => !row.pinned)
    .map((row) => ({ key: row.missionId, title: row.title, count: row.count }))
    .sort((a, b) => a.title.localeCompare(b.title) || a.key.localeCompare(b.key));
  return [...(pinned > 0 ? [{ key: 'pinned', title: 'Pinned', count: pinned }] : []), ...missions];
}

/**
 * `GET /action-item/my/task-master`: the tasks I work on or manage that the filters keep (rule 237), grouped (rule
 * 238), a page at a time, with every group's count and the people of the teams I manage.
 */
export async function taskMasterPage(ctx: AppContext, personId: string, query: TaskMasterQuery): Promise<TaskMasterPage> {
  const missions = await managedMissions(ctx, personId);
  const managed = missions.map((mission) => mission._id);
  const scope: TaskMasterScope = {
    personId,
    managed,
    projectStatus: query.projectStatus,
    person: query.show === 'mine' ? personId : (query.person ?? null),
  };
  const [counts, people] = await Promise.all([
    ctx.pool.query<{ missionId: string; title: string; pinned: boolean; count: number }>(taskMasterCountsQuery(scope)),
    teamPeople(ctx, managed),
  ]);
  const groups = groupsOf(counts.rows);
  const total = groups.reduce((sum, group) => sum + group.count, 0);
  const order = groups.filter((group) => group.key !== 'pinned').map((group) => group.key);
  const page =
    query.offset < total
      ? (await ctx.pool.query<{ json: string }>(taskMasterPageQuery(scope, order, query.offset, query.limit))).rows[0]!.json
      : '[]';
  return { total, groups, items: JSON.parse(page) as TaskMasterItem[], people };
}
