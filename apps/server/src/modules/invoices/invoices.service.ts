import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  canMoveInvoice,
  currencyStepMinor,
  dueDateValid,
  formatInvoiceNumber,
  fromMinorUnits,
  invoiceNumberFloor,
  invoiceTax,
  invoiceTotals,
  invoiceWithinBounds,
  nextInvoiceNumber,
  quantityAmount,
  toMinorUnits,
  type InvoiceCreate,
  type InvoiceLineInput,
  type InvoiceListQuery,
  type InvoiceStatus,
  type InvoiceUpdate,
} from '@crewplan/domain';
import { auditActorOf, checkFresh, diffFields, isUniqueViolation, runOrgCommand } from '../../commands/index.ts';
import type { Tx } from '../../db/database.ts';
import {
  type InvoiceIssuedDetails,
  clientInvoiceLines,
  clientInvoices,
  clientInvoiceSources,
  clientOrders,
  clients,
  missions,
  orgs,
  planItems,
  timesheets,
} from '../../db/schema/index.ts';
import { todayOf } from '../../lib/clock.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { convertAmounts } from '../currency/index.ts';
import { clientNotFound } from './clients.service.ts';
import { presentInvoice, presentInvoices, type InvoiceRow } from './invoices.presenter.ts';
import {
  approveBilledMilestones,
  billableSources,
  drawLines,
  drawnAmount,
  LINE_KIND_OF,
  type DrawnLine,
  type SourceKind,
} from './invoices.sources.ts';

type ClientRow = typeof clients.$inferSelect;
type LineValues = Omit<typeof clientInvoiceLines.$inferInsert, 'invoiceId' | 'position'> & { sources: DrawnLine['sources'] };

const orderNotFound = () => appError('orderNotFound');
const refuseWhenDisabled = (access: OrgAccess) => {
  if (access.org.invoicingDisabled) throw appError('invoicingDisabled');
};

/** The organisation's country, for the reverse charge: the country of its public holidays. */
const orgCountryOf = (access: Pick<OrgAccess, 'org'>) => access.org.holidayCountryCode?.toUpperCase() ?? null;

async function loadClientRow(tx: Tx | AppContext['db'], orgId: string, clientId: string, lock = false) {
  const query = tx
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.orgId, orgId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw clientNotFound();
  return row;
}

/** A live mission of the organisation; with `archivedToo`, an archived one as well (the mission a draft already bills). */
async function loadMission(db: Tx | AppContext['db'], orgId: string, missionId: string, archivedToo = false) {
  const [row] = await db
    .select({ id: missions.id, title: missions.title, currency: missions.currency, clientId: missions.clientId })
    .from(missions)
    .where(and(eq(missions.id, missionId), eq(missions.orgId, orgId), archivedToo ? undefined : sql`${missions.archivedAt} is null`));
  if (!row) throw appError('missionNotFound');
  return row;
}

/**
 * The mission an invoice of `clientId` bills: one of that client, or one with no client set; a mission of another
 * client is refused, so that one client is never billed another's work.
 */
async function loadMissionOfClient(db: Tx | AppContext['db'], orgId: string, missionId: string, clientId: string, archivedToo = false) {
  const mission = await loadMission(db, orgId, missionId, archivedToo);
  if (mission.clientId !== null && mission.clientId !== clientId) throw appError('invoiceMissionOfOtherClient');
  return mission;
}

