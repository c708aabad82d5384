import { and, eq } from 'drizzle-orm';
import { ACCOUNT_MESSAGES, capitaliseName, emailDomain, isDisposableEmailDomain } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { authSessions, people, personEmails } from '../../db/schema/index.ts';
import { CLIENT_IP_HEADER } from '../../lib/auth.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import type { AppContext, Principal } from '../../plugins/types.ts';
import { consumeActionCode } from './action-codes.ts';

export const DISPOSABLE_EMAIL_MESSAGE = 'Please use a permanent email address, not a disposable one.';

type SignUp = { email: string; password: string; firstName?: string | undefined; lastName?: string | undefined };

/** Creates an account (email already normalised by the schema) and returns a session token. */
export async function signUp(ctx: AppContext, input: SignUp, ip: string) {
  if (isDisposableEmailDomain(emailDomain(input.email))) {
    throw new AppError(400, 'auth/disposable-email', DISPOSABLE_EMAIL_MESSAGE);
  }
  if (await accountOwning(ctx.db, input.email)) {
    throw conflict('auth/email-already-in-use', ACCOUNT_MESSAGES.emailInUse);
  }
  const result = await ctx.auth.api
    .signUpEmail({ body: { email: input.email, password: input.password, name: '' }, headers: new Headers({ [CLIENT_IP_HEADER]: ip }) })
    .catch((error: unknown) => {
      const code = (error as { body?: { code?: string } }).body?.code;
      if (code?.includes('ALREADY_EXISTS')) throw conflict('auth/email-already-in-use', ACCOUNT_MESSAGES.emailInUse);
      if (code?.includes('PASSWORD')) throw new AppError(400, 'auth/weak-password', 'Please choose a password of 8 to 128 characters.');
      throw error;
    });
  if (!result.token) throw new AppError(500, 'auth/failed-unexpected', 'Sign-up did not create a session.');
  const firstName = capitaliseName(input.firstName ?? '');
  const lastName = capitaliseName(input.lastName ?? '');
  if (firstName || lastName) {
    await ctx.db
      .update(people)
      .set({ firstName, lastName, name: `${firstName} ${lastName}`.trim() })
      .where(eq(people.id, result.user.id));
  }
  return { token: result.token, person: { _id: result.user.id, email: result.user.email } };
}

/** Revokes the caller's session; open sockets of that session are told and dropped. */
export async function signOut(ctx: AppContext, principal: Principal): Promise<void> {
  await ctx.db.delete(authSessions).where(eq(authSessions.id, principal.sessionId));
  ctx.sessions.forgetSession(principal.sessionId);
  ctx.realtime.disconnectSession(principal.sessionId);
}

/** The primary account, or the secondary-address owner, of an email. */
async function accountOwning(db: Db, email: string) {
  const [primary] = await db.select({ id: people.id }).from(people).where(eq(people.email, email)).limit(1);
  if (primary) return primary.id;
  const [secondary] = await db
    .select({ id: personEmails.personId })
    .from(personEmails)
    .where(and(eq(personEmails.email, email), eq(personEmails.verified, true)))
    .limit(1);
  return secondary?.id;
}

export async function accountExists(db: Db, email: string) {
  const [primary] = await db.select({ id: people.id }).from(people).where(eq(people.email, email)).limit(1);
  const [secondary] = primary
    ? []
    : await db.select({ id: personEmails.id }).from(personEmails).where(eq(personEmails.email, email)).limit(1);
  return { exists: Boolean(primary), secondary: Boolean(secondary) };
}

/** Restores the address an email change replaced, verified, and signs every session out. */
export async function recoverEmail(ctx: AppContext, oobCode: string) {
  const code = await consumeActionCode(ctx.db, 'recoverEmail', oobCode);
  const recovered = await ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: people.id }).from(people).where(eq(people.email, code.email)).limit(1);
    if (taken && taken.id !== code.personId) throw conflict('auth/email-already-in-use', ACCOUNT_MESSAGES.emailInUse);
    await tx.update(people).set({ email: code.email, emailVerified: true }).where(eq(people.id, code.personId));
    await tx.delete(authSessions).where(eq(authSessions.userId, code.personId));
    return { email: code.email };
  });
  ctx.sessions.forgetPerson(code.personId);
  return recovered;
}
