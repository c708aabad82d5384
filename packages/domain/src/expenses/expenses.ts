import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { currencySchema, dateSchema, moneySchema, textSchema, toMinorUnits } from '../shared/inputs.ts';
import { EXPENSE_STATUSES, fractionalExpenseField } from './rules.ts';

/** The module's own texts (the spec shows none for expenses beyond the licence message). */
export const EXPENSE_MESSAGES = {
  needsUnlimited: 'Requires an organization with an Unlimited subscription. Start a free trial to test it out',
  notFound: 'Sorry that expense was not found. It may have been deleted.',
  locked: 'Only a draft or rejected expense can be changed or deleted.',
  notAllowed: 'Sorry but you are not allowed to do this with this expense.',
  transition: 'This expense cannot move to that status.',
  reasonNeeded: 'Please give a reason of at least 5 characters',
  attachmentNotFound: 'Sorry that receipt was not found. It may have been deleted.',
  receiptType: 'A receipt must be an image or a PDF.',
  positive: 'Must be more than 0',
  notInOrg: 'This mission is not in this organization',
  dayAhead: 'The date of an expense cannot be in the future.',
  wholeUnits: 'This currency has no cents: please enter a whole amount.',
} as const;

export const expenseStatusSchema = z.enum(EXPENSE_STATUSES);

/**
 * Amount of money as people type it (at most 2 decimals, never negative), kept as integer minor units: at least one
 * cent once kept (1e-9 is more than 0 but keeps as 0).
 */
const positiveMoney = moneySchema.refine((value) => toMinorUnits(value) > 0, EXPENSE_MESSAGES.positive);

/** The fields of an expense a person writes. */
export const expenseFieldsSchema = z.object({
  amount: positiveMoney,
  tip: moneySchema.optional(),
  tax1: moneySchema.optional(),
  tax2: moneySchema.optional(),
  currency: currencySchema,
  date: dateSchema,
  category: textSchema(80).optional(),
  description: textSchema(2000).optional(),
});
export type ExpenseFields = z.infer<typeof expenseFieldsSchema>;

/** `POST /expense/org/:orgId` and `POST /expense/mission/:id`: a new draft, or submitted at once (`status`). */
export const expenseCreateSchema = z.object({
  payload: expenseFieldsSchema.extend({ status: z.enum(['draft', 'submitted']).optional() }).superRefine((payload, context) => {
    const minor = (value: number | undefined) => toMinorUnits(value ?? 0);
    const { amount, tip, tax1, tax2, currency } = payload;
    const amounts = { amountMinor: minor(amount), tipMinor: minor(tip), tax1Minor: minor(tax1), tax2Minor: minor(tax2) };
    const field = fractionalExpenseField(amounts, currency);
    if (field) context.addIssue({ code: 'custom', path: [field], message: EXPENSE_MESSAGES.wholeUnits });
  }),
});
export type ExpenseCreate = z.infer<typeof expenseCreateSchema>;

/** `PUT …/expense/:id`: the fields to change of the owner's draft or rejected expense. */
export const expenseUpdateSchema = z.object({
  payload: expenseFieldsSchema.partial().refine((value) => Object.keys(value).length > 0, 'Nothing to change'),
});
export type ExpenseUpdate = z.infer<typeof expenseUpdateSchema>;

/** `PUT …/status`: the new status of one expense, a rejection with its reason. */
export const expenseStatusBodySchema = z.object({
  payload: z.object({ status: expenseStatusSchema, reason: textSchema(1000).optional() }),
});
export type ExpenseStatusBody = z.infer<typeof expenseStatusBodySchema>;

export const expenseAttachmentSchema = z.object({
  _id: idSchema,
  name: z.string(),
  size: z.number().int(),
  mimetype: z.string(),
  /** Where the bytes are read (signed in, with the bearer token). */
  url: z.string(),
});
export type ExpenseAttachment = z.infer<typeof expenseAttachmentSchema>;

export const expenseSchema = z.object({
  _id: idSchema,
  org: idSchema,
  orgName: z.string(),
  /** The mission of a mission expense; null for the organisation's own. */
  mission: idSchema.nullable(),
  missionTitle: z.string().nullable(),
  person: z.object({ _id: idSchema, name: z.string() }),
  amount: z.number(),
  tip: z.number(),
  tax1: z.number(),
  tax2: z.number(),
  /** amount + tip + tax1 + tax2 */
  total: z.number(),
  currency: z.string(),
  date: z.string(),
  category: z.string(),
  description: z.string(),
  status: expenseStatusSchema,
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** What the approved expense adds to the mission's cost, in the mission's currency (null until approved). */
  cost: z.object({ amount: z.number(), currency: z.string() }).nullable(),
  attachments: z.array(expenseAttachmentSchema),
  abilities: z.object({ update: z.boolean(), delete: z.boolean(), submit: z.boolean(), decide: z.boolean(), pay: z.boolean() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;

/** Totals of a list: per currency, and converted into each organisation's currency (null when a rate is missing). */
export const expenseTotalsSchema = z.object({
  byCurrency: z.array(z.object({ currency: z.string(), amount: z.number() })),
  converted: z.array(
    z.object({
      org: idSchema,
      orgName: z.string(),
      currency: z.string(),
      amount: z.number().nullable(),
      missingRate: z.string().nullable(),
    }),
  ),
});
export type ExpenseTotals = z.infer<typeof expenseTotalsSchema>;

export const expenseListSchema = z.object({ expenses: z.array(expenseSchema), totals: expenseTotalsSchema });
export type ExpenseList = z.infer<typeof expenseListSchema>;

/** Filters of the lists: status, mission, days from and to (both included). */
export const expenseListQuerySchema = z.object({
  status: expenseStatusSchema.optional(),
  mission: idSchema.optional(),
  from: dateSchema.optional(),
  to: dateSchema.optional(),
});
export type ExpenseListQuery = z.infer<typeof expenseListQuerySchema>;

export const expenseDeletedSchema = z.object({ deleted: z.array(idSchema) });
