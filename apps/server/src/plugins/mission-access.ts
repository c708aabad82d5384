import { and, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import { missionApprovesDomain, type MissionActor, type MissionFacts } from '@crewplan/domain';
import type { Db, Tx } from '../db/database.ts';
import { preparedPerDb } from '../db/prepared.ts';
import {
  actionItems,
  actions,
  comments,
  expenses,
  files,
  missionPeople,
  missions,
  orgPeople,
  orgs,
  people,
  planItems,
} from '../db/schema/index.ts';
import { appError, type AppError } from '../lib/errors.ts';
import { currentMembership } from './org-access.ts';
import type { OrgPersonRow, OrgRow } from './types.ts';

export type MissionRow = typeof missions.$inferSelect;
export type MissionPersonRow = typeof missionPeople.$inferSelect;

/** A mission and who acts on it, loaded once per request by the authz hook. */
export type MissionAccess = {
  mission: MissionRow;
  org: OrgRow | null;
  /** The caller's team row (also while their invite is pending). */
  member: MissionPersonRow | null;
  /** The caller's current membership of the mission's organisation. */
  orgMember: OrgPersonRow | null;
  actor: MissionActor;
  facts: MissionFacts;
  personId: string;
  /** The organisation requires two-factor sign-in and the caller has not set it up: its projects are withheld. */
  withheld: boolean;
};

export const missionNotFound = () => appError('missionNotFound');
export const missionInvitePending = () => appError('missionInvitePending');
/** Projects of an organisation that requires two-factor sign-in are withheld until the person sets it up (rule 109). */
export const missionWithheld = () => appError('missionWithheld');

/**
 * The caller ($1) may still see the missions of organisation `m.org_id`: a current member of it, or someone who never
 * belonged to it (an invitee from outside, a client's observer). Only a person who left the organisation loses them.
 */
const stillWithOrg = (caller: string) => `(exists (select 1 from org_people op where op.org_id = m.org_id
    and op.person_id = ${caller} and (op.end_date is null or op.end_date > current_date))
  or not exists (select 1 from org_people op where op.org_id = m.org_id and op.person_id = ${caller}))`;
export const STILL_WITH_ORG = stillWithOrg('$1');

/**
 * The mission `m` (its organisation `o` left-joined) may be shown to the caller (`caller`, an SQL expression, `$1` by
 * default): a personal mission, or one of an organisation that exists, that the caller has not left
 * (`STILL_WITH_ORG`) and that does not require two-factor sign-in the caller lacks (rule 109: withheld).
 */
export const orgMissionShown = (caller = '$1') => `(m.org_id is null or (o.id is not null and o.deleted_at is null
  and (not o.is_mfa_required or exists (select 1 from people me where me.id = ${caller} and me.two_factor_enabled))
  and ${stillWithOrg(caller)}))`;

/** `orgMissionShown` of the mission whose id is `missionId` (an SQL expression), for queries not joining it as `m`. */
export const missionShownTo = (missionId: string, caller: string) => `exists (select 1 from missions m
  left join orgs o on o.id = m.org_id where m.id = ${missionId} and ${orgMissionShown(caller)})`;

/**
 * For `mission_people` joined to `missions`: the person's accepted team rows on missions not archived and still shown
 * to them (`missionShownTo`: not of an organisation they left, nor one requiring two-factor sign-in they lack, rule 109).
 */
export const shownTeamRowsOf = (personId: string) =>
  and(
    eq(missionPeople.personId, personId),
    eq(missionPeople.invitePending, false),
    isNull(missions.archivedAt),
    sql.raw(missionShownTo('"missions"."id"', '"mission_people"."person_id"')),
  );

const ENTITY_TABLES = {
  planItem: planItems,
  action: actions,
  actionItem: actionItems,
  file: files,
  comment: comments,
  expense: expenses,
} as const;
export type MissionChild = keyof typeof ENTITY_TABLES;

/** Comment rooms (rule 251) and the entity each room id names: a Mission room's id is the mission itself. */
export const COMMENT_ROOMS = { Mission: null, MissionPlan: 'planItem', Action: 'action', ActionItem: 'actionItem' } as const;
export type CommentRoom = keyof typeof COMMENT_ROOMS;
export const isCommentRoom = (room: unknown): room is CommentRoom => typeof room === 'string' && Object.hasOwn(COMMENT_ROOMS, room);

/** 404 for an entity of a mission that does not exist or that the caller may not see. */
export function entityNotFound(kind: MissionChild): AppError {
  if (kind === 'file') return appError('fileNotFound');
  if (kind === 'comment') return appError('commentNotFound');
  if (kind === 'expense') return appError('expenseNotFound');
  if (kind === 'actionItem') return appError('taskNotFound');
  if (kind === 'action') return appError('actionNotFound');
  return appError('planItemNotFound');
}

/** The mission a plan item, action or action item belongs to; null when there is none. */
export async function missionIdOf(db: Db | Tx, kind: MissionChild, id: string): Promise<string | null> {
  const table = ENTITY_TABLES[kind];
  const [row] = await db.select({ missionId: table.missionId }).from(table).where(eq(table.id, id)).limit(1);
  return row?.missionId ?? null;
}

export const missionFactsOf = (mission: MissionRow): MissionFacts => ({
  projectStatus: mission.projectStatus,
  hasOrg: mission.orgId !== null,
  isTemplate: mission.isTemplate,
});

/**
 * The mission (not archived), the caller's team row, the organisation and the caller's current membership of it,
 * in one query; null when the mission does not exist.
 */
export async function loadMissionAccess(db: Db | Tx, missionId: string, personId: string): Promise<MissionAccess | null> {
  const [row] = await accessQuery(db, personId)
    .where(and(eq(missions.id, missionId), sql`${missions.archivedAt} is null`))
    .limit(1);
  return row ? accessOf(row, personId) : null;
}

/**
 * `loadMissionAccess` for the authz hook, in one prepared statement (built and planned once per connection): of the
 * mission `id`, or with `via` of the mission of that plan item, action, task, file, comment or expense, found in the
 * same statement. Every mission route asks it.
 */
export async function loadMissionAccessOf(db: Db, id: string, personId: string, via?: MissionChild): Promise<MissionAccess | null> {
  const [row] = await (via ? accessViaStatements[via] : accessStatement)(db).execute({ id, personId });
  return row ? accessOf(row, personId) : null;
}

const accessStatement = preparedPerDb((db) =>
  accessQuery(db, sql.placeholder('personId'))
    .where(and(eq(missions.id, sql.placeholder('id')), sql`${missions.archivedAt} is null`))
    .prepare('mission_access'),
);

const accessViaStatements = Object.fromEntries(
  Object.entries(ENTITY_TABLES).map(([kind, table]) => [
    kind,
    preparedPerDb((db) =>
      accessQuery(db, sql.placeholder('personId'))
        .where(
          and(
            sql`${missions.id} = (select ${table.missionId} from ${table} where ${table.id} = ${sql.placeholder('id')})`,
            sql`${missions.archivedAt} is null`,
          ),
        )
        .prepare(`mission_access_via_${kind}`),
    ),
  ]),
) as Record<MissionChild, typeof accessStatement>;

/**
 * `loadMissionAccess` of several missions in one query, by mission id (a mission that does not exist is left out).
 * The statement is prepared once per database and planned once per connection: a week's save asks it on every call,
 * and planning this five-table join cost more than running it.
 */
export async function loadMissionAccesses(db: Db, missionIds: readonly string[], personId: string): Promise<Map<string, MissionAccess>> {
  const accesses = new Map<string, MissionAccess>();
  if (missionIds.length === 0) return accesses;
  for (const row of await accessesStatement(db).execute({ ids: [...missionIds], personId })) {
    const access = accessOf(row, personId);
    if (access) accesses.set(access.mission.id, access);
  }
  return accesses;
}

const accessesStatement = preparedPerDb((db) =>
  accessQuery(db, sql.placeholder('personId'))
    .where(and(sql`${missions.id} = any(${sql.placeholder('ids')})`, sql`${missions.archivedAt} is null`))
    .prepare('mission_accesses'),
);

const accessQuery = (db: Db | Tx, personId: string | Placeholder) =>
  db
    .select({
      mission: missions,
      member: missionPeople,
      org: orgs,
      orgMember: orgPeople,
      twoFactor: people.twoFactorEnabled,
      // a membership of the mission's organisation that has ended, and none current (`STILL_WITH_ORG`, not)
      leftOrg: sql<boolean>`(${orgPeople.id} is null and exists (select 1 from org_people op
        where op.org_id = ${missions.orgId} and op.person_id = ${personId}))`,
    })
    .from(missions)
    .innerJoin(people, eq(people.id, personId))
    .leftJoin(missionPeople, and(eq(missionPeople.missionId, missions.id), eq(missionPeople.personId, personId)))
    .leftJoin(orgs, and(eq(orgs.id, missions.orgId), sql`${orgs.deletedAt} is null`))
    .leftJoin(orgPeople, and(eq(orgPeople.orgId, missions.orgId), eq(orgPeople.personId, personId), currentMembership()));

type AccessRow = Awaited<ReturnType<ReturnType<typeof accessQuery>['where']>>[number];

/**
 * Rule 132: a project manager from a domain neither the organisation nor the mission approves, who is not a member
 * of the organisation, is the 'Limited' form (no settings access). A personal mission that approves no domain has
 * no such limit.
 */
function limitedProjectManager({ member, org, orgMember, mission }: AccessRow): boolean {
  if (!member || member.permission !== 1 || !member.isProjectManager || orgMember) return false;
  return !missionApprovesDomain(org?.inviteDomains ?? null, mission.inviteDomains, member.email);
}

function accessOf(row: AccessRow, personId: string): MissionAccess | null {
  // a deleted organisation's missions, and those of an organisation the caller has left, are gone for them
  if ((row.mission.orgId && !row.org) || row.leftOrg) return null;
  const actor: MissionActor = {
    personId,
    member: row.member
      ? {
          permission: row.member.permission,
          isProjectManager: row.member.isProjectManager,
          invitePending: row.member.invitePending,
          limited: limitedProjectManager(row),
        }
      : null,
    orgLevel: row.orgMember?.level ?? null,
    orgCanApproveRoles: row.orgMember?.canApproveRoles ?? false,
  };
  return {
    mission: row.mission,
    org: row.org,
    member: row.member,
    orgMember: row.orgMember,
    actor,
    facts: missionFactsOf(row.mission),
    personId,
    withheld: !!row.org?.isMFARequired && !row.twoFactor,
  };
}
