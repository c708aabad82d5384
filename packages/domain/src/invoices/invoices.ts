import { z } from 'zod';
import { emailSchema } from '../people/email.ts';
import { idSchema } from '../shared/ids.ts';
import { currencySchema, dateSchema, dateTimeSchema, moneySchema, queryIntSchema, textSchema } from '../shared/inputs.ts';
import { INVOICE_LINE_KINDS, INVOICE_STATUSES, QUANTITY_SCALE } from './invoice-rules.ts';

/** The texts of invoice failures and notices (the spec gives none: ours, kept in one place). */
export const INVOICE_MESSAGES = {
  notFound: "Sorry that invoice wasn't found.",
  numberBackwards: (floor: string) => `The invoice number must be at least ${floor}, the highest number of this client plus one.`,
  nextNumberBackwards: (floor: string) => `The next invoice number must be at least ${floor}, the highest number of this client plus one.`,
  notDraft: 'Only a draft invoice can be changed. Void it and issue a new one instead.',
  badStatus: (from: string, to: string) => `An invoice that is ${from} cannot become ${to}.`,
  alreadyInvoiced: 'Some of this time or these milestones are invoiced already.',
  notBillable: 'Some of these lines are no longer billable (not approved, not reached, or of another project).',
  noEmail: 'This client has no email address. Add one, or give the address to send to.',
  invoicingDisabled: 'Invoicing is disabled for this organisation.',
  notPdf: 'Please upload a PDF file.',
  nothingToPay: 'This invoice has nothing to pay: its total is zero.',
  tooLarge: 'An invoice line or total cannot be more than 1,000,000,000,000.',
  dueBeforeIssue: 'The due date is before the issue date.',
  missionOfOtherClient: 'This project belongs to another client: an invoice bills only projects of its own client.',
  sent: 'The invoice was sent.',
} as const;

/** Quantities: up to 4 decimals, never negative. */
export const quantitySchema = z
  .number()
  .min(0, 'The quantity cannot be negative')
  .max(1_000_000)
  .refine((value) => Math.abs(value * QUANTITY_SCALE - Math.round(value * QUANTITY_SCALE)) < 1e-6, 'At most 4 decimals');

export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export const invoiceLineKindSchema = z.enum(INVOICE_LINE_KINDS);

const manualLineSchema = z
  .object({
    kind: z.literal('manual'),
    description: textSchema(500, 1),
    quantity: quantitySchema,
    unit: textSchema(20).default(''),
    unitPrice: moneySchema,
  })
  .strict();
/** A line drawn from billable sources (approved weeks of a role, a reached milestone): the server computes its amount. */
const drawnLineSchema = z
  .object({
    kind: z.enum(['time', 'milestone']),
    sourceIds: z.array(idSchema).min(1).max(500),
    description: textSchema(500, 1).optional(),
  })
  .strict();
export const invoiceLineInputSchema = z.discriminatedUnion('kind', [manualLineSchema, drawnLineSchema]);
export type InvoiceLineInput = z.output<typeof invoiceLineInputSchema>;

const invoiceFields = {
  missionId: idSchema.nullable(),
  orderId: idSchema.nullable(),
  currency: currencySchema,
  issueDate: dateSchema,
  dueDate: dateSchema.nullable(),
  notes: textSchema(2000),
  lines: z.array(invoiceLineInputSchema).max(200),
};

/** `POST /clientInvoice/org/:id/client/:clientId`: `{ payload, qbo }`; the number defaults to the client's next. */
export const invoiceCreateSchema = z
  .object({
    payload: z
      .object({
        ...invoiceFields,
        missionId: invoiceFields.missionId.default(null),
        orderId: invoiceFields.orderId.default(null),
        currency: invoiceFields.currency.optional(),
        issueDate: invoiceFields.issueDate.optional(),
        dueDate: invoiceFields.dueDate.default(null),
        notes: invoiceFields.notes.default(''),
        lines: invoiceFields.lines.default([]),
        number: z.number().int().min(1).max(999_999_999).optional(),
      })
      .strict(),
    qbo: z.boolean().default(false),
  })
  .strict();
