import { and, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import {
  canMoveExpense,
  canSetExpenseStatus,
  expenseReasonLongEnough,
  expenseActors,
  expenseDayAllowed,
  expenseEditable,
  expenseTotalMinor,
  expenseVisible,
  fractionalExpenseField,
  fromMinorUnits,
  isExpenseMove,
  timeTrackingEligible,
  toMinorUnits,
  totalsByCurrency,
  type Expense,
  type ExpenseCaller,
  type ExpenseCreate,
  type ExpenseList,
  type ExpenseListQuery,
  type ExpenseStatusBody,
  type ExpenseTotals,
  type ExpenseUpdate,
} from '@crewplan/domain';
import { diffFields, runMissionCommand, runOrgCommand } from '../../commands/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { expenseAttachments, expenses, missionPeople, orgs } from '../../db/schema/index.ts';
import type { DomainEvents } from '../../events/bus.ts';
import { todayOf } from '../../lib/clock.ts';
import { AppError, appError, atField } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { newId } from '../../lib/ids.ts';
import { missionShownTo } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { convertAmounts } from '../currency/index.ts';
import { discard, storeTemp, type ReceivedFile } from '../files/index.ts';
import {
  attachmentNotFound,
  badTransition,
  dayAhead,
  expenseNotFound,
  isReceiptType,
  locked,
  notAllowed,
  ownExpensesKept,
  reasonNeeded,
  receiptType,
  type ExpenseScope,
} from './expenses.access.ts';
import { presentExpense } from './expenses.presenter.ts';
import {
  anotherDecides,
  decidesIn,
  filtersOf,
  findExpense,
  readExpenses,
  seenBy,
  type ExpenseRow,
  type ExpenseWithContext,
} from './expenses.queries.ts';

type ExpenseEvent = DomainEvents['expense.changed'];
type Record = (
  action: 'create' | 'update' | 'delete',
  id: string,
  title: string,
  changes?: { [field: string]: { from: unknown; to: unknown } },
) => void;

/** Runs an expense write with its history: the mission's for a mission expense, the organisation's for its own. */
function commit<T>(ctx: AppContext, scope: ExpenseScope, command: (tx: Tx, record: Record) => Promise<T>): Promise<T> {
  if (scope.missionId)
    return runMissionCommand(
      ctx,
      scope.missionId,
      scope.personId,
      (tx, record) => command(tx, (action, id, title, changes) => record({ action, entity: 'expenses', id, title, changes })),
      { keepTemplateSaved: true },
    );
  return runOrgCommand(ctx, scope.org.id, { personId: scope.personId, apiKeyId: null }, (tx, record) =>
    command(tx, (action, id, title, changes) => record({ action, entity: 'expenses', id, title, changes })),
  );
}

const money = (minor: number, currency: string) => `${fromMinorUnits(minor).toFixed(2)} ${currency}`;
const titleOf = (row: ExpenseRow) => `Expense of ${money(expenseTotalMinor(row), row.currency)} on ${row.day}`;
/** What the history keeps of an expense: its status and total, never the receipts. */
const summary = (row: ExpenseRow | null) =>
  row ? { status: row.status, total: money(expenseTotalMinor(row), row.currency), day: row.day, category: row.category } : {};

function eventOf(row: ExpenseRow, scope: ExpenseScope, status: ExpenseEvent['status'], from: string | null): ExpenseEvent {
  return {
    expenseId: row.id,
    orgId: row.orgId,
    missionId: row.missionId,
    missionTitle: scope.missionTitle,
    personId: row.personId,
    status,
    from,
    actorId: scope.personId,
    reason: row.rejectionReason,
    total: money(expenseTotalMinor(row), row.currency),
  };
}

async function announce(ctx: AppContext, event: ExpenseEvent | null): Promise<void> {
  if (event) await ctx.events.emit('expense.changed', event);
}

const inScope = (scope: ExpenseScope): SQL | undefined =>
  and(eq(expenses.orgId, scope.org.id), scope.missionId ? eq(expenses.missionId, scope.missionId) : isNull(expenses.missionId));

/**
 * The caller as the scope's rules see them: whether they decide their own expenses too (nobody else decides), and
 * whether they still keep their own here.
 */
async function callerOf(db: Db | Tx, scope: ExpenseScope): Promise<ExpenseCaller> {
  const { personId, decides, keepsOwn } = scope;
  const decidesOwn = decides && !(await anotherDecides(db, { orgId: scope.org.id, missionId: scope.missionId, personId }));
  return { personId, decides, decidesOwn, keepsOwn };
}

/**
 * The caller of a list of missions' expenses, who decides them (`decides`): their own too where nobody else decides
 * that mission's, and whether they still keep their own there (as `callerOf`).
 */
async function missionCallers(db: Db, personId: string, decides: boolean, rows: ExpenseWithContext[]) {
  const alone = new Set<string>();
  if (decides) {
    const own = new Map(rows.filter((row) => row.expense.personId === personId).map((row) => [row.expense.missionId!, row.expense.orgId]));
    for (const [missionId, orgId] of own) if (!(await anotherDecides(db, { orgId, missionId, personId }))) alone.add(missionId);
  }
  const kept = await ownExpensesKept(db, personId, expensesOf(rows));
  return (row: ExpenseWithContext): ExpenseCaller => ({
    personId,
    decides,
    decidesOwn: alone.has(row.expense.missionId!),
    keepsOwn: kept(row.expense),
  });
}

const expensesOf = (rows: ExpenseWithContext[]) => rows.map((row) => row.expense);

async function presentOne(ctx: AppContext, scope: ExpenseScope, id: string): Promise<Expense> {
  const [row] = await readExpenses(ctx.db, and(eq(expenses.id, id), inScope(scope)));
  if (!row) throw expenseNotFound();
  return presentExpense(row, await callerOf(ctx.db, scope));
}

/** The expense of the scope the caller may see (404 otherwise: members never learn of others' expenses). */
async function visibleExpense(tx: Db | Tx, scope: ExpenseScope, id: string, lock = false): Promise<ExpenseRow> {
  const row = await findExpense(tx, id, { orgId: scope.org.id, missionId: scope.missionId }, lock);
  if (!row || !expenseVisible({ ownerId: row.personId, status: row.status }, scope)) throw expenseNotFound();
  return row;
}

/**
 * The caller's own expense that may still change (403 someone else's, or theirs where they no longer keep expenses;
 * 409 once submitted).
 */
async function editableExpense(tx: Tx, scope: ExpenseScope, id: string): Promise<ExpenseRow> {
  const row = await visibleExpense(tx, scope, id, true);
  if (row.personId !== scope.personId || !scope.keepsOwn) throw notAllowed();
  if (!expenseEditable(row.status)) throw locked();
  return row;
}

/** Totals of a list: per currency, and each organisation's expenses converted into its currency at each day's rate. */
export async function totalsOf(ctx: AppContext, rows: ExpenseWithContext[]): Promise<ExpenseTotals> {
  const byCurrency = totalsByCurrency(rows.map((row) => row.expense)).map((total) => ({
    currency: total.currency,
    amount: fromMinorUnits(total.totalMinor),
  }));
  const byOrg = new Map<string, ExpenseWithContext[]>();
  for (const row of rows) byOrg.set(row.expense.orgId, [...(byOrg.get(row.expense.orgId) ?? []), row]);
  const converted: ExpenseTotals['converted'] = [];
  for (const [orgId, list] of byOrg) {
    const { orgName, orgCurrency } = list[0]!;
    try {
      const amounts = await convertAmounts(
        ctx,
        orgCurrency,
        list.map((row) => ({ amountMinor: expenseTotalMinor(row.expense), from: row.expense.currency, day: row.expense.day })),
      );
      const sum = amounts.reduce((a, b) => a + b, 0);
      converted.push({ org: orgId, orgName, currency: orgCurrency, amount: fromMinorUnits(sum), missingRate: null });
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'currency/no-rate') throw error;
      converted.push({ org: orgId, orgName, currency: orgCurrency, amount: null, missingRate: error.message });
    }
  }
  return { byCurrency, converted };
}

