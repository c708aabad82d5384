import { addIsoDays } from '../missions/dates.ts';
import { CURRENCY_CODES, currencyStepMinor } from '../money/currencies.ts';

/**
 * Expenses (spec 2 §§3–4, rules 182–186): a person's spending, kept in integer minor units with its currency, in
 * the scope of a mission or of an organisation. The status moves only along the transitions below.
 */

/** Rule 186 leaves the full list open: draft and submitted are seen, approved and paid count toward cost. */
export const EXPENSE_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'paid'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

/** Who acts on an expense: the person it belongs to, or who decides it (mission admins, organisation admins/managers). */
export type ExpenseActor = 'owner' | 'decider';

/**
 * The only status moves: the owner submits a draft or a rejected expense and recalls a submitted one; a decider
 * approves or rejects a submitted one and marks an approved one paid. A paid expense is final.
 */
export const EXPENSE_TRANSITIONS: Readonly<Record<ExpenseActor, readonly (readonly [ExpenseStatus, ExpenseStatus])[]>> = {
  owner: [
    ['draft', 'submitted'],
    ['rejected', 'submitted'],
    ['submitted', 'draft'],
  ],
  decider: [
    ['submitted', 'approved'],
    ['submitted', 'rejected'],
    ['approved', 'paid'],
  ],
};

/**
 * Who looks at an expense: whether they decide the scope's expenses, and their own too (`decidesOwn`); whether they
 * still keep their own there (`keepsOwn`, true unless said: false for a team member from outside who no longer keeps
 * weeks on the mission, or one who left the organisation; they still see what they filed).
 */
export type ExpenseCaller = { personId: string; decides: boolean; decidesOwn?: boolean; keepsOwn?: boolean };

/**
 * Who the caller is to an expense: its owner, or one who decides it. Nobody decides their own expense (as approvers
 * never review their own leave, rule 211): another who decides approves, rejects or pays it. Where nobody else
 * decides (`decidesOwn`: a one-person organisation's owner), the owner decides theirs, or it could never count. An
 * owner who no longer keeps their own there (`keepsOwn` false) is not its owner to act; a decider's part stays.
 */
export function expenseActors(expense: { ownerId: string }, caller: ExpenseCaller): ExpenseActor[] {
  if (expense.ownerId !== caller.personId) return caller.decides ? ['decider'] : [];
  const owner: ExpenseActor[] = caller.keepsOwn === false ? [] : ['owner'];
  return caller.decides && caller.decidesOwn ? [...owner, 'decider'] : owner;
}

/** Whether one of `actors` may move an expense from `from` to `to`. */
export function canMoveExpense(actors: readonly ExpenseActor[], from: ExpenseStatus, to: ExpenseStatus): boolean {
  return actors.some((actor) => EXPENSE_TRANSITIONS[actor].some(([a, b]) => a === from && b === to));
}

/** Whether one of `actors` may put an expense into `status` at all: asking again for the status it has is theirs only. */
export const canSetExpenseStatus = (actors: readonly ExpenseActor[], status: ExpenseStatus) =>
  actors.some((actor) => EXPENSE_TRANSITIONS[actor].some(([, to]) => to === status));

/** Whether the status exists in the machine at all as a move from `from` (for anybody): tells 409 from 403. */
export const isExpenseMove = (from: ExpenseStatus, to: ExpenseStatus) => canMoveExpense(['owner', 'decider'], from, to);

/** Only a draft or a rejected expense can be changed or deleted, and only by its owner. */
export const expenseEditable = (status: ExpenseStatus) => status === 'draft' || status === 'rejected';

/** Rule 182: an expense counts toward cost only when approved or paid. */
export const expenseCounts = (status: ExpenseStatus) => status === 'approved' || status === 'paid';

/**
 * An expense is money already spent: its day is at most tomorrow of the server's today (a person ahead of UTC is
 * already there), never years ahead.
 */
export const expenseDayAllowed = (day: string, today: string) => day <= addIsoDays(today, 1);

/** A rejection says why (at least 5 characters, like timesheets and role requests). */
export const EXPENSE_REASON_MIN = 5;

