import { and, eq, gte, inArray, lte, not, sql } from 'drizzle-orm';
import {
  approvesMissionLeave,
  approvesOrgLeave,
  isPendingLeave,
  leaveBadgeCount,
  leaveBadgeWindow,
  mayReviewRequest,
  timeTrackingEligible,
  type LeaveBadges,
  type LeaveCode,
  type LeaveStatus,
  type MissionLeaveList,
  type MyLeave,
  type OrgLicenceFacts,
  type OrgLeaveList,
} from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { leaveRequests, missionPeople, orgPeople, orgs, people } from '../../db/schema/index.ts';
import { todayOf, type Clock } from '../../lib/clock.ts';
import { currentMembership } from '../../plugins/org-access.ts';
import { orgMissionShown, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { publicHolidays } from '../../lib/holidays.ts';
import { membershipOf, reviewedMember } from './leave.access.ts';
import { leaveImpact } from './leave.impact.ts';
import { attachmentAddress, linkSigner } from './leave.attachments.ts';
import { presentAway, presentCode, presentLeave, personRefOf, type AttachmentAddress, type LeaveViewer } from './leave.presenter.ts';
import { attachmentsOf, balancesOf, leavesWhere, personLeaves, touchesYear, type LeaveWithPerson } from './leave.queries.ts';

const yearOf = (clock: Clock, year?: number) => year ?? Number(todayOf(clock).slice(0, 4));
const counts = (status: LeaveStatus) => status !== 'cancelled' && status !== 'rejected';

/** Requests with their attachments, each at its signed address through the organisation's view (or the mission's). */
async function present(
  db: Db,
  link: { secret: string; now: number },
  list: LeaveWithPerson[],
  codesOf: (orgId: string) => Parameters<typeof presentLeave>[2],
  viewer: LeaveViewer,
  missionId?: string,
) {
  const files = await attachmentsOf(
    db,
    list.map((entry) => entry.leave.id),
  );
  const address: AttachmentAddress = (leave, fileId) =>
    attachmentAddress(link, missionId ? { mission: missionId } : { org: leave.orgId }, leave.id, fileId);
  return list.map(({ leave, person }) => presentLeave(leave, person, codesOf(leave.orgId), viewer, files, address));
}

/** `GET /people-leave/list/user`: my organisations (their codes, holidays, my balances) and all my requests. */
export async function myLeave({ db, clock, config }: AppContext, personId: string, query: { year?: number }): Promise<MyLeave> {
  const year = yearOf(clock, query.year);
  const today = todayOf(clock);
  const memberships = await db
    .select({ org: orgs, member: orgPeople })
    .from(orgPeople)
    .innerJoin(orgs, and(eq(orgs.id, orgPeople.orgId), sql`${orgs.deletedAt} is null`))
    .where(and(eq(orgPeople.personId, personId), currentMembership()));
  const orgIds = memberships.map((entry) => entry.org.id);
  const rows =
    orgIds.length === 0 ? [] : await leavesWhere(db, and(eq(leaveRequests.personId, personId), inArray(leaveRequests.orgId, orgIds)));
  const now = clock.now();
  const orgList = await Promise.all(
    memberships.map(async ({ org, member }) => {
      const mine = await personLeaves(db, org.id, [member], [year]);
      return {
        _id: org.id,
        title: org.title,
        licensed: timeTrackingEligible(org, now),
        holidayCountryCode: org.holidayCountryCode,
        daysPerWeek: org.daysPerWeek,
        codes: org.leaveCodes.map(presentCode),
        // the years either side too: a request across New Year is asked from either year's view, and the form leaves
        // the holidays out of the half days and hours it sends (the server refuses hours on a day that is not worked)
        holidays: [year - 1, year, year + 1].flatMap((each) => publicHolidays(org.holidayCountryCode, each)),
        balances: balancesOf(org, member, mine, year, today),
      };
    }),
  );
  const codes = new Map(memberships.map(({ org }) => [org.id, org.leaveCodes]));
  const viewer = { personId, approvesOrg: () => false };
  return {
    year,
    orgs: orgList,
    requests: await present(db, linkSigner({ config, clock }), rows, (orgId) => codes.get(orgId) ?? [], viewer),
  };
}

/**
 * `GET /people-leave/list/project-manager`: the requests of the people working on the missions I own or manage
 * (permission below 3, rule 212), never my own or those I created (rule 211): the pending ones, and the others changed
 * since `lastUpdate` (default 5 days back, the web's leave cache). The badge counts pending ones starting in the next 3 days (rule 230).
 */
export async function projectManagerLeaves({ db, clock, config }: AppContext, personId: string, lastUpdate?: string) {
  const since = lastUpdate ? new Date(lastUpdate) : new Date(clock.now().getTime() - 5 * 86_400_000);
  const managed = await managedPeople(db, clock.now(), personId);
  if (!managed) return { requests: [], impact: [], badge: 0 };
  const list = (
    await leavesWhere(
      db,
      and(
        managed.where,
        sql`(${leaveRequests.status} = 'pending_approval' or ${leaveRequests.updatedAt} >= ${since.toISOString()})`,
        sql`${leaveRequests.status} <> 'draft'`,
      ),
    )
  ).filter(({ leave }) => managed.reviews(leave));
  const codes = await codesOf(db, managed.orgIds);
  const approving = new Set(await approvingOrgIds(db, clock.now(), personId));
  const viewer = { personId, approvesOrg: (orgId: string) => approving.has(orgId) };
  const requests = await present(db, linkSigner({ config, clock }), list, (orgId) => codes.get(orgId) ?? [], viewer);
  const pending = list.filter(({ leave }) => leave.status === 'pending_approval');
  const impact = await leaveImpact(
    db,
    pending.map(({ leave }) => leave),
    personId,
  );
  return {
    requests,
    impact,
    badge: leaveBadgeCount(
      pending.map(({ leave }) => leave),
      todayOf(clock),
      'mission',
    ),
  };
}

/**
 * The people working on the missions I own or manage (permission below 3, invite accepted: rule 212), per
 * organisation that keeps leave: a filter of their requests and the check that I review one (never mine or one I
 * created, rule 211). Null when I manage nobody. As the board, not templates (rule 240), nor the missions of an
 * organisation I left nor of one requiring two-factor sign-in I lack (rule 109).
 */
async function managedPeople(db: Db, now: Date, personId: string) {
  const managed = await db.execute<
    { person_id: string; org_id: string; trialStartedOn: string | null } & Omit<OrgLicenceFacts, 'trialStartedOn'>
  >(sql`
    select distinct member.person_id, m.org_id, o.is_licensed_active as "isLicensedActive", o.is_org_licensed as "isOrgLicensed",
      o.is_key_licensed as "isKeyLicensed", o.trial_started_on as "trialStartedOn"
    from ${missionPeople} reviewer
    join missions m on m.id = reviewer.mission_id and m.archived_at is null and m.org_id is not null and not m.is_template
    join ${orgs} o on o.id = m.org_id and o.deleted_at is null
    join ${missionPeople} member on member.mission_id = m.id and ${reviewedMember('member')}
    where reviewer.person_id = ${personId} and not reviewer.invite_pending and reviewer.permission < 3
      and (reviewer.permission = 2 or (reviewer.permission = 1 and reviewer.is_project_manager))
      and ${sql.raw(orgMissionShown('reviewer.person_id'))}
      and member.person_id <> ${personId}`);
  // leave is decided only where the organisation keeps it (Unlimited or a running trial): nothing to list elsewhere
  const pairs = managed.rows.filter((row) =>
    // a raw read gives the trial's start as text
    timeTrackingEligible({ ...row, trialStartedOn: row.trialStartedOn === null ? null : new Date(row.trialStartedOn) }, now),
  );
  if (pairs.length === 0) return null;
  const inPair = new Set(pairs.map((pair) => `${pair.org_id}:${pair.person_id}`));
  const orgIds = [...new Set(pairs.map((pair) => pair.org_id))];
  return {
    orgIds,
    where: and(inArray(leaveRequests.personId, [...new Set(pairs.map((pair) => pair.person_id))]), inArray(leaveRequests.orgId, orgIds)),
    reviews: (leave: { orgId: string; personId: string; createdBy: string }) =>
      inPair.has(`${leave.orgId}:${leave.personId}`) && mayReviewRequest(personId, leave),
  };
}

/** Rule 230: the pending requests that start in the next 3 days, whatever year the list shows. */
function startingSoon(today: string) {
  const { first, last } = leaveBadgeWindow(today);
  return and(
    inArray(leaveRequests.status, ['pending_approval', 'pending_final_approval']),
    gte(leaveRequests.startDate, first),
    lte(leaveRequests.startDate, last),
  );
}

const badgeColumns = {
  orgId: leaveRequests.orgId,
  personId: leaveRequests.personId,
  createdBy: leaveRequests.createdBy,
  status: leaveRequests.status,
  startDate: leaveRequests.startDate,
};

/**
 * `GET /people-leave/badge` (rule 230): the pending requests I decide that start in the next 3 days (today and the
 * two days after, by the server's clock): on the board, those of the people on the missions I own or manage at the
 * first stage; per organisation whose leave I approve, both stages.
 */
export async function leaveBadges({ db, clock }: AppContext, personId: string): Promise<LeaveBadges> {
  const today = todayOf(clock);
  const soon = startingSoon(today);
  const managed = await managedPeople(db, clock.now(), personId);
  const forBoard = managed
    ? (await db.select(badgeColumns).from(leaveRequests).where(and(soon, managed.where))).filter(managed.reviews)
    : [];
  const approving = await approvingOrgIds(db, clock.now(), personId);
  const forOrgs =
    approving.length === 0
      ? []
      : (
          await db
            .select(badgeColumns)
            .from(leaveRequests)
            .where(and(soon, inArray(leaveRequests.orgId, approving)))
        ).filter((leave) => mayReviewRequest(personId, leave));
  return {
    board: leaveBadgeCount(forBoard, today, 'mission'),
    orgs: approving.map((orgId) => ({
      _id: orgId,
      badge: leaveBadgeCount(
        forOrgs.filter((leave) => leave.orgId === orgId),
        today,
        'org',
      ),
    })),
  };
}

const byFirstDay = (a: LeaveWithPerson, b: LeaveWithPerson) =>
  a.leave.startDate.localeCompare(b.leave.startDate) || a.leave.id.localeCompare(b.leave.id);

/** The organisations whose leave the person approves (admins, canApproveLeaves: rule 209), where it is kept. */
async function approvingOrgIds(db: Db, now: Date, personId: string): Promise<string[]> {
  const memberships = await db
    .select({ orgId: orgPeople.orgId, level: orgPeople.level, canApproveLeaves: orgPeople.canApproveLeaves, org: orgs })
    .from(orgPeople)
    .innerJoin(orgs, and(eq(orgs.id, orgPeople.orgId), sql`${orgs.deletedAt} is null`))
    .where(and(eq(orgPeople.personId, personId), currentMembership()));
  return memberships.filter((member) => approvesOrgLeave(member) && timeTrackingEligible(member.org, now)).map((member) => member.orgId);
}

async function codesOf(db: Db, orgIds: string[]) {
  if (orgIds.length === 0) return new Map<string, LeaveCode[]>();
  const rows = await db.select({ id: orgs.id, leaveCodes: orgs.leaveCodes }).from(orgs).where(inArray(orgs.id, orgIds));
  return new Map(rows.map((row) => [row.id, row.leaveCodes]));
}

/**
 * `GET /people-leave/list/org/:orgId`: the organisation's leave tab. Its leave approvers (admins, canApproveLeaves)
 * see every submitted request of the year, and every pending one of another year (theirs to decide), but their own and
 * those they created (rule 211; a draft is its person's until submitted, as on the board and the mission) and
 * everybody's balances; other members see their own requests and balance, and of the others only who is away (never
 * why). Without the Unlimited subscription (rule 185) nothing is to decide: `licensed` says so, and neither
 * `canApprove`, the impact nor the badge offer what would be refused.
 */
export async function orgLeaves(
  { db, clock, config }: AppContext,
  access: OrgAccess,
  query: { year?: number; status?: LeaveStatus; person?: string },
): Promise<OrgLeaveList> {
  const year = yearOf(clock, query.year);
  const today = todayOf(clock);
  const callerId = access.personId!;
  const org = access.org;
  const approver = approvesOrgLeave(access.member);
  const licensed = timeTrackingEligible(org, clock.now());
  const canApprove = approver && licensed;
  const all = await leavesWhere(db, and(eq(leaveRequests.orgId, org.id), touchesYear(year)));
  // an approver decides what waits whatever its year: December's requests for January (which the badge counts), days
  // of last year asked late
  const waitingElsewhere = canApprove
    ? await leavesWhere(
        db,
        and(
          eq(leaveRequests.orgId, org.id),
          inArray(leaveRequests.status, ['pending_approval', 'pending_final_approval']),
          not(touchesYear(year)!),
        ),
      )
    : [];
  const visible = [...all, ...waitingElsewhere]
    .sort(byFirstDay)
    .filter(({ leave }) =>
      approver
        ? leave.status !== 'draft' && mayReviewRequest(callerId, leave)
        : leave.personId === callerId || leave.createdBy === callerId,
    );
  const filtered = visible.filter(
    ({ leave }) => (!query.status || leave.status === query.status) && (!query.person || leave.personId === query.person),
  );
  const members = await db
    .select({
      member: orgPeople,
      person: { id: people.id, firstName: people.firstName, lastName: people.lastName, avatarVersion: people.avatarVersion },
    })
    .from(orgPeople)
    .innerJoin(people, eq(people.id, orgPeople.personId))
    .where(and(eq(orgPeople.orgId, org.id), currentMembership()));
  const shown = approver ? members : members.filter(({ member }) => member.personId === callerId);
  const rows = await personLeaves(
    db,
    org.id,
    shown.map(({ member }) => member),
    [year],
  );
  const balances = shown.map(({ member, person }) => ({
    person: personRefOf(person),
    balances: balancesOf(org, member, rows, year, today),
  }));
  const away = all
    .filter(
      ({ leave }) => leave.personId !== callerId && (leave.status === 'approved' || isPendingLeave(leave.status)) && leave.endDate >= today,
    )
    .map(({ leave, person }) => presentAway(leave, person));
  const reviewable = canApprove ? filtered.filter(({ leave }) => isPendingLeave(leave.status)) : [];
  // the badge is the same in every year's view: a request starting on 1 January counts on 30 December
  const soon = canApprove
    ? (
        await db
          .select(badgeColumns)
          .from(leaveRequests)
          .where(and(eq(leaveRequests.orgId, org.id), startingSoon(today)))
      ).filter((leave) => mayReviewRequest(callerId, leave))
    : [];
  return {
    year,
    licensed,
    canApprove,
    codes: org.leaveCodes.map(presentCode),
    requests: await present(db, linkSigner({ config, clock }), filtered, () => org.leaveCodes, {
      personId: callerId,
      approvesOrg: () => approver,
    }),
    impact: await leaveImpact(
      db,
      reviewable.map(({ leave }) => leave),
    ),
    balances,
    away,
    badge: leaveBadgeCount(soon, today, 'org'),
  };
}

/**
 * `GET /people-leave/list/mission/:missionId`: the team's leave. Its owners and project managers (rule 212) see the
 * requests of its working team (permission below 3) but their own and those they created (rule 211); everyone on it
 * sees who of it is away.
 */
export async function missionLeaves(
  { db, clock, config }: AppContext,
  access: MissionAccess,
  query: { year?: number },
): Promise<MissionLeaveList> {
  const today = todayOf(clock);
  const orgId = access.mission.orgId;
  // a template is no team at work: its managers review nobody's leave there (rule 240)
  const canApprove = !access.mission.isTemplate && approvesMissionLeave(access.actor.member);
  if (!orgId) return { canApprove, requests: [], impact: [], away: [] };
  const team = await db
    .select({ personId: missionPeople.personId, permission: missionPeople.permission })
    .from(missionPeople)
    .where(and(eq(missionPeople.missionId, access.mission.id), eq(missionPeople.invitePending, false)));
  const ids = team.map((row) => row.personId);
  if (ids.length === 0) return { canApprove, requests: [], impact: [], away: [] };
  const callerId = access.actor.personId;
  const range = query.year ? touchesYear(query.year) : gte(leaveRequests.endDate, today);
  const list = await leavesWhere(db, and(eq(leaveRequests.orgId, orgId), inArray(leaveRequests.personId, ids), range));
  const working = new Set(team.filter((row) => row.permission < 3).map((row) => row.personId));
  const reviewable = canApprove
    ? list.filter(({ leave }) => working.has(leave.personId) && leave.status !== 'draft' && mayReviewRequest(callerId, leave))
    : [];
  const codes = await codesOf(db, [orgId]);
  const orgApprover = reviewable.length > 0 && approvesOrgLeave(await membershipOf(db, orgId, callerId));
  const viewer = { personId: callerId, approvesOrg: () => orgApprover };
  return {
    canApprove,
    requests: await present(db, linkSigner({ config, clock }), reviewable, () => codes.get(orgId) ?? [], viewer, access.mission.id),
    impact: await leaveImpact(
      db,
      reviewable.filter(({ leave }) => isPendingLeave(leave.status)).map(({ leave }) => leave),
      callerId,
    ),
    away: list
      .filter(({ leave }) => counts(leave.status) && leave.status !== 'draft' && leave.personId !== callerId)
      .map(({ leave, person }) => presentAway(leave, person)),
  };
}