async function listOf(ctx: AppContext, rows: ExpenseWithContext[], caller: ExpenseCaller | ((row: ExpenseWithContext) => ExpenseCaller)) {
  return {
    expenses: rows.map((row) => presentExpense(row, typeof caller === 'function' ? caller(row) : caller)),
    totals: await totalsOf(ctx, rows),
  } satisfies ExpenseList;
}

/** `GET /expense/org/:orgId` and `GET /expense/mission/:id`: the scope's expenses the caller sees. */
export async function scopeExpenses(ctx: AppContext, scope: ExpenseScope, query: ExpenseListQuery): Promise<ExpenseList> {
  const rows = await readExpenses(ctx.db, and(inScope(scope), seenBy(scope.personId, scope.decides), filtersOf(query)));
  return listOf(ctx, rows, await callerOf(ctx.db, scope));
}

/**
 * `GET /expense/org/:orgId/mission`: the expenses of the organisation's missions: everybody's that left draft for
 * its admins and managers, the caller's own for everybody else. Organisation admins decide them too.
 */
export async function orgMissionExpenses(ctx: AppContext, scope: ExpenseScope, query: ExpenseListQuery): Promise<ExpenseList> {
  const rows = await readExpenses(
    ctx.db,
    and(eq(expenses.orgId, scope.org.id), isNotNull(expenses.missionId), seenBy(scope.personId, scope.decides), filtersOf(query)),
  );
  // decided here as an organisation admin
  return listOf(ctx, rows, await missionCallers(ctx.db, scope.personId, scope.orgLevel === 'ADMIN', rows));
}