/** Loads an invoice of the organisation (locked for a write). */
export async function loadInvoice(db: Tx | AppContext['db'], orgId: string, invoiceId: string, lock = false): Promise<InvoiceRow> {
  const query = db
    .select()
    .from(clientInvoices)
    .where(and(eq(clientInvoices.id, invoiceId), eq(clientInvoices.orgId, orgId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw appError('invoiceNotFound');
  return row;
}

/**
 * `GET /clientInvoice/org/:id/list`: a page of the organisation's invoices, newest first (of a client, status or
 * mission), and how many there are in all.
 */
export async function listInvoices(ctx: AppContext, access: OrgAccess, query: InvoiceListQuery) {
  const where = and(
    eq(clientInvoices.orgId, access.org.id),
    query.client ? eq(clientInvoices.clientId, query.client) : undefined,
    query.status ? eq(clientInvoices.status, query.status) : undefined,
    query.mission ? eq(clientInvoices.missionId, query.mission) : undefined,
  );
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    ctx.db
      .select()
      .from(clientInvoices)
      .where(where)
      .orderBy(desc(clientInvoices.issueDate), desc(clientInvoices.createdAt), desc(clientInvoices.id))
      .limit(query.limit)
      .offset(query.offset),
    ctx.db.select({ total: count() }).from(clientInvoices).where(where),
  ]);
  return { invoices: await presentInvoices(ctx.db, rows, access), total };
}

export async function getInvoice(ctx: AppContext, access: OrgAccess, invoiceId: string) {
  return presentInvoice(ctx.db, await loadInvoice(ctx.db, access.org.id, invoiceId), access);
}

/**
 * Converts drawn lines in another currency into the invoice's, at the rate serving each line's day (rule 193): the
 * unit price is converted and the amount drawn again from it, so that a line's quantity at its price is its amount.
 */
async function convertLines(ctx: AppContext, tx: Tx, lines: DrawnLine[], currency: string): Promise<DrawnLine[]> {
  const foreign = lines.filter((line) => line.currency !== currency);
  if (foreign.length === 0) return lines;
  const converted = await convertAmounts(
    { db: tx, clock: ctx.clock },
    currency,
    foreign.map((line) => ({ amountMinor: line.unitPriceMinor, from: line.currency, day: line.day })),
  );
  let index = 0;
  return lines.map((line) => {
    if (line.currency === currency) return line;
    const unitPriceMinor = converted[index++]!;
    const amountMinor = drawnAmount(line.kind, line.sources, unitPriceMinor, currency);
    return { ...line, amountMinor, unitPriceMinor, currency, description: drawnDescription(line, currency) };
  });
}

/** The name a drawn line takes on an invoice in `currency`: a line converted from another currency says so. */
const drawnDescription = (line: DrawnLine, currency: string) =>
  line.currency === currency ? line.description : `${line.description} (from ${line.currency})`;

/**
 * The lines of an invoice from its input: typed lines as given (quantity × unit price, rounded once), drawn lines
 * recomputed from their sources, which must be billable now and not on another invoice (409 otherwise). With
 * `redrawnFrom`, the inputs are a draft's stored lines drawn in that currency: a drawn line's description is kept only
 * where someone renamed it, and is otherwise drawn anew (with its conversion note for the new currency). With
 * `archivedToo`, the mission is the one a draft bills: archived meanwhile, its time and milestones stay billable on it,
 * so that the draft can still be edited and drawn again.
 */
async function buildLines(
  ctx: AppContext,
  tx: Tx,
  access: Pick<OrgAccess, 'org'>,
  missionId: string | null,
  inputs: InvoiceLineInput[],
  currency: string,
  redrawnFrom?: string,
  archivedToo = false,
): Promise<LineValues[]> {
  const drawnIds = inputs.flatMap((line) => (line.kind === 'manual' ? [] : line.sourceIds));
  if (drawnIds.length > 0 && !missionId) {
    throw appError('invoiceDrawnWithoutMission');
  }
  if (new Set(drawnIds).size !== drawnIds.length) throw appError('invoiceNotBillable');
  // a week being reopened or a milestone being changed meanwhile waits for this invoice (and then finds it billed),
  // or is no longer billable here
  if (drawnIds.length > 0) {
    await tx.select({ id: timesheets.id }).from(timesheets).where(inArray(timesheets.id, drawnIds)).orderBy(timesheets.id).for('share');
    await tx.select({ id: planItems.id }).from(planItems).where(inArray(planItems.id, drawnIds)).orderBy(planItems.id).for('share');
  }
  const sources =
    missionId && drawnIds.length > 0 ? await billableSources(tx, access.org.id, missionId, { ids: drawnIds, archivedToo }) : [];
  const byId = new Map(sources.map((source) => [source.id, source]));
  const lines: LineValues[] = [];
  for (const input of inputs) {
    if (input.kind === 'manual') {
      const unitPriceMinor = toMinorUnits(input.unitPrice);
      lines.push({
        kind: 'manual',
        description: input.description,
        quantity: input.quantity,
        unit: input.unit,
        unitPriceMinor,
        amountMinor: quantityAmount(input.quantity, unitPriceMinor, currencyStepMinor(currency)),
        sourceIds: [],
        sources: [],
      });
      continue;
    }
    const picked = input.sourceIds.map((id) => byId.get(id));
    if (picked.some((source) => !source || LINE_KIND_OF[source.kind] !== input.kind)) {
      const [taken] = await tx
        .select({ id: clientInvoiceSources.sourceId })
        .from(clientInvoiceSources)
        .where(sql`${clientInvoiceSources.sourceId} = any(${sql.param(input.sourceIds)}::varchar[])`)
        .limit(1);
      throw appError(taken ? 'invoiceAlreadyInvoiced' : 'invoiceNotBillable');
    }
    const raw = drawLines(picked as NonNullable<(typeof picked)[number]>[]);
    const drawn = await convertLines(ctx, tx, raw, currency);
    let description = drawn.length === 1 ? input.description : undefined;
    if (description !== undefined && redrawnFrom !== undefined && description === drawnDescription(raw[0]!, redrawnFrom)) {
      description = undefined;
    }
    for (const line of drawn) {
      lines.push({
        kind: line.kind,
        description: description ?? line.description,
        quantity: line.quantity,
        unit: line.unit,
        unitPriceMinor: line.unitPriceMinor,
        amountMinor: line.amountMinor,
        sourceIds: line.sources.map((source) => source.id),
        sources: line.sources,
      });
    }
  }
  return lines;
}

/** Writes an invoice's lines and claims their sources; a source another invoice claimed meanwhile is 409. */
async function insertLines(tx: Tx, invoiceId: string, lines: LineValues[]): Promise<void> {
  if (lines.length === 0) return;
  const inserted = await tx
    .insert(clientInvoiceLines)
    .values(lines.map(({ sources: _sources, ...line }, position) => ({ ...line, invoiceId, position })))
    .returning({ id: clientInvoiceLines.id, position: clientInvoiceLines.position });
  const claims = inserted.flatMap((line) =>
    lines[line.position]!.sources.map((source) => ({ sourceKind: source.kind, sourceId: source.id, invoiceId, lineId: line.id })),
  );
  if (claims.length === 0) return;
  await tx
    .insert(clientInvoiceSources)
    .values(claims)
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? appError('invoiceAlreadyInvoiced') : error;
    });
}

