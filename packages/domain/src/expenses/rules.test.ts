import { describe, expect, it } from 'vitest';
import {
  expenseReasonLongEnough,
  canMoveExpense,
  EXPENSE_STATUSES,
  expenseAbilities,
  expenseActors,
  expenseDayAllowed,
  expenseCounts,
  expenseEditable,
  expensesCsv,
  expenseTotalMinor,
  expenseVisible,
  fractionalExpenseField,
  isExpenseMove,
  totalsByCurrency,
  type ExpenseActor,
  type ExpenseStatus,
} from './rules.ts';
import { expensesTabShown } from './tab.ts';
import { decidesMissionExpenses, decidesOrgExpenses } from './policy.ts';
import { expenseCreateSchema, expenseStatusBodySchema } from './expenses.ts';

describe('the status machine', () => {
  // every pair of statuses, for each actor: the table is the whole machine
  const allowed: Record<ExpenseActor, string[]> = {
    owner: ['draft→submitted', 'rejected→submitted', 'submitted→draft'],
    decider: ['submitted→approved', 'submitted→rejected', 'approved→paid'],
  };
  const pairs = EXPENSE_STATUSES.flatMap((from) => EXPENSE_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const));
  it.each(pairs.flatMap(([from, to]) => (['owner', 'decider'] as const).map((actor) => [actor, from, to] as const)))(
    '%s: %s → %s',
    (actor, from, to) => {
      expect(canMoveExpense([actor], from, to)).toBe(allowed[actor].includes(`${from}→${to}`));
    },
  );

  it.each([
    ['draft', 'paid', false],
    ['draft', 'approved', false],
    ['paid', 'approved', false],
    ['paid', 'rejected', false],
    ['submitted', 'paid', false],
    ['rejected', 'approved', false],
    ['submitted', 'approved', true],
  ] as const)('%s → %s is a move of the machine: %s', (from, to, move) => {
    expect(isExpenseMove(from, to)).toBe(move);
  });

  it('a paid expense is final for everybody', () => {
    for (const to of EXPENSE_STATUSES) expect(canMoveExpense(['owner', 'decider'], 'paid', to)).toBe(false);
  });

  it.each([
    ['draft', true, false],
    ['submitted', false, false],
    ['approved', false, true],
    ['rejected', true, false],
    ['paid', false, true],
  ] as const)('%s: editable %s, counts toward cost %s (rule 182)', (status, editable, counts) => {
    expect(expenseEditable(status)).toBe(editable);
    expect(expenseCounts(status)).toBe(counts);
  });
});

describe('totals', () => {
  const e = (currency: string, amountMinor: number, tipMinor = 0, tax1Minor = 0, tax2Minor = 0) => ({
    currency,
    amountMinor,
    tipMinor,
    tax1Minor,
    tax2Minor,
  });

  it.each([
    [e('EUR', 1000), 1000],
    [e('EUR', 1000, 150), 1150],
    [e('EUR', 1000, 150, 190, 7), 1347],
    [e('USD', 1, 0, 0, 1), 2],
  ])('total of %o is %i', (expense, total) => {
    expect(expenseTotalMinor(expense)).toBe(total);
  });

  it('sums exactly per currency in the product order (USD, EUR, … then the rest)', () => {
    const list = [e('GBP', 10), e('EUR', 10, 1), e('USD', 1), e('CHF', 5), e('EUR', 20), e('USD', 2, 0, 1)];
    expect(totalsByCurrency(list)).toEqual([
      { currency: 'USD', totalMinor: 4 },
      { currency: 'EUR', totalMinor: 31 },
      { currency: 'GBP', totalMinor: 10 },
      { currency: 'CHF', totalMinor: 5 },
    ]);
    expect(totalsByCurrency([])).toEqual([]);
  });

  it('adds 0.1 and 0.2 exactly (integer minor units)', () => {
    expect(totalsByCurrency([e('EUR', 10), e('EUR', 20)])).toEqual([{ currency: 'EUR', totalMinor: 30 }]);
  });
});

