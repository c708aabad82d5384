import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ExpenseListQuery } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { expenseAttachments, expenses, missions, orgs, people } from '../../db/schema/index.ts';

export type ExpenseRow = typeof expenses.$inferSelect;
export type AttachmentRow = typeof expenseAttachments.$inferSelect;

/** An expense with what its answer names: the organisation, the mission, the person, the receipts. */
export type ExpenseWithContext = {
  expense: ExpenseRow;
  orgName: string;
  orgCurrency: string;
  missionTitle: string | null;
  personName: string;
  attachments: AttachmentRow[];
};

const personName = sql<string>`trim(coalesce(${people.firstName}, '') || ' ' || coalesce(${people.lastName}, ''))`;

/** Reads expenses matching `where` with their context, newest day first; receipts in one more query. */
export async function readExpenses(db: Db | Tx, where: SQL | undefined): Promise<ExpenseWithContext[]> {
  const rows = await db
    .select({
      expense: expenses,
      orgName: orgs.title,
      orgCurrency: orgs.currency,
      missionTitle: missions.title,
      personName,
      email: people.email,
    })
    .from(expenses)
    .innerJoin(orgs, eq(orgs.id, expenses.orgId))
    .innerJoin(people, eq(people.id, expenses.personId))
    .leftJoin(missions, eq(missions.id, expenses.missionId))
    .where(and(where, sql`${orgs.deletedAt} is null`, or(isNull(expenses.missionId), sql`${missions.archivedAt} is null`)))
    .orderBy(desc(expenses.day), desc(expenses.createdAt));
  const ids = rows.map((row) => row.expense.id);
  const files = ids.length
    ? await db
        .select()
        .from(expenseAttachments)
        .where(inArray(expenseAttachments.expenseId, ids))
        .orderBy(asc(expenseAttachments.createdAt))
    : [];
  return rows.map((row) => ({
    expense: row.expense,
    orgName: row.orgName,
    orgCurrency: row.orgCurrency,
    missionTitle: row.missionTitle,
    personName: row.personName || row.email || '',
    attachments: files.filter((file) => file.expenseId === row.expense.id),
  }));
}

/** The list filters as SQL (status, mission, days from and to). */
export function filtersOf(query: ExpenseListQuery): SQL | undefined {
  return and(
    query.status ? eq(expenses.status, query.status) : undefined,
    query.mission ? eq(expenses.missionId, query.mission) : undefined,
    query.from ? gte(expenses.day, query.from) : undefined,
    query.to ? lte(expenses.day, query.to) : undefined,
  );
}

/**
 * What a caller sees of a scope: their own expenses, and when they decide in it everybody's that left draft.
 */
export const seenBy = (personId: string, decides: boolean): SQL | undefined =>
  decides ? or(eq(expenses.personId, personId), ne(expenses.status, 'draft')) : eq(expenses.personId, personId);

/** One expense of the scope (a mission's, or the organisation's own), locked for a write when `lock`. */
export async function findExpense(
  tx: Db | Tx,
  id: string,
  scope: { orgId: string; missionId: string | null },
  lock = false,
): Promise<ExpenseRow | null> {
  const query = tx
    .select()
    .from(expenses)
    .where(
      and(
        eq(expenses.id, id),
        eq(expenses.orgId, scope.orgId),
        scope.missionId ? eq(expenses.missionId, scope.missionId) : isNull(expenses.missionId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

type DeciderScope = { orgId: string; missionId: string | null; personId: string };

/**
 * Whether the scope's expenses are decided by `personId` itself, or by someone else: for a mission, its project
 * managers or owners who took the invite, and the admins of its organisation; for the organisation's own, its current
 * admins and managers.
 */
async function decides(db: Db | Tx, scope: DeciderScope, who: 'the person' | 'another'): Promise<boolean> {
  const person = who === 'the person' ? sql`= ${scope.personId}` : sql`<> ${scope.personId}`;
  const orgDeciders = (levels: string[]) => sql`select 1 from org_people op
    where op.org_id = ${scope.orgId} and op.person_id ${person} and op.level = any(${sql.param(levels)}::varchar[])
      and (op.end_date is null or op.end_date > current_date)`;
  const query = scope.missionId
    ? sql`select exists (select 1 from mission_people mp
          where mp.mission_id = ${scope.missionId} and mp.person_id ${person} and not mp.invite_pending
            and (mp.permission = 2 or (mp.permission = 1 and mp.is_project_manager)))
        or exists (${orgDeciders(['ADMIN'])}) as found`
    : sql`select exists (${orgDeciders(['ADMIN', 'MANAGER'])}) as found`;
  const { rows } = await db.execute<{ found: boolean }>(query);
  return rows[0]!.found;
}

/** Whether someone besides `personId` decides the scope's expenses. */
export const anotherDecides = (db: Db | Tx, scope: DeciderScope) => decides(db, scope, 'another');

/** Whether `personId` decides the scope's expenses. */
export const decidesIn = (db: Db | Tx, scope: DeciderScope) => decides(db, scope, 'the person');