async function orderOf(tx: Tx, access: OrgAccess, clientId: string, orderId: string | null) {
  if (!orderId) return { orderId: null, orderCode: null };
  const [order] = await tx
    .select({ id: clientOrders.id, code: clientOrders.code })
    .from(clientOrders)
    .where(and(eq(clientOrders.id, orderId), eq(clientOrders.clientId, clientId), eq(clientOrders.orgId, access.org.id)));
  if (!order) throw orderNotFound();
  return { orderId: order.id, orderCode: order.code };
}

const taxAndTotals = (client: ClientRow, access: Pick<OrgAccess, 'org'>, lines: LineValues[], currency: string) => {
  const tax = invoiceTax({ country: client.country, vatNumber: client.vatNumber }, orgCountryOf(access));
  const amounts = lines.map((line) => line.amountMinor);
  const totals = invoiceTotals(amounts, tax.ratePercent, currencyStepMinor(currency));
  if (!invoiceWithinBounds(amounts, totals.total)) throw appError('invoiceTooLarge');
  return {
    taxRate: tax.ratePercent,
    reverseCharge: tax.reverseCharge,
    taxNote: tax.note,
    subtotalMinor: totals.subtotal,
    taxMinor: totals.tax,
    totalMinor: totals.total,
  };
};

/**
 * `POST /clientInvoice/org/:id/client/:clientId`: a draft invoice to the client. Its number is the client's next,
 * at least the highest + 1 (rule 196); the client row is locked while it is taken, so concurrent invoices of one
 * client get distinct numbers (and the unique index holds if anything slips past).
 */
