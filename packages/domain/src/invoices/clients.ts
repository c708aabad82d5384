import { z } from 'zod';
import { countryOfCode } from '../money/countries.ts';
import { emailSchema } from '../people/email.ts';
import {
  countryCodeSchema,
  currencySchema,
  dateSchema,
  dateTimeSchema,
  moneySchema,
  queryBooleanSchema,
  textSchema,
} from '../shared/inputs.ts';

/** A country the product knows (ISO 3166-1 alpha-2). */
const clientCountrySchema = countryCodeSchema.refine((code) => countryOfCode(code) !== undefined, 'Unknown country');

/** A client of an organisation (spec 2 §3 and 3 §3); archived rather than deleted. */
export const clientSchema = z.object({
  _id: z.string(),
  org: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  currency: z.string().nullable(),
  country: z.string().nullable(),
  vatNumber: z.string().nullable(),
  logo: z.string().nullable(),
  archived: z.boolean(),
  orderCodes: z.array(z.string()),
  nextInvoiceNumber: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: z.object({ update: z.boolean(), archive: z.boolean() }),
});
export type Client = z.infer<typeof clientSchema>;

/** The few fields every member needs to pick a client (`/clients/lite`, `/org/client/list`). */
export const clientLiteSchema = z.object({ _id: z.string(), name: z.string(), logo: z.string().nullable(), archived: z.boolean() });

export const clientListSchema = z.object({ clients: z.array(clientSchema) });
export const clientLiteListSchema = z.object({ clients: z.array(clientLiteSchema) });

const clientFields = {
  name: textSchema(200, 1),
  email: emailSchema.nullable(),
  address: textSchema(1000).nullable(),
  currency: currencySchema.nullable(),
  /** Where the client is: its tax follows (rule 195). */
  country: clientCountrySchema.nullable(),
  /** An EU business client's VAT number: invoices to it from another country are reverse-charged. */
  vatNumber: textSchema(40).nullable(),
  nextInvoiceNumber: z.number().int().min(1).max(999_999_999),
};
export const clientCreateSchema = z
  .object({
    ...clientFields,
    email: emailSchema.nullable().default(null),
    address: textSchema(1000).nullable().default(null),
    currency: currencySchema.nullable().default(null),
    country: clientCountrySchema.nullable().default(null),
    vatNumber: textSchema(40).nullable().default(null),
    nextInvoiceNumber: clientFields.nextInvoiceNumber.default(1),
  })
  .strict();
export type ClientCreate = z.output<typeof clientCreateSchema>;

/** Updates any field; `archived: false` restores an archived client; `updatedAt` detects a concurrent edit. */
export const clientUpdateSchema = z
  .object({ ...clientFields, archived: z.boolean(), updatedAt: dateTimeSchema })
  .partial()
  .strict();
export type ClientUpdate = z.output<typeof clientUpdateSchema>;

export const clientListQuerySchema = z.object({ archived: queryBooleanSchema.default(false) }).strict();

/** A client order (purchase order): its code appears in the client's orderCodes. */
export const clientOrderSchema = z.object({
  _id: z.string(),
  client: z.string(),
  code: z.string(),
  title: z.string(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  abilities: z.object({ update: z.boolean(), delete: z.boolean() }),
});
export type ClientOrder = z.infer<typeof clientOrderSchema>;
export const clientOrderListSchema = z.object({ orders: z.array(clientOrderSchema) });

const orderFields = {
  code: textSchema(60, 1),
  title: textSchema(200),
  amount: moneySchema.nullable(),
  currency: currencySchema.nullable(),
  startDate: dateSchema.nullable(),
  endDate: dateSchema.nullable(),
};
const endAfterStart = (order: { startDate?: string | null; endDate?: string | null }) =>
  !order.startDate || !order.endDate || order.endDate >= order.startDate;
export const clientOrderCreateSchema = z
  .object({
    ...orderFields,
    title: orderFields.title.default(''),
    amount: orderFields.amount.default(null),
    currency: orderFields.currency.default(null),
    startDate: orderFields.startDate.default(null),
    endDate: orderFields.endDate.default(null),
  })
  .strict()
  .refine(endAfterStart, { message: 'The end date is before the start date', path: ['endDate'] });
export type ClientOrderCreate = z.output<typeof clientOrderCreateSchema>;
export const clientOrderUpdateSchema = z
  .object({ ...orderFields, updatedAt: dateTimeSchema })
  .partial()
  .strict()
  .refine(endAfterStart, { message: 'The end date is before the start date', path: ['endDate'] });
export type ClientOrderUpdate = z.output<typeof clientOrderUpdateSchema>;
