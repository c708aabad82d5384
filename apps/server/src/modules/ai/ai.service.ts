import type { FastifyBaseLogger } from 'fastify';
import {
  applyProposedOrder,
  availabilityFor,
  approvesOrgLeave,
  bookedElsewhere,
  daysBetween,
  isMissionAdmin,
  MAX_STAFFING_SPAN_DAYS,
  mayAskModel,
  periodsOverlap,
  rankCandidates,
  reasonsFor,
  roleNeed,
  seesLeaveReason,
  seesLeaveReasons,
  skillOverlap,
  staffsEveryRole,
  type Booking,
  type Candidate,
  type RankedCandidate,
  type RecommendBody,
  type Recommendation,
  type RecommendResponse,
  type Resource,
  type StaffingDay,
  workingWeekDays,
} from '@crewplan/domain';
import type { SessionBooking } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { holidayLookup, readLedger } from '../availability/index.ts';
import { proposeOrder } from './ai.model.ts';
import {
  candidatesOf,
  heldRolesOf,
  leaveKindsOf,
  membersAmong,
  rolesOf,
  teamsOf,
  type CandidateRow,
  type HeldRow,
  type RoleRow,
} from './ai.queries.ts';
import { mergeBookings, ownSession, presentSession, saveSession } from './ai.sessions.ts';

type Mode = 'rank' | 'preassign';
type DatedRole = RoleRow & { startDate: string; endDate: string };

const roleNotFound = (field: string) => appError('staffingRoleNotFound', field);

/**
 * The roles named in a call, each one the caller may staff: a role of a live mission of the organisation (404
 * otherwise, naming the field), a person role (400) with dates (422). Organisation admins and managers staff every
 * role; anybody else only the roles of the missions they manage (off the team 404, on it without managing 403).
 */
export async function staffableRoles(
  ctx: AppContext,
  access: OrgAccess,
  refs: readonly { missionPlanId: string }[],
  field: (index: number) => string,
): Promise<DatedRole[]> {
  const callerId = access.personId!;
  const rows = await rolesOf(ctx.db, access.org.id, [...new Set(refs.map((ref) => ref.missionPlanId))], callerId);
  return refs.map((ref, index) => {
    const role = rows.get(ref.missionPlanId);
    const at = field(index);
    if (!role) throw roleNotFound(at);
    if (!staffsEveryRole(access.member?.level)) {
      if (role.callerPermission === null || role.callerInvitePending) throw roleNotFound(at);
      if (!isMissionAdmin({ permission: role.callerPermission, isProjectManager: role.callerIsProjectManager })) {
        throw appError('staffingNotYourRole', at);
      }
    }
    if (role.type !== 'person') throw appError('staffingNotARole', at);
    if (!role.startDate || !role.endDate) throw appError('staffingRoleWithoutDates', at);
    return role as DatedRole;
  });
}

/** The bookings of `assignedRoles` (roles the caller may staff, people of the organisation), checked before anything is written. */
export async function bookingsOf(
  ctx: AppContext,
  access: OrgAccess,
  assigned: readonly { missionPlanId: string; personId: string }[],
): Promise<SessionBooking[]> {
  if (assigned.length === 0) return [];
  const roles = await staffableRoles(ctx, access, assigned, (index) => `assignedRoles.${index}.missionPlanId`);
  const members = await membersAmong(ctx.db, access.org.id, [...new Set(assigned.map((entry) => entry.personId))]);
  return assigned.map((entry, index) => {
    if (!members.has(entry.personId)) {
      throw appError('staffingPersonNotFound', `assignedRoles.${index}.personId`);
    }
    const role = roles[index]!;
    return { missionPlanId: role.id, personId: entry.personId, startDate: role.startDate, endDate: role.endDate };
  });
}

/** Facts of fit for one candidate and role, from the organisation's structure and the roles the person held. */
function fitFor(role: DatedRole, person: CandidateRow, held: readonly HeldRow[]) {
  const name = role.name.toLowerCase();
  const sameRole = (!!role.orgRoleId && person.orgRoleId === role.orgRoleId) || (person.orgRoleName ?? '').toLowerCase() === name;
  const skills = skillOverlap(role.name, [person.orgRoleName ?? '', ...person.departmentTitles]);
  const elsewhere = held.filter((row) => row.missionId !== role.missionId);
  return {
    facts: {
      sameRole,
      skillOverlap: skills.share,
      sameDepartment: person.departments.some((id) => role.departmentTags.includes(id)),
      sameOffice: !!person.officeId && role.offices.includes(person.officeId),
      similarRoles: elsewhere.filter((row) => row.name === name || (!!role.orgRoleId && row.orgRoleId === role.orgRoleId)).length,
      clientRoles: role.clientId ? elsewhere.filter((row) => row.clientId === role.clientId).length : 0,
    },
    skills: skills.matched,
  };
}