export async function createInvoice(ctx: AppContext, access: OrgAccess, clientId: string, input: InvoiceCreate) {
  refuseWhenDisabled(access);
  const { payload } = input;
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const client = await loadClientRow(tx, access.org.id, clientId, true);
    if (client.archived) throw appError('invoiceClientArchived');
    const mission = payload.missionId ? await loadMissionOfClient(tx, access.org.id, payload.missionId, clientId) : null;
    const order = await orderOf(tx, access, clientId, payload.orderId);
    const [{ highest } = { highest: null }] = await tx
      .select({ highest: max(clientInvoices.number) })
      .from(clientInvoices)
      .where(eq(clientInvoices.clientId, clientId));
    const number = nextInvoiceNumber({ highest, clientNext: client.nextInvoiceNumber, requested: payload.number });
    if (number === null) throw appError('invoiceNumberBackwards', formatInvoiceNumber(invoiceNumberFloor(highest)));
    const currency = payload.currency ?? client.currency ?? mission?.currency ?? access.org.currency;
    const issueDate = payload.issueDate ?? todayOf(ctx.clock);
    if (!dueDateValid(issueDate, payload.dueDate)) throw appError('invoiceDueBeforeIssue');
    const lines = await buildLines(ctx, tx, access, mission?.id ?? null, payload.lines, currency);
    const [invoice] = await tx
      .insert(clientInvoices)
      .values({
        orgId: access.org.id,
        clientId,
        ...order,
        missionId: mission?.id ?? null,
        number,
        currency,
        issueDate,
        dueDate: payload.dueDate,
        notes: payload.notes,
        qbo: input.qbo,
        createdBy: access.personId,
        ...taxAndTotals(client, access, lines, currency),
      })
      .returning()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? appError('invoiceNumberBackwards', formatInvoiceNumber(number + 1)) : error;
      });
    await insertLines(tx, invoice!.id, lines);
    await tx
      .update(clients)
      .set({ nextInvoiceNumber: sql`greatest(${clients.nextInvoiceNumber}, ${number + 1})` })
      .where(eq(clients.id, clientId));
    record({
      action: 'create',
      entity: 'client.invoices',
      id: invoice!.id,
      title: `${client.name} ${formatInvoiceNumber(number)}`,
      changes: { number: { from: null, to: number }, total: { from: null, to: fromMinorUnits(invoice!.totalMinor) } },
    });
    return invoice!;
  });
  return presentInvoice(ctx.db, row, access);
}

const TIMESTAMP_OF: Partial<Record<InvoiceStatus, 'sentAt' | 'paidAt' | 'voidedAt'>> = { sent: 'sentAt', paid: 'paidAt', void: 'voidedAt' };

/** What the invoice shows of its client, organisation and project now: kept on it as it leaves draft. */
async function issuedDetailsOf(tx: Tx, invoice: InvoiceRow): Promise<InvoiceIssuedDetails> {
  const client = await loadClientRow(tx, invoice.orgId, invoice.clientId);
  const [org] = await tx.select({ title: orgs.title }).from(orgs).where(eq(orgs.id, invoice.orgId));
  const [mission] = invoice.missionId
    ? await tx.select({ title: missions.title }).from(missions).where(eq(missions.id, invoice.missionId))
    : [];
  return {
    client: { name: client.name, email: client.email, address: client.address, country: client.country, vatNumber: client.vatNumber },
    org: { title: org!.title },
    mission: mission ? { title: mission.title } : null,
  };
}

