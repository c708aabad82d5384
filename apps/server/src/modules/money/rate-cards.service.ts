import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  fromMinorUnits,
  rateForRole,
  toMinorUnits,
  type RateCard,
  type RateCardCreate,
  type RateCardUpdate,
  type RateUnit,
  type RoleRate,
  type RoleRateMinor,
  type RateSource,
} from '@crewplan/domain';
import { auditActorOf, diffFields, isUniqueViolation, runOrgCommand } from '../../commands/index.ts';
import type { Db, Tx } from '../../db/database.ts';
import { clients, missions, orgRoles, orgs, rateCards, type RateCardRate } from '../../db/schema/index.ts';
import { todayOf } from '../../lib/clock.ts';
import { appError } from '../../lib/errors.ts';
import { convertAmounts, type CurrencyDeps } from '../currency/index.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';

type RateCardRow = typeof rateCards.$inferSelect;
type UsedFor = { usedFor: 'mission' | 'client'; title: string };

export const rateCardNotFound = () => appError('rateCardNotFound');
const usedForUnknown = () => appError('rateCardUsedForUnknown');
const roleUnknown = () => appError('rateCardRoleUnknown');
const alreadyCarded = () => appError('rateCardDuplicate');

const toRowRates = (rates: RoleRate[]): RateCardRate[] =>
  rates.map((rate) => ({
    roleId: rate.roleId,
    rateMinor: toMinorUnits(rate.rate),
    rateTime: rate.rateTime,
    billRateMinor: rate.billRate === null ? null : toMinorUnits(rate.billRate),
  }));

function presentRateCard(row: RateCardRow, usedFor: UsedFor): RateCard {
  return {
    _id: row.id,
    org: row.orgId,
    name: row.name,
    usedForId: row.usedForId,
    usedFor: usedFor.usedFor,
    usedForTitle: usedFor.title,
    ratesByRole: row.ratesByRole.map((rate) => ({
      roleId: rate.roleId,
      rate: fromMinorUnits(rate.rateMinor),
      rateTime: rate.rateTime,
      billRate: rate.billRateMinor === null ? null : fromMinorUnits(rate.billRateMinor),
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What each id names among the organisation's missions and clients (scoped by organisation in the query). */
async function usedForOf(db: Db | Tx, orgId: string, ids: string[]): Promise<Map<string, UsedFor>> {
  const found = new Map<string, UsedFor>();
  if (ids.length === 0) return found;
  const [missionRows, clientRows] = [
    await db
      .select({ id: missions.id, title: missions.title })
      .from(missions)
      .where(and(eq(missions.orgId, orgId), inArray(missions.id, ids))),
    await db
      .select({ id: clients.id, name: clients.name })
      .from(clients)
      .where(and(eq(clients.orgId, orgId), inArray(clients.id, ids))),
  ];
  for (const row of missionRows) found.set(row.id, { usedFor: 'mission', title: row.title });
  for (const row of clientRows) found.set(row.id, { usedFor: 'client', title: row.name });
  return found;
}

/** 400 unless every role on the card is a live role of the organisation. */
async function requireOrgRoles(tx: Tx, orgId: string, rates: RoleRate[]): Promise<void> {
  const ids = [...new Set(rates.map((rate) => rate.roleId))];
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: orgRoles.id })
    .from(orgRoles)
    .where(and(eq(orgRoles.orgId, orgId), eq(orgRoles.isDeleted, false), inArray(orgRoles.id, ids)));
  if (rows.length !== ids.length) throw roleUnknown();
}

async function cardRow(db: Db | Tx, orgId: string, id: string): Promise<RateCardRow> {
  const [row] = await db
    .select()
    .from(rateCards)
    .where(and(eq(rateCards.id, id), eq(rateCards.orgId, orgId)));
  if (!row) throw rateCardNotFound();
  return row;
}

async function presentRows(db: Db | Tx, orgId: string, rows: RateCardRow[]): Promise<RateCard[]> {
  const usedFor = await usedForOf(
    db,
    orgId,
    rows.map((row) => row.usedForId),
  );
  // A card whose mission or client has gone stays listed, so that it can be deleted.
  return rows.map((row) => presentRateCard(row, usedFor.get(row.usedForId) ?? { usedFor: 'mission', title: '' }));
}

/** `GET /api/org/:orgId/rate-card`: the organisation's rate cards, by name. */
export async function listRateCards(ctx: AppContext, access: OrgAccess): Promise<RateCard[]> {
  const rows = await ctx.db
    .select()
    .from(rateCards)
    .where(eq(rateCards.orgId, access.org.id))
    .orderBy(asc(rateCards.name), asc(rateCards.id));
  return presentRows(ctx.db, access.org.id, rows);
}

/** `GET /api/org/:orgId/rate-card/:id`. */
export async function readRateCard(ctx: AppContext, access: OrgAccess, id: string): Promise<RateCard> {
  const [card] = await presentRows(ctx.db, access.org.id, [await cardRow(ctx.db, access.org.id, id)]);
  return card!;
}

/**
 * `POST /api/org/:orgId/rate-card`: a card for a mission or a client of the organisation (400 otherwise), listing
 * live roles of the organisation (400 otherwise); one card per mission or client (409).
 */
export async function createRateCard(ctx: AppContext, access: OrgAccess, input: RateCardCreate): Promise<RateCard> {
  const orgId = access.org.id;
  return runOrgCommand(ctx, orgId, auditActorOf(access), async (tx, record) => {
    const usedFor = (await usedForOf(tx, orgId, [input.usedForId])).get(input.usedForId);
    if (!usedFor) throw usedForUnknown();
    await requireOrgRoles(tx, orgId, input.ratesByRole);
    const values = { orgId, name: input.name, usedForId: input.usedForId, ratesByRole: toRowRates(input.ratesByRole) };
    const [row] = await tx
      .insert(rateCards)
      .values(values)
      .returning()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? alreadyCarded() : error;
      });
    record({
      action: 'create',
      entity: 'rate.cards',
      id: row!.id,
      title: row!.name,
      changes: diffFields({}, { name: row!.name, usedForId: row!.usedForId }),
    });
    return presentRateCard(row!, usedFor);
  });
}

/** `PUT /api/org/:orgId/rate-card/:id`: its name, what it is used for, or its whole list of rates. */
export async function updateRateCard(ctx: AppContext, access: OrgAccess, id: string, input: RateCardUpdate): Promise<RateCard> {
  const orgId = access.org.id;
  return runOrgCommand(ctx, orgId, auditActorOf(access), async (tx, record) => {
    const before = await cardRow(tx, orgId, id);
    const usedForId = input.usedForId ?? before.usedForId;
    const usedFor = (await usedForOf(tx, orgId, [usedForId])).get(usedForId);
    if (!usedFor) throw usedForUnknown();
    if (input.ratesByRole) await requireOrgRoles(tx, orgId, input.ratesByRole);
    const patch = {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.usedForId !== undefined && { usedForId: input.usedForId }),
      ...(input.ratesByRole !== undefined && { ratesByRole: toRowRates(input.ratesByRole) }),
    };
    const changes = diffFields(before as unknown as Record<string, unknown>, patch as Record<string, unknown>);
    if (Object.keys(changes).length === 0) return presentRateCard(before, usedFor);
    const [row] = await tx
      .update(rateCards)
      .set(patch)
      .where(and(eq(rateCards.id, id), eq(rateCards.orgId, orgId)))
      .returning()
      .catch((error: unknown) => {
        throw isUniqueViolation(error) ? alreadyCarded() : error;
      });
    record({ action: 'update', entity: 'rate.cards', id, title: row!.name, changes });
    return presentRateCard(row!, usedFor);
  });
}

