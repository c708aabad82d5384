import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { appError } from '../../lib/errors.ts';
import { formatInvoiceNumber, type Invoice } from '@crewplan/domain';
import { auditActorOf, runOrgCommand } from '../../commands/index.ts';
import { clientInvoices } from '../../db/schema/index.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { newId } from '../../lib/ids.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { discard, storeTemp, type ReceivedFile } from '../files/index.ts';
import { formatAmount, renderInvoicePdf } from './invoices.pdf.ts';
import { presentInvoice, type InvoiceRow } from './invoices.presenter.ts';
import { loadInvoice, moveInvoice } from './invoices.service.ts';
import { expireInvoiceLink, type PaymentLinks } from './payment-links.ts';

/** What the invoice routes need beyond the context: the file store and the payment provider. */
export type InvoiceDeps = { store: FileStore; paymentLinks: PaymentLinks };

const streamToBuffer = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
};

export const pdfNameOf = (invoice: Pick<Invoice, 'numberText' | 'client'>) => `Invoice ${invoice.numberText} ${invoice.client.name}.pdf`;

/** The organisation's name an invoice shows: as it was when the invoice was issued, the current one on a draft. */
const issuerOf = (row: InvoiceRow, access: OrgAccess) => row.issuedDetails?.org.title ?? access.org.title;

/** The invoice's PDF: the uploaded replacement when there is one, else drawn now from the invoice as it is. */
export async function invoicePdf(ctx: AppContext, deps: InvoiceDeps, access: OrgAccess, invoiceId: string) {
  const row = await loadInvoice(ctx.db, access.org.id, invoiceId);
  const invoice = await presentInvoice(ctx.db, row, access);
  const uploaded = row.pdfStorageKey ? await deps.store.get(row.pdfStorageKey) : null;
  const bytes = uploaded ? await streamToBuffer(uploaded) : await renderInvoicePdf(invoice, { title: issuerOf(row, access) });
  return { bytes, name: pdfNameOf(invoice), invoice, issuer: issuerOf(row, access) };
}

/**
 * `POST /clientInvoice/:id/pdf`: keeps an uploaded PDF (sniffed from its bytes, never the sender's word) in place of
 * the generated one, in the file store; the one it replaces is removed once the row points at the new one.
 */
