import { z } from 'zod';
import { countryOfCode } from '../money/countries.ts';
import { SEAT_KINDS, SUBSCRIPTION_STATUSES } from './seats.ts';

export * from './seats.ts';
export * from './provider-money.ts';

/** Texts of the billing area; the spec's own ('Payment issue') live with the notifications. */
export const BILLING_MESSAGES = {
  notConfigured: 'Payments are not configured on this server. Ask your administrator to set up the payment provider.',
  idempotencyReused: 'This idempotency key was already used for a different request.',
  noCustomer: 'Please enter the billing details first.',
  noSubscription: 'This organization has no paid subscription.',
  alreadySubscribed: 'This organization already has a subscription.',
  providerFailed: 'The payment provider refused the request.',
  paymentMethodUnknown: 'Sorry that payment method was not found.',
  offerCodeInvalid: 'Sorry that code is not valid or has already been used.',
  subscribeWithCode: 'This organization already has Unlimited with its offer code.',
  offerCodeWhilePaying: 'This organization has a paid subscription that renews. Please cancel it before redeeming a code.',
  noConnectedAccount: 'This organization has not connected a payment account yet.',
  connectedAccountExists: 'This organization already has a connected payment account.',
  noProposalAmount: 'This proposal has no budget to pay.',
  notAProposal: 'This project is not a proposal.',
  proposalAlreadyPaid: 'This proposal was already paid.',
  noProposalPayment: 'There is no payment of this proposal to withdraw.',
  notYourPayment: 'Only the person who paid can withdraw the payment.',
  notChargeable: 'The payment provider takes this currency in whole units only. Please make the amount a whole number.',
  subscribed: 'Subscribed to Unlimited.',
  cancelEndsNow: 'Nothing was paid for this period, so cancelling ends the subscription now and voids its unpaid invoice.',
  firstPaymentDeclined: 'The first payment did not go through, so the subscription has not started. Please add another card and try again.',
} as const;

/** A provider object id (`pm_…`, `acct_…`): letters, digits and underscores. */
export const providerIdSchema = z.string().regex(/^[a-z]{2,5}_[A-Za-z0-9]{3,100}$/, 'Invalid id');
export const paymentMethodIdSchema = z.string().regex(/^pm_[A-Za-z0-9_]{3,100}$/, 'Invalid payment method id');

export const idempotencyKeySchema = z
  .string()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'Letters, digits, - and _ only');

/** Customer billing details (spec 2 §3), with the spec's field names. */
export const billingDetailsSchema = z
  .object({
    billing_name: z.string().trim().min(1).max(200),
    billing_email: z.email().max(254),
    billing_org_name: z.string().trim().max(200).default(''),
    billing_country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'A two-letter country code')
      .transform((code) => code.toUpperCase())
      .refine((code) => countryOfCode(code) !== undefined, 'Unknown country'),
    billing_zip: z.string().trim().max(20).default(''),
    vat_number: z.string().trim().max(30).default(''),
  })
  .strict();
export type BillingDetails = z.infer<typeof billingDetailsSchema>;

/** The billing details as answered (the input's clean-ups already applied). */
export const billingDetailsViewSchema = z.object({
  billing_name: z.string(),
  billing_email: z.string(),
  billing_org_name: z.string(),
  billing_country: z.string(),
  billing_zip: z.string(),
  vat_number: z.string(),
});

/** `POST /org/:orgId/subscription`: the free trial, or the paid Unlimited subscription (one per idempotency key). */
export const subscriptionTrialSchema = z.object({ trial: z.literal(true) }).strict();
export const subscriptionCreateSchema = z
  .object({
    idempotencyKey: idempotencyKeySchema,
    customer: billingDetailsSchema.optional(),
    paymentMethodId: paymentMethodIdSchema.optional(),
    aiAddon: z.boolean().default(false),
  })
  .strict();
export type SubscriptionCreate = z.infer<typeof subscriptionCreateSchema>;
export const subscriptionStartBodySchema = z.union([subscriptionTrialSchema, subscriptionCreateSchema]);

export const offerCodeBodySchema = z.object({ oobCode: z.string().trim().min(4).max(100) }).strict();
export const offerCodeDocSchema = z.object({ valid: z.literal(true), plan: z.literal('unlimited'), note: z.string() });

export const attachQuerySchema = z
  .object({ setDefault: z.enum(['0', '1']).default('0'), detachDefault: z.enum(['0', '1']).default('0') })
  .strict();
export const paymentMethodUpdateSchema = z
  .object({
    billingName: z.string().trim().min(1).max(200).optional(),
    expMonth: z.number().int().min(1).max(12).optional(),
    expYear: z.number().int().min(2000).max(2100).optional(),
  })
  .strict();

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().nullable(),
  expYear: z.number().nullable(),
  billingName: z.string().nullable(),
  isDefault: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

const seatCountsSchema = z.object(
  Object.fromEntries(SEAT_KINDS.map((kind) => [kind, z.number()])) as Record<(typeof SEAT_KINDS)[number], z.ZodNumber>,
);

/** `GET /org/:orgId/subscription`: the plan, its status, seats and price, details and payment methods. */
export const subscriptionViewSchema = z.object({
  org: z.string(),
  configured: z.boolean(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  plan: z.enum(['free', 'trial', 'unlimited']),
  licensed: z.boolean(),
  trialStartedOn: z.string().nullable(),
  trialEndsAt: z.string().nullable(),
  aiAddon: z.boolean(),
  seats: seatCountsSchema,
  price: z.object({
    lines: z.array(z.object({ kind: z.string(), label: z.string(), quantity: z.number(), unitMinor: z.number(), amountMinor: z.number() })),
    totalMinor: z.number(),
    currency: z.string(),
  }),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  offerCode: z.boolean(),
  customer: billingDetailsViewSchema.nullable(),
  paymentMethods: z.array(paymentMethodSchema),
});
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

export const customerViewSchema = z.object({ customer: billingDetailsViewSchema.nullable(), hasProviderCustomer: z.boolean() });

export const usageSchema = z.object({ storageBytes: z.number(), storageGb: z.number(), files: z.number(), seats: seatCountsSchema });

export const connectAccountBodySchema = z
  .object({
    payload: z
      .object({
        country: z
          .string()
          .regex(/^[A-Za-z]{2}$/, 'A two-letter country code')
          .transform((c) => c.toUpperCase())
          .refine((code) => countryOfCode(code) !== undefined, 'Unknown country')
          .optional(),
        email: z.email().optional(),
        businessType: z.enum(['individual', 'company']).optional(),
      })
      .strict(),
  })
  .strict();
export const connectAccountSchema = z.object({
  accountId: z.string(),
  country: z.string().nullable(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
});
export const connectLinkBodySchema = z.object({ type: z.enum(['account_onboarding', 'account_update']) }).strict();
export const connectLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });

export const proposalPayBodySchema = z
  .object({ idempotency_key: idempotencyKeySchema, paymentMethodId: paymentMethodIdSchema.optional() })
  .strict();
export const proposalPaymentSchema = z.object({
  _id: z.string(),
  mission: z.string(),
  status: z.enum(['pending', 'succeeded', 'withdrawn']),
  amountMinor: z.number(),
  currency: z.string(),
  clientSecret: z.string().nullable(),
});
