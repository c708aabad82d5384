import { and, asc, eq, inArray, max, ne, sql, type SQL } from 'drizzle-orm';
import {
  can,
  currencyStepMinor,
  formatInvoiceNumber,
  fromMinorUnits,
  invoiceNumberFloor,
  invoiceTax,
  invoiceTotals,
  toMinorUnits,
  type Client,
  type ClientCreate,
  type ClientOrder,
  type ClientOrderCreate,
  type ClientOrderUpdate,
  type ClientUpdate,
} from '@crewplan/domain';
import { auditActorOf, checkFresh, diffFields, isUniqueViolation, runOrgCommand, type RecordOrgWrite } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import { clientInvoices, clientOrders, clients } from '../../db/schema/index.ts';
import { type AppError, appError, atField } from '../../lib/errors.ts';
import { storeImage } from '../../lib/images.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';

type ClientRow = typeof clients.$inferSelect;
type OrderRow = typeof clientOrders.$inferSelect;

export const CLIENT_LOGO_FOLDER = 'client-logos';
export const clientNotFound = () => appError('clientNotFound');
const orderNotFound = () => appError('orderNotFound');
const duplicateClient = () => appError('clientDuplicate');
const duplicateOrder = () => appError('orderDuplicate');

export const clientLogoUrl = (row: Pick<ClientRow, 'id' | 'orgId' | 'logoVersion'>) =>
  row.logoVersion ? `/api/org/${row.orgId}/client/${row.id}/logo?v=${row.logoVersion}` : null;

export function presentClient(row: ClientRow, orderCodes: string[], access: OrgAccess): Client {
  const manage = can(access.actor, 'org.clients.manage');
  return {
    _id: row.id,
    org: row.orgId,
    name: row.name,
    email: row.email,
    address: row.address,
    currency: row.currency,
    country: row.country,
    vatNumber: row.vatNumber,
    logo: clientLogoUrl(row),
    archived: row.archived,
    orderCodes,
    nextInvoiceNumber: row.nextInvoiceNumber,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: { update: manage, archive: manage },
  };
}

const presentLite = (row: ClientRow) => ({ _id: row.id, name: row.name, logo: clientLogoUrl(row), archived: row.archived });

function presentOrder(row: OrderRow, access: OrgAccess): ClientOrder {
  const manage = can(access.actor, 'org.clients.manage');
  return {
    _id: row.id,
    client: row.clientId,
    code: row.code,
    title: row.title,
    amount: row.amountMinor === null ? null : fromMinorUnits(row.amountMinor),
    currency: row.currency,
    startDate: row.startDate,
    endDate: row.endDate,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: { update: manage, delete: manage },
  };
}

async function orderCodesOf(db: AppContext['db'] | Tx, clientIds: string[]): Promise<Map<string, string[]>> {
  const codes = new Map<string, string[]>(clientIds.map((id) => [id, []]));
  if (clientIds.length === 0) return codes;
  const rows = await db
    .select({ clientId: clientOrders.clientId, code: clientOrders.code })
    .from(clientOrders)
    .where(inArray(clientOrders.clientId, clientIds))
    .orderBy(asc(clientOrders.createdAt), asc(clientOrders.id));
  for (const row of rows) codes.get(row.clientId)?.push(row.code);
  return codes;
}

const byName = asc(sql`lower(${clients.name})`);

/** `GET /v2/orgs/:id/clients`: every client with its order codes (archived ones when asked). */
export async function listClients(ctx: AppContext, access: OrgAccess, includeArchived: boolean) {
  const rows = await ctx.db
    .select()
    .from(clients)
    .where(and(eq(clients.orgId, access.org.id), includeArchived ? undefined : eq(clients.archived, false)))
    .orderBy(byName, asc(clients.id));
  const codes = await orderCodesOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  return { clients: rows.map((row) => presentClient(row, codes.get(row.id) ?? [], access)) };
}

