import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PATTERN, type OrgActor, type OrgMemberFacts } from '@crewplan/domain';
import type { Db, Tx } from '../db/database.ts';
import { clientInvoices, orgApiKeys, orgPeople, orgs } from '../db/schema/index.ts';
import { appError } from '../lib/errors.ts';
import type { OrgAccess, OrgPersonRow } from './types.ts';

export const orgNotFound = () => appError('orgNotFound');

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A membership is current until its end date (exclusive), compared with the database's today. */
export const currentMembership = () => or(isNull(orgPeople.endDate), gt(orgPeople.endDate, sql`current_date`));

/** The policy's view of a membership row. */
export function memberFacts(row: OrgPersonRow): OrgMemberFacts {
  return {
    kind: 'person',
    personId: row.personId,
    level: row.level,
    canApproveRoles: row.canApproveRoles,
    canApproveLeaves: row.canApproveLeaves,
    canManageGoals: row.canManageGoals,
    canCreateProjects: row.canCreateProjects,
    accessibleDepartments: row.accessibleDepartments,
    accessibleOffices: row.accessibleOffices,
  };
}

export type ApiKeyCaller = { keyId: string; orgId: string };

/** The organisation API key a bearer value names, if it is one and not revoked. */
export async function findApiKey(db: Db, bearer: string): Promise<ApiKeyCaller | null> {
  if (!API_KEY_PATTERN.test(bearer)) return null;
  const [key] = await db
    .select({ keyId: orgApiKeys.id, orgId: orgApiKeys.orgId })
    .from(orgApiKeys)
    .where(and(eq(orgApiKeys.keyHash, hashSecret(bearer)), isNull(orgApiKeys.revokedAt)))
    .limit(1);
  if (!key) return null;
  // Remembered at most once a minute, so that a busy integration does not write on every call.
  await db
    .update(orgApiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(eq(orgApiKeys.id, key.keyId), or(isNull(orgApiKeys.lastUsedAt), lt(orgApiKeys.lastUsedAt, sql`now() - interval '1 minute'`))),
    );
  return key;
}

/**
 * The organisation (not deleted) and the caller's current membership in one query; null when the caller
 * is not a current member (or the API key belongs to another organisation), so that the route answers 404.
 */
export async function loadOrgAccess(
  db: Db | Tx,
  orgId: string,
  caller: { personId: string } | { apiKey: ApiKeyCaller },
): Promise<OrgAccess | null> {
  if ('apiKey' in caller) {
    if (caller.apiKey.orgId !== orgId) return null;
    const [org] = await db
      .select()
      .from(orgs)
      .where(and(eq(orgs.id, orgId), isNull(orgs.deletedAt)))
      .limit(1);
    const actor: OrgActor = { kind: 'apiKey' };
    return org ? { org, member: null, actor, personId: null, apiKeyId: caller.apiKey.keyId } : null;
  }
  const [row] = await db
    .select({ org: orgs, member: orgPeople })
    .from(orgs)
    .innerJoin(orgPeople, and(eq(orgPeople.orgId, orgs.id), eq(orgPeople.personId, caller.personId), currentMembership()))
    .where(and(eq(orgs.id, orgId), isNull(orgs.deletedAt)))
    .limit(1);
  if (!row) return null;
  return { org: row.org, member: row.member, actor: memberFacts(row.member), personId: caller.personId, apiKeyId: null };
}

/** The organisation of a client invoice (routes `/clientInvoice/:id`); null when there is no such invoice. */
export async function orgIdOfClientInvoice(db: Db | Tx, invoiceId: string): Promise<string | null> {
  const [row] = await db.select({ orgId: clientInvoices.orgId }).from(clientInvoices).where(eq(clientInvoices.id, invoiceId)).limit(1);
  return row?.orgId ?? null;
}