/** The organisations of `orgIds` whose licence lets people keep expenses now. */
async function licensedOrgIds(ctx: AppContext, orgIds: string[], { withInvoicing = false } = {}): Promise<Set<string>> {
  if (orgIds.length === 0) return new Set();
  const rows = await ctx.db.select().from(orgs).where(inArray(orgs.id, orgIds));
  const kept = rows.filter((org) => timeTrackingEligible(org, ctx.clock.now()) && !(withInvoicing && org.invoicingDisabled));
  return new Set(kept.map((org) => org.id));
}

/**
 * The caller of their own expenses in several scopes: where they are the only one who decides, they decide theirs (as
 * `callerOf`; asked only of scopes with an expense waiting for a decision or a payment), and whether they still keep
 * their own there.
 */
async function ownCallers(db: Db, personId: string, rows: ExpenseWithContext[]) {
  const scopeOf = (e: ExpenseRow) => `${e.orgId}:${e.missionId ?? ''}`;
  const alone = new Set<string>();
  const waiting = new Map(
    rows
      .filter((row) => row.expense.status === 'submitted' || row.expense.status === 'approved')
      .map((row) => [scopeOf(row.expense), row.expense]),
  );
  for (const [key, e] of waiting) {
    const scope = { orgId: e.orgId, missionId: e.missionId, personId };
    if ((await decidesIn(db, scope)) && !(await anotherDecides(db, scope))) alone.add(key);
  }
  const kept = await ownExpensesKept(db, personId, expensesOf(rows));
  return (row: ExpenseWithContext): ExpenseCaller => {
    const decides = alone.has(scopeOf(row.expense));
    return { personId, decides, decidesOwn: decides, keepsOwn: kept(row.expense) };
  };
}

/** `GET /expense/my`: the caller's own expenses in every organisation that keeps expenses. */
export async function myExpenses(ctx: AppContext, personId: string, query: ExpenseListQuery): Promise<ExpenseList> {
  const rows = await readExpenses(ctx.db, and(eq(expenses.personId, personId), filtersOf(query)));
  const licensed = await licensedOrgIds(ctx, [...new Set(rows.map((row) => row.expense.orgId))]);
  const kept = rows.filter((row) => licensed.has(row.expense.orgId));
  return listOf(ctx, kept, await ownCallers(ctx.db, personId, kept));
}