/**
 * Moves an invoice to `status` (draft → sent → paid; draft or sent → void, which releases its lines' sources). Leaving
 * draft, it keeps its client's, organisation's and project's details as they are: an issued invoice no longer follows them;
 * issued, it approves the milestones it bills (`approveBilledMilestones`).
 */
export async function moveInvoice(ctx: AppContext, tx: Tx, current: InvoiceRow, status: InvoiceStatus, extra: Partial<InvoiceRow> = {}) {
  if (!canMoveInvoice(current.status, status)) throw appError('invoiceBadStatus', current.status, status);
  const stamp = TIMESTAMP_OF[status];
  const values: Partial<typeof clientInvoices.$inferInsert> = { ...extra, status };
  if (current.status === 'draft' && status !== 'draft') values.issuedDetails = await issuedDetailsOf(tx, current);
  if (current.status === 'draft' && (status === 'sent' || status === 'paid'))
    await approveBilledMilestones(tx, current.id, ctx.clock.now());
  if (stamp && current.status !== status) values[stamp] = ctx.clock.now();
  if (status === 'void') await tx.delete(clientInvoiceSources).where(eq(clientInvoiceSources.invoiceId, current.id));
  const [row] = await tx.update(clientInvoices).set(values).where(eq(clientInvoices.id, current.id)).returning();
  return row!;
}

/**
 * `PUT /clientInvoice/:id`: a draft's fields and lines (the lines replace the old ones, whose sources are released
 * first), a status change, the qbo flag. An invoice past draft changes only its status and qbo flag. An invoice voided
 * or marked paid here takes no more payment at its link: once committed, `expireLink` is handed the link's id.
 */
export async function updateInvoice(
  ctx: AppContext,
  access: OrgAccess,
  invoiceId: string,
  input: InvoiceUpdate,
  expireLink: (paymentSessionId: string) => Promise<void>,
) {
  refuseWhenDisabled(access);
  const { status, updatedAt, lines, ...fields } = input.payload;
  const { row, endedLink } = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const current = await loadInvoice(tx, access.org.id, invoiceId, true);
    checkFresh(current, updatedAt);
    const editsDraft = lines !== undefined || Object.values(fields).some((value) => value !== undefined);
    if (editsDraft && current.status !== 'draft') throw appError('invoiceNotDraft');
    let next: InvoiceRow = current;
    if (editsDraft) {
      const dueDate = fields.dueDate === undefined ? current.dueDate : fields.dueDate;
      if (!dueDateValid(fields.issueDate ?? current.issueDate, dueDate)) throw appError('invoiceDueBeforeIssue');
      const client = await loadClientRow(tx, access.org.id, current.clientId);
      const missionId = fields.missionId === undefined ? current.missionId : fields.missionId;
      // lines drawn anew come from the mission, which may have moved to another client since the draft was made
      const drawsAnew = lines?.some((line) => line.kind !== 'manual') ?? false;
      if (missionId && (missionId !== current.missionId || drawsAnew)) {
        await loadMissionOfClient(tx, access.org.id, missionId, current.clientId, missionId === current.missionId);
      }
      const order = fields.orderId === undefined ? {} : await orderOf(tx, access, current.clientId, fields.orderId);
      const currency = fields.currency ?? current.currency;
      let totals = {};
      // a draft's lines are drawn again for another currency, and for another mission (whose sources they must be)
      if (lines !== undefined || currency !== current.currency || missionId !== current.missionId) {
        const issueDate = fields.issueDate ?? current.issueDate;
        const inputs =
          lines ?? (await convertTypedLines(ctx, tx, await currentLineInputs(tx, current.id), current.currency, currency, issueDate));
        await tx.delete(clientInvoiceLines).where(eq(clientInvoiceLines.invoiceId, current.id));
        const redrawnFrom = lines ? undefined : current.currency;
        const built = await buildLines(ctx, tx, access, missionId, inputs, currency, redrawnFrom, missionId === current.missionId);
        totals = taxAndTotals(client, access, built, currency);
        await insertLines(tx, current.id, built);
      }
      const { orderId: _orderId, missionId: _missionId, ...plain } = fields;
      const [updated] = await tx
        .update(clientInvoices)
        .set({ ...plain, ...order, missionId, currency, ...totals })
        .where(eq(clientInvoices.id, current.id))
        .returning();
      next = updated!;
    }
    if (status !== undefined && status !== current.status) next = await moveInvoice(ctx, tx, next, status);
    if (input.qbo !== undefined && input.qbo !== next.qbo) {
      const [updated] = await tx.update(clientInvoices).set({ qbo: input.qbo }).where(eq(clientInvoices.id, current.id)).returning();
      next = updated!;
    }
    const changes = diffFields(current as unknown as Record<string, unknown>, {
      ...fields,
      ...(status !== undefined ? { status } : {}),
      ...(input.qbo !== undefined ? { qbo: input.qbo } : {}),
      ...(next.totalMinor !== current.totalMinor ? { totalMinor: next.totalMinor } : {}),
    });
    if (Object.keys(changes).length > 0 || lines !== undefined) {
      record({ action: 'update', entity: 'client.invoices', id: current.id, title: formatInvoiceNumber(current.number), changes });
    }
    const linkEnded = next.status !== current.status && (next.status === 'void' || next.status === 'paid');
    return { row: next, endedLink: linkEnded ? current.paymentSessionId : null };
  });
  if (endedLink) await expireLink(endedLink);
  return presentInvoice(ctx.db, row, access);
}

