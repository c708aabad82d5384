import { and, eq } from 'drizzle-orm';
import { emailDomain, emailSchema, ERRORS, isDisposableEmailDomain } from '@crewplan/domain';
import type { Db } from '../../db/database.ts';
import { people, personEmails } from '../../db/schema/index.ts';
import { type AppError, appError } from '../../lib/errors.ts';
import { ssoRequiredFor } from '../sso/index.ts';

export const DISPOSABLE_EMAIL_MESSAGE = ERRORS.disposableEmail.message;

/**
 * The rules every new account follows, whichever way it is made (the product's sign-up, better-auth's own
 * sign-up, single sign-on): a valid, permanent address that no account uses, as primary or verified secondary.
 * Answers the refusal, or null when the address may open an account.
 */
export async function signUpRefusal(db: Db, email: string): Promise<AppError | null> {
  const parsed = emailSchema.safeParse(email);
  if (!parsed.success) return appError('signUpEmailInvalid');
  if (isDisposableEmailDomain(emailDomain(parsed.data))) return appError('disposableEmail');
  if (await accountOwning(db, parsed.data)) return appError('emailInUse');
  return null;
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

/**
 * The rules of a new account with a password (the product's sign-up, better-auth's own): those of every account, and
 * not on a domain whose organisation requires single sign-on, where password sign-in would refuse it (rule 150).
 */
export async function passwordSignUpRefusal(db: Db, email: string): Promise<AppError | null> {
  const refusal = await signUpRefusal(db, email);
  if (refusal) return refusal;
  return (await ssoRequiredFor(db, email)) ? appError('ssoRequired') : null;
}
