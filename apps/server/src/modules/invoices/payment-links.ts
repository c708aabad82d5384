import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { formatInvoiceNumber, fromMinorUnits } from '@crewplan/domain';
import type { FieldChanges } from '../../commands/changes.ts';
import { runOrgCommand } from '../../commands/run.ts';
import type { Tx } from '../../db/database.ts';
import { clientInvoices, orgAuditEvents } from '../../db/schema/index.ts';
import type { AppContext } from '../../plugins/types.ts';
import { createPaymentLink, expirePaymentLink, type ClientInvoicePaid } from '../billing/index.ts';
import { moveInvoice } from './invoices.service.ts';

/** What a payment link is made for: one invoice's total. */
export type PaymentLinkRequest = {
  orgId: string;
  invoiceId: string;
  /** Shown to the payer, e.g. "Invoice 0007". */
  description: string;
  amountMinor: number;
  currency: string;
  customerEmail: string | null;
};

/**
 * A card payment provider seen from invoices: it makes a link the client pays the invoice at (`id` is the provider's,
 * kept on the invoice), and expires a link so that it can no longer be paid.
 */
export type PaymentLinks = {
  create: (request: PaymentLinkRequest) => Promise<{ id: string; url: string }>;
  expire: (id: string) => Promise<void>;
};

/**
 * Links from the payment provider the billing module is configured with; the invoice's id rides in the metadata, so
 * that the provider's "paid" event comes back to `markPaidByProvider`. Without keys: 503 `billing/not-configured`.
 */
export const providerPaymentLinks = (ctx: AppContext): PaymentLinks => ({
  create: (request) =>
    createPaymentLink(ctx, {
      amountMinor: request.amountMinor,
      currency: request.currency,
      description: request.description,
      metadata: { clientInvoiceId: request.invoiceId, orgId: request.orgId },
    }),
  expire: (id) => expirePaymentLink(ctx, id),
});

/**
 * Expires an invoice's link once the invoice takes no more payment there (voided, paid otherwise, or its link
 * replaced). It never throws: the change stands, and a failure is logged (a payment at that link still comes back
 * to `markPaidByProvider`, which keeps it in the invoice's history).
 */
export async function expireInvoiceLink(links: PaymentLinks, id: string | null, log: FastifyBaseLogger): Promise<void> {
  if (!id) return;
  try {
    await links.expire(id);
  } catch (err) {
    log.warn({ err, paymentSessionId: id }, 'payment link not expired at the payment provider; it may still be paid');
  }
}

/**
 * A payment at the provider for an invoice: when it is the invoice's total in the invoice's currency, a draft or sent
 * invoice becomes paid (through sent, as a person would move it), with its history. Any other payment, or one of a
 * void or paid invoice (money to refund), changes no status: it is written into the invoice's history for a person to
 * settle (or refund). A payment is written once, by its payment intent (a session's completion and its intent's
 * success, or the provider's retry, tell of it again). False when nothing was settled.
 */
export async function markPaidByProvider(ctx: AppContext, paid: ClientInvoicePaid): Promise<boolean> {
  if (!/^[0-9a-f]{24}$/.test(paid.clientInvoiceId)) return false;
  const [found] = await ctx.db
    .select({ orgId: clientInvoices.orgId })
    .from(clientInvoices)
    .where(eq(clientInvoices.id, paid.clientInvoiceId));
  if (!found) return false;
  const payment = paid.paymentIntentId ?? paid.providerObjectId;
  return runOrgCommand(ctx, found.orgId, { personId: null, apiKeyId: null }, async (tx, record) => {
    const [current] = await tx.select().from(clientInvoices).where(eq(clientInvoices.id, paid.clientInvoiceId)).for('update');
    if (!current) return false;
    // money received is written with its payment, once; a report of nothing paid yet (a debit still to come) has none,
    // and is noted once for its provider object
    const received = paid.amountMinor === null || paid.currency === null ? null : `${fromMinorUnits(paid.amountMinor)} ${paid.currency}`;
    if (received && (await inHistory(tx, current, 'providerPayment', payment))) return false;
    const written: FieldChanges = received ? { providerPayment: { from: null, to: payment } } : {};
    const title = formatInvoiceNumber(current.number);
    if (
      current.status === 'void' ||
      current.status === 'paid' ||
      paid.currency !== current.currency ||
      paid.amountMinor !== current.totalMinor
    ) {
      const note = `${received ?? 'nothing'} (${paid.providerObjectId})`;
      if (!received && (await inHistory(tx, current, 'paymentNotSettling', note))) return false;
      record({
        action: 'update',
        entity: 'client.invoices',
        id: current.id,
        title,
        changes: { paymentNotSettling: { from: null, to: note }, ...written },
      });
      return false;
    }
    const sent = current.status === 'draft' ? await moveInvoice(ctx, tx, current, 'sent') : current;
    await moveInvoice(ctx, tx, sent, 'paid');
    record({
      action: 'update',
      entity: 'client.invoices',
      id: current.id,
      title,
      changes: { status: { from: current.status, to: 'paid' }, paidBy: { from: null, to: paid.providerObjectId }, ...written },
    });
    return true;
  });
}

/** Whether the invoice's history has a change of `field` to `value` already (a provider payment or note, written once). */
async function inHistory(tx: Tx, invoice: { id: string; orgId: string }, field: string, value: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: orgAuditEvents.id })
    .from(orgAuditEvents)
    .where(
      and(
        eq(orgAuditEvents.orgId, invoice.orgId),
        eq(orgAuditEvents.entity, 'client.invoices'),
        eq(orgAuditEvents.entityId, invoice.id),
        sql`${orgAuditEvents.changes} -> ${field} ->> 'to' = ${value}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