/**
 * `GET /expense/project-manager`: the expenses of the missions the caller manages (project manager or owner) in
 * licensed organisations with invoicing on, beyond drafts, with the caller's own.
 */
export async function projectManagerExpenses(ctx: AppContext, personId: string, query: ExpenseListQuery): Promise<ExpenseList> {
  const managed = await ctx.db
    .select({ missionId: missionPeople.missionId })
    .from(missionPeople)
    .where(
      and(
        eq(missionPeople.personId, personId),
        eq(missionPeople.invitePending, false),
        sql`(${missionPeople.permission} = 2 or (${missionPeople.permission} = 1 and ${missionPeople.isProjectManager}))`,
        // as the board: not of an organisation I left, nor one requiring two-factor sign-in I lack (rule 109)
        sql.raw(missionShownTo('"mission_people"."mission_id"', '"mission_people"."person_id"')),
      ),
    );
  const missionIds = managed.map((row) => row.missionId);
  if (missionIds.length === 0) return { expenses: [], totals: { byCurrency: [], converted: [] } };
  const rows = await readExpenses(ctx.db, and(inArray(expenses.missionId, missionIds), seenBy(personId, true), filtersOf(query)));
  // rule 184: the board's Expenses tab leaves out organisations with invoicing disabled
  const licensed = await licensedOrgIds(ctx, [...new Set(rows.map((row) => row.expense.orgId))], { withInvoicing: true });
  return listOf(
    ctx,
    rows.filter((row) => licensed.has(row.expense.orgId)),
    await missionCallers(ctx.db, personId, true, rows),
  );
}

const refuseDayAhead = (ctx: AppContext, day: string | undefined) => {
  if (day !== undefined && !expenseDayAllowed(day, todayOf(ctx.clock))) throw dayAhead();
};

/**
 * A currency without minor units (YEN) takes whole amounts: those changed, and all of them when the currency changes
 * (an amount kept before this rule is not refused for a change of its description).
 */
function refuseFractions(row: ExpenseRow, patch: Partial<typeof expenses.$inferInsert>) {
  const next = { ...row, ...patch };
  const changed = patch.currency !== undefined && patch.currency !== row.currency ? next : patch;
  const field = fractionalExpenseField(changed, next.currency);
  if (field) throw atField(appError('expenseWholeUnits'), `payload.${field}`);
}

/** `POST …`: a new expense of the caller, a draft or submitted at once. */
export async function createExpense(ctx: AppContext, scope: ExpenseScope, input: ExpenseCreate): Promise<Expense> {
  const { payload } = input;
  // spec 2 §1: people who belong to organisations submit expenses, and a team member from outside where they keep time
  if (!scope.keepsOwn) throw notAllowed();
  refuseDayAhead(ctx, payload.date);
  const status = payload.status ?? 'draft';
  let event: ExpenseEvent | null = null;
  const id = await commit(ctx, scope, async (tx, record) => {
    const [row] = await tx
      .insert(expenses)
      .values({
        orgId: scope.org.id,
        missionId: scope.missionId,
        personId: scope.personId,
        amountMinor: toMinorUnits(payload.amount),
        tipMinor: toMinorUnits(payload.tip ?? 0),
        tax1Minor: toMinorUnits(payload.tax1 ?? 0),
        tax2Minor: toMinorUnits(payload.tax2 ?? 0),
        currency: payload.currency,
        day: payload.date,
        category: payload.category ?? '',
        description: payload.description ?? '',
        status,
        submittedAt: status === 'submitted' ? ctx.clock.now() : null,
      })
      .returning();
    record('create', row!.id, titleOf(row!), diffFields({}, summary(row!)));
    event = eventOf(row!, scope, status, null);
    return row!.id;
  });
  await announce(ctx, event);
  return presentOne(ctx, scope, id);
}

