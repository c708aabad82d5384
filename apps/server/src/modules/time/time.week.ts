import { dayTotals, hoursEditable, linesToMinutes, mergeTaskLines, writesSheet, type WeekSave, type WeekSaved } from '@crewplan/domain';
import { diffFields, runMissionsWrite } from '../../commands/index.ts';
import { loadMissionAccesses, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { atField } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { keepsHoursRefusal, locked } from './time.access.ts';
import { presentTimesheet, type TimesheetRow } from './time.presenter.ts';
import { saveWeekAsRead, taskTitles, type WeekSave as SheetSave } from './time.queries.ts';
import { checkRows, requireDaysFit, roleTitleOf, rowFactsOf, snapshotOf, taskTitlesOf, type RowFacts } from './time.week-rows.ts';
import { announce, changeOf, keepingTaskLines, summary, titleOf, type TimesheetEvent } from './time.writes.ts';

/** A sheet the week's rows live in: a role's (scope: the plan item) or a mission's task-form week (scope: the mission). */
type Plan = { scope: string; missionId: string; planItemId: string | null; field: string; save: SheetSave };

/**
 * `PUT /timesheet/week`: the person's whole week on their missions in one request and one write. Everything is
 * checked before anything is written: each mission as the single save's gate checks it (visible, the right to save,
 * licensed, keeping timesheets), each role and task (`time.week-rows.ts`, read with the week in one statement), that
 * no sheet is submitted or approved (409), and that no day holds more than 24 hours across all the person's sheets
 * of the week. Then the sheets that change are written, with their history in each mission, in one statement that
 * first checks the week is still as read (`saveWeekAsRead`); when it is not, the save runs again from its reads.
 * Once written, each change is told as the single save tells it (realtime, and the approvers on submission unless
 * `notify` is false).
 */
export async function saveWholeWeek(ctx: AppContext, personId: string, input: WeekSave): Promise<WeekSaved> {
  let events: TimesheetEvent[] = [];
  const result = await runMissionsWrite(ctx, async (historyOf) => {
    events = [];
    const [missions, facts] = await Promise.all([missionsOfWeek(ctx, personId, input), rowFactsOf(ctx.pool, personId, input)]);
    const before = facts.week;
    checkRows(facts, personId, input, before);
    const plans = planSheets(personId, input, missions, before);
    const byScope = new Map(before.map((sheet) => [sheet.scope, sheet]));
    for (const plan of plans) {
      const existing = byScope.get(plan.scope);
      if (existing && !hoursEditable(existing.status)) throw atField(locked(), plan.field);
    }
    requireDaysFit(
      facts,
      plans.map((plan) => plan.save),
    );
    const writes = withSnapshots(
      facts,
      plans.filter((plan) => writesSheet(stateOf(byScope.get(plan.scope)), plan.save)),
      missions,
    ).map((save) => ({ ...save, id: byScope.get(save.scope)?.id ?? newId() }));
    // the history is known before the write (what each sheet becomes), so it goes in the same statement
    const recorded = writes.map((save) => {
      const existing = byScope.get(save.scope) ?? null;
      const write = {
        action: existing ? ('update' as const) : ('create' as const),
        entity: 'timesheets' as const,
        id: save.id,
        title: titleOf(save),
        changes: diffFields(summary(existing), summary(save)),
      };
      return { missionId: save.missionId!, write };
    });
    const saved =
      writes.length === 0
        ? []
        : await saveWeekAsRead(ctx.pool, { personId, weekStart: input.weekStart, readAs: facts.readAs }, writes, {
            actorPersonId: personId,
            rows: historyOf(recorded),
          });
    for (const row of saved) {
      const existing = byScope.get(row.scope) ?? null;
      const missionTitle = missions.get(row.missionId!)!.mission.title;
      const change = { missionTitle, status: row.status, from: existing?.status ?? null, actorId: personId, reason: null };
      // approvers hear of a submitted week once per mission, however many of its sheets it holds
      const told =
        row.status === 'submitted' &&
        events.some((event) => event.missionId === row.missionId && event.notify && event.status === 'submitted');
      events.push(changeOf(row, { ...change, notify: (input.notify ?? true) && !told }));
      byScope.set(row.scope, row);
    }
    const sheets = plans.flatMap((plan) => byScope.get(plan.scope) ?? []);
    const titles = await taskTitles(ctx.db, sheets, taskTitlesOf(facts));
    return sheets.map((sheet) => presentTimesheet(sheet, titles));
  });
  await announce(ctx, ...events);
  return { timesheets: result };
}

/** The week's missions, each checked as the single save's route gate and service check it; refusals name the row. */
async function missionsOfWeek(ctx: AppContext, personId: string, input: WeekSave): Promise<Map<string, MissionAccess>> {
  const ids = [...new Set(input.rows.map((row) => row.missionId))];
  const accesses = await loadMissionAccesses(ctx.db, ids, personId);
  for (const id of ids) {
    const field = `rows.${input.rows.findIndex((row) => row.missionId === id)}.missionId`;
    const access = accesses.get(id) ?? null;
    const refusal = keepsHoursRefusal(access, ctx.clock.now());
    if (refusal) throw atField(refusal, field);
  }
  return accesses;
}

/** The sheets the rows go to: one per role row, one per mission with task rows (its lines merged into the week's). */
function planSheets(
  personId: string,
  input: WeekSave,
  missions: ReadonlyMap<string, MissionAccess>,
  before: readonly TimesheetRow[],
): Plan[] {
  const base = (missionId: string) => ({
    orgId: missions.get(missionId)!.org!.id,
    missionId,
    orgRoleId: null,
    personId,
    weekStart: input.weekStart,
    status: input.status,
    snapshot: {},
  });
  const plans: Plan[] = [];
  const taskRows = new Map<string, number[]>();
  // each day's minutes over all the rows add up to its hours rounded once, never to a minute more
  const rowMinutes = linesToMinutes(input.rows.map((row) => row.dailyHours));
  input.rows.forEach((row, i) => {
    if (row.actionItemId) taskRows.set(row.missionId, [...(taskRows.get(row.missionId) ?? []), i]);
    else if (row.planItemId) {
      // a role's week kept per task (the single save's task form) keeps its tasks
      const { dailyMinutes, taskLines } = keepingTaskLines(
        { dailyMinutes: rowMinutes[i]!, taskLines: null },
        before.find((sheet) => sheet.scope === row.planItemId) ?? null,
        `rows.${i}.dailyHours`,
      );
      const save = { ...base(row.missionId), planItemId: row.planItemId, scope: row.planItemId, dailyMinutes, taskLines };
      plans.push({ scope: row.planItemId, missionId: row.missionId, planItemId: row.planItemId, field: `rows.${i}.planItemId`, save });
    }
  });
  for (const [missionId, rows] of taskRows) {
    const sent = rows.map((i) => ({ actionItemId: input.rows[i]!.actionItemId!, minutes: rowMinutes[i]! }));
    const existing = before.find((sheet) => sheet.scope === missionId);
    const taskLines = mergeTaskLines(existing?.taskLines ?? null, sent).map((line) => ({ ...line, minutes: [...line.minutes] }));
    const dailyMinutes = dayTotals(taskLines.map((line) => line.minutes));
    const save = { ...base(missionId), planItemId: null, scope: missionId, dailyMinutes, taskLines };
    plans.push({ scope: missionId, missionId, planItemId: null, field: `rows.${rows[0]}.actionItemId`, save });
  }
  return plans;
}

const stateOf = (row: TimesheetRow | undefined) =>
  row ? { status: row.status, dailyMinutes: row.dailyMinutes, taskLines: row.taskLines } : null;

/** What the person saw when saving, for the approvers' lists (`snapshotOf`). */
function withSnapshots(facts: RowFacts, plans: readonly Plan[], missions: ReadonlyMap<string, MissionAccess>): SheetSave[] {
  return plans.map((plan) => ({
    ...plan.save,
    snapshot: snapshotOf(facts, missions.get(plan.missionId)!.mission.title, roleTitleOf(facts, plan.planItemId)),
  }));
}
