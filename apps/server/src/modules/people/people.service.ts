import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  APP_SETTINGS_MAX_BYTES,
  APP_SETTINGS_TOO_LARGE,
  MESSAGE_FLAGS_TOO_LARGE,
  capitaliseName,
  emailDomain,
  isDisposableEmailDomain,
  type ProfileUpdate,
} from '@crewplan/domain';
import type { Clock } from '../../lib/clock.ts';
import type { Db, Tx } from '../../db/database.ts';
import { preparedPerDb } from '../../db/prepared.ts';
import { people, personEmails } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../commands/index.ts';
import { appError } from '../../lib/errors.ts';
import type { AppContext, Principal } from '../../plugins/types.ts';
import { consumeActionCode, issueActionCode } from '../identity/index.ts';
import { emailLink, mails } from '../mail/index.ts';
import { presentProfile } from './people.presenter.ts';
import { AVATAR_MAX_BYTES, avatarTooLarge, sniffImageType, storeAvatar } from './avatar.ts';

const RESEND_AFTER_MS = 60_000;
const emailInUse = () => appError('emailInUse');

/** The profile with its secondary emails, in one query. */
/** Prepared: every screen reads the profile, and building this relational query cost more than running it. */
const profileStatement = preparedPerDb((db) =>
  db.query.people
    .findFirst({ where: eq(people.id, sql.placeholder('personId')), with: { emails: { orderBy: personEmails.createdAt } } })
    .prepare('profile'),
);

export async function loadProfile(db: Db, personId: string) {
  const person = await profileStatement(db).execute({ personId });
  if (!person) throw appError('profileNotFound');
  return presentProfile(person, person.emails);
}

/** Updates the caller's profile; names are capitalised when they start lowercase. */
export async function updateProfile(db: Db, personId: string, input: ProfileUpdate) {
  const { appSettings, uiMessageFlags, ...fields } = input;
  const changes: PgUpdateSetSource<typeof people> = { ...fields };
  // Settings and message flags are merged key by key, so two screens saving different keys keep both.
  const settings = appSettings && sql`${people.appSettings} || ${JSON.stringify(appSettings)}::jsonb`;
  const flags = uiMessageFlags && sql`${people.uiMessageFlags} || ${JSON.stringify(uiMessageFlags)}::jsonb`;
  if (settings) changes.appSettings = settings;
  if (flags) changes.uiMessageFlags = flags;
  if (input.firstName !== undefined) changes.firstName = capitaliseName(input.firstName);
  if (input.lastName !== undefined) changes.lastName = capitaliseName(input.lastName);
  if (Object.keys(changes).length > 0) {
    // each save is bounded by the schema; merged key by key, all of them together must stay within the bound too
    const fits = (merged: SQL | undefined) => merged && sql`octet_length((${merged})::text) <= ${APP_SETTINGS_MAX_BYTES}`;
    const [person] = await db
      .update(people)
      .set(changes)
      .where(and(eq(people.id, personId), fits(settings), fits(flags)))
      .returning();
    if (!person && (settings || flags)) {
      const [field, text] = settings ? ['appSettings', APP_SETTINGS_TOO_LARGE] : ['uiMessageFlags', MESSAGE_FLAGS_TOO_LARGE];
      throw appError('invalidInput', { message: `${text}.`, fields: { [field]: text } });
    }
    if (person && (changes.firstName !== undefined || changes.lastName !== undefined)) {
      await db
        .update(people)
        .set({ name: `${person.firstName} ${person.lastName}`.trim() })
        .where(eq(people.id, personId));
    }
  }
  return loadProfile(db, personId);
}

export async function saveAvatar(ctx: AppContext, personId: string, bytes: Buffer) {
  if (bytes.length > AVATAR_MAX_BYTES) throw avatarTooLarge();
  const type = sniffImageType(bytes);
  if (!type) throw appError('notAnImage');
  await storeAvatar(ctx.config.dataDir, personId, bytes);
  const [person] = await ctx.db.select({ v: people.avatarVersion }).from(people).where(eq(people.id, personId));
  await ctx.db
    .update(people)
    .set({ avatarType: type, avatarVersion: (person?.v ?? 0) + 1 })
    .where(eq(people.id, personId));
  return loadProfile(ctx.db, personId);
}

/** Whether somebody other than the caller uses this email, as primary or verified secondary address. */
export async function otherPersonHasEmail(db: Db | Tx, personId: string, email: string): Promise<boolean> {
  const [primary] = await db
    .select({ id: people.id })
    .from(people)
    .where(and(eq(people.email, email), ne(people.id, personId)))
    .limit(1);
  if (primary) return true;
  const [secondary] = await db
    .select({ id: personEmails.id })
    .from(personEmails)
    .where(and(eq(personEmails.email, email), eq(personEmails.verified, true), ne(personEmails.personId, personId)))
    .limit(1);
  return Boolean(secondary);
}

/**
 * Changes the sign-in email. Accounts with two-factor verify the new address before it applies;
 * others switch at once (unverified) and get a verification mail. Either way the old address can undo it.
 */
export async function changeEmail(ctx: AppContext, principal: Principal, newEmail: string) {
  const profile = await loadProfile(ctx.db, principal.personId);
  if (newEmail === profile.email) throw appError('sameEmail');
  refuseDisposable(newEmail);
  if (await otherPersonHasEmail(ctx.db, principal.personId, newEmail)) throw emailInUse();
  if (profile.multiFactor) {
    const code = await issueActionCode(ctx.db, ctx.clock, 'verifyAndChangeEmail', principal.personId, newEmail);
    await ctx.mailer.send(mails.verifyAndChangeEmail(newEmail, emailLink(ctx.config.publicUrl, 'verifyAndChangeEmail', code)));
    return { status: 'verification-sent' as const };
  }
  await applyEmailChange(ctx, principal.personId, profile.email, newEmail, false);
  await mailPrimaryVerification(ctx, principal.personId, newEmail);
  return { status: 'updated' as const };
}

