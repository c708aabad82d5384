import { eq } from 'drizzle-orm';
import { auditActorOf, runOrgCommand } from '../../commands/index.ts';
import { connectedAccounts } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext, OrgAccess } from '../../plugins/types.ts';
import { callProvider, requireProvider } from './provider.ts';

const noAccount = () => appError('noConnectedAccount');

export async function connectedAccountId(ctx: Pick<AppContext, 'db'>, orgId: string): Promise<string | null> {
  const [row] = await ctx.db.select().from(connectedAccounts).where(eq(connectedAccounts.orgId, orgId));
  return row?.accountId ?? null;
}

/** `POST /org/:orgId/stripe/connect/account`: the organisation's own account at the provider, to receive payments. */
export async function createConnectedAccount(
  ctx: AppContext,
  access: OrgAccess,
  payload: { country?: string; email?: string; businessType?: 'individual' | 'company' },
) {
  const provider = requireProvider(ctx);
  return runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [existing] = await tx.select().from(connectedAccounts).where(eq(connectedAccounts.orgId, access.org.id)).for('update');
    if (existing) throw appError('connectedAccountExists');
    const account = await callProvider(() => provider.createConnectedAccount({ orgId: access.org.id, ...payload }));
    await tx.insert(connectedAccounts).values({ orgId: access.org.id, accountId: account.accountId });
    record({
      action: 'update',
      entity: 'orgs',
      id: access.org.id,
      title: access.org.title,
      changes: { connectedAccount: { from: null, to: 'connected' } },
    });
    return account;
  });
}

export async function readConnectedAccount(ctx: AppContext, access: OrgAccess) {
  const provider = requireProvider(ctx);
  const accountId = await connectedAccountId(ctx, access.org.id);
  if (!accountId) throw noAccount();
  return callProvider(() => provider.retrieveConnectedAccount(accountId));
}

export async function deleteConnectedAccount(ctx: AppContext, access: OrgAccess) {
  const provider = requireProvider(ctx);
  return runOrgCommand(ctx, access.org.id, auditActorOf(access), async (tx, record) => {
    const [row] = await tx.select().from(connectedAccounts).where(eq(connectedAccounts.orgId, access.org.id)).for('update');
    if (!row) throw noAccount();
    await callProvider(() => provider.deleteConnectedAccount(row.accountId));
    await tx.delete(connectedAccounts).where(eq(connectedAccounts.orgId, access.org.id));
    record({
      action: 'update',
      entity: 'orgs',
      id: access.org.id,
      title: access.org.title,
      changes: { connectedAccount: { from: 'connected', to: null } },
    });
    return { deleted: true as const };
  });
}

/** `POST …/account/link`: a one-time address at the provider to fill in or update the account's details. */
export async function createAccountLink(ctx: AppContext, access: OrgAccess, type: 'account_onboarding' | 'account_update') {
  const provider = requireProvider(ctx);
  const accountId = await connectedAccountId(ctx, access.org.id);
  if (!accountId) throw noAccount();
  const returnUrl = new URL(`/?org=${access.org.id}&org-tab=billing`, ctx.config.publicUrl).toString();
  const link = await callProvider(() => provider.createAccountLink(accountId, type, returnUrl));
  return { url: link.url, expiresAt: link.expiresAt.toISOString() };
}
