import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import { seesMissionMoney, type MissionAuditEvent } from '@crewplan/domain';
import { missionAuditEvents, people } from '../../db/schema/index.ts';
import type { MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';

/** Times as the API shows them (milliseconds): paging compares at that precision. */
const atMs = sql`date_trunc('milliseconds', ${missionAuditEvents.createdAt})`;

type Query = { before?: string | undefined; limit: number; entity?: string | undefined; entityId?: string | undefined };

/**
 * Entities whose every event tells of a person's pay or spending (an expense's amount is in its title, a week's hours
 * in its changes): their events are read only by those who see the mission's money, as the entities themselves are.
 */
const MONEY_ENTITIES = ['expenses', 'timesheets'];

/** The newest events of a mission (at most `limit`, before `before`), with their actors' names. */
async function events(ctx: AppContext, access: MissionAccess, query: Query): Promise<MissionAuditEvent[]> {
  const missionId = access.mission.id;
  const select = () =>
    ctx.db
      .select({ event: missionAuditEvents, person: { firstName: people.firstName, lastName: people.lastName, email: people.email } })
      .from(missionAuditEvents)
      .leftJoin(people, eq(people.id, missionAuditEvents.actorPersonId));
  const filters = [
    eq(missionAuditEvents.missionId, missionId),
    query.entity ? eq(missionAuditEvents.entity, query.entity) : undefined,
    query.entityId ? eq(missionAuditEvents.entityId, query.entityId) : undefined,
    seesMissionMoney(access.actor) ? undefined : notInArray(missionAuditEvents.entity, MONEY_ENTITIES),
  ];
  const order = [desc(atMs), desc(missionAuditEvents.id)];
  const rows = await select()
    .where(and(...filters, query.before ? sql`${atMs} < ${new Date(query.before).toISOString()}::timestamptz` : undefined))
    .orderBy(...order)
    .limit(query.limit);
  const last = rows.at(-1)?.event;
  if (last && rows.length === query.limit) {
    // The writes of one command share their time: a page ends after the last of them, so paging by time skips none.
    rows.push(
      ...(await select()
        .where(and(...filters, sql`${atMs} = ${last.createdAt.toISOString()}::timestamptz`, lt(missionAuditEvents.id, last.id)))
        .orderBy(...order)),
    );
  }
  return rows.map(({ event, person }) => ({
    _id: event.id,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId,
    title: event.title,
    actor: { personId: event.actorPersonId, name: person ? `${person.firstName} ${person.lastName}`.trim() || person.email : '' },
    changes: event.changes,
    at: event.createdAt.toISOString(),
  }));
}

/** What the history keeps of money (rates, bill rates, amounts, the budget): shown only to those who see money. */
const MONEY_KEYS = new Set([
  'rateMinor',
  'billRateMinor',
  'amountMinor',
  'budgetAvailableMinor',
  'rate',
  'billRate',
  'amount',
  'budgetAvailable',
]);

/** The events as the caller may read them: without the money of the changes unless they see the mission's money. */
function forViewer(access: MissionAccess, page: MissionAuditEvent[]): MissionAuditEvent[] {
  if (seesMissionMoney(access.actor)) return page;
  return page.map((event) => ({
    ...event,
    changes: Object.fromEntries(Object.entries(event.changes).filter(([key]) => !MONEY_KEYS.has(key))),
  }));
}

/** `GET /mission/:id/history`: newest first; `nextBefore` pages on when the page was full. */
export async function missionHistory(ctx: AppContext, access: MissionAccess, query: Query) {
  const page = forViewer(access, await events(ctx, access, query));
  return { events: page, nextBefore: page.length >= query.limit ? page.at(-1)!.at : null };
}

/** `GET /mission/:id/audit/tree`: mission → kind of entity → entity → events, newest first at every level. */
export async function missionAuditTree(ctx: AppContext, access: MissionAccess, query: Query) {
  const page = forViewer(access, await events(ctx, access, query));
  const kinds = new Map<string, Map<string, { entityId: string; title: string; events: MissionAuditEvent[] }>>();
  for (const event of page) {
    const entities = kinds.get(event.entity) ?? new Map();
    kinds.set(event.entity, entities);
    // Events come newest first, so the first event of an entity carries its latest title.
    const node = entities.get(event.entityId) ?? { entityId: event.entityId, title: event.title, events: [] };
    entities.set(event.entityId, node);
    node.events.push(event);
  }
  return {
    mission: { _id: access.mission.id, title: access.mission.title },
    total: page.length,
    children: [...kinds.entries()].map(([entity, entities]) => {
      const children = [...entities.values()].map((node) => ({ ...node, count: node.events.length }));
      return { entity, count: children.reduce((sum, node) => sum + node.count, 0), children };
    }),
  };
}