/** `GET /v2/orgs/:id/clients/lite` and `GET /org/client/list?org=`: what every member needs to pick a client. */
export async function listClientsLite(ctx: AppContext, access: OrgAccess, includeArchived: boolean) {
  const rows = await ctx.db
    .select()
    .from(clients)
    .where(and(eq(clients.orgId, access.org.id), includeArchived ? undefined : eq(clients.archived, false)))
    .orderBy(byName, asc(clients.id));
  return { clients: rows.map(presentLite) };
}

async function loadClient(db: AppContext['db'] | Tx, orgId: string, clientId: string, lock = false) {
  const query = db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.orgId, orgId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw clientNotFound();
  return row;
}

export async function getClient(ctx: AppContext, access: OrgAccess, clientId: string) {
  const row = await loadClient(ctx.db, access.org.id, clientId);
  const codes = await orderCodesOf(ctx.db, [row.id]);
  return presentClient(row, codes.get(row.id) ?? [], access);
}

async function refuseDuplicateName(tx: Tx, orgId: string, name: string | undefined, exceptId?: string) {
  if (name === undefined) return;
  const [existing] = await tx
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.orgId, orgId),
        eq(clients.archived, false),
        eq(sql`lower(${clients.name})`, name.toLowerCase()),
        exceptId ? ne(clients.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw duplicateClient();
}

/** Rule 196: a client's next invoice number is never below its highest + 1 (the row is locked: no invoice slips in). */
async function refuseNumberBackwards(tx: Tx, clientId: string, next: number) {
  const [{ highest } = { highest: null }] = await tx
    .select({ highest: max(clientInvoices.number) })
    .from(clientInvoices)
    .where(eq(clientInvoices.clientId, clientId));
  const floor = invoiceNumberFloor(highest);
  if (next < floor) throw appError('clientNextNumberBackwards', formatInvoiceNumber(floor));
}

const uniqueOr = (onDuplicate: () => AppError) => (error: unknown) => {
  throw isUniqueViolation(error) ? onDuplicate() : error;
};

export async function createClient(ctx: AppContext, access: OrgAccess, input: ClientCreate) {
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    await refuseDuplicateName(tx, access.org.id, input.name);
    const [row] = await tx
      .insert(clients)
      .values({ ...input, orgId: access.org.id })
      .returning()
      .catch(uniqueOr(duplicateClient));
    record({ action: 'create', entity: 'clients', id: row!.id, title: row!.name, changes: diffFields({}, input) });
    return row!;
  });
  return presentClient(row, [], access);
}

/** Updates a client; `archived: false` restores one (its name must still be free). */
export async function updateClient(ctx: AppContext, access: OrgAccess, clientId: string, input: ClientUpdate) {
  const { updatedAt, ...patch } = input;
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const current = await loadClient(tx, access.org.id, clientId, true);
    checkFresh(current, updatedAt);
    const willBeLive = !(patch.archived ?? current.archived);
    if (willBeLive) await refuseDuplicateName(tx, access.org.id, patch.name ?? current.name, clientId);
    if (patch.nextInvoiceNumber !== undefined) await refuseNumberBackwards(tx, clientId, patch.nextInvoiceNumber);
    const changes = diffFields(current as Record<string, unknown>, patch);
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx
      .update(clients)
      .set(patch)
      .where(and(eq(clients.id, clientId), eq(clients.orgId, access.org.id)))
      .returning()
      .catch(uniqueOr(duplicateClient));
    const action = changes.archived ? (patch.archived ? 'archive' : 'restore') : 'update';
    record({ action, entity: 'clients', id: clientId, title: row!.name, changes });
    if (changes.country || changes.vatNumber) await retaxDrafts(tx, access, row!, record);
    return row!;
  });
  return getClientFromRow(ctx, row, access);
}

/**
 * Rule 195 on a client's drafts once its country or VAT number changes: a draft bills the client as it is now (an
 * invoice past draft keeps the tax it was issued with). A draft has no payment link, so no amount asked for changes.
 */
const retaxDrafts = (tx: Tx, access: OrgAccess, client: ClientRow, record: RecordOrgWrite) =>
  retax(tx, eq(clientInvoices.clientId, client.id), access.org.holidayCountryCode, record);