describe('who sees and does what', () => {
  const mine = (status: ExpenseStatus) => ({ ownerId: 'me', status });
  const theirs = (status: ExpenseStatus) => ({ ownerId: 'other', status });
  it.each([
    [mine('draft'), false, true],
    [theirs('draft'), false, false],
    [theirs('submitted'), false, false],
    [theirs('draft'), true, false],
    [theirs('submitted'), true, true],
    [theirs('paid'), true, true],
  ] as const)('%o seen by a decider %s: %s', (expense, decides, seen) => {
    expect(expenseVisible(expense, { personId: 'me', decides })).toBe(seen);
  });

  it('abilities follow the owner, the status and the decider', () => {
    expect(expenseAbilities(mine('draft'), { personId: 'me', decides: false })).toEqual({
      update: true,
      delete: true,
      submit: true,
      decide: false,
      pay: false,
    });
    expect(expenseAbilities(theirs('submitted'), { personId: 'me', decides: true })).toEqual({
      update: false,
      delete: false,
      submit: false,
      decide: true,
      pay: false,
    });
    expect(expenseAbilities(theirs('approved'), { personId: 'me', decides: true }).pay).toBe(true);
    expect(expenseAbilities(mine('submitted'), { personId: 'me', decides: false }).update).toBe(false);
    expect(expenseAbilities(mine('rejected'), { personId: 'me', decides: false }).update).toBe(true);
  });

  it.each([
    // whose, decides → who the caller is to it: nobody decides their own expense
    ['mine', false, ['owner']],
    ['mine', true, ['owner']],
    ['theirs', true, ['decider']],
    ['theirs', false, []],
  ] as const)('%s, deciding %s → %j', (whose, decides, actors) => {
    expect(expenseActors({ ownerId: whose === 'mine' ? 'me' : 'them' }, { personId: 'me', decides })).toEqual(actors);
  });

  it.each([
    // whose, decides, nobody else decides → who the caller is to it: the sole decider decides their own too
    ['mine', true, true, ['owner', 'decider']],
    ['mine', false, true, ['owner']],
    ['theirs', true, true, ['decider']],
    ['mine', true, false, ['owner']],
  ] as const)('%s, deciding %s, alone in deciding %s → %j', (whose, decides, decidesOwn, actors) => {
    expect(expenseActors({ ownerId: whose === 'mine' ? 'me' : 'them' }, { personId: 'me', decides, decidesOwn })).toEqual(actors);
  });

  it('an owner who no longer keeps their own there may neither change, delete nor submit it; a sole decider still decides', () => {
    const gone = { personId: 'me', decides: false, keepsOwn: false };
    for (const status of ['draft', 'rejected', 'submitted'] as const)
      expect(expenseAbilities(mine(status), gone)).toEqual({ update: false, delete: false, submit: false, decide: false, pay: false });
    expect(expenseActors({ ownerId: 'me' }, gone)).toEqual([]);
    expect(expenseActors({ ownerId: 'me' }, { ...gone, decides: true, decidesOwn: true })).toEqual(['decider']);
    expect(expenseActors({ ownerId: 'them' }, { ...gone, decides: true })).toEqual(['decider']);
    expect(expenseAbilities(mine('draft'), { ...gone, keepsOwn: true }).update).toBe(true);
  });

  it.each([
    // day, today → allowed: an expense is spent already, tomorrow at most (a person ahead of UTC)
    ['2026-03-18', '2026-03-18', true],
    ['2020-01-01', '2026-03-18', true],
    ['2026-03-19', '2026-03-18', true],
    ['2026-03-20', '2026-03-18', false],
    ['2027-01-01', '2026-12-31', true],
    ['2999-01-01', '2026-03-18', false],
  ] as const)('an expense on %s, today %s → %s', (day, today, allowed) => {
    expect(expenseDayAllowed(day, today)).toBe(allowed);
  });

  it('a decider neither approves, rejects nor pays their own expense', () => {
    expect(expenseAbilities(mine('submitted'), { personId: 'me', decides: true })).toMatchObject({ decide: false, submit: false });
    expect(expenseAbilities(mine('approved'), { personId: 'me', decides: true }).pay).toBe(false);
  });

  it.each([
    [{ permission: 1, isProjectManager: true }, 'MEMBER', true],
    [{ permission: 2, isProjectManager: false }, 'MEMBER', true],
    [{ permission: 1, isProjectManager: false }, 'MEMBER', false],
    [{ permission: 0, isProjectManager: false }, 'MEMBER', false],
    [null, 'ADMIN', true],
    [null, 'MANAGER', false],
  ] as const)('mission member %o at organisation level %s decides: %s', (member, orgLevel, decides) => {
    const actor = {
      personId: 'me',
      member: member ? { ...member, invitePending: false } : null,
      orgLevel,
      orgCanApproveRoles: false,
    };
    expect(decidesMissionExpenses(actor)).toBe(decides);
  });

  it.each([
    ['ADMIN', true],
    ['MANAGER', true],
    ['MEMBER', false],
    [null, false],
  ] as const)('organisation level %s decides the organisation’s expenses: %s', (level, decides) => {
    expect(decidesOrgExpenses(level)).toBe(decides);
  });
});

