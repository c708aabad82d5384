import { sql } from 'drizzle-orm';
import { departmentsClosedTo } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';

const idArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::varchar[]`;

/** A role (plan item) of the organisation with its mission's facts and the caller's place on that mission. */
export type RoleRow = {
  id: string;
  missionId: string;
  missionTitle: string;
  type: string;
  name: string;
  orgRoleId: string | null;
  personId: string | null;
  allocation: number;
  startDate: string | null;
  endDate: string | null;
  /** The role's own hours (a day's, or a week's lump), booked instead of the standard day. */
  dailyHours: { date: string; hours: number }[];
  weeklyLumpHours: { date: string; hours: number }[];
  clientId: string | null;
  departmentTags: string[];
  offices: string[];
  callerPermission: number | null;
  callerIsProjectManager: boolean;
  callerInvitePending: boolean;
};

/**
 * The roles of these ids that belong to live missions of the organisation (others are not there for the caller). A
 * template is no team at work (rule 240): the ledger books none of its roles, so none is staffed from it.
 */
export async function rolesOf(db: Db, orgId: string, ids: readonly string[], callerId: string): Promise<Map<string, RoleRow>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute<RoleRow>(sql`
    select pi.id, pi.mission_id as "missionId", m.title as "missionTitle", pi.type,
      coalesce(nullif(pi.role, ''), nullif(pi.title, ''), 'Role') as name, pi.org_role_id as "orgRoleId",
      pi.person_id as "personId", pi.allocation, pi.start_date as "startDate", pi.end_date as "endDate",
      pi.daily_hours as "dailyHours", pi.weekly_lump_hours as "weeklyLumpHours",
      m.client_id as "clientId", m.department_tags as "departmentTags", m.offices,
      mp.permission as "callerPermission", coalesce(mp.is_project_manager, false) as "callerIsProjectManager",
      coalesce(mp.invite_pending, false) as "callerInvitePending"
    from plan_items pi
    join missions m on m.id = pi.mission_id and m.org_id = ${orgId} and m.archived_at is null and not m.is_template
    left join mission_people mp on mp.mission_id = m.id and mp.person_id = ${callerId}
    where pi.id = any(${idArray(ids)}) and not pi.was_deleted`);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/** A person the organisation could give a role, with what its structure says about them. */
export type CandidateRow = {
  personId: string;
  name: string;
  orgRoleId: string | null;
  orgRoleName: string | null;
  departments: string[];
  departmentTitles: string[];
  officeId: string | null;
  officeTitle: string | null;
  /** Only in departments that keep their people to themselves (dontShareResources). */
  closedDepartments: string[];
};

/** The organisation's current members at a working level (not observers), with names, role, departments and office. */
export async function candidatesOf(db: Db, orgId: string): Promise<CandidateRow[]> {
  const result = await db.execute<CandidateRow>(sql`
    select op.person_id as "personId",
      coalesce(nullif(trim(coalesce(p.first_name, '') || ' ' || coalesce(p.last_name, '')), ''), op.email) as name,
      op.role_id as "orgRoleId", r.name as "orgRoleName", op.departments,
      coalesce((select array_agg(d.title order by d.title) from departments d where d.id = any(op.departments) and not d.is_deleted), '{}') as "departmentTitles",
      op.office_id as "officeId", o.title as "officeTitle",
      coalesce((select array_agg(d.id) from departments d where d.id = any(op.departments) and d.dont_share_resources and not d.is_deleted), '{}') as "closedDepartments"
    from org_people op
    join people p on p.id = op.person_id
    left join org_roles r on r.id = op.role_id and not r.is_deleted
    left join offices o on o.id = op.office_id and not o.is_deleted
    where op.org_id = ${orgId} and (op.end_date is null or op.end_date > current_date)
      and op.level not in ('OBSERVER_ORG', 'OBSERVER_ORG_LIMITED')
    order by op.person_id`);
  return result.rows;
}

/** A role some candidate holds or held in the organisation (for past work and overlaps). */
export type HeldRow = {
  personId: string;
  planItemId: string;
  missionId: string;
  name: string;
  orgRoleId: string | null;
  clientId: string | null;
  startDate: string | null;
  endDate: string | null;
};

/** Every role held by people of the organisation on its missions (templates left out). */
export async function heldRolesOf(db: Db, orgId: string): Promise<HeldRow[]> {
  const result = await db.execute<HeldRow>(sql`
    select pi.person_id as "personId", pi.id as "planItemId", pi.mission_id as "missionId",
      lower(coalesce(nullif(pi.role, ''), nullif(pi.title, ''), '')) as name, pi.org_role_id as "orgRoleId",
      m.client_id as "clientId", pi.start_date as "startDate", pi.end_date as "endDate"
    from plan_items pi
    join missions m on m.id = pi.mission_id and m.org_id = ${orgId} and not m.is_template
    where pi.person_id is not null and pi.type = 'person' and not pi.was_deleted`);
  return result.rows;
}

/** Who is on these missions' teams (accepted), with their permission. */
export async function teamsOf(db: Db, missionIds: readonly string[]): Promise<Map<string, Map<string, number>>> {
  const teams = new Map<string, Map<string, number>>();
  if (missionIds.length === 0) return teams;
  const result = await db.execute<{ missionId: string; personId: string; permission: number }>(sql`
    select mission_id as "missionId", person_id as "personId", permission from mission_people
    where mission_id = any(${idArray(missionIds)}) and not invite_pending`);
  for (const row of result.rows) {
    const team = teams.get(row.missionId) ?? new Map<string, number>();
    team.set(row.personId, row.permission);
    teams.set(row.missionId, team);
  }
  return teams;
}

/** The leave kinds (codes) of these people's approved or pending leave between two days, per person. */
export async function leaveKindsOf(
  db: Db,
  orgId: string,
  personIds: readonly string[],
  from: string,
  to: string,
): Promise<Map<string, string[]>> {
  const kinds = new Map<string, string[]>();
  if (personIds.length === 0) return kinds;
  const result = await db.execute<{ personId: string; codes: string[] }>(sql`
    select person_id as "personId", array_agg(distinct code_id order by code_id) as codes from leave_requests
    where org_id = ${orgId} and person_id = any(${idArray(personIds)})
      and status in ('approved', 'pending_approval', 'pending_final_approval') and start_date <= ${to}::date and end_date >= ${from}::date
    group by person_id`);
  for (const row of result.rows) kinds.set(row.personId, row.codes);
  return kinds;
}

/** Which of these people are current members of the organisation. */
export async function membersAmong(db: Db, orgId: string, personIds: readonly string[]): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const result = await db.execute<{ personId: string }>(sql`
    select person_id as "personId" from org_people
    where org_id = ${orgId} and person_id = any(${idArray(personIds)}) and (end_date is null or end_date > current_date)`);
  return new Set(result.rows.map((row) => row.personId));
}

/**
 * Which of these people sit only in departments that keep their people to themselves (dontShareResources) and that
 * the caller neither belongs to nor reaches (rule 77): a project manager may not plan with them.
 */
export async function closedTo(db: Db, orgId: string, callerId: string, personIds: readonly string[]): Promise<Set<string>> {
  if (personIds.length === 0) return new Set();
  const result = await db.execute<{ personId: string; departments: string[]; closed: string[]; mine: string[] }>(sql`
    select op.person_id as "personId", op.departments,
      coalesce((select array_agg(d.id) from departments d where d.id = any(op.departments) and d.dont_share_resources and not d.is_deleted), '{}') as closed,
      coalesce((select me.departments || me.accessible_departments from org_people me where me.org_id = ${orgId} and me.person_id = ${callerId}), '{}') as mine
    from org_people op
    where op.org_id = ${orgId} and op.person_id = any(${idArray(personIds)})`);
  return new Set(result.rows.filter((row) => departmentsClosedTo(row.departments, row.closed, row.mine)).map((row) => row.personId));
}
