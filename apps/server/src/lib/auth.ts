import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, twoFactor } from 'better-auth/plugins';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import * as schema from '../db/schema/index.ts';
import type { Mailer } from '../modules/mail/mailer.ts';
import { emailLink, mails } from '../modules/mail/templates.ts';
import { newId } from './ids.ts';
import { SESSION_LIFETIME_S, SESSION_REFRESH_AFTER_S } from './sessions.ts';

/** Header through which the server (never the client) tells better-auth the caller's address. */
export const CLIENT_IP_HEADER = 'x-crewplan-client-ip';
export const IDENTITY_BASE_PATH = '/api/identity';

export type AuthOptions = { config: Config; db: Db; mailer: Mailer };

/** The identity provider: better-auth with email+password, verification, reset, TOTP and bearer tokens. */
export function createAuth({ config, db, mailer }: AuthOptions) {
  const signInPerMinute = config.signInAttemptsPerMinute;
  return betterAuth({
    appName: 'Crewplan',
    baseURL: config.publicUrl,
    basePath: IDENTITY_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.people,
        session: schema.authSessions,
        account: schema.authAccounts,
        verification: schema.authVerifications,
        twoFactor: schema.authTwoFactors,
        rateLimit: schema.authRateLimits,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, token }) =>
        mailer.send(mails.resetPassword(user.email, emailLink(config.publicUrl, 'resetPassword', token))),
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, token }) =>
        mailer.send(mails.verifyEmail(user.email, emailLink(config.publicUrl, 'verifyEmail', token))),
    },
    session: { expiresIn: SESSION_LIFETIME_S, updateAge: SESSION_REFRESH_AFTER_S },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: signInPerMinute },
        '/two-factor/verify-totp': { window: 60, max: signInPerMinute },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
      },
    },
    advanced: {
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https:'),
    },
    plugins: [twoFactor({ issuer: 'Crewplan' }), bearer()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