/** `DELETE /api/org/:orgId/rate-card/:id`: the card goes; plan items keep the rates they took from it. */
export async function deleteRateCard(ctx: AppContext, access: OrgAccess, id: string): Promise<{ deleted: string }> {
  const orgId = access.org.id;
  return runOrgCommand(ctx, orgId, auditActorOf(access), async (tx, record) => {
    const before = await cardRow(tx, orgId, id);
    await tx.delete(rateCards).where(and(eq(rateCards.id, id), eq(rateCards.orgId, orgId)));
    record({ action: 'delete', entity: 'rate.cards', id, title: before.name });
    return { deleted: id };
  });
}

const ratesOf = (row: RateCardRow | undefined): Map<string, RoleRateMinor> | null =>
  row ? new Map(row.ratesByRole.map((rate) => [rate.roleId, rate])) : null;

/**
 * The rate a person role of `mission` with organisation role `orgRoleId` takes (`rateForRole`): the mission's card,
 * else its client's, else the organisation role's cost. Null off an organisation or for an unknown role. Cards and
 * role costs are in the organisation's currency: a mission of another currency takes them converted at today's rate
 * (rule 193, through the currency module: integer minor units, rounded once to the mission currency's smallest amount,
 * a whole yen for a currency without minor units; a missing rate refuses, 422).
 */
export async function roleRateFor(
  deps: CurrencyDeps,
  mission: { id: string; orgId: string | null; clientId: string | null; currency: string },
  orgRoleId: string,
): Promise<(RoleRateMinor & { source: RateSource }) | null> {
  if (!mission.orgId) return null;
  const { db } = deps;
  const usedFor = mission.clientId ? [mission.id, mission.clientId] : [mission.id];
  const [cards, [role], [org]] = [
    await db
      .select()
      .from(rateCards)
      .where(and(eq(rateCards.orgId, mission.orgId), inArray(rateCards.usedForId, usedFor))),
    await db
      .select({ costMinor: orgRoles.costMinor, rateTime: orgRoles.rateTime })
      .from(orgRoles)
      .where(and(eq(orgRoles.id, orgRoleId), eq(orgRoles.orgId, mission.orgId), eq(orgRoles.isDeleted, false))),
    await db.select({ currency: orgs.currency }).from(orgs).where(eq(orgs.id, mission.orgId)),
  ];
  const found = rateForRole(orgRoleId, {
    missionCard: ratesOf(cards.find((card) => card.usedForId === mission.id)),
    clientCard: ratesOf(cards.find((card) => card.usedForId === mission.clientId)),
    orgRole: role ? { costMinor: role.costMinor, rateTime: role.rateTime as RateUnit } : null,
  });
  if (!found || !org || org.currency === mission.currency) return found;
  return inMissionCurrency(deps, found, org.currency, mission.currency);
}

/** A rate of the organisation's currency `from` in the mission's `to`, at today's rate, to `to`'s smallest amount (a zero stays zero). */
async function inMissionCurrency<R extends RoleRateMinor>(deps: CurrencyDeps, rate: R, from: string, to: string): Promise<R> {
  const day = todayOf(deps.clock);
  const amounts = [rate.rateMinor, rate.billRateMinor ?? 0].map((amountMinor) => ({ amountMinor, from, day }));
  const [rateMinor, billRateMinor] = await convertAmounts(deps, to, amounts, 'currency');
  return { ...rate, rateMinor: rateMinor!, billRateMinor: rate.billRateMinor === null ? null : billRateMinor! };
}
