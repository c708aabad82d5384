import { and, eq, ne } from 'drizzle-orm';
import { capitaliseName } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { authSessions, missionPeople, people, personEmails } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../commands/index.ts';
import { CLIENT_IP_HEADER } from '../../lib/identity-http.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext, Principal } from '../../plugins/types.ts';
import { consumeActionCode } from './action-codes.ts';
import { signingUpInvited } from './invited-sign-ups.ts';
import { passwordSignUpRefusal } from './sign-up-rules.ts';

export { DISPOSABLE_EMAIL_MESSAGE } from './sign-up-rules.ts';

type SignUp = {
  email: string;
  password: string;
  /** The token of the invite whose link the person signs up from (rule 140: no verification mail then). */
  token?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
};

/** Creates an account (email already normalised by the schema) and returns a session token. */
export async function signUp(ctx: AppContext, input: SignUp, ip: string) {
  const refusal = await passwordSignUpRefusal(ctx.db, input.email);
  if (refusal) throw refusal;
  const result = await signingUpInvited(ctx.db, input.email, input.token, () =>
    ctx.auth.api.signUpEmail({
      body: { email: input.email, password: input.password, name: '' },
      headers: new Headers({ [CLIENT_IP_HEADER]: ip }),
    }),
  ).catch(async (error: unknown) => {
    const code = (error as { body?: { code?: string } }).body?.code;
    // an account made for the address since the check (by a sign-up at the same time) is refused like any other;
    // better-auth reports the loser of that race as a failure to create the user
    const inUse = appError('emailInUse');
    if (code?.includes('ALREADY_EXISTS') || code === inUse.code || isUniqueViolation(error)) throw inUse;
    if (code === 'FAILED_TO_CREATE_USER' && (await accountExists(ctx.db, input.email)).exists) throw inUse;
    if (code?.includes('PASSWORD')) throw appError('weakPassword');
    throw error;
  });
  if (!result.token) throw appError('signUpWithoutSession');
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
  const ended = await ctx.db.delete(authSessions).where(eq(authSessions.id, principal.sessionId)).returning({ id: authSessions.id });
  dropSockets(ctx, ended);
}

/**
 * What an email is to the sign-in (rule 153): an account's, a verified secondary address of one (anybody can list an
 * address they do not own, and that must not turn its owner away from signing up), or the address somebody with
 * another sign-in email joined a project by (`onProject`: they have since removed it from their account, or never
 * added it), which a new account would not bring them back to.
 */
export async function accountExists(db: Db, email: string) {
  const [primary] = await db.select({ id: people.id }).from(people).where(eq(people.email, email)).limit(1);
  const [secondary] = primary
    ? []
    : await db
        .select({ id: personEmails.id })
        .from(personEmails)
        .where(and(eq(personEmails.email, email), eq(personEmails.verified, true)))
        .limit(1);
  const [onProject] =
    primary || secondary
      ? []
      : await db
          .select({ id: missionPeople.id })
          .from(missionPeople)
          .innerJoin(people, eq(people.id, missionPeople.personId))
          .where(and(eq(missionPeople.email, email), ne(people.email, email)))
          .limit(1);
  return { exists: Boolean(primary), secondary: Boolean(secondary), onProject: Boolean(onProject) };
}

/** Restores the address an email change replaced, verified, and signs every session out. */
export async function recoverEmail(ctx: AppContext, oobCode: string) {
  const code = await consumeActionCode(ctx.db, ctx.clock, 'recoverEmail', oobCode);
  const ended = await ctx.db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: people.id }).from(people).where(eq(people.email, code.email)).limit(1);
    if (taken && taken.id !== code.personId) throw appError('emailInUse');
    await tx.update(people).set({ email: code.email, emailVerified: true }).where(eq(people.id, code.personId));
    return tx.delete(authSessions).where(eq(authSessions.userId, code.personId)).returning({ id: authSessions.id });
  });
  dropSockets(ctx, ended);
  return { email: code.email };
}

/** Sessions deleted outside better-auth (whose own deletions reach realtime through its hook) lose their sockets too. */
function dropSockets(ctx: AppContext, ended: { id: string }[]) {
  for (const session of ended) {
    ctx.sessions.forgetSession(session.id);
    ctx.realtime.disconnectSession(session.id);
  }
}