describe('input', () => {
  const base = { amount: 12.5, currency: 'EUR', date: '2026-03-02' };
  it.each([
    [{ ...base }, true],
    [{ ...base, amount: -1 }, false],
    [{ ...base, amount: 0 }, false],
    [{ ...base, amount: 1.005 }, false],
    [{ ...base, tip: -0.5 }, false],
    [{ ...base, currency: 'ABC' }, false],
    [{ ...base, currency: 'eur' }, false],
    [{ ...base, date: '2026-02-30' }, false],
    [{ ...base, tax1: 2.1, tax2: 0.4, category: 'Travel', description: 'Train' }, true],
    // a currency without minor units (YEN) takes whole amounts only
    [{ ...base, currency: 'YEN', amount: 1500 }, true],
    [{ ...base, currency: 'YEN', amount: 1500.5 }, false],
    [{ ...base, currency: 'YEN', amount: 1500, tip: 0.25 }, false],
    [{ ...base, currency: 'YEN', amount: 1500, tax2: 10 }, true],
  ])('%o valid: %s', (payload, valid) => {
    expect(expenseCreateSchema.safeParse({ payload }).success).toBe(valid);
  });

  it.each([
    [{ amountMinor: 150_000, tipMinor: 0, tax1Minor: 1_200, tax2Minor: 0 }, 'YEN', null],
    [{ amountMinor: 150_050 }, 'YEN', 'amount'],
    [{ tax1Minor: 1_250 }, 'YEN', 'tax1'],
    [{ amountMinor: 150_000, tipMinor: 5 }, 'YEN', 'tip'],
    [{ amountMinor: 150_050, tax2Minor: 1 }, 'EUR', null],
    [{}, 'YEN', null],
  ] as const)('amounts %o in %s: the first with a fraction of a whole-unit currency is %s', (amounts, currency, field) => {
    expect(fractionalExpenseField(amounts, currency)).toBe(field);
  });

  it('a status outside the list is refused', () => {
    expect(expenseStatusBodySchema.safeParse({ payload: { status: 'archived' } }).success).toBe(false);
    expect(expenseStatusBodySchema.safeParse({ payload: { status: 'paid' } }).success).toBe(true);
  });
});

describe('CSV export', () => {
  it('writes one line per expense with its receipts, quoting what needs it and defusing formulas', () => {
    const csv = expensesCsv([
      {
        date: '2026-03-02',
        person: 'Ada Lovelace',
        scope: 'Bridge, phase 1',
        category: 'Travel',
        description: '=HYPERLINK("x")',
        status: 'approved',
        currency: 'EUR',
        amount: 12.5,
        tip: 0,
        tax1: 1,
        tax2: 0,
        total: 13.5,
        receipts: ['ticket.png', 'invoice.pdf'],
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Date,Person,Mission or organization,Category,Description,Status,Currency,Amount,Tip,Tax 1,Tax 2,Total,Receipts',
      '2026-03-02,Ada Lovelace,"Bridge, phase 1",Travel,"\'=HYPERLINK(""x"")",approved,EUR,12.50,0.00,1.00,0.00,13.50,ticket.png; invoice.pdf',
      '',
    ]);
  });
});

describe('rule 184: the Expenses tab', () => {
  const org = (isLicensedActive: boolean, invoicingDisabled: boolean) => ({ isLicensedActive, invoicingDisabled });
  it.each([
    [[org(true, false)], true],
    [[org(true, true)], false],
    [[org(false, false)], false],
    [[org(true, true), org(true, false)], true],
    [[], false],
  ])('%o shows the tab: %s', (orgs, shown) => {
    expect(expensesTabShown(orgs)).toBe(shown);
  });
});

describe('a rejection reason', () => {
  it.each([
    ['Wrong', true],
    ['  no  ', false],
    ['😀😀😀', false],
    ['😀😀😀😀😀', true],
    ['', false],
    [null, false],
  ] as const)('%j is long enough: %s', (reason, ok) => {
    expect(expenseReasonLongEnough(reason)).toBe(ok);
  });
});
