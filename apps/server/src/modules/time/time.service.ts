import { and, eq, inArray } from 'drizzle-orm';
import {
  canTransition,
  hoursEditable,
  REJECTION_REASON_MIN,
  roleRefusal,
  timesheetActors,
  type MissionTimesheetCreate,
  type OrgTimesheetCreate,
  type Timesheet,
  type TimesheetStatus,
  type TimesheetUpdate,
} from '@crewplan/domain';
import { diffFields, runMissionCommand, runOrgCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { actionItems, orgRoles, planItems, timesheets } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { approvalRates } from '../money/index.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import {
  approvesMissionTime,
  locked,
  notAllowed,
  orgCaller,
  requireLicensed,
  requireTimeTracked,
  roleRefused,
  timesheetNotFound,
} from './time.access.ts';
import { presentTimesheet } from './time.presenter.ts';
import { findTimesheet, saveWeek, weekOf } from './time.queries.ts';
import { announce, changeOf, minutesOf, summary, titleOf, type TimesheetEvent, type WeekContent } from './time.writes.ts';

/** Every task of a task-form week must be a task of the mission (another project's or organisation's ids are refused). */
async function requireMissionTasks(tx: Tx, missionId: string, tasks: { _id: string }[] | undefined): Promise<void> {
  if (!tasks?.length) return;
  const ids = [...new Set(tasks.map((task) => task._id))];
  const found = await tx
    .select({ id: actionItems.id })
    .from(actionItems)
    .where(and(eq(actionItems.missionId, missionId), inArray(actionItems.id, ids)));
  const known = new Set(found.map((row) => row.id));
  const index = tasks.findIndex((task) => !known.has(task._id));
  if (index >= 0) throw appError('timeUnknownTask', `payload.actionItems.${index}._id`);
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

/** Saves the caller's week (create or write over a draft/rejected one), with its history, then tells who should know. */
async function saveOwnWeek(
  ctx: AppContext,
  where: { orgId: string; missionId: string | null; missionTitle: string | null },
  personId: string,
  key: { planItemId: string | null; orgRoleId: string | null; scope: string; weekStart: string },
  payload: WeekContent & { status?: 'draft' | 'submitted' | undefined; snapshot?: Record<string, unknown> | undefined },
  validate: (tx: Tx) => Promise<void>,
): Promise<{ timesheet: Timesheet; created: boolean }> {
  let event: TimesheetEvent | null = null;
  const result = await commit(ctx, where, personId, async (tx, record) => {
    await validate(tx);
    const existing = await weekOf(tx, { personId, weekStart: key.weekStart, scope: key.scope });
    if (existing && !hoursEditable(existing.status)) throw locked();
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
      ...minutesOf(payload),
      snapshot: payload.snapshot ?? existing?.snapshot ?? {},
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

/**
 * `POST /timesheet/mission/:id`: the caller's week on one of their roles of the mission. The mission's organisation
 * must track time (403), the mission must keep timesheets (409), the role must be the caller's, live and active, and
 * the week inside its dates (400/403 naming the field); tasks must be the mission's.
 */
export async function saveMissionWeek(ctx: AppContext, access: MissionAccess, input: MissionTimesheetCreate) {
  const org = requireTimeTracked(access, ctx.clock.now());
  const { missionPlanId, payload } = input;
  return saveOwnWeek(
    ctx,
    { orgId: org.id, missionId: access.mission.id, missionTitle: access.mission.title },
    access.personId,
    { planItemId: missionPlanId, orgRoleId: null, scope: missionPlanId, weekStart: payload.weekStart },
    payload,
    async (tx) => {
      const [role] = await tx.select().from(planItems).where(eq(planItems.id, missionPlanId));
      const refusal = roleRefusal(role ?? null, { missionId: access.mission.id, personId: access.personId, weekStart: payload.weekStart });
      if (refusal) throw roleRefused(refusal, { role: 'missionPlanId', week: 'payload.weekStart' });
      await requireMissionTasks(tx, access.mission.id, payload.actionItems);
    },
  );
}

/** `POST /timesheet/org/:orgId`: the caller's week of organisation work, on one of its roles or none. */
export async function saveOrgWeek(ctx: AppContext, access: OrgAccess, input: OrgTimesheetCreate) {
  const org = requireLicensed(access.org, ctx.clock.now());
  const { personId } = orgCaller(access);
  const orgRoleId = input.payload.orgRole ?? null;
  return saveOwnWeek(
    ctx,
    { orgId: org.id, missionId: null, missionTitle: null },
    personId,
    { planItemId: null, orgRoleId, scope: orgRoleId ?? org.id, weekStart: input.payload.weekStart },
    input.payload,
    async (tx) => {
      if (!orgRoleId) return;
      const [role] = await tx
        .select({ id: orgRoles.id })
        .from(orgRoles)
        .where(and(eq(orgRoles.id, orgRoleId), eq(orgRoles.orgId, org.id), eq(orgRoles.isDeleted, false)));
      if (!role) throw appError('timeUnknownOrgRole');
    },
  );
}

type SheetScope = { orgId: string; missionId?: string; approves: boolean; personId: string; missionTitle: string | null };

/**
 * `PUT …/timesheet/:id`: the person changes the hours of their own draft or rejected week (409 once submitted or
 * approved) and submits or recalls it; approvers approve or reject a submitted week (a rejection needs a reason of
 * 5 characters or more) and reopen an approved one. Anything else: 403 for who is not party to it, 409 for a
 * transition the status does not allow.
 */
async function updateSheet(ctx: AppContext, scope: SheetScope, id: string, input: TimesheetUpdate, notify: boolean): Promise<Timesheet> {
  const { payload } = input;
  let event: TimesheetEvent | null = null;
  const orgId = scope.orgId;
  const sheetOf = async (tx: Tx) => {
    const sheet = await findTimesheet(tx, id, scope.missionId ? { missionId: scope.missionId } : { orgId });
    if (!sheet) throw timesheetNotFound();
    return sheet;
  };
  // the mission whose history records the change is the sheet's own (an organisation route may reach a mission sheet)
  const [first] = await ctx.db.select({ missionId: timesheets.missionId }).from(timesheets).where(eq(timesheets.id, id));
  const result = await commit(ctx, { orgId, missionId: first?.missionId ?? null }, scope.personId, async (tx, record) => {
    const sheet = await sheetOf(tx);
    const actors = timesheetActors(sheet, { personId: scope.personId, approves: scope.approves });
    if (actors.length === 0) throw notAllowed();
    const patch: Partial<typeof timesheets.$inferInsert> = {};
    const changesHours = payload.dailyHours !== undefined || payload.actionItems !== undefined || payload.snapshot !== undefined;
    if (changesHours) {
      if (!actors.includes('owner')) throw notAllowed();
      if (!hoursEditable(sheet.status)) throw locked();
      if (payload.actionItems !== undefined && sheet.missionId) await requireMissionTasks(tx, sheet.missionId, payload.actionItems);
      if (payload.dailyHours !== undefined || payload.actionItems !== undefined) Object.assign(patch, minutesOf(payload));
      if (payload.snapshot !== undefined) patch.snapshot = payload.snapshot;
    }
    const to: TimesheetStatus = payload.status ?? sheet.status;
    if (to !== sheet.status) {
      if (!canTransition(actors, sheet.status, to)) {
        if (!actors.includes('owner') && (to === 'draft' || to === 'submitted') && sheet.status !== 'approved') throw notAllowed();
        throw appError('timeTransition');
      }
      if (to === 'rejected' && (payload.reason ?? '').length < REJECTION_REASON_MIN) throw appError('timeReasonNeeded');
      patch.status = to;
      if (to === 'submitted') patch.submittedAt = ctx.clock.now();
      if (to === 'approved' || to === 'rejected') Object.assign(patch, { decidedAt: ctx.clock.now(), decidedBy: scope.personId });
      // the money the week is approved with stays with it (a later rate change does not rewrite past cost)
      if (to === 'approved' || sheet.status === 'approved') Object.assign(patch, await approvalRates(tx, sheet, to === 'approved'));
      patch.rejectionReason = to === 'rejected' ? (payload.reason ?? null) : null;
    }
    if (Object.keys(patch).length === 0) return presentTimesheet(sheet);
    const [row] = await tx.update(timesheets).set(patch).where(eq(timesheets.id, sheet.id)).returning();
    const changes = diffFields(summary(sheet), summary(row!));
    if (patch.rejectionReason) changes.rejectionReason = { from: sheet.rejectionReason, to: patch.rejectionReason };
    record('update', sheet.id, titleOf(sheet), changes);
    event = changeOf(sheet, {
      missionTitle: scope.missionTitle,
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
    approves: approvesMissionTime(access),
    personId: access.personId,
    missionTitle: access.mission.title,
  };
};

const orgScope = (ctx: AppContext, access: OrgAccess): SheetScope => {
  const org = requireLicensed(access.org, ctx.clock.now());
  const caller = orgCaller(access);
  return { orgId: org.id, approves: caller.reviews, personId: caller.personId, missionTitle: null };
};

export const updateMissionSheet = (ctx: AppContext, access: MissionAccess, id: string, input: TimesheetUpdate, notify: boolean) =>
  updateSheet(ctx, missionScope(ctx, access), id, input, notify);
export const updateOrgSheet = (ctx: AppContext, access: OrgAccess, id: string, input: TimesheetUpdate, notify: boolean) =>
  updateSheet(ctx, orgScope(ctx, access), id, input, notify);
export const deleteMissionSheet = (ctx: AppContext, access: MissionAccess, id: string) => deleteSheet(ctx, missionScope(ctx, access), id);
export const deleteOrgSheet = (ctx: AppContext, access: OrgAccess, id: string) => deleteSheet(ctx, orgScope(ctx, access), id);