/** `PUT …/expense/:id`: the owner changes their draft or rejected expense. */
export async function updateExpense(ctx: AppContext, scope: ExpenseScope, id: string, input: ExpenseUpdate): Promise<Expense> {
  const { payload } = input;
  refuseDayAhead(ctx, payload.date);
  await commit(ctx, scope, async (tx, record) => {
    const row = await editableExpense(tx, scope, id);
    const patch: Partial<typeof expenses.$inferInsert> = {};
    if (payload.amount !== undefined) patch.amountMinor = toMinorUnits(payload.amount);
    if (payload.tip !== undefined) patch.tipMinor = toMinorUnits(payload.tip);
    if (payload.tax1 !== undefined) patch.tax1Minor = toMinorUnits(payload.tax1);
    if (payload.tax2 !== undefined) patch.tax2Minor = toMinorUnits(payload.tax2);
    if (payload.currency !== undefined) patch.currency = payload.currency;
    if (payload.date !== undefined) patch.day = payload.date;
    if (payload.category !== undefined) patch.category = payload.category;
    if (payload.description !== undefined) patch.description = payload.description;
    refuseFractions(row, patch);
    const [updated] = await tx.update(expenses).set(patch).where(eq(expenses.id, row.id)).returning();
    record('update', row.id, titleOf(updated!), diffFields(summary(row), summary(updated!)));
  });
  return presentOne(ctx, scope, id);
}

/** `DELETE …/expense/:id`: the owner deletes their draft or rejected expense with its receipts. */
export async function deleteExpense(ctx: AppContext, store: FileStore, scope: ExpenseScope, id: string): Promise<{ deleted: string[] }> {
  let event: ExpenseEvent | null = null;
  const keys = await commit(ctx, scope, async (tx, record) => {
    const row = await editableExpense(tx, scope, id);
    const files = await tx
      .select({ key: expenseAttachments.storageKey })
      .from(expenseAttachments)
      .where(eq(expenseAttachments.expenseId, row.id));
    await tx.delete(expenses).where(eq(expenses.id, row.id));
    record('delete', row.id, titleOf(row), { status: { from: row.status, to: 'deleted' } });
    event = eventOf(row, scope, 'deleted', row.status);
    return files.map((file) => file.key);
  });
  await Promise.all(keys.map((key) => store.delete(key).catch(() => undefined)));
  await announce(ctx, event);
  return { deleted: [id] };
}

/**
 * `PUT …/status`: the owner submits (or recalls) their expense; who decides approves or rejects a submitted one (a
 * rejection says why) and marks an approved one paid. Approving a mission's expense keeps its total converted into the
 * mission's currency at the rate of its day (422 without a rate), which is what it adds to the mission's cost.
 */
export async function changeStatus(ctx: AppContext, scope: ExpenseScope, id: string, input: ExpenseStatusBody): Promise<Expense> {
  const { status: to, reason } = input.payload;
  let event: ExpenseEvent | null = null;
  await commit(ctx, scope, async (tx, record) => {
    const row = await visibleExpense(tx, scope, id, true);
    // the owner's moves are theirs only while they keep expenses here (`keepsOwn`); a decider's stay
    const actors = expenseActors({ ownerId: row.personId }, await callerOf(tx, scope));
    if (row.status === to) {
      if (!canSetExpenseStatus(actors, to)) throw notAllowed();
      return;
    }
    if (!canMoveExpense(actors, row.status, to)) throw isExpenseMove(row.status, to) ? notAllowed() : badTransition();
    if (to === 'rejected' && !expenseReasonLongEnough(reason)) throw reasonNeeded();
    const now = ctx.clock.now();
    const patch: Partial<typeof expenses.$inferInsert> = { status: to };
    if (to === 'submitted') Object.assign(patch, { submittedAt: now, rejectionReason: null });
    if (to === 'draft') patch.submittedAt = null;
    const decided = to === 'approved' || to === 'rejected';
    // paid keeps who approved it; back to draft or submitted, the earlier decision no longer stands
    if (to !== 'paid') Object.assign(patch, { decidedAt: decided ? now : null, decidedBy: decided ? scope.personId : null });
    if (to === 'rejected') patch.rejectionReason = reason ?? null;
    if (to === 'approved' && scope.missionCurrency) {
      // kept in the mission's currency: to its smallest amount (a whole yen)
      const [cost] = await convertAmounts(
        { db: tx, clock: ctx.clock },
        scope.missionCurrency,
        [{ amountMinor: expenseTotalMinor(row), from: row.currency, day: row.day }],
        'currency',
      );
      Object.assign(patch, { costMinor: cost, costCurrency: scope.missionCurrency });
    }
    const [updated] = await tx.update(expenses).set(patch).where(eq(expenses.id, row.id)).returning();
    const changes = diffFields(summary(row), summary(updated!));
    if (patch.rejectionReason) changes.rejectionReason = { from: row.rejectionReason, to: patch.rejectionReason };
    record('update', row.id, titleOf(row), changes);
    event = eventOf(updated!, scope, to, row.status);
  });
  await announce(ctx, event);
  return presentOne(ctx, scope, id);
}