/** The refusal for a source billed on an issued invoice, naming the invoice and its status. */
const BILLED_REFUSAL = { timesheet: 'timesheetInvoiced', milestone: 'milestoneInvoiced' } as const satisfies Record<SourceKind, string>;

/**
 * Before a source changes what its invoice line drew from it (a week leaving approval; a milestone re-priced,
 * no longer reached or deleted): a source billed on an issued invoice (sent or paid) stays as it was billed (409
 * naming the invoice: void it first); on a draft, the draft's lines and totals are drawn again, the source taken off
 * them — or, with `redraw` (the source still billable, changed), drawn again as it now is. A void invoice no longer
 * claims its sources. Call it with the source's row locked; with `redraw`, once the source is saved as it now is.
 */
export async function releaseBilledSource(
  ctx: AppContext,
  tx: Tx,
  orgId: string,
  source: { kind: SourceKind; id: string },
  redraw = false,
): Promise<void> {
  const [claim] = await tx
    .select({ invoiceId: clientInvoiceSources.invoiceId })
    .from(clientInvoiceSources)
    .where(and(eq(clientInvoiceSources.sourceKind, source.kind), eq(clientInvoiceSources.sourceId, source.id)));
  if (!claim) return;
  const current = await loadInvoice(tx, orgId, claim.invoiceId, true);
  if (current.status !== 'draft') throw appError(BILLED_REFUSAL[source.kind], formatInvoiceNumber(current.number), current.status);
  const [org] = await tx.select().from(orgs).where(eq(orgs.id, orgId));
  const access = { org: org! };
  // the lines that billed the source bill the others (their name drawn anew); the other lines stay as they are, and
  // a source drawn again keeps its line's name
  const inputs = (await currentLineInputs(tx, current.id)).flatMap((line): InvoiceLineInput[] => {
    if (line.kind === 'manual' || !line.sourceIds.includes(source.id) || redraw) return [line];
    const sourceIds = line.sourceIds.filter((id) => id !== source.id);
    return sourceIds.length > 0 ? [{ kind: line.kind, sourceIds }] : [];
  });
  await tx.delete(clientInvoiceLines).where(eq(clientInvoiceLines.invoiceId, current.id));
  const built = await buildLines(ctx, tx, access, current.missionId, inputs, current.currency, current.currency, true);
  const client = await loadClientRow(tx, orgId, current.clientId);
  await insertLines(tx, current.id, built);
  await tx
    .update(clientInvoices)
    .set(taxAndTotals(client, access, built, current.currency))
    .where(eq(clientInvoices.id, current.id));
}

