import { z } from 'zod';
import { ORG_MESSAGES } from '../messages/index.ts';
import { EMAIL_PATTERN, normaliseEmail } from '../people/email.ts';
import { textSchema } from '../shared/inputs.ts';
import { ORG_LEVELS, orgPermissionInputSchema } from './levels.ts';
import { personRefSchema } from './people.ts';

/** Invites to an organisation live 14 days. */
export const ORG_INVITE_LIFETIME_DAYS = 14;

export const ORG_INVITE_STATUSES = ['pending', 'accepted', 'rejected', 'revoked'] as const;

/** The invitee's email, refused with the spec's text when it does not look like one (rule 119). */
export const inviteEmailSchema = z
  .string()
  .max(254)
  .transform(normaliseEmail)
  .pipe(z.string().regex(EMAIL_PATTERN, ORG_MESSAGES.inviteInvalidEmail));

/** `POST /org/:id/invite` (spec 3 §7): inviteeEmail, config.permission (default 0, rule 129), message. */
export const orgInviteCreateSchema = z
  .object({
    inviteeEmail: inviteEmailSchema,
    config: z
      .object({ permission: orgPermissionInputSchema.default('MEMBER') })
      .strict()
      .default({ permission: 'MEMBER' }),
    message: textSchema(2000).default(''),
  })
  .strict();
export type OrgInviteCreate = z.output<typeof orgInviteCreateSchema>;

/** An invite as the organisation's managers see it. */
export const orgInviteSchema = z.object({
  _id: z.string(),
  org: z.string(),
  inviteeEmail: z.string(),
  permission: z.number(),
  level: z.enum(ORG_LEVELS),
  message: z.string(),
  status: z.enum(ORG_INVITE_STATUSES),
  invitedBy: personRefSchema.nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type OrgInvite = z.infer<typeof orgInviteSchema>;

/** An invite as its link shows it (`GET /org-invite/token/:token`): enough to decide, nothing more. */
export const orgInviteByTokenSchema = z.object({
  _id: z.string(),
  org: z.object({ _id: z.string(), title: z.string(), logo: z.string().nullable() }),
  inviteeEmail: z.string(),
  permission: z.number(),
  level: z.enum(ORG_LEVELS),
  message: z.string(),
  invitedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  expiresAt: z.string(),
});

/**
 * `POST /org-invite/handle/:token`, called once signed in: the invite, and whether the caller can accept it
 * (the invite's email must be theirs: primary or verified secondary; and verified).
 */
export const orgInviteHandledSchema = z.object({
  invite: orgInviteByTokenSchema,
  canAccept: z.boolean(),
  reason: z.enum(['email-mismatch', 'email-not-verified']).nullable(),
});

export const orgInviteTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Invalid token') });