/**
 * Recommendations for roles (spec 3 §7 AI, rules 258–259). Each role's candidates are the organisation's people at a
 * working level, less those rule 77 keeps off it (the person on it, an overlapping role on the same project, a
 * department that keeps its people to itself unless the caller reaches it) and those the session already booked on
 * overlapping days; with `teamOnly`, only the project's team. They are ranked by the domain's score from the ledger;
 * with more than 8 candidates and a language model configured, the model may re-rank the best (its failure keeps
 * the order). `preassign` books each role's best person into the session, in order, so a person is picked once.
 */
export async function recommend(
  ctx: AppContext,
  log: FastifyBaseLogger,
  access: OrgAccess,
  body: RecommendBody,
  mode: Mode,
): Promise<RecommendResponse> {
  const now = ctx.clock.now();
  const ownerId = access.personId!;
  const options = body.options ?? {};
  const roles = await staffableRoles(ctx, access, body.rolesNeeded, (index) => `rolesNeeded.${index}.missionPlanId`);
  const session = options.sessionId ? await ownSession(ctx.db, options.sessionId, ownerId, now, 'options.sessionId', access.org.id) : null;
  // what this call books (the roles given, then each role's pick when preassigning), added to the session when saved
  let added = await bookingsOf(ctx, access, body.assignedRoles ?? []);
  let bookings = mergeBookings(session?.bookings ?? [], added);

  const from = roles.reduce((min, role) => (role.startDate < min ? role.startDate : min), roles[0]!.startDate);
  const to = roles.reduce((max, role) => (role.endDate > max ? role.endDate : max), roles[0]!.endDate);
  // the ledger is read day by day over the whole span: a span of centuries would hold the database for minutes
  if (daysBetween(from, to) > MAX_STAFFING_SPAN_DAYS) {
    throw appError('staffingRolesTooLong', `rolesNeeded.${roles.findIndex((role) => role.endDate === to)}.missionPlanId`);
  }
  // the whole organisation's ledger, read beside the candidates (naming 500 people in the statement costs more)
  const [people, held, teams, ledger] = await Promise.all([
    candidatesOf(ctx.db, access.org.id),
    heldRolesOf(ctx.db, access.org.id),
    teamsOf(ctx.db, [...new Set(roles.map((role) => role.missionId))]),
    readLedger(ctx.db, { orgId: access.org.id, from, to }),
  ]);
  const daysOf = new Map<string, StaffingDay[]>();
  for (const day of ledger) {
    const list = daysOf.get(day.personId) ?? [];
    list.push(day);
    daysOf.set(day.personId, list);
  }
  const heldBy = new Map<string, HeldRow[]>();
  for (const row of held) heldBy.set(row.personId, [...(heldBy.get(row.personId) ?? []), row]);
  const reachable = new Set([...(access.member?.departments ?? []), ...(access.member?.accessibleDepartments ?? [])]);
  const reachesAll = access.member?.level === 'ADMIN';
  const leaveCodes = new Map(access.org.leaveCodes.map((code) => [code.id, code.description || code.code]));
  // a code that hides its reason (hideReason) is named only to the organisation's leave approvers and the person away
  const orgApprover = approvesOrgLeave(access.member);
  const namesLeave = (personId: string, codeId: string) =>
    seesLeaveReason(
      access.org.leaveCodes.find((code) => code.id === codeId),
      { own: personId === ownerId, orgApprover },
    );
  const showLeave = seesLeaveReasons(access.member?.level);
  const calendar = { daysPerWeek: access.org.daysPerWeek, isHoliday: holidayLookup(access.org.holidayCountryCode) };

  const recommendations: Recommendation[] = [];
  for (const role of roles) {
    // the hours the role needs as the planner books it: the organisation's week and holidays, the role's own hours
    const need = roleNeed(role, calendar);
    const sessionBookings: Booking[] = bookings
      .filter((booking) => booking.missionPlanId !== role.id)
      .map((booking) => ({ personId: booking.personId, days: workingWeekDays(booking, access.org.daysPerWeek) }));
    const booked = bookedElsewhere(need, sessionBookings);
    const team = teams.get(role.missionId) ?? new Map<string, number>();
    const fits = new Map<string, ReturnType<typeof fitFor>>();
    const candidates: Candidate[] = [];
    for (const person of people) {
      if (person.personId === role.personId || booked.has(person.personId)) continue;
      if (options.teamOnly && !((team.get(person.personId) ?? 3) < 3)) continue;
      if ((team.get(person.personId) ?? 0) >= 3) continue;
      const closed =
        person.departments.length > 0 && person.departments.every((id) => person.closedDepartments.includes(id) && !reachable.has(id));
      if (!reachesAll && closed) continue;
      const mine = heldBy.get(person.personId) ?? [];
      if (mine.some((row) => row.missionId === role.missionId && row.planItemId !== role.id && periodsOverlap(row, role))) continue;
      const fit = fitFor(role, person, mine);
      fits.set(person.personId, fit);
      candidates.push({ personId: person.personId, name: person.name, fit: fit.facts, days: daysOf.get(person.personId) ?? [] });
    }
    let ranked = rankCandidates(need, candidates);
    let notes = new Map<string, string>();
    let ranking: Recommendation['ranking'] = 'deterministic';
    if (ctx.config.languageModel && mayAskModel(ranked.length)) {
      const proposal = await proposeOrder(
        ctx.config.languageModel,
        log,
        { name: role.name, startDate: role.startDate, endDate: role.endDate, neededHours: ranked[0]?.availability.neededHours ?? 0 },
        ranked,
      );
      if (proposal) {
        ranked = applyProposedOrder(ranked, proposal.order);
        notes = proposal.notes;
        ranking = 'model';
      }
    }
    const shown = ranked.slice(0, options.limit ?? ranked.length);
    const kinds =
      options.explain && showLeave
        ? await leaveKindsOf(
            ctx.db,
            access.org.id,
            shown.map((row) => row.personId),
            role.startDate,
            role.endDate,
          )
        : null;
    const resources = shown.map((row) => presentResource(row, team.has(row.personId), options.explain ? explain(row) : undefined));
    function explain(row: RankedCandidate): string[] {
      const person = people.find((entry) => entry.personId === row.personId)!;
      const reasons = reasonsFor(row, {
        roleName: role.name,
        departmentTitle: person.departmentTitles.length > 0 && row.fitFacts.sameDepartment ? person.departmentTitles.join(', ') : null,
        officeTitle: person.officeTitle,
        skills: fits.get(row.personId)?.skills ?? [],
        leaveKinds: (kinds?.get(row.personId) ?? []).filter((id) => namesLeave(row.personId, id)).map((id) => leaveCodes.get(id) ?? id),
      });
      const note = notes.get(row.personId);
      return note ? [note, ...reasons] : reasons;
    }
    const best = resources[0]?.personId ?? null;
    if (mode === 'preassign' && best) {
      const pick = { missionPlanId: role.id, personId: best, startDate: role.startDate, endDate: role.endDate };
      added = mergeBookings(added, [pick]);
      bookings = mergeBookings(bookings, [pick]);
    }
    recommendations.push({
      missionPlanId: role.id,
      missionId: role.missionId,
      role: role.name,
      startDate: role.startDate,
      endDate: role.endDate,
      neededHours: ranked[0]?.availability.neededHours ?? availabilityFor(need, []).neededHours,
      candidates: ranked.length,
      ranking,
      preAssigned: { recommendedResource: best, resources },
    });
  }
  const saved = await saveSession(ctx.db, { id: session?.id ?? null, orgId: access.org.id, ownerId, added }, now, 'options.sessionId');
  return { sessionId: saved.id, recommendations };
}