/** Whether a rejection's reason is long enough: 5 characters once trimmed, an emoji counting as one. */
export const expenseReasonLongEnough = (reason: string | null | undefined) => [...(reason ?? '').trim()].length >= EXPENSE_REASON_MIN;

/** The amounts of an expense, in minor units. */
export type ExpenseAmounts = { amountMinor: number; tipMinor: number; tax1Minor: number; tax2Minor: number };

/** The amounts of an expense by their names in a request. */
export const EXPENSE_AMOUNT_FIELDS = { amount: 'amountMinor', tip: 'tipMinor', tax1: 'tax1Minor', tax2: 'tax2Minor' } as const;

/**
 * The first of the given amounts (minor units) with a fraction a currency without minor units (YEN) cannot have: such
 * an amount was never paid. Null when they are all whole, or the currency has minor units.
 */
export function fractionalExpenseField(amounts: Partial<ExpenseAmounts>, currency: string): keyof typeof EXPENSE_AMOUNT_FIELDS | null {
  const step = currencyStepMinor(currency);
  if (step === 1) return null;
  const fields = Object.keys(EXPENSE_AMOUNT_FIELDS) as (keyof typeof EXPENSE_AMOUNT_FIELDS)[];
  return fields.find((field) => (amounts[EXPENSE_AMOUNT_FIELDS[field]] ?? 0) % step !== 0) ?? null;
}

/** What an expense costs: its amount with tip and both taxes. */
export const expenseTotalMinor = (e: ExpenseAmounts) => e.amountMinor + e.tipMinor + e.tax1Minor + e.tax2Minor;

/** Totals per currency of the given expenses, in the product's currency order (rule 192). */
export function totalsByCurrency(expenses: readonly (ExpenseAmounts & { currency: string })[]): { currency: string; totalMinor: number }[] {
  const sums = new Map<string, number>();
  for (const e of expenses) sums.set(e.currency, (sums.get(e.currency) ?? 0) + expenseTotalMinor(e));
  const order = (code: string) => {
    const index = CURRENCY_CODES.indexOf(code);
    return index < 0 ? Number.MAX_SAFE_INTEGER : index;
  };
  return [...sums]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([currency, totalMinor]) => ({ currency, totalMinor }));
}

/** Who sees an expense: its owner; its deciders once it left draft. */
export const expenseVisible = (expense: { ownerId: string; status: ExpenseStatus }, caller: { personId: string; decides: boolean }) =>
  expense.ownerId === caller.personId || (caller.decides && expense.status !== 'draft');

/** What the caller may do with an expense, as its answer carries them (`abilities`). */
export function expenseAbilities(expense: { ownerId: string; status: ExpenseStatus }, caller: ExpenseCaller) {
  const actors = expenseActors(expense, caller);
  const owner = actors.includes('owner');
  return {
    update: owner && expenseEditable(expense.status),
    delete: owner && expenseEditable(expense.status),
    submit: canMoveExpense(actors, expense.status, 'submitted'),
    decide: canMoveExpense(actors, expense.status, 'approved'),
    pay: canMoveExpense(actors, expense.status, 'paid'),
  };
}

/** The CSV of the shown expenses: one line per expense, its receipts named in the last column. */
export function expensesCsv(
  rows: readonly {
    date: string;
    person: string;
    scope: string;
    category: string;
    description: string;
    status: string;
    currency: string;
    amount: number;
    tip: number;
    tax1: number;
    tax2: number;
    total: number;
    receipts: readonly string[];
  }[],
): string {
  const cell = (value: string | number) => {
    const text = typeof value === 'number' ? value.toFixed(2) : value;
    // a cell a spreadsheet would run as a formula is kept as text
    const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const header = [
    'Date',
    'Person',
    'Mission or organization',
    'Category',
    'Description',
    'Status',
    'Currency',
    'Amount',
    'Tip',
    'Tax 1',
    'Tax 2',
    'Total',
    'Receipts',
  ];
  const lines = rows.map((r) =>
    [
      r.date,
      r.person,
      r.scope,
      r.category,
      r.description,
      r.status,
      r.currency,
      r.amount,
      r.tip,
      r.tax1,
      r.tax2,
      r.total,
      r.receipts.join('; '),
    ]
      .map(cell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
