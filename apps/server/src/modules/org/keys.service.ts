import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { API_KEY_PREFIX, type ApiKey, type PersonRef } from '@crewplan/domain';
import { auditActorOf, runOrgCommand } from '../../commands/index.ts';
import type { Db } from '../../db/database.ts';
import { orgApiKeys, orgPeople, orgs, orgStorageKeys } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { currentMembership, hashSecret } from '../../plugins/org-access.ts';
import type { AppContext, OrgAccess, Principal } from '../../plugins/types.ts';

export function presentApiKey(row: typeof orgApiKeys.$inferSelect, createdBy: PersonRef | null): ApiKey {
  return {
    _id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Creates an API key of the organisation; the key is in this answer only (a hash is stored). */
export async function createApiKey(ctx: AppContext, access: OrgAccess, name: string) {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [row] = await tx
      .insert(orgApiKeys)
      .values({ orgId: access.org.id, name, prefix: key.slice(0, 10), keyHash: hashSecret(key), createdBy: access.personId })
      .returning();
    record({ action: 'create', entity: 'org.apiKeys', id: row!.id, title: name });
    return row!;
  });
  return { ...presentApiKey(row, null), keyId: row.id, key };
}

/** Revokes one key, or every key of the organisation when no keyId is given. */
export async function revokeApiKeys(ctx: AppContext, access: OrgAccess, keyId: string | undefined) {
  const revoked = await runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const rows = await tx
      .update(orgApiKeys)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(orgApiKeys.orgId, access.org.id), isNull(orgApiKeys.revokedAt), keyId ? eq(orgApiKeys.id, keyId) : undefined))
      .returning();
    for (const row of rows) record({ action: 'delete', entity: 'org.apiKeys', id: row.id, title: row.name });
    return rows.length;
  });
  if (keyId && revoked === 0) throw appError('apiKeyNotFound');
  return { revoked };
}

/** The cache key is derived from the server secret and the key id: nothing secret is stored. */
const storageSecret = (ctx: AppContext, keyId: string) =>
  createHmac('sha256', ctx.config.authSecret).update(`storage-key:${keyId}`).digest('base64url');

/** `POST /storageKey`: a key for the caller's local cache of one organisation. */
export async function createStorageKey(ctx: AppContext, access: OrgAccess) {
  const [row] = await ctx.db.insert(orgStorageKeys).values({ orgId: access.org.id, personId: access.personId! }).returning();
  return { keyId: row!.id, key: storageSecret(ctx, row!.id), org: access.org.id };
}

export const storageKeyGone = () => appError('storageKeyGone');

/**
 * `GET /storageKey/:keyId`: the caller's key again. Somebody else's or an unknown key is 404; a revoked key,
 * a deleted organisation or an ended membership is 410 (the web then clears its caches).
 */
export async function readStorageKey(ctx: AppContext, db: Db, principal: Principal, keyId: string) {
  const [row] = await db
    .select({ key: orgStorageKeys, orgDeletedAt: orgs.deletedAt, memberId: orgPeople.id })
    .from(orgStorageKeys)
    .innerJoin(orgs, eq(orgs.id, orgStorageKeys.orgId))
    .leftJoin(
      orgPeople,
      and(eq(orgPeople.orgId, orgStorageKeys.orgId), eq(orgPeople.personId, orgStorageKeys.personId), currentMembership()),
    )
    .where(and(eq(orgStorageKeys.id, keyId), eq(orgStorageKeys.personId, principal.personId)))
    .limit(1);
  if (!row) throw appError('storageKeyNotFound');
  if (row.key.revokedAt || row.orgDeletedAt || !row.memberId) throw storageKeyGone();
  return { keyId: row.key.id, key: storageSecret(ctx, row.key.id), org: row.key.orgId };
}
