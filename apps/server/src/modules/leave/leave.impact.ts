import { sql } from 'drizzle-orm';
import { defaultDailyHours, HOURS_PER_LEAVE_DAY, type LeaveImpact } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { avatarUrl } from '../people/index.ts';
import { reviewedMember } from './leave.access.ts';
import type { LeaveRow } from './leave.presenter.ts';

type Role = { planItemId: string; title: string; allocation: number; startDate: string | null; endDate: string | null };
type Task = { _id: string; title: string; endDate: string };
type Away = {
  personId: string;
  firstName: string;
  lastName: string;
  avatarVersion: number | null;
  startDate: string;
  endDate: string;
  days: { date: string }[];
};
/** Hours to the hundredth, as people read them (4.4 h a day for three days is 13.2, not 13.200000000000001). */
const hundredths = (hours: number) => Math.round(hours * 100) / 100;

type Row = { leave_id: string; mission_id: string; title: string; roles: Role[] | null; tasks: Task[] | null; away: Away[] | null };

/**
 * What each request does to its person's projects, in one statement for all of them: per mission of the
 * organisation the person works on (below permission 3, as its managers review it: rule 212; templates are no work,
 * rule 240), their roles overlapping the days, their open tasks due in them, and who else of the team is away then
 * (approved or pending). Hours lost use the role's daily hours from its allocation, the same figure the timesheet grid
 * plans with (`defaultDailyHours`): each leave day costs that share of its hours. A mission's owner or project
 * manager (`reviewerId`, the first stage) sees only the missions they run: the person's other projects, their tasks and
 * who is away on them are not theirs to read; the organisation's approvers see every mission.
 */
export async function leaveImpact(db: Db, leaves: readonly LeaveRow[], reviewerId?: string): Promise<LeaveImpact[]> {
  if (leaves.length === 0) return [];
  const runByReviewer = reviewerId
    ? sql`and exists (select 1 from mission_people r where r.mission_id = m.id and r.person_id = ${reviewerId}
        and not r.invite_pending and (r.permission = 2 or (r.permission = 1 and r.is_project_manager)))`
    : sql``;
  const ids = leaves.map((leave) => leave.id);
  const result = await db.execute<Row>(sql`
    with l as (
      select id, org_id, person_id, start_date, end_date from leave_requests where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
    ),
    mis as (
      select l.id as leave_id, m.id as mission_id, m.title
      from l
      join mission_people mp on mp.person_id = l.person_id and ${reviewedMember('mp')}
      join missions m on m.id = mp.mission_id and m.org_id = l.org_id and m.archived_at is null and not m.is_template
        ${runByReviewer}
    ),
    roles as (
      select l.id as leave_id, pi.mission_id,
        json_agg(json_build_object('planItemId', pi.id, 'title', coalesce(nullif(pi.title, ''), pi.role, ''), 'allocation', pi.allocation,
          'startDate', pi.start_date, 'endDate', pi.end_date) order by pi.start_date, pi.id) as roles
      from l
      join plan_items pi on pi.person_id = l.person_id and not pi.inactive and not pi.was_deleted
        and (pi.start_date is null or pi.start_date <= l.end_date) and (pi.end_date is null or pi.end_date >= l.start_date)
      group by l.id, pi.mission_id
    ),
    tasks as (
      select l.id as leave_id, ai.mission_id,
        json_agg(json_build_object('_id', ai.id, 'title', ai.title, 'endDate', coalesce(ai.due_date, ai.end_date))
          order by coalesce(ai.due_date, ai.end_date), ai.id) as tasks
      from l
      join action_items ai on l.person_id = any(ai.people) and ai.status <> 'done'
        and coalesce(ai.due_date, ai.end_date) between l.start_date and l.end_date
      group by l.id, ai.mission_id
    ),
    away as (
      select mis.leave_id, mis.mission_id,
        json_agg(json_build_object('personId', p.id, 'firstName', p.first_name, 'lastName', p.last_name, 'avatarVersion', p.avatar_version,
          'startDate', o.start_date, 'endDate', o.end_date, 'days', o.days) order by o.start_date, o.id) as away
      from mis
      join l on l.id = mis.leave_id
      join mission_people mp on mp.mission_id = mis.mission_id and mp.person_id <> l.person_id and not mp.invite_pending
      join leave_requests o on o.person_id = mp.person_id and o.org_id = l.org_id
        and o.status in ('approved', 'pending_approval', 'pending_final_approval') and o.start_date <= l.end_date and o.end_date >= l.start_date
      join people p on p.id = o.person_id
      group by mis.leave_id, mis.mission_id
    )
    select mis.leave_id, mis.mission_id, mis.title, roles.roles, tasks.tasks, away.away
    from mis
    left join roles on roles.leave_id = mis.leave_id and roles.mission_id = mis.mission_id
    left join tasks on tasks.leave_id = mis.leave_id and tasks.mission_id = mis.mission_id
    left join away on away.leave_id = mis.leave_id and away.mission_id = mis.mission_id
    order by mis.title, mis.mission_id`);
  const byId = new Map(leaves.map((leave) => [leave.id, leave]));
  const impact = new Map<string, LeaveImpact>(leaves.map((leave) => [leave.id, { leaveId: leave.id, missions: [] }]));
  for (const row of result.rows) {
    const leave = byId.get(row.leave_id)!;
    const roles = (row.roles ?? []).map((role) => {
      const daily = defaultDailyHours(role.allocation);
      const inRole = leave.days.filter(
        (day) => (!role.startDate || day.date >= role.startDate) && (!role.endDate || day.date <= role.endDate),
      );
      const lost = inRole.reduce((sum, day) => sum + (daily * day.hours) / HOURS_PER_LEAVE_DAY, 0);
      return {
        planItemId: role.planItemId,
        title: role.title,
        hoursLost: hundredths(lost),
        plannedHours: hundredths(daily * inRole.length),
        belowAllocation: lost > 0,
      };
    });
    const tasksDue = row.tasks ?? [];
    if (roles.length === 0 && tasksDue.length === 0) continue;
    impact.get(row.leave_id)!.missions.push({
      _id: row.mission_id,
      title: row.title,
      roles,
      tasksDue,
      teamAway: (row.away ?? []).map((away) => ({
        person: {
          _id: away.personId,
          firstName: away.firstName,
          lastName: away.lastName,
          avatar: avatarUrl({ id: away.personId, avatarVersion: away.avatarVersion }),
        },
        startDate: away.startDate,
        endDate: away.endDate,
        days: away.days.map((day) => day.date),
      })),
    });
  }
  return [...impact.values()];
}
