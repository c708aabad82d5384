import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { missionInvites, orgInvites } from '../../db/schema/index.ts';
import { hashSecret } from '../../plugins/org-access.ts';

/**
 * Rule 140: a sign-up through an invite sends no verification email (the invite's link reached the address). The
 * addresses signing up that way now, whose verification mail the sign-up skips; each is taken by that one mail.
 */
const invitedNow = new Set<string>();

/** Whether `token` is of an open mission or organisation invite to `email`. */
async function invitedBy(db: Db, token: string, email: string): Promise<boolean> {
  const tokenHash = hashSecret(token);
  const [mission] = await db
    .select({ id: missionInvites.id })
    .from(missionInvites)
    .where(
      and(
        eq(missionInvites.tokenHash, tokenHash),
        eq(missionInvites.inviteeEmail, email),
        inArray(missionInvites.status, ['pending', 'confirmed']),
      ),
    )
    .limit(1);
  if (mission) return true;
  const [org] = await db
    .select({ id: orgInvites.id })
    .from(orgInvites)
    .where(and(eq(orgInvites.tokenHash, tokenHash), eq(orgInvites.inviteeEmail, email), eq(orgInvites.status, 'pending')))
    .limit(1);
  return Boolean(org);
}

/** Runs a sign-up; when `token` is an open invite to `email`, its verification mail is not sent. */
export async function signingUpInvited<T>(db: Db, email: string, token: string | undefined, signUp: () => Promise<T>): Promise<T> {
  if (!token || !(await invitedBy(db, token, email))) return signUp();
  invitedNow.add(email);
  try {
    return await signUp();
  } finally {
    invitedNow.delete(email);
  }
}

/** Whether the verification mail to `email` is skipped (a sign-up through an invite is running for it). */
export const skipsVerificationMail = (email: string) => invitedNow.has(email);
