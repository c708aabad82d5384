import { expenseAbilities, expenseTotalMinor, fromMinorUnits, type Expense, type ExpenseCaller } from '@crewplan/domain';
import type { ExpenseWithContext } from './expenses.queries.ts';

/** Where a receipt's bytes are read: through the route of the expense's scope. */
export function attachmentUrl(row: { orgId: string; missionId: string | null; id: string }, attachmentId: string): string {
  return row.missionId
    ? `/api/expense/mission/expense/${row.id}/attachment/${attachmentId}`
    : `/api/expense/org/${row.orgId}/expense/${row.id}/attachment/${attachmentId}`;
}

/** An expense as the API answers it, with what the caller may do with it. */
export function presentExpense(row: ExpenseWithContext, caller: ExpenseCaller): Expense {
  const e = row.expense;
  return {
    _id: e.id,
    org: e.orgId,
    orgName: row.orgName,
    mission: e.missionId,
    missionTitle: row.missionTitle,
    person: { _id: e.personId, name: row.personName },
    amount: fromMinorUnits(e.amountMinor),
    tip: fromMinorUnits(e.tipMinor),
    tax1: fromMinorUnits(e.tax1Minor),
    tax2: fromMinorUnits(e.tax2Minor),
    total: fromMinorUnits(expenseTotalMinor(e)),
    currency: e.currency,
    date: e.day,
    category: e.category,
    description: e.description,
    status: e.status,
    rejectionReason: e.rejectionReason,
    submittedAt: e.submittedAt?.toISOString() ?? null,
    decidedAt: e.decidedAt?.toISOString() ?? null,
    cost: e.costMinor !== null && e.costCurrency ? { amount: fromMinorUnits(e.costMinor), currency: e.costCurrency } : null,
    attachments: row.attachments.map((file) => ({
      _id: file.id,
      name: file.name,
      size: file.size,
      mimetype: file.mimetype,
      url: attachmentUrl(e, file.id),
    })),
    abilities: expenseAbilities({ ownerId: e.personId, status: e.status }, caller),
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
  };
}