export async function uploadInvoicePdf(ctx: AppContext, deps: InvoiceDeps, access: OrgAccess, invoiceId: string, received: ReceivedFile[]) {
  try {
    if (access.org.invoicingDisabled) throw appError('invoicingDisabled');
    const [file] = received;
    if (received.length !== 1 || file?.mimetype !== 'application/pdf') throw appError('invoiceNotPdf');
    await loadInvoice(ctx.db, access.org.id, invoiceId);
    const key = `invoices/${newId()}`;
    await storeTemp(deps.store, key, file, 'application/pdf');
    let previous: string | null = null;
    const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
      const current = await loadInvoice(tx, access.org.id, invoiceId, true);
      if (current.status === 'void') throw appError('invoiceBadStatus', 'void', 'changed');
      previous = current.pdfStorageKey;
      const [row] = await tx.update(clientInvoices).set({ pdfStorageKey: key }).where(eq(clientInvoices.id, invoiceId)).returning();
      record({
        action: 'update',
        entity: 'client.invoices',
        id: invoiceId,
        title: formatInvoiceNumber(current.number),
        changes: { pdf: { from: previous, to: file.name } },
      });
      return row!;
    }).catch(async (error: unknown) => {
      await deps.store.delete(key).catch(() => undefined);
      throw error;
    });
    if (previous) await deps.store.delete(previous).catch(() => undefined);
    return presentInvoice(ctx.db, row, access);
  } finally {
    await discard(received);
  }
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function invoiceMail(invoice: Invoice, orgTitle: string, message: string | undefined) {
  const total = formatAmount(invoice.total, invoice.currency);
  const lines = [
    message?.trim() || `Please find attached invoice ${invoice.numberText} from ${orgTitle}.`,
    `Total: ${total}${invoice.dueDate ? `, due ${invoice.dueDate}` : ''}.`,
  ];
  return {
    subject: `Invoice ${invoice.numberText} from ${orgTitle}`,
    text: `${lines.join('\n\n')}\n\n— ${orgTitle}`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p>— ${escapeHtml(orgTitle)}</p>`,
  };
}

/**
 * `POST /clientInvoice/:id/send-email`: mails the invoice's PDF (kept in the file store as it was sent) to the
 * client's address or `to`, through the mail queue, and marks a draft sent.
 */
export async function sendInvoice(
  ctx: AppContext,
  deps: InvoiceDeps,
  access: OrgAccess,
  invoiceId: string,
  input: { to?: string | undefined; message?: string | undefined },
) {
  if (access.org.invoicingDisabled) throw appError('invoicingDisabled');
  const current = await loadInvoice(ctx.db, access.org.id, invoiceId);
  if (current.status !== 'draft' && current.status !== 'sent') throw appError('invoiceBadStatus', current.status, 'sent');
  const { invoice: before } = await invoicePdf(ctx, deps, access, invoiceId);
  const to = input.to ?? before.client.email;
  if (!to) throw appError('invoiceNoEmail');
  // the mail carries the invoice as it is sent: drawn after the status moves (no DRAFT mark)
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const locked = await loadInvoice(tx, access.org.id, invoiceId, true);
    const moved: InvoiceRow = await moveInvoice(ctx, tx, locked, 'sent', { sentTo: to });
    record({
      action: 'update',
      entity: 'client.invoices',
      id: invoiceId,
      title: before.numberText,
      changes: { sentTo: { from: locked.sentTo, to } },
    });
    return moved;
  });
  const { bytes, name, invoice, issuer } = await invoicePdf(ctx, deps, access, row.id);
  const key = `invoices/sent-${newId()}`;
  await deps.store.put(key, Readable.from(bytes), bytes.length, 'application/pdf');
  await ctx.mailer.send({
    to,
    ...invoiceMail(invoice, issuer, input.message),
    attachments: [{ filename: name, contentType: 'application/pdf', storageKey: key }],
  });
  return { to, invoice };
}

/**
 * `POST /clientInvoice/:id/payment-link`: a link the client pays the invoice's total at, from the payment provider. A
 * draft is issued (sent) with it, so its amounts can no longer change under a link that asks for the old total (to
 * change them: void it and issue another); when the provider fails the draft stays a draft. The invoice keeps the
 * provider's id of its link; the link it replaces is expired once the new one is kept.
 */
export async function paymentLink(ctx: AppContext, deps: InvoiceDeps, access: OrgAccess, invoiceId: string, log: FastifyBaseLogger) {
  if (access.org.invoicingDisabled) throw appError('invoicingDisabled');
  const { link, replaced } = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const row = await loadInvoice(tx, access.org.id, invoiceId, true);
    if (row.status !== 'draft' && row.status !== 'sent') throw appError('invoiceBadStatus', row.status, 'paid by link');
    if (row.totalMinor <= 0) throw appError('invoiceNothingToPay');
    const invoice = await presentInvoice(tx, row, access);
    const link = await deps.paymentLinks.create({
      orgId: access.org.id,
      invoiceId,
      description: `Invoice ${invoice.numberText}`,
      amountMinor: row.totalMinor,
      currency: row.currency,
      customerEmail: invoice.client.email,
    });
    if (row.status === 'draft') {
      await moveInvoice(ctx, tx, row, 'sent', { paymentSessionId: link.id });
      record({
        action: 'update',
        entity: 'client.invoices',
        id: invoiceId,
        title: invoice.numberText,
        changes: { status: { from: 'draft', to: 'sent' }, paymentLink: { from: null, to: 'issued' } },
      });
    } else {
      await tx.update(clientInvoices).set({ paymentSessionId: link.id }).where(eq(clientInvoices.id, invoiceId));
    }
    return { link, replaced: row.paymentSessionId };
  });
  if (replaced !== link.id) await expireInvoiceLink(deps.paymentLinks, replaced, log);
  return { url: link.url };
}
