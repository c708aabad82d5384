import { expensesCsv } from '@crewplan/domain/expenses/rules';
import { toNumber } from '@crewplan/domain/shared/numbers';
import type { Expense, ExpenseStatus } from './api.ts';

export { moneyText } from '../../lib/money-text.ts';

export const STATUS_LABELS: Record<ExpenseStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
};

export const STATUS_COLORS: Record<ExpenseStatus, string> = {
  draft: 'gray',
  submitted: 'blue',
  approved: 'green',
  rejected: 'red',
  paid: 'teal',
};

/** Where an expense belongs, as a list names it: its mission, else its organisation. */
export const scopeOf = (expense: Expense) => expense.missionTitle ?? expense.orgName;

/** The CSV of the shown expenses, receipts named (issue item 5). */
export const csvOf = (expenses: readonly Expense[]) =>
  expensesCsv(
    expenses.map((e) => ({
      date: e.date,
      person: e.person.name,
      scope: scopeOf(e),
      category: e.category,
      description: e.description,
      status: STATUS_LABELS[e.status],
      currency: e.currency,
      amount: e.amount,
      tip: e.tip,
      tax1: e.tax1,
      tax2: e.tax2,
      total: e.total,
      receipts: e.attachments.map((a) => a.name),
    })),
  );

/** Saves text as a file in the browser. */
export const downloadText = (text: string, name: string, type = 'text/csv;charset=utf-8') => downloadBlob(new Blob([text], { type }), name);

/** Saves bytes as a file in the browser. */
export function downloadBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Today in the browser's zone, 'YYYY-MM-DD'. */
export function localDay(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Files pasted onto the page (a photo copied from the phone or a screenshot). */
export const pastedFiles = (data: DataTransfer | null): File[] =>
  data ? [...data.items].filter((item) => item.kind === 'file').flatMap((item) => (item.getAsFile() ? [item.getAsFile()!] : [])) : [];

/** The amounts of an expense as its form holds them (text, as typed). */
export type ExpenseAmountTexts = { amount: string; tip: string; tax1: string; tax2: string };

/**
 * The amounts an expense form sends (spec 2 §3: amount, tip, tax1, tax2): commas are thousands separators (1,250.75
 * is 1250.75) and a tip or tax left empty is 0.
 */
export const expenseAmountsOf = (texts: ExpenseAmountTexts) => ({
  amount: toNumber(texts.amount),
  tip: toNumber(texts.tip),
  tax1: toNumber(texts.tax1),
  tax2: toNumber(texts.tax2),
});

/** The text a form starts from for an amount of an expense: empty for none. */
export const amountText = (amount: number | undefined) => (amount ? String(amount) : '');