export async function confirmEmailChange(ctx: AppContext, principal: Principal, oobCode: string) {
  const code = await consumeActionCode(ctx.db, ctx.clock, 'verifyAndChangeEmail', oobCode, principal.personId);
  const profile = await loadProfile(ctx.db, principal.personId);
  if (await otherPersonHasEmail(ctx.db, principal.personId, code.email)) throw emailInUse();
  await applyEmailChange(ctx, principal.personId, profile.email, code.email, true);
  return loadProfile(ctx.db, principal.personId);
}

async function applyEmailChange(ctx: AppContext, personId: string, oldEmail: string, newEmail: string, verified: boolean) {
  await ctx.db
    .transaction(async (tx) => {
      await tx.delete(personEmails).where(and(eq(personEmails.personId, personId), eq(personEmails.email, newEmail)));
      await tx.update(people).set({ email: newEmail, emailVerified: verified }).where(eq(people.id, personId));
    })
    // somebody else took the address between the check and this write
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? emailInUse() : error;
    });
  ctx.sessions.forgetPerson(personId);
  const recover = await issueActionCode(ctx.db, ctx.clock, 'recoverEmail', personId, oldEmail);
  await ctx.mailer.send(mails.recoverEmail(oldEmail, newEmail, emailLink(ctx.config.publicUrl, 'recoverEmail', recover)));
}

/** Sends the primary-address verification mail again, at most once a minute. */
export async function sendPrimaryVerification(ctx: AppContext, personId: string, email: string) {
  const [person] = await ctx.db.select().from(people).where(eq(people.id, personId)).limit(1);
  if (!person || person.email !== email) throw appError('notYourSignInEmail');
  if (person.emailVerified) throw appError('emailAlreadyVerified');
  if (person.verificationSentAt && ctx.clock.now().getTime() - person.verificationSentAt.getTime() < RESEND_AFTER_MS) {
    throw appError('verificationAlreadySent');
  }
  await mailPrimaryVerification(ctx, personId, email);
  return { sent: true as const };
}

async function mailPrimaryVerification(ctx: AppContext, personId: string, email: string) {
  await ctx.db.update(people).set({ verificationSentAt: ctx.clock.now() }).where(eq(people.id, personId));
  await ctx.auth.api.sendVerificationEmail({ body: { email } });
}

function refuseDisposable(email: string) {
  if (isDisposableEmailDomain(emailDomain(email))) throw appError('disposableEmail');
}

export async function addSecondaryEmail(ctx: AppContext, personId: string, email: string) {
  const profile = await loadProfile(ctx.db, personId);
  if (email === profile.email) throw appError('sameEmail');
  if (profile.emailList.some((e) => e.email === email)) throw appError('emailAlreadyListed');
  refuseDisposable(email);
  if (await otherPersonHasEmail(ctx.db, personId, email)) throw emailInUse();
  // the same address added twice at once: the second finds it listed
  await ctx.db
    .insert(personEmails)
    .values({ personId, email })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? appError('emailAlreadyListed') : error;
    });
  await mailSecondaryVerification(ctx, personId, email);
  return loadProfile(ctx.db, personId);
}

export async function removeSecondaryEmail(db: Db, personId: string, email: string) {
  const removed = await db
    .delete(personEmails)
    .where(and(eq(personEmails.personId, personId), eq(personEmails.email, email)))
    .returning({ id: personEmails.id });
  if (removed.length === 0) throw appError('emailNotListed');
  return loadProfile(db, personId);
}

export async function resendSecondaryVerification(ctx: AppContext, personId: string, email: string) {
  const [row] = await ctx.db
    .select()
    .from(personEmails)
    .where(and(eq(personEmails.personId, personId), eq(personEmails.email, email)))
    .limit(1);
  if (!row) throw appError('emailNotListed');
  if (row.verified) throw appError('listedEmailAlreadyVerified');
  if (ctx.clock.now().getTime() - row.updatedAt.getTime() < RESEND_AFTER_MS) {
    throw appError('verificationAlreadySent');
  }
  await mailSecondaryVerification(ctx, personId, email);
  return { sent: true as const };
}

async function mailSecondaryVerification(ctx: AppContext, personId: string, email: string) {
  const code = await issueActionCode(ctx.db, ctx.clock, 'verifyEmailSecondary', personId, email);
  await ctx.db
    .update(personEmails)
    .set({ updatedAt: ctx.clock.now() })
    .where(and(eq(personEmails.personId, personId), eq(personEmails.email, email)));
  await ctx.mailer.send(mails.verifySecondaryEmail(email, emailLink(ctx.config.publicUrl, 'verifyEmailSecondary', code)));
}

export async function verifySecondaryEmail(db: Db, clock: Clock, personId: string, oobCode: string) {
  const code = await consumeActionCode(db, clock, 'verifyEmailSecondary', oobCode, personId);
  await db.transaction(async (tx) => {
    if (await otherPersonHasEmail(tx, personId, code.email)) throw emailInUse();
    const updated = await tx
      .update(personEmails)
      .set({ verified: true })
      .where(and(eq(personEmails.personId, personId), eq(personEmails.email, code.email)))
      .returning({ id: personEmails.id });
    if (updated.length === 0) throw appError('emailNoLongerListed');
    // Whoever else listed this address without proving it loses the pending entry.
    await tx.delete(personEmails).where(and(eq(personEmails.email, code.email), ne(personEmails.personId, personId)));
  });
  return loadProfile(db, personId);
}