/**
 * `POST …/attachment`: receipts of the owner's draft or rejected expense. Each must be a photo or a PDF by its bytes
 * (415 otherwise); the blobs are stored first and removed again when anything fails, so nothing is half kept.
 */
export async function attachReceipts(
  ctx: AppContext,
  store: FileStore,
  scope: ExpenseScope,
  id: string,
  received: ReceivedFile[],
): Promise<Expense> {
  const stored: string[] = [];
  try {
    if (received.some((file) => !isReceiptType(file.mimetype))) throw receiptType();
    // refused before any byte is stored when the expense cannot take receipts
    await ctx.db.transaction((tx) => editableExpense(tx, scope, id));
    const rows: (ReceivedFile & { key: string })[] = [];
    for (const file of received) {
      const key = `receipts/${newId()}`;
      await storeTemp(store, key, file);
      stored.push(key);
      rows.push({ ...file, key });
    }
    await commit(ctx, scope, async (tx, record) => {
      const row = await editableExpense(tx, scope, id);
      await tx.insert(expenseAttachments).values(
        rows.map((file, index) => ({
          createdAt: new Date(ctx.clock.now().getTime() + index),
          expenseId: row.id,
          orgId: row.orgId,
          name: file.name,
          size: file.size,
          mimetype: file.mimetype,
          storageKey: file.key,
          createdBy: scope.personId,
        })),
      );
      record('update', row.id, titleOf(row), { receipts: { from: null, to: rows.map((file) => file.name) } });
    });
  } catch (error) {
    await Promise.all(stored.map((key) => store.delete(key).catch(() => undefined)));
    throw error;
  } finally {
    await discard(received);
  }
  return presentOne(ctx, scope, id);
}

/** `DELETE …/attachment/:attachmentId`: the owner removes a receipt of their draft or rejected expense. */
export async function removeReceipt(ctx: AppContext, store: FileStore, scope: ExpenseScope, id: string, attachmentId: string) {
  const key = await commit(ctx, scope, async (tx, record) => {
    const row = await editableExpense(tx, scope, id);
    const [file] = await tx
      .delete(expenseAttachments)
      .where(and(eq(expenseAttachments.id, attachmentId), eq(expenseAttachments.expenseId, row.id)))
      .returning();
    if (!file) throw attachmentNotFound();
    record('update', row.id, titleOf(row), { receipts: { from: file.name, to: null } });
    return file.storageKey;
  });
  await store.delete(key).catch(() => undefined);
  return presentOne(ctx, scope, id);
}

/** A receipt's row and bytes, for whoever sees its expense. */
export async function receiptBytes(ctx: AppContext, store: FileStore, scope: ExpenseScope, id: string, attachmentId: string) {
  const row = await visibleExpense(ctx.db, scope, id);
  const [file] = await ctx.db
    .select()
    .from(expenseAttachments)
    .where(and(eq(expenseAttachments.id, attachmentId), eq(expenseAttachments.expenseId, row.id)));
  if (!file) throw attachmentNotFound();
  const bytes = await store.get(file.storageKey);
  if (!bytes) throw attachmentNotFound();
  return { file, bytes };
}
