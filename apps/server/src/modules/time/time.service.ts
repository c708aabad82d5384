import { and, eq } from 'drizzle-orm';
import {
  canTransition,
  hoursEditable,
  rejectionReasonLongEnough,
  timesheetActors,
  type MissionTimesheetCreate,
  type OrgTimesheetCreate,
  type Timesheet,
  type TimesheetStatus,
  type TimesheetUpdate,
} from '@crewplan/domain';
import { diffFields, runMissionCommand, runOrgCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { orgRoles, timesheets } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { approvalRates } from '../money/index.ts';
import { releaseBilledWeek } from '../invoices/index.ts';
import { loadMissionAccess, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import {
  approvesMissionTime,
  keepsHoursRefusal,
  locked,
  notAllowed,
  orgCaller,
  requireLicensed,
  requireTimeTracked,
  timesheetNotFound,
} from './time.access.ts';
import { presentTimesheet } from './time.presenter.ts';
import { findTimesheet, lockWeek, saveWeek } from './time.queries.ts';
import { checkOwnSheet, roleTitleOf, snapshotOf, type RowFacts, type SheetFields } from './time.week-rows.ts';
import { announce, changeOf, keepingTaskLines, minutesOf, summary, titleOf, type TimesheetEvent, type WeekContent } from './time.writes.ts';

/** The title of a live role of the organisation; 400 naming `payload.orgRole` for another organisation's or a deleted one. */
async function orgRoleTitle(tx: Tx, orgId: string, orgRoleId: string): Promise<string> {
  const [role] = await tx
    .select({ name: orgRoles.name })
    .from(orgRoles)
    .where(and(eq(orgRoles.id, orgRoleId), eq(orgRoles.orgId, orgId), eq(orgRoles.isDeleted, false)));
  if (!role) throw appError('timeUnknownOrgRole');
  return role.name;
}

/** Runs a sheet write with its history: the mission's for a mission sheet, the organisation's for its own sheets. */
async function commit<T>(
  ctx: AppContext,
  where: { orgId: string; missionId: string | null },
  actorId: string,
  command: (
    tx: Tx,
    record: (
      action: 'create' | 'update' | 'delete',
      id: string,
      title: string,
      changes: Record<string, { from: unknown; to: unknown }>,
    ) => void,
  ) => Promise<T>,
): Promise<T> {
  if (where.missionId)
    return runMissionCommand(
      ctx,
      where.missionId,
      actorId,
      (tx, record) => command(tx, (action, id, title, changes) => record({ action, entity: 'timesheets', id, title, changes })),
      { keepTemplateSaved: true },
    );
  return runOrgCommand(ctx, where.orgId, { personId: actorId, apiKeyId: null }, (tx, record) =>
    command(tx, (action, id, title, changes) => record({ action, entity: 'timesheets', id, title, changes })),
  );
}

type Minutes = ReturnType<typeof minutesOf>;

/**
 * Saves the caller's week (create or write over a draft/rejected one), with its history, then tells who should know.
 * `check` runs the checks of the write (`checkOwnSheet`) with the week locked and answers what they read and the
 * snapshot to keep, which replaces the keys the person sent of the same name.
 */
async function saveOwnWeek(
  ctx: AppContext,
  where: { orgId: string; missionId: string | null; missionTitle: string | null },
  personId: string,
  key: { planItemId: string | null; orgRoleId: string | null; scope: string; weekStart: string },
  payload: WeekContent & { status?: 'draft' | 'submitted' | undefined; snapshot?: Record<string, unknown> | undefined },
  check: (tx: Tx, content: Minutes) => Promise<{ facts: RowFacts; snapshot: Record<string, string> }>,
): Promise<{ timesheet: Timesheet; created: boolean }> {
  let event: TimesheetEvent | null = null;
  const result = await commit(ctx, where, personId, async (tx, record) => {
    await lockWeek(tx, { personId, weekStart: key.weekStart });
    const sent = minutesOf(payload);
    const { facts, snapshot } = await check(tx, sent);
    const existing = facts.week.find((sheet) => sheet.scope === key.scope) ?? null;
    if (existing && !hoursEditable(existing.status)) throw locked();
    // a save that gives no hours (a status or a snapshot alone) keeps those of the week: it never empties them
    const givesHours = payload.dailyHours !== undefined || payload.actionItems !== undefined;
    const content =
      givesHours || !existing
        ? keepingTaskLines(sent, existing, 'payload.dailyHours')
        : { dailyMinutes: existing.dailyMinutes, taskLines: existing.taskLines };
    const status = payload.status ?? 'draft';
    const row = await saveWeek(tx, {
      orgId: where.orgId,
      missionId: where.missionId,
      planItemId: key.planItemId,
      orgRoleId: key.orgRoleId,
      personId,
      scope: key.scope,
      weekStart: key.weekStart,
      status,
      ...content,
      snapshot: { ...(payload.snapshot ?? existing?.snapshot ?? {}), ...snapshot },
    });
    if (!row) throw locked();
    record(existing ? 'update' : 'create', row.id, titleOf(row), diffFields(summary(existing), summary(row)));
    event = changeOf(row, {
      missionTitle: where.missionTitle,
      status: row.status,
      from: existing?.status ?? null,
      actorId: personId,
      reason: null,
      notify: true,
    });
    return { timesheet: presentTimesheet(row), created: !existing };
  });
  await announce(ctx, event);
  return result;
}

const taskField = (i: number) => `payload.actionItems.${i}._id`;
/** Refusals of a write that names no role or week (an update, the organisation's own week) point at the sheet's own fields. */
const SHEET_FIELDS: SheetFields = { role: 'planItemId', week: 'weekStart', task: taskField };

/**
 * `POST /timesheet/mission/:id`: the caller's week on one of their roles of the mission. The mission's organisation
 * must track time (403), the mission must keep timesheets (409), the role must be the caller's, live and active, and
 * the week inside its dates (400/403 naming the field); tasks must be the mission's, assigned to the caller and
 * planned in the week (or already on it), and no day of the caller's week may go over 24 hours.
 */
export async function saveMissionWeek(ctx: AppContext, access: MissionAccess, input: MissionTimesheetCreate) {
  const org = requireTimeTracked(access, ctx.clock.now());
  const { missionPlanId, payload } = input;
  const where = { orgId: org.id, missionId: access.mission.id, missionTitle: access.mission.title };
  const sheet = { missionId: access.mission.id, planItemId: missionPlanId, scope: missionPlanId, weekStart: payload.weekStart };
  return saveOwnWeek(ctx, where, access.personId, { ...sheet, orgRoleId: null }, payload, async (tx, content) => {
    const facts = await checkOwnSheet(tx, access.personId, { ...sheet, taskLines: content.taskLines }, content.dailyMinutes, {
      role: 'missionPlanId',
      week: 'payload.weekStart',
      task: taskField,
    });
    return { facts, snapshot: snapshotOf(facts, access.mission.title, roleTitleOf(facts, missionPlanId)) };
  });
}

/** `POST /timesheet/org/:orgId`: the caller's week of organisation work, on one of its roles or none. */
export async function saveOrgWeek(ctx: AppContext, access: OrgAccess, input: OrgTimesheetCreate) {
  const org = requireLicensed(access.org, ctx.clock.now());
  const { personId } = orgCaller(access);
  const orgRoleId = input.payload.orgRole ?? null;
  const sheet = { missionId: null, planItemId: null, scope: orgRoleId ?? org.id, weekStart: input.payload.weekStart };
  return saveOwnWeek(
    ctx,
    { orgId: org.id, missionId: null, missionTitle: null },
    personId,
    { ...sheet, orgRoleId },
    input.payload,
    async (tx, content) => {
      const roleTitle = orgRoleId ? await orgRoleTitle(tx, org.id, orgRoleId) : '';
      const facts = await checkOwnSheet(tx, personId, { ...sheet, taskLines: null }, content.dailyMinutes, SHEET_FIELDS);
      return { facts, snapshot: snapshotOf(facts, null, roleTitle) };
    },
  );
}

type SheetScope = {
  orgId: string;
  missionId?: string;
  personId: string;
  missionTitle: string | null;
  /** The caller's access to a sheet's mission: the route's own, or read for a mission's sheet reached through its organisation. */
  accessTo: (tx: Tx, missionId: string) => Promise<MissionAccess | null>;
  /** Whether the caller keeps hours on the organisation's own sheets (`keepsOrgTime`: observers do not). */
  keepsOrgSheets: boolean;
  /** Whether the caller decides the organisation's own sheets (`decidesOrgTime`). */
  decidesOrgSheets: boolean;
};

/**
 * `PUT …/timesheet/:id`: the person changes the hours of their own draft or rejected week (409 once submitted or
 * approved) and submits or recalls it; approvers approve or reject a submitted week (a rejection needs a reason of
 * 5 characters or more) and reopen an approved one. Anything else: 403 for who is not party to it, 409 for a
 * transition the status does not allow. The approvers of a mission's week are its project managers and owners and the
 * organisation's admins, whichever route it comes by; of an organisation's own week, its admins. Nobody decides their
 * own week. A rejected week the person takes back to draft keeps its rejection (reason, date, approver) until it is
 * submitted again. The person's writes pass the checks of a save (`checkOwnSheet`): still on the project, which keeps
 * timesheets, on a live role of theirs (on an organisation's own week: not one of its observers), and no day over
 * 24 hours.
 */
async function updateSheet(ctx: AppContext, scope: SheetScope, id: string, input: TimesheetUpdate, notify: boolean): Promise<Timesheet> {
  const { payload } = input;
  let event: TimesheetEvent | null = null;
  const orgId = scope.orgId;
  // the mission whose history records the change is the sheet's own (an organisation route may reach a mission sheet)
  const [first] = await ctx.db
    .select({ missionId: timesheets.missionId, personId: timesheets.personId, weekStart: timesheets.weekStart })
    .from(timesheets)
    .where(eq(timesheets.id, id));
  const result = await commit(ctx, { orgId, missionId: first?.missionId ?? null }, scope.personId, async (tx, record) => {
    if (first) await lockWeek(tx, first);
    const sheet = await findTimesheet(tx, id, scope.missionId ? { missionId: scope.missionId } : { orgId });
    if (!sheet) throw timesheetNotFound();
    const access = sheet.missionId ? await scope.accessTo(tx, sheet.missionId) : null;
    const approves = sheet.missionId ? !!access && approvesMissionTime(access) : scope.decidesOrgSheets;
    const actors = timesheetActors(sheet, { personId: scope.personId, approves });
    if (actors.length === 0) throw notAllowed();
    const patch: Partial<typeof timesheets.$inferInsert> = {};
    const changesHours = payload.dailyHours !== undefined || payload.actionItems !== undefined || payload.snapshot !== undefined;
    const to: TimesheetStatus = payload.status ?? sheet.status;
    if (changesHours) {
      if (!actors.includes('owner')) throw notAllowed();
      if (!hoursEditable(sheet.status)) throw locked();
    }
    if (actors.includes('owner') && (changesHours || to !== sheet.status)) {
      if (sheet.missionId) {
        const refusal = keepsHoursRefusal(access, ctx.clock.now(), notAllowed);
        if (refusal) throw refusal;
      } else if (!scope.keepsOrgSheets) throw notAllowed();
      const roleTitle = sheet.orgRoleId ? await orgRoleTitle(tx, sheet.orgId, sheet.orgRoleId) : null;
      const content =
        payload.dailyHours !== undefined || payload.actionItems !== undefined
          ? keepingTaskLines(minutesOf(payload), sheet, 'payload.dailyHours')
          : null;
      const target = { ...sheet, taskLines: content ? content.taskLines : sheet.taskLines };
      const facts = await checkOwnSheet(tx, scope.personId, target, content?.dailyMinutes ?? null, SHEET_FIELDS);
      if (content) Object.assign(patch, content);
      if (changesHours) {
        const seen = sheet.missionId
          ? snapshotOf(facts, access!.mission.title, roleTitleOf(facts, sheet.planItemId))
          : snapshotOf(facts, null, roleTitle ?? '');
        patch.snapshot = { ...(payload.snapshot ?? sheet.snapshot), ...seen };
      }
    }
    if (to !== sheet.status) {
      if (!canTransition(actors, sheet.status, to)) {
        if (!actors.includes('owner') && (to === 'draft' || to === 'submitted') && sheet.status !== 'approved') throw notAllowed();
        throw appError('timeTransition');
      }
      if (to === 'rejected' && !rejectionReasonLongEnough(payload.reason)) throw appError('timeReasonNeeded');
      // an approved week billed on an issued invoice stays as billed; one on a draft invoice is taken off the draft
      if (sheet.status === 'approved') await releaseBilledWeek(ctx, tx, sheet.orgId, sheet.id);
      patch.status = to;
      if (to === 'submitted') patch.submittedAt = ctx.clock.now();
      // a rejected week the person takes back to draft keeps its rejection (why, when, by whom) until it is
      // submitted again, as a save of the week as a draft keeps it (`upsertWeeks`)
      if (!(sheet.status === 'rejected' && to === 'draft')) {
        const decided = to === 'approved' || to === 'rejected';
        Object.assign(patch, { decidedAt: decided ? ctx.clock.now() : null, decidedBy: decided ? scope.personId : null });
        patch.rejectionReason = to === 'rejected' ? (payload.reason ?? null) : null;
      }
      // the money the week is approved with stays with it (a later rate change does not rewrite past cost)
      if (to === 'approved' || sheet.status === 'approved') Object.assign(patch, await approvalRates(tx, sheet, to === 'approved'));
    }
    if (Object.keys(patch).length === 0) return presentTimesheet(sheet);
    const [row] = await tx.update(timesheets).set(patch).where(eq(timesheets.id, sheet.id)).returning();
    const changes = diffFields(summary(sheet), summary(row!));
    if (patch.rejectionReason) changes.rejectionReason = { from: sheet.rejectionReason, to: patch.rejectionReason };
    record('update', sheet.id, titleOf(sheet), changes);
    event = changeOf(sheet, {
      missionTitle: access?.mission.title ?? scope.missionTitle,
      status: row!.status,
      from: sheet.status,
      actorId: scope.personId,
      reason: row!.rejectionReason,
      notify,
    });
    return presentTimesheet(row!);
  });
  await announce(ctx, event);
  return result;
}

/** `DELETE …/timesheet/:id`: the person deletes their own draft or rejected week. */
async function deleteSheet(ctx: AppContext, scope: SheetScope, id: string): Promise<{ deleted: string[] }> {
  let event: TimesheetEvent | null = null;
  const [first] = await ctx.db.select({ missionId: timesheets.missionId }).from(timesheets).where(eq(timesheets.id, id));
  const result = await commit(ctx, { orgId: scope.orgId, missionId: first?.missionId ?? null }, scope.personId, async (tx, record) => {
    const sheet = await findTimesheet(tx, id, scope.missionId ? { missionId: scope.missionId } : { orgId: scope.orgId });
    if (!sheet) throw timesheetNotFound();
    if (sheet.personId !== scope.personId) throw notAllowed();
    if (!hoursEditable(sheet.status)) throw locked();
    await tx.delete(timesheets).where(eq(timesheets.id, sheet.id));
    record('delete', sheet.id, titleOf(sheet), { status: { from: sheet.status, to: 'deleted' } });
    event = changeOf(sheet, {
      missionTitle: scope.missionTitle,
      status: 'deleted',
      from: sheet.status,
      actorId: scope.personId,
      reason: null,
      notify: false,
    });
    return { deleted: [sheet.id] };
  });
  await announce(ctx, event);
  return result;
}

const missionScope = (ctx: AppContext, access: MissionAccess): SheetScope => {
  const org = requireLicensed(access.org, ctx.clock.now());
  return {
    orgId: org.id,
    missionId: access.mission.id,
    personId: access.personId,
    missionTitle: access.mission.title,
    accessTo: async () => access,
    keepsOrgSheets: false,
    decidesOrgSheets: false,
  };
};

const orgScope = (ctx: AppContext, access: OrgAccess): SheetScope => {
  const org = requireLicensed(access.org, ctx.clock.now());
  const caller = orgCaller(access);
  return {
    orgId: org.id,
    personId: caller.personId,
    missionTitle: null,
    accessTo: (tx, missionId) => loadMissionAccess(tx, missionId, caller.personId),
    keepsOrgSheets: caller.keeps,
    decidesOrgSheets: caller.decides,
  };
};

export const updateMissionSheet = (ctx: AppContext, access: MissionAccess, id: string, input: TimesheetUpdate, notify: boolean) =>
  updateSheet(ctx, missionScope(ctx, access), id, input, notify);
export const updateOrgSheet = (ctx: AppContext, access: OrgAccess, id: string, input: TimesheetUpdate, notify: boolean) =>
  updateSheet(ctx, orgScope(ctx, access), id, input, notify);
export const deleteMissionSheet = (ctx: AppContext, access: MissionAccess, id: string) => deleteSheet(ctx, missionScope(ctx, access), id);
export const deleteOrgSheet = (ctx: AppContext, access: OrgAccess, id: string) => deleteSheet(ctx, orgScope(ctx, access), id);