/** The same once the organisation's country changes (the reverse charge depends on it): every draft of the organisation. */
export const retaxOrgDrafts = (tx: Tx, org: { id: string; holidayCountryCode: string | null }, record: RecordOrgWrite) =>
  retax(tx, eq(clientInvoices.orgId, org.id), org.holidayCountryCode, record);

async function retax(tx: Tx, which: SQL, orgCountryCode: string | null, record: RecordOrgWrite) {
  const orgCountry = orgCountryCode?.toUpperCase() ?? null;
  const drafts = await tx
    .select({ draft: clientInvoices, client: { country: clients.country, vatNumber: clients.vatNumber } })
    .from(clientInvoices)
    .innerJoin(clients, eq(clients.id, clientInvoices.clientId))
    .where(and(which, eq(clientInvoices.status, 'draft')))
    .orderBy(clientInvoices.id)
    .for('update', { of: clientInvoices });
  for (const { draft, client } of drafts) {
    const tax = invoiceTax(client, orgCountry);
    const totals = invoiceTotals([draft.subtotalMinor], tax.ratePercent, currencyStepMinor(draft.currency));
    if (draft.taxRate === tax.ratePercent && draft.reverseCharge === tax.reverseCharge && draft.taxMinor === totals.tax) continue;
    await tx
      .update(clientInvoices)
      .set({
        taxRate: tax.ratePercent,
        reverseCharge: tax.reverseCharge,
        taxNote: tax.note,
        taxMinor: totals.tax,
        totalMinor: totals.total,
      })
      .where(eq(clientInvoices.id, draft.id));
    record({
      action: 'update',
      entity: 'client.invoices',
      id: draft.id,
      title: formatInvoiceNumber(draft.number),
      changes: { taxRate: { from: draft.taxRate, to: tax.ratePercent }, totalMinor: { from: draft.totalMinor, to: totals.total } },
    });
  }
}

async function getClientFromRow(ctx: AppContext, row: ClientRow, access: OrgAccess) {
  const codes = await orderCodesOf(ctx.db, [row.id]);
  return presentClient(row, codes.get(row.id) ?? [], access);
}

/** `DELETE /org/:id/client/:clientId` archives the client (its invoices and projects keep naming it). */
export async function archiveClient(ctx: AppContext, access: OrgAccess, clientId: string) {
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const current = await loadClient(tx, access.org.id, clientId, true);
    if (current.archived) return current;
    const [row] = await tx
      .update(clients)
      .set({ archived: true })
      .where(and(eq(clients.id, clientId), eq(clients.orgId, access.org.id)))
      .returning();
    record({ action: 'archive', entity: 'clients', id: clientId, title: current.name, changes: { archived: { from: false, to: true } } });
    return row!;
  });
  return getClientFromRow(ctx, row, access);
}

export async function saveClientLogo(ctx: AppContext, access: OrgAccess, clientId: string, image: { bytes: Buffer; type: string }) {
  await loadClient(ctx.db, access.org.id, clientId);
  await storeImage(ctx.config.dataDir, CLIENT_LOGO_FOLDER, clientId, image.bytes);
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [row] = await tx
      .update(clients)
      .set({ logoType: image.type, logoVersion: sql`coalesce(${clients.logoVersion}, 0) + 1` })
      .where(and(eq(clients.id, clientId), eq(clients.orgId, access.org.id)))
      .returning();
    if (!row) throw clientNotFound();
    record({ action: 'update', entity: 'clients', id: clientId, title: row.name, changes: { logo: { from: null, to: row.logoVersion } } });
    return row;
  });
  return getClientFromRow(ctx, row, access);
}

export async function clientLogo(ctx: AppContext, access: OrgAccess, clientId: string) {
  return loadClient(ctx.db, access.org.id, clientId);
}

export async function listOrders(ctx: AppContext, access: OrgAccess, clientId: string) {
  await loadClient(ctx.db, access.org.id, clientId);
  const rows = await ctx.db
    .select()
    .from(clientOrders)
    .where(and(eq(clientOrders.clientId, clientId), eq(clientOrders.orgId, access.org.id)))
    .orderBy(asc(clientOrders.createdAt), asc(clientOrders.id));
  return { orders: rows.map((row) => presentOrder(row, access)) };
}