export type InvoiceCreate = z.output<typeof invoiceCreateSchema>;

/** `PUT /clientInvoice/:id`: a draft's fields and lines (replacing them), the status, the qbo flag. */
export const invoiceUpdateSchema = z
  .object({
    payload: z
      .object({ ...invoiceFields, status: invoiceStatusSchema, updatedAt: dateTimeSchema })
      .partial()
      .strict()
      .default({}),
    qbo: z.boolean().optional(),
  })
  .strict();
export type InvoiceUpdate = z.output<typeof invoiceUpdateSchema>;

export const invoiceLineSchema = z.object({
  _id: z.string(),
  kind: invoiceLineKindSchema,
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number(),
  amount: z.number(),
  sourceIds: z.array(z.string()),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoiceSchema = z.object({
  _id: z.string(),
  org: z.string(),
  client: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    address: z.string().nullable(),
    country: z.string().nullable(),
    vatNumber: z.string().nullable(),
  }),
  order: z.object({ _id: z.string().nullable(), code: z.string() }).nullable(),
  mission: z.object({ _id: z.string(), title: z.string() }).nullable(),
  number: z.number(),
  numberText: z.string(),
  status: invoiceStatusSchema,
  currency: z.string(),
  issueDate: z.string(),
  dueDate: z.string().nullable(),
  notes: z.string(),
  lines: z.array(invoiceLineSchema),
  subtotal: z.number(),
  tax: z.number(),
  total: z.number(),
  taxRate: z.number(),
  reverseCharge: z.boolean(),
  taxNote: z.string().nullable(),
  qbo: z.boolean(),
  pdfUploaded: z.boolean(),
  pdfUrl: z.string(),
  sentAt: z.string().nullable(),
  sentTo: z.string().nullable(),
  paidAt: z.string().nullable(),
  voidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean(), send: z.boolean() }),
});
export type Invoice = z.infer<typeof invoiceSchema>;

export const invoiceSummarySchema = invoiceSchema.omit({ lines: true });
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
/** A page of the list, newest first; `total` counts all that match, so the next page starts at `offset + limit`. */
export const invoiceListSchema = z.object({ invoices: z.array(invoiceSummarySchema), total: z.number() });

export const INVOICE_PAGE_SIZE = 200;
export const invoiceListQuerySchema = z
  .object({
    client: idSchema.optional(),
    status: invoiceStatusSchema.optional(),
    mission: idSchema.optional(),
    limit: queryIntSchema(1, 1000).default(INVOICE_PAGE_SIZE),
    offset: queryIntSchema(0, 1_000_000).default(0),
  })
  .strict();
export type InvoiceListQuery = z.output<typeof invoiceListQuerySchema>;

/** A line a mission could bill now (approved, not yet invoiced time per role; reached milestones). */
export const billableLineSchema = z.object({
  kind: z.enum(['time', 'milestone']),
  sourceIds: z.array(z.string()),
  description: z.string(),
  quantity: z.number(),
  unit: z.string(),
  unitPrice: z.number(),
  amount: z.number(),
  currency: z.string(),
  day: z.string(),
});
export type BillableLine = z.infer<typeof billableLineSchema>;
export const billableQuerySchema = z.object({ mission: idSchema, until: dateSchema.optional() }).strict();
export const billableListSchema = z.object({
  mission: z.object({ _id: z.string(), title: z.string(), currency: z.string() }),
  lines: z.array(billableLineSchema),
});

export const invoiceSendSchema = z
  .object({ to: emailSchema.optional(), message: textSchema(2000).optional() })
  .strict()
  .default({});
export const invoiceSentSchema = z.object({ to: z.string(), invoice: invoiceSchema });

export const paymentLinkSchema = z.object({ url: z.string() });
