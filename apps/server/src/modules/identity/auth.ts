import { sso } from '@better-auth/sso';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { bearer, twoFactor } from 'better-auth/plugins';
import { emailDomain, emailSchema } from '@crewplan/domain';
import { SSO_MESSAGES } from '@crewplan/domain/sso/sso';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import * as schema from '../../db/schema/index.ts';
import { emailLink, mails, type Mailer } from '../mail/index.ts';
import { signUpRefusal } from './sign-up-rules.ts';
import { accountBindingAllowed, ssoProviderDomain, ssoRequiredFor } from '../sso/index.ts';
import { skipsVerificationMail } from './invited-sign-ups.ts';
import { testPasswordHashing } from './test-passwords.ts';
import { newId } from '../../lib/ids.ts';
import { CLIENT_IP_HEADER, IDENTITY_BASE_PATH, identityProviderOrigins } from '../../lib/identity-http.ts';
import { SESSION_LIFETIME_S, SESSION_REFRESH_AFTER_S } from '../../lib/sessions.ts';

export type AuthOptions = {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** Told of every session that ends (sign-out, revoke, password reset or change), after it is deleted. */
  onSessionEnded: (sessionId: string) => void;
};

/** better-auth's own provider-management endpoints: providers are managed through /api/org/:id/sso only. */
const SSO_MANAGEMENT_PATHS = [
  '/sso/register',
  '/sso/update-provider',
  '/sso/delete-provider',
  '/sso/providers',
  '/sso/get-provider',
  '/sso/request-domain-verification',
  '/sso/verify-domain',
];

/**
 * The identity provider: better-auth with email+password, verification, reset, TOTP, bearer tokens and
 * single sign-on (OIDC, SAML, and Microsoft tenants as OIDC providers) per email domain.
 */
export function createAuth({ config, db, mailer, onSessionEnded }: AuthOptions) {
  const signInPerMinute = config.signInAttemptsPerMinute;
  const twoFactorOffListeners = new Set<(personId: string) => void>();
  const auth = betterAuth({
    appName: 'Crewplan',
    baseURL: config.publicUrl,
    basePath: IDENTITY_BASE_PATH,
    secret: config.authSecret,
    trustedOrigins: [...new Set([...config.trustedOrigins, ...identityProviderOrigins(config)])],
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
        ssoProvider: schema.ssoProviders,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      ...(config.env === 'test' ? { password: testPasswordHashing } : {}),
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 3600,
      sendResetPassword: async ({ user, token }) =>
        mailer.send(mails.resetPassword(user.email, emailLink(config.publicUrl, 'resetPassword', token))),
    },
    emailVerification: {
      sendOnSignUp: true,
      expiresIn: 24 * 3600,
      sendVerificationEmail: async ({ user, token }) => {
        if (skipsVerificationMail(user.email)) return;
        await mailer.send(mails.verifyEmail(user.email, emailLink(config.publicUrl, 'verifyEmail', token)));
      },
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
        '/sign-in/sso': { window: 60, max: signInPerMinute },
      },
    },
    disabledPaths: SSO_MANAGEMENT_PATHS,
    databaseHooks: {
      // Every way better-auth ends a session (sign-out, revoke, reset, change with revoke) deletes its row here.
      session: { delete: { after: async (session) => onSessionEnded(session.id) } },
      // An organisation's provider signs in an existing account only of that organisation's members (the link is
      // refused otherwise): any organisation may list a domain, and must not take over other people's accounts.
      account: {
        create: {
          before: async (account) => {
            if (!(await accountBindingAllowed(db, account.providerId, account.userId))) return false;
          },
        },
      },
      user: {
        create: {
          // A provider signs up only people of its own domain: an account for another domain's address is refused
          // (the person gets auth/sso-not-authorized), so no provider can claim somebody else's email.
          // Every new account, however it is made, follows the product's sign-up rules.
          before: async (user, ctx) => {
            const providerId = (ctx?.params as { providerId?: unknown } | undefined)?.providerId;
            if (typeof providerId === 'string' && ctx?.path.startsWith('/sso/')) {
              const domain = await ssoProviderDomain(db, providerId);
              if (!domain || emailDomain(user.email) !== domain) return false;
            }
            const refusal = await signUpRefusal(db, user.email);
            if (refusal)
              throw new APIError(refusal.statusCode === 409 ? 'CONFLICT' : 'BAD_REQUEST', { code: refusal.code, message: refusal.message });
          },
        },
      },
    },
    hooks: {
      // A domain whose organisation requires single sign-on refuses password sign-in (rule 150: auth/sso-required).
      // A password sign-up there is refused alike: it would make an account that could never sign in with it.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email' && ctx.path !== '/sign-up/email') return;
        const email = emailSchema.safeParse((ctx.body as { email?: unknown } | undefined)?.email);
        if (email.success && (await ssoRequiredFor(db, email.data))) {
          throw new APIError('FORBIDDEN', { code: 'auth/sso-required', message: SSO_MESSAGES['auth/sso-required'] });
        }
      }),
      // A person who switched two-factor sign-in off loses, on their other sessions too, what rule 109 withholds.
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/two-factor/disable' || ctx.context.returned instanceof APIError) return;
        const personId = ctx.context.newSession?.user.id;
        if (personId) for (const listener of twoFactorOffListeners) listener(personId);
      }),
    },
    advanced: {
      // better-auth turns its origin and CSRF checks off when it thinks it runs under test: keep them on everywhere.
      disableOriginCheck: false,
      database: { generateId: () => newId() },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith('https:'),
    },
    plugins: [
      twoFactor({ issuer: 'Crewplan' }),
      bearer(),
      sso({
        // Providers are registered by organisation admins through our API, per approved domain; the limit is ours.
        providersLimit: 1000,
        // The domain is checked against the organisation's approved domains when the provider is registered;
        // only then is it marked verified, and only verified providers sign people in and link accounts.
        domainVerification: { enabled: true },
        saml: { requireTimestamps: true },
      }),
    ],
  });
  return Object.assign(auth, {
    /** Tells `listener` of each person who switched their two-factor sign-in off (after it is saved). */
    onTwoFactorDisabled(listener: (personId: string) => void) {
      twoFactorOffListeners.add(listener);
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