const orderValues = (input: ClientOrderUpdate) => {
  const { amount, updatedAt: _updatedAt, ...rest } = input;
  return { ...rest, ...(amount !== undefined ? { amountMinor: amount === null ? null : toMinorUnits(amount) } : {}) };
};

/**
 * An order in a currency without minor units (YEN) is for a whole amount, as an expense is. An order of no currency is
 * in its client's (else its organisation's), as the orders list shows it. Checked when its amount or currency changes
 * (an order kept before this rule is not refused for a change of its title).
 */
function refuseFractionalAmount(amountMinor: number | null, currency: string) {
  if (amountMinor !== null && amountMinor % currencyStepMinor(currency) !== 0) throw atField(appError('expenseWholeUnits'), 'amount');
}
const orderCurrency = (order: { currency: string | null }, client: ClientRow, access: OrgAccess) =>
  order.currency ?? client.currency ?? access.org.currency;

export async function createOrder(ctx: AppContext, access: OrgAccess, clientId: string, input: ClientOrderCreate) {
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const client = await loadClient(tx, access.org.id, clientId, true);
    const values = orderValues(input);
    refuseFractionalAmount(values.amountMinor ?? null, orderCurrency(input, client, access));
    const [row] = await tx
      .insert(clientOrders)
      .values({ ...values, code: input.code, orgId: access.org.id, clientId })
      .returning()
      .catch(uniqueOr(duplicateOrder));
    record({ action: 'create', entity: 'client.orders', id: row!.id, title: row!.code, changes: diffFields({}, values) });
    return row!;
  });
  return presentOrder(row, access);
}

async function loadOrder(tx: Tx, orgId: string, clientId: string, orderId: string) {
  const [row] = await tx
    .select()
    .from(clientOrders)
    .where(and(eq(clientOrders.id, orderId), eq(clientOrders.clientId, clientId), eq(clientOrders.orgId, orgId)))
    .for('update');
  if (!row) throw orderNotFound();
  return row;
}

export async function updateOrder(ctx: AppContext, access: OrgAccess, clientId: string, orderId: string, input: ClientOrderUpdate) {
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const current = await loadOrder(tx, access.org.id, clientId, orderId);
    checkFresh(current, input.updatedAt);
    const values = orderValues(input);
    const startDate = values.startDate === undefined ? current.startDate : values.startDate;
    const endDate = values.endDate === undefined ? current.endDate : values.endDate;
    if (startDate && endDate && endDate < startDate) {
      throw appError('clientEndBeforeStart');
    }
    if (values.amountMinor !== undefined || (values.currency !== undefined && values.currency !== current.currency)) {
      const currency = values.currency === undefined ? current.currency : values.currency;
      refuseFractionalAmount(
        values.amountMinor === undefined ? current.amountMinor : values.amountMinor,
        orderCurrency({ currency }, await loadClient(tx, access.org.id, clientId), access),
      );
    }
    const changes = diffFields(current as Record<string, unknown>, values);
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx
      .update(clientOrders)
      .set(values)
      .where(and(eq(clientOrders.id, orderId), eq(clientOrders.orgId, access.org.id)))
      .returning()
      .catch(uniqueOr(duplicateOrder));
    record({ action: 'update', entity: 'client.orders', id: orderId, title: row!.code, changes });
    return row!;
  });
  return presentOrder(row, access);
}

/** Orders are deleted outright (an invoice keeps the order code it was issued with as text). */
export async function deleteOrder(ctx: AppContext, access: OrgAccess, clientId: string, orderId: string) {
  await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const current = await loadOrder(tx, access.org.id, clientId, orderId);
    await tx.delete(clientOrders).where(and(eq(clientOrders.id, orderId), eq(clientOrders.orgId, access.org.id)));
    record({ action: 'delete', entity: 'client.orders', id: orderId, title: current.code });
  });
  return { deleted: true as const, _id: orderId };
}
