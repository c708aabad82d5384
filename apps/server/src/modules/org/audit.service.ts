import { and, desc, eq, lt } from 'drizzle-orm';
import type { AuditAction, AuditEntity, AuditEvent } from '@crewplan/domain';
import { orgApiKeys, orgAuditEvents, people } from '../../db/schema/index.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';

type Query = { entity?: AuditEntity | undefined; entityId?: string | undefined; before?: string | undefined; limit: number };

/**
 * `GET /org/:id/audit/tree`: who changed what, when. The newest events (at most `limit`, before `before`),
 * grouped organisation → kind of entity → entity → events, newest first at every level.
 */
export async function auditTree(ctx: AppContext, access: OrgAccess, query: Query) {
  const rows = await ctx.db
    .select({
      event: orgAuditEvents,
      person: { firstName: people.firstName, lastName: people.lastName, email: people.email },
      keyName: orgApiKeys.name,
    })
    .from(orgAuditEvents)
    .leftJoin(people, eq(people.id, orgAuditEvents.actorPersonId))
    .leftJoin(orgApiKeys, eq(orgApiKeys.id, orgAuditEvents.actorApiKeyId))
    .where(
      and(
        eq(orgAuditEvents.orgId, access.org.id),
        query.entity ? eq(orgAuditEvents.entity, query.entity) : undefined,
        query.entityId ? eq(orgAuditEvents.entityId, query.entityId) : undefined,
        query.before ? lt(orgAuditEvents.createdAt, new Date(query.before)) : undefined,
      ),
    )
    .orderBy(desc(orgAuditEvents.createdAt), desc(orgAuditEvents.id))
    .limit(query.limit);

  const kinds = new Map<AuditEntity, Map<string, { entityId: string; title: string; events: AuditEvent[] }>>();
  for (const { event, person, keyName } of rows) {
    const entity = event.entity as AuditEntity;
    const name = person ? `${person.firstName} ${person.lastName}`.trim() || person.email : keyName ? `API key: ${keyName}` : '';
    const presented: AuditEvent = {
      _id: event.id,
      action: event.action as AuditAction,
      entity,
      entityId: event.entityId,
      title: event.title,
      actor: { personId: event.actorPersonId, apiKeyId: event.actorApiKeyId, name },
      changes: event.changes,
      at: event.createdAt.toISOString(),
    };
    const entities = kinds.get(entity) ?? new Map();
    kinds.set(entity, entities);
    // Rows come newest first, so the first event of an entity carries its latest title.
    const node = entities.get(event.entityId) ?? { entityId: event.entityId, title: event.title, events: [] };
    entities.set(event.entityId, node);
    node.events.push(presented);
  }
  return {
    org: { _id: access.org.id, title: access.org.title },
    total: rows.length,
    children: [...kinds.entries()].map(([entity, entities]) => {
      const children = [...entities.values()].map((node) => ({ ...node, count: node.events.length }));
      return { entity, count: children.reduce((sum, node) => sum + node.count, 0), children };
    }),
  };
}
