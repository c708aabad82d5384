import { sql } from 'drizzle-orm';
import {
  availabilityReach,
  can,
  canOnOrgAvailability,
  departmentsClosedTo,
  isReasonLongEnough,
  mondayOf,
  type Availability,
  type AvailabilityQuery,
  type AvailabilityReach,
  type MyAvailability,
  type Planner,
  type PlannerQuery,
  type PlannerRole,
  type PlannerRoleChange,
} from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { appError } from '../../lib/errors.ts';
import { missionRefusal } from '../../plugins/authz.ts';
import { entityNotFound, loadMissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { assignmentGoesThroughRequest, changePerson, updatePlanItem } from '../plan/index.ts';
import { avatarUrl } from '../people/index.ts';
import { bookedEndSql, bookingMissionSql, readLedger } from './availability.queries.ts';
import { readLedgerWeeks } from './availability.weeks.ts';

type Member = {
  personId: string;
  firstName: string;
  lastName: string;
  avatarVersion: number | null;
  level: string;
  departments: string[];
  officeId: string | null;
  roleId: string | null;
};

/** The organisation's current members with what reach and the planner's grouping need. */
async function currentMembers(db: Db, orgId: string): Promise<Member[]> {
  const result = await db.execute<Member>(sql`
    select op.person_id as "personId", p.first_name as "firstName", p.last_name as "lastName", p.avatar_version as "avatarVersion",
      op.level, op.departments, op.office_id as "officeId", op.role_id as "roleId"
    from org_people op join people p on p.id = op.person_id
    where op.org_id = ${orgId} and (op.end_date is null or op.end_date > current_date)
    order by p.first_name, p.last_name, op.person_id`);
  return result.rows;
}

/** Whether the caller runs a project of the organisation (permission 2, or 1 with the project-manager flag). */
async function managesAProject(db: Db, orgId: string, personId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from mission_people mp join missions m on m.id = mp.mission_id
    where mp.person_id = ${personId} and m.org_id = ${orgId} and m.archived_at is null and not mp.invite_pending
      and (mp.permission = 2 or (mp.permission = 1 and mp.is_project_manager))
    limit 1`);
  return result.rows.length > 0;
}

async function closedDepartments(db: Db, orgId: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(
    sql`select id from departments where org_id = ${orgId} and dont_share_resources and not is_deleted`,
  );
  return result.rows.map((row) => row.id);
}

/** Who the caller sees in the ledger and the planner, by their reach (`availabilityReach`). */
async function visibleMembers(ctx: AppContext, access: OrgAccess): Promise<{ reach: AvailabilityReach; members: Member[] }> {
  const me = access.member;
  if (!me || access.actor.kind !== 'person') throw appError('forbidden');
  const reach = availabilityReach(me, await managesAProject(ctx.db, access.org.id, me.personId));
  const all = await currentMembers(ctx.db, access.org.id);
  const actor = access.actor;
  if (reach === 'everyone') return { reach, members: all };
  if (reach === 'self') return { reach, members: all.filter((m) => m.personId === me.personId) };
  if (reach === 'reached') {
    const target = (m: Member) => ({ personId: m.personId, level: m.level as never, departments: m.departments, office: m.officeId });
    return { reach, members: all.filter((m) => m.personId === me.personId || can(actor, 'org.people.manage', { target: target(m) })) };
  }
  const closed = await closedDepartments(ctx.db, access.org.id);
  const mine = [...me.departments, ...me.accessibleDepartments];
  return { reach, members: all.filter((m) => m.personId === me.personId || !departmentsClosedTo(m.departments, closed, mine)) };
}

/**
 * `GET /availability/org/:orgId`: the ledger of the people the caller sees (everyone asked for who is out of reach
 * is left out, as if not there). Leave shows as hours only: no reasons, no rates.
 */
export async function readAvailability(ctx: AppContext, access: OrgAccess, query: AvailabilityQuery): Promise<Availability> {
  const { members } = await visibleMembers(ctx, access);
  const visible = new Set(members.map((m) => m.personId));
  const personIds = query.personIds ? query.personIds.filter((id) => visible.has(id)) : [...visible];
  const days = await readLedger(ctx.db, { orgId: access.org.id, from: query.from, to: query.to, personIds });
  return { days };
}

/** `GET /availability/mine`: the caller's own ledger in each organisation they are a current member of. */
export async function readMyAvailability(db: Db, personId: string, query: { from: string; to: string }): Promise<MyAvailability> {
  const orgs = await db.execute<{ orgId: string; holidaysKnown: boolean }>(sql`
    select op.org_id as "orgId", o.holiday_country_code is not null as "holidaysKnown"
    from org_people op join orgs o on o.id = op.org_id and o.deleted_at is null
    where op.person_id = ${personId} and (op.end_date is null or op.end_date > current_date) order by op.org_id`);
  const days = await Promise.all(
    orgs.rows.map(async ({ orgId, holidaysKnown }) =>
      (await readLedger(db, { orgId, personIds: [personId], ...query })).map((day) => ({ ...day, orgId, holidaysKnown })),
    ),
  );
  return { days: days.flat() };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoDay(date);
};

type RoleRow = PlannerRole;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * The roles of the organisation's live missions touching the span (a finished mission's only over the weeks it ran,
 * as the ledger books them): staffed ones of the people shown, and unfilled ones.
 */
async function rolesIn(db: Db, orgId: string, from: string, to: string, missionScope: string | null): Promise<RoleRow[]> {
  const result = await db.execute<RoleRow>(sql`
    select pi.id as "planItemId", pi.mission_id as "missionId", m.title as "missionTitle",
      coalesce(nullif(pi.title, ''), pi.role, '') as title, pi.person_id as "personId", pi.allocation,
      to_char(pi.start_date, 'YYYY-MM-DD') as "startDate", to_char(pi.end_date, 'YYYY-MM-DD') as "endDate"
    from plan_items pi
    join missions m on m.id = pi.mission_id and m.org_id = ${orgId} and m.archived_at is null and not m.is_template
      and ${bookingMissionSql}
    where pi.type = 'person' and not pi.inactive and not pi.was_deleted
      and (pi.start_date is null or pi.start_date <= ${to}::date) and (${bookedEndSql} is null or ${bookedEndSql} >= ${from}::date)
      ${
        missionScope
          ? sql`and exists (select 1 from mission_people mp where mp.mission_id = m.id and mp.person_id = ${missionScope}
              and not mp.invite_pending and (mp.permission = 2 or (mp.permission = 1 and mp.is_project_manager)))`
          : sql``
      }
    order by pi.start_date nulls first, m.title, pi.id`);
  return result.rows;
}

async function namesOf(db: Db, table: 'departments' | 'offices' | 'org_roles', orgId: string) {
  const title = table === 'org_roles' ? sql`name` : sql`title`;
  const result = await db.execute<{ id: string; title: string }>(
    sql`select id, ${title} as title from ${sql.identifier(table)} where org_id = ${orgId}`,
  );
  return new Map(result.rows.map((row) => [row.id, row.title]));
}

/**
 * `GET /org/:id/planner`: the people the caller sees × the weeks asked, each week's capacity and bookings summed
 * from the ledger's figures in closed form (`readLedgerWeeks`), their roles in the span, and the roles still to staff (all of the organisation's
 * for admins and managers, those of the projects they run for project managers, none for others).
 */
export async function readPlanner(ctx: AppContext, access: OrgAccess, query: PlannerQuery): Promise<Planner> {
  const { reach, members } = await visibleMembers(ctx, access);
  const from = mondayOf(query.from);
  const to = addDays(from, query.weeks * 7 - 1);
  const weeks = Array.from({ length: query.weeks }, (_, i) => addDays(from, i * 7));
  const personIds = members.map((m) => m.personId);
  const orgId = access.org.id;
  const [sums, roles, departments, offices, orgRoles] = await Promise.all([
    readLedgerWeeks(ctx.db, { orgId, personIds, from, to }),
    reach === 'self' ? Promise.resolve([]) : rolesIn(ctx.db, orgId, from, to, reach === 'everyone' ? null : access.member!.personId),
    namesOf(ctx.db, 'departments', orgId),
    namesOf(ctx.db, 'offices', orgId),
    namesOf(ctx.db, 'org_roles', orgId),
  ]);
  const ownRoles = reach === 'self' ? await rolesOfPerson(ctx.db, orgId, from, to, access.member!.personId) : roles;
  const byPerson = groupBy(sums, (week) => week.personId);
  const rolesByPerson = groupBy(
    ownRoles.filter((role) => role.personId),
    (role) => role.personId!,
  );
  const named = (names: Map<string, string>, id: string | null) => (id && names.has(id) ? { _id: id, title: names.get(id)! } : null);
  return {
    from,
    weeks,
    people: members.map((m) => ({
      _id: m.personId,
      firstName: m.firstName,
      lastName: m.lastName,
      avatar: avatarUrl({ id: m.personId, avatarVersion: m.avatarVersion }),
      role: named(orgRoles, m.roleId),
      office: named(offices, m.officeId),
      departments: m.departments.flatMap((id) => named(departments, id) ?? []),
      weeks: (byPerson.get(m.personId) ?? []).map(({ personId: _, ...week }) => week),
      roles: rolesByPerson.get(m.personId) ?? [],
    })),
    unfilled: roles.filter((role) => role.personId === null),
    // an organisation observer may run a project and so see its people, yet the planner's writes are not theirs
    canPlan: reach !== 'self' && canOnOrgAvailability(access.actor, 'planner.plan'),
  };
}

async function rolesOfPerson(db: Db, orgId: string, from: string, to: string, personId: string): Promise<RoleRow[]> {
  return (await rolesIn(db, orgId, from, to, null)).filter((role) => role.personId === personId);
}

/**
 * `PUT /org/:id/planner/role/:planItemId`: the planner's one write, through the plan's own paths: a person goes in
 * by the plan's assign rules (team, overlaps, rule 71's role requests when approval is needed); dates and allocation
 * by its update. A role of another organisation is not found; a person who is not a current member, or out of the
 * caller's reach, is refused; nothing is written then.
 */
export async function changePlannerRole(ctx: AppContext, access: OrgAccess, planItemId: string, change: PlannerRoleChange) {
  const [role] = (
    await ctx.db.execute<{ missionId: string; startDate: string | null; endDate: string | null }>(sql`
      select pi.mission_id as "missionId", to_char(pi.start_date, 'YYYY-MM-DD') as "startDate",
        to_char(pi.end_date, 'YYYY-MM-DD') as "endDate"
      from plan_items pi join missions m on m.id = pi.mission_id
      where pi.id = ${planItemId} and m.org_id = ${access.org.id} and m.archived_at is null and pi.type = 'person' and not pi.was_deleted`)
  ).rows;
  if (!role) throw entityNotFound('planItem');
  const start = change.startDate ?? role.startDate;
  const end = change.endDate ?? role.endDate;
  if ((change.startDate || change.endDate) && start && end && end < start)
    throw appError('plannerDatesBackwards', change.endDate ? 'endDate' : 'startDate');
  if (change.personId !== undefined) {
    const { members } = await visibleMembers(ctx, access);
    if (!members.some((m) => m.personId === change.personId)) throw appError('plannerNotInOrg');
  }
  const missionAccess = await loadMissionAccess(ctx.db, role.missionId, access.member!.personId);
  const refusal = missionRefusal(missionAccess, { mission: 'plan.item.update' }, () => entityNotFound('planItem'));
  if (refusal) throw refusal;
  if (change.personId !== undefined) {
    // a person the organisation must approve is asked for with a reason its approvers read (rule 79), as the plan's
    // request dialog asks: the planner prompts for it on this refusal
    if (assignmentGoesThroughRequest(missionAccess!) && !isReasonLongEnough(change.reason)) throw appError('planReasonTooShort');
    return changePerson(ctx, missionAccess!, planItemId, { person: change.personId, reason: change.reason });
  }
  const { startDate, endDate, allocation } = change;
  return updatePlanItem(ctx, missionAccess!, planItemId, { startDate, endDate, allocation });
}