/** Before an approved week leaves approval (reopened): `releaseBilledSource` of the week. */
export const releaseBilledWeek = (ctx: AppContext, tx: Tx, orgId: string, timesheetId: string) =>
  releaseBilledSource(ctx, tx, orgId, { kind: 'timesheet', id: timesheetId });

/** The inputs that rebuild a draft's lines as they are (to recompute them in another currency), with their names. */
async function currentLineInputs(tx: Tx, invoiceId: string): Promise<InvoiceLineInput[]> {
  const rows = await tx
    .select()
    .from(clientInvoiceLines)
    .where(eq(clientInvoiceLines.invoiceId, invoiceId))
    .orderBy(clientInvoiceLines.position);
  return rows.map((line) =>
    line.kind === 'manual'
      ? {
          kind: 'manual',
          description: line.description,
          quantity: Number(line.quantity),
          unit: line.unit,
          unitPrice: fromMinorUnits(line.unitPriceMinor),
        }
      : { kind: line.kind as 'time' | 'milestone', sourceIds: line.sourceIds, description: line.description },
  );
}

/**
 * A draft's typed lines carried into another currency: each unit price converted at the rate serving the invoice's
 * issue day (rule 193), as its drawn lines are converted, so that a change of currency never changes what they bill.
 */
async function convertTypedLines(
  ctx: AppContext,
  tx: Tx,
  inputs: InvoiceLineInput[],
  from: string,
  to: string,
  day: string,
): Promise<InvoiceLineInput[]> {
  const typedLines = inputs.filter((line) => line.kind === 'manual');
  if (from === to || typedLines.length === 0) return inputs;
  const converted = await convertAmounts(
    { db: tx, clock: ctx.clock },
    to,
    typedLines.map((line) => ({ amountMinor: toMinorUnits(line.unitPrice), from, day })),
  );
  let index = 0;
  return inputs.map((line) => (line.kind === 'manual' ? { ...line, unitPrice: fromMinorUnits(converted[index++]!) } : line));
}

/** `DELETE /clientInvoice/:id`: deletes a draft (its sources become billable again); any other is 409 (void it instead). */
export async function deleteInvoice(ctx: AppContext, access: OrgAccess, invoiceId: string) {
  refuseWhenDisabled(access);
  const removed = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const current = await loadInvoice(tx, access.org.id, invoiceId, true);
    if (current.status !== 'draft') throw appError('invoiceNotDraft');
    await tx.delete(clientInvoices).where(eq(clientInvoices.id, current.id));
    record({ action: 'delete', entity: 'client.invoices', id: current.id, title: formatInvoiceNumber(current.number) });
    return current;
  });
  return { deleted: true as const, _id: removed.id, pdfStorageKey: removed.pdfStorageKey };
}

/** `GET /clientInvoice/org/:id/billable?mission=`: the lines a mission could bill now, in its sources' currency. */
export async function billableLines(ctx: AppContext, access: OrgAccess, missionId: string, until: string | undefined) {
  const mission = await loadMission(ctx.db, access.org.id, missionId);
  const sources = await billableSources(ctx.db, access.org.id, missionId, { until });
  return {
    mission: { _id: mission.id, title: mission.title, currency: mission.currency },
    lines: drawLines(sources).map((line) => ({
      kind: line.kind,
      sourceIds: line.sources.map((source) => source.id),
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: fromMinorUnits(line.unitPriceMinor),
      amount: fromMinorUnits(line.amountMinor),
      currency: line.currency,
      day: line.day,
    })),
  };
}
