import { asc, eq, inArray } from 'drizzle-orm';
import { can, formatInvoiceNumber, fromMinorUnits, type Invoice, type InvoiceSummary } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { clientInvoiceLines, type clientInvoices, clients, missions } from '../../db/schema/index.ts';
import type { OrgAccess } from '../../plugins/types.ts';

export type InvoiceRow = typeof clientInvoices.$inferSelect;
type LineRow = typeof clientInvoiceLines.$inferSelect;
type ClientRow = typeof clients.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An invoice row → the API's summary, with what the caller may do with it. */
export function presentSummary(
  row: InvoiceRow,
  client: ClientRow,
  mission: { id: string; title: string } | null,
  access: OrgAccess,
): InvoiceSummary {
  const manage = can(access.actor, 'org.clients.manage') && !access.org.invoicingDisabled;
  // an issued invoice shows its client and project as they were when it was issued; a draft follows them
  const issued = row.issuedDetails;
  const billed = issued?.client ?? client;
  const project = issued ? (row.missionId && issued.mission ? { id: row.missionId, title: issued.mission.title } : null) : mission;
  return {
    _id: row.id,
    org: row.orgId,
    client: {
      _id: client.id,
      name: billed.name,
      email: billed.email,
      address: billed.address,
      country: billed.country,
      vatNumber: billed.vatNumber,
    },
    order: row.orderCode ? { _id: row.orderId, code: row.orderCode } : null,
    mission: project ? { _id: project.id, title: project.title } : null,
    number: row.number,
    numberText: formatInvoiceNumber(row.number),
    status: row.status,
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    notes: row.notes,
    subtotal: fromMinorUnits(row.subtotalMinor),
    tax: fromMinorUnits(row.taxMinor),
    total: fromMinorUnits(row.totalMinor),
    taxRate: row.taxRate,
    reverseCharge: row.reverseCharge,
    taxNote: row.taxNote,
    qbo: row.qbo,
    pdfUploaded: row.pdfStorageKey !== null,
    pdfUrl: `/api/clientInvoice/${row.id}/pdf`,
    sentAt: iso(row.sentAt),
    sentTo: row.sentTo,
    paidAt: iso(row.paidAt),
    voidedAt: iso(row.voidedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: {
      update: manage && row.status !== 'void' && row.status !== 'paid',
      delete: manage && row.status === 'draft',
      send: manage && (row.status === 'draft' || row.status === 'sent'),
    },
  };
}

const presentLine = (line: LineRow) => ({
  _id: line.id,
  kind: line.kind,
  description: line.description,
  quantity: Number(line.quantity),
  unit: line.unit,
  unitPrice: fromMinorUnits(line.unitPriceMinor),
  amount: fromMinorUnits(line.amountMinor),
  sourceIds: line.sourceIds,
});

/** Invoices with their clients and missions, read in three queries. */
export async function presentInvoices(db: Db | Tx, rows: InvoiceRow[], access: OrgAccess): Promise<InvoiceSummary[]> {
  if (rows.length === 0) return [];
  const clientIds = [...new Set(rows.map((row) => row.clientId))];
  const missionIds = [...new Set(rows.flatMap((row) => (row.missionId ? [row.missionId] : [])))];
  // one after the other: `db` may be a transaction, whose one connection takes a query at a time
  const clientRows = await db.select().from(clients).where(inArray(clients.id, clientIds));
  const missionRows = missionIds.length
    ? await db.select({ id: missions.id, title: missions.title }).from(missions).where(inArray(missions.id, missionIds))
    : [];
  const clientOf = new Map(clientRows.map((row) => [row.id, row]));
  const missionOf = new Map(missionRows.map((row) => [row.id, row]));
  return rows.map((row) =>
    presentSummary(row, clientOf.get(row.clientId)!, row.missionId ? (missionOf.get(row.missionId) ?? null) : null, access),
  );
}

/** One invoice with its lines. */
export async function presentInvoice(db: Db | Tx, row: InvoiceRow, access: OrgAccess): Promise<Invoice> {
  const [summary] = await presentInvoices(db, [row], access);
  const lines = await db
    .select()
    .from(clientInvoiceLines)
    .where(eq(clientInvoiceLines.invoiceId, row.id))
    .orderBy(asc(clientInvoiceLines.position));
  return { ...summary!, lines: lines.map(presentLine) };
}
