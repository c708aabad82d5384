import { BILLING_MESSAGES } from '../billing/billing.ts';
import { INVOICE_MESSAGES } from '../invoices/invoices.ts';
import { RATE_CARD_MESSAGES } from '../money/rate-cards.ts';
import type { ErrorEntry } from './entry.ts';

const unknownCurrency = (currency: string) => `Unknown currency ${currency}`;

export const MONEY_ERRORS = {
  // Currencies
  noExchangeRate: {
    code: 'currency/no-rate',
    status: 422,
    message: (currency: string, day: string) => `No exchange rate for ${currency} on ${day}`,
  },
  unknownCurrency: {
    code: 'validation',
    status: 400,
    message: unknownCurrency,
    fields: (currency: string) => ({ currency: unknownCurrency(currency) }),
  },
  // Rate cards
  programNotFound: { code: 'not_found', status: 404, message: 'Program not found' },
  rateCardNotFound: { code: 'rate-card/not-found', status: 404, message: 'Sorry that rate card was not found.' },
  rateCardUsedForUnknown: {
    code: 'rate-card/used-for-unknown',
    status: 400,
    message: RATE_CARD_MESSAGES.usedForUnknown,
    fields: { usedForId: RATE_CARD_MESSAGES.usedForUnknown },
  },
  rateCardRoleUnknown: {
    code: 'rate-card/role-unknown',
    status: 400,
    message: RATE_CARD_MESSAGES.roleUnknown,
    fields: { ratesByRole: RATE_CARD_MESSAGES.roleUnknown },
  },
  rateCardDuplicate: { code: 'rate-card/duplicate', status: 409, message: RATE_CARD_MESSAGES.alreadyCarded },
  // Clients and their orders
  clientNotFound: { code: 'client/not-found', status: 404, message: "Sorry that client wasn't found." },
  orderNotFound: { code: 'client/order-not-found', status: 404, message: "Sorry that order wasn't found." },
  clientDuplicate: { code: 'client/duplicate', status: 409, message: 'Sorry but a client with this name already exists.' },
  orderDuplicate: { code: 'client/duplicate-order', status: 409, message: 'Sorry but this client already has an order with this code.' },
  clientNextNumberBackwards: {
    code: 'validation',
    status: 400,
    message: (floor: string) => INVOICE_MESSAGES.nextNumberBackwards(floor),
    fields: (floor: string) => ({ nextInvoiceNumber: INVOICE_MESSAGES.nextNumberBackwards(floor) }),
  },
  clientEndBeforeStart: {
    code: 'validation',
    status: 400,
    message: 'The end date is before the start date.',
    fields: { endDate: 'The end date is before the start date' },
  },
  // Client invoices
  invoiceNotFound: { code: 'invoice/not-found', status: 404, message: INVOICE_MESSAGES.notFound },
  invoiceNumberBackwards: {
    code: 'invoice/number-backwards',
    status: 409,
    message: (floor: string) => INVOICE_MESSAGES.numberBackwards(floor),
  },
  invoiceNotDraft: { code: 'invoice/not-draft', status: 409, message: INVOICE_MESSAGES.notDraft },
  invoiceClientArchived: { code: 'invoice/client-archived', status: 409, message: 'This client is archived: restore it to invoice it.' },
  invoiceBadStatus: {
    code: 'invoice/bad-status',
    status: 409,
    message: (from: string, to: string) => INVOICE_MESSAGES.badStatus(from, to),
  },
  invoiceAlreadyInvoiced: { code: 'invoice/already-invoiced', status: 409, message: INVOICE_MESSAGES.alreadyInvoiced },
  invoiceNotBillable: { code: 'invoice/not-billable', status: 409, message: INVOICE_MESSAGES.notBillable },
  invoiceNothingToPay: { code: 'invoice/nothing-to-pay', status: 400, message: INVOICE_MESSAGES.nothingToPay },
  invoiceNoEmail: { code: 'invoice/no-email', status: 400, message: INVOICE_MESSAGES.noEmail, fields: { to: INVOICE_MESSAGES.noEmail } },
  invoicingDisabled: { code: 'invoice/disabled', status: 403, message: INVOICE_MESSAGES.invoicingDisabled },
  invoiceNotPdf: { code: 'invoice/not-pdf', status: 415, message: INVOICE_MESSAGES.notPdf },
  invoiceTooLarge: { code: 'validation', status: 400, message: INVOICE_MESSAGES.tooLarge, fields: { lines: INVOICE_MESSAGES.tooLarge } },
  invoiceDueBeforeIssue: {
    code: 'validation',
    status: 400,
    message: INVOICE_MESSAGES.dueBeforeIssue,
    fields: { dueDate: INVOICE_MESSAGES.dueBeforeIssue },
  },
  invoiceDrawnWithoutMission: {
    code: 'validation',
    status: 400,
    message: 'Choose the project the drawn lines come from.',
    fields: { missionId: 'Required for drawn lines' },
  },
  invoiceMissionOfOtherClient: {
    code: 'invoice/other-client',
    status: 409,
    message: INVOICE_MESSAGES.missionOfOtherClient,
    fields: { missionId: INVOICE_MESSAGES.missionOfOtherClient },
  },
  // Billing: subscriptions, payments and the payment provider
  billingNotConfigured: { code: 'billing/not-configured', status: 503, message: BILLING_MESSAGES.notConfigured },
  webhooksNotConfigured: { code: 'billing/not-configured', status: 404, message: BILLING_MESSAGES.notConfigured },
  webhookSignatureMissing: { code: 'billing/webhook-signature', status: 400, message: 'The webhook signature is missing.' },
  webhookSignatureMismatch: { code: 'billing/webhook-signature', status: 400, message: 'The webhook signature does not match.' },
  billingNoCustomer: { code: 'billing/no-customer', status: 422, message: BILLING_MESSAGES.noCustomer },
  billingNoSubscription: { code: 'billing/no-subscription', status: 422, message: BILLING_MESSAGES.noSubscription },
  billingAlreadySubscribed: { code: 'billing/already-subscribed', status: 409, message: BILLING_MESSAGES.alreadySubscribed },
  paymentMethodNotFound: { code: 'billing/payment-method-not-found', status: 404, message: BILLING_MESSAGES.paymentMethodUnknown },
  idempotencyReused: { code: 'billing/idempotency-reused', status: 409, message: BILLING_MESSAGES.idempotencyReused },
  offerCodeInvalid: { code: 'billing/offer-code-invalid', status: 422, message: BILLING_MESSAGES.offerCodeInvalid },
  subscribeWithCode: { code: 'billing/offer-code-licensed', status: 409, message: BILLING_MESSAGES.subscribeWithCode },
  offerCodeWhilePaying: { code: 'billing/offer-code-while-paying', status: 409, message: BILLING_MESSAGES.offerCodeWhilePaying },
  noConnectedAccount: { code: 'billing/no-connected-account', status: 404, message: BILLING_MESSAGES.noConnectedAccount },
  proposalWithoutConnectedAccount: { code: 'billing/no-connected-account', status: 422, message: BILLING_MESSAGES.noConnectedAccount },
  connectedAccountExists: { code: 'billing/connected-account-exists', status: 409, message: BILLING_MESSAGES.connectedAccountExists },
  notAProposal: { code: 'billing/not-a-proposal', status: 422, message: BILLING_MESSAGES.notAProposal },
  proposalWithoutAmount: { code: 'billing/no-amount', status: 422, message: BILLING_MESSAGES.noProposalAmount },
  proposalAlreadyPaid: { code: 'billing/proposal-paid', status: 409, message: BILLING_MESSAGES.proposalAlreadyPaid },
  notYourPayment: { code: 'forbidden', status: 403, message: BILLING_MESSAGES.notYourPayment },
  noProposalPayment: { code: 'billing/no-proposal-payment', status: 404, message: BILLING_MESSAGES.noProposalPayment },
  amountNotChargeable: { code: 'billing/not-chargeable', status: 422, message: BILLING_MESSAGES.notChargeable },
  // What the payment provider answers (its own words where it gives them)
  cardDeclined: { code: 'billing/card-declined', status: 402, message: (providerText: string) => providerText },
  providerNotFound: {
    code: 'billing/not-found',
    status: 404,
    message: (providerText: string) => providerText || BILLING_MESSAGES.paymentMethodUnknown,
  },
  providerRefused: {
    code: 'billing/provider-refused',
    status: 422,
    message: (providerText: string) => providerText || BILLING_MESSAGES.providerFailed,
  },
  providerFailed: { code: 'billing/provider-failed', status: 502, message: BILLING_MESSAGES.providerFailed },
} as const satisfies Record<string, ErrorEntry>;
