import type { AuditAction, AuditEntity } from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { orgAuditEvents } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import type { Change } from '../../plugins/realtime.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';

/** Who did it, as the audit records it. */
export type AuditActor = { personId: string | null; apiKeyId: string | null };
export const auditActorOf = (access: Pick<OrgAccess, 'personId' | 'apiKeyId'>): AuditActor => ({
  personId: access.personId,
  apiKeyId: access.apiKeyId,
});

export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

/** One write of a command: audited in its transaction, then told to the organisation's realtime room. */
export type Write = { action: AuditAction; entity: AuditEntity; id: string; title: string; changes?: FieldChanges };
export type RecordWrite = (write: Write) => void;

/** Fields that realtime never carries (personal data): the event says the entity changed, clients refetch. */
const PRIVATE_FIELDS: Partial<Record<AuditEntity, string[] | 'all'>> = {
  'org.people': ['leaveAmounts', 'yearsOfPreService', 'email'],
  'org.invites': 'all',
  'org.apiKeys': 'all',
  timesheets: 'all',
};

const CHANGE_TYPE: Record<AuditAction, Change['type']> = {
  create: 'create',
  invite: 'create',
  accept: 'create',
  update: 'update',
  archive: 'update',
  restore: 'update',
  reject: 'update',
  schedule: 'update',
  remove: 'update',
  delete: 'delete',
};

/** The realtime message of a write: ids and changed fields only (DESIGN §8: small payloads). */
export function changeOf(write: Write): Change<AuditEntity> {
  const change: Change<AuditEntity> = { type: CHANGE_TYPE[write.action], entity: write.entity, id: write.id };
  const hidden = PRIVATE_FIELDS[write.entity];
  if (hidden === 'all' || !write.changes) return change;
  const data = Object.fromEntries(
    Object.entries(write.changes)
      .filter(([field]) => !hidden?.includes(field))
      .map(([field, { to }]) => [field, to]),
  );
  return Object.keys(data).length > 0 ? { ...change, data } : change;
}

/**
 * Runs one command of the organisation area in one transaction: the command's writes are audited in that
 * transaction, and once it has committed the organisation's room hears of them.
 */
export async function runOrgCommand<T>(
  ctx: AppContext,
  orgId: string,
  actor: AuditActor,
  command: (tx: Tx, record: RecordWrite) => Promise<T>,
): Promise<T> {
  const writes: Write[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const value = await command(tx, (write) => writes.push(write));
    if (writes.length > 0) {
      await tx.insert(orgAuditEvents).values(
        writes.map((write) => ({
          orgId,
          actorPersonId: actor.personId,
          actorApiKeyId: actor.apiKeyId,
          action: write.action,
          entity: write.entity,
          entityId: write.id,
          title: write.title,
          changes: write.changes ?? {},
        })),
      );
    }
    return value;
  });
  if (writes.length > 0) await ctx.events.emit('org.changed', { orgId, changes: writes.map(changeOf) });
  return result;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The fields of `patch` whose value differs from `before`, as { field: { from, to } }. */
export function diff<T extends Record<string, unknown>>(before: T, patch: Partial<T>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, to] of Object.entries(patch)) {
    if (to !== undefined && !same(before[field], to)) changes[field] = { from: before[field] ?? null, to };
  }
  return changes;
}

export const staleEdit = () =>
  conflict('conflict/stale', 'This was changed by someone else in the meantime. Please refresh and try again.');

/** Refuses an update made from a stale copy: `updatedAt` as the client last read it must match. */
export function checkFresh(current: { updatedAt: Date }, given: string | undefined): void {
  if (given !== undefined && new Date(given).getTime() !== current.updatedAt.getTime()) throw staleEdit();
}

/** PostgreSQL's unique_violation, turned into a 409 with our code and text. */
export function isUniqueViolation(error: unknown): boolean {
  const pgError = (error as { code?: string; cause?: { code?: string } }) ?? {};
  return pgError.code === '23505' || pgError.cause?.code === '23505';
}
