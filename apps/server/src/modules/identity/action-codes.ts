import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { emailActionCodes } from '../../db/schema/index.ts';
import { appError } from '../../lib/errors.ts';
import { fromNow, type Clock } from '../../lib/clock.ts';

export type ActionCodeKind = 'recoverEmail' | 'verifyAndChangeEmail' | 'verifyEmailSecondary';

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const LIFETIME_MS: Record<ActionCodeKind, number> = {
  recoverEmail: 7 * 24 * 3_600_000,
  verifyAndChangeEmail: 24 * 3_600_000,
  verifyEmailSecondary: 7 * 24 * 3_600_000,
};

export const invalidActionCode = () => appError('invalidActionCode');
export const expiredActionCode = () => appError('expiredActionCode');

/** Issues a one-time code for an email-link flow; only its hash is stored. */
export async function issueActionCode(db: Db, clock: Clock, kind: ActionCodeKind, personId: string, email: string): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  await db.insert(emailActionCodes).values({
    kind,
    personId,
    email,
    codeHash: hashCode(code),
    expiresAt: fromNow(clock, LIFETIME_MS[kind]),
  });
  return code;
}

/**
 * Uses a code once; unknown or used codes are invalid, old ones expired. With `personId`, only that
 * person's code is consumed, so somebody else trying it does not spend it.
 */
export async function consumeActionCode(db: Db, clock: Clock, kind: ActionCodeKind, code: string, personId?: string) {
  const [row] = await db
    .update(emailActionCodes)
    .set({ usedAt: clock.now() })
    .where(
      and(
        eq(emailActionCodes.codeHash, hashCode(code)),
        eq(emailActionCodes.kind, kind),
        isNull(emailActionCodes.usedAt),
        personId ? eq(emailActionCodes.personId, personId) : undefined,
      ),
    )
    .returning();
  if (!row) throw invalidActionCode();
  if (row.expiresAt.getTime() < clock.now().getTime()) throw expiredActionCode();
  return row;
}