function presentResource(row: RankedCandidate, onTeam: boolean, reasons: string[] | undefined): Resource {
  const f = row.fitFacts;
  return {
    personId: row.personId,
    name: row.name,
    onTeam,
    score: row.score,
    availabilityPercent: row.availabilityPercent,
    leaveConflictPercent: row.leaveConflictPercent,
    fitPercent: row.fitPercent,
    explanation: {
      availabilityRole: {
        personAvailableDurationPercent: row.availabilityPercent,
        freeHours: row.availability.freeHours,
        neededHours: row.availability.neededHours,
      },
      availabilityLeave: {
        personConflictDuration: row.leaveConflictPercent,
        daysAway: row.availability.daysAway,
        workingDays: row.availability.workingDays,
      },
      fit: {
        sameRole: f.sameRole,
        skillOverlap: Math.round(f.skillOverlap * 1000) / 1000,
        sameDepartment: f.sameDepartment,
        sameOffice: f.sameOffice,
        similarRoles: f.similarRoles,
        clientRoles: f.clientRoles,
      },
      ...(reasons ? { reasons } : {}),
    },
  };
}

/** `POST …/recommend/session/:sessionId`: books roles into the caller's session (checked before anything is written). */
export async function bookIntoSession(
  ctx: AppContext,
  access: OrgAccess,
  sessionId: string,
  assigned: readonly { missionPlanId: string; personId: string }[],
) {
  const now = ctx.clock.now();
  const session = await ownSession(ctx.db, sessionId, access.personId!, now, 'sessionId', access.org.id);
  const added = await bookingsOf(ctx, access, assigned);
  return presentSession(
    await saveSession(ctx.db, { id: session.id, orgId: session.orgId, ownerId: session.ownerId, added }, now, 'sessionId'),
  );
}
