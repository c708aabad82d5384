import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { queryBooleanSchema, textSchema } from '../shared/inputs.ts';
import { inviteEmailSchema } from '../org/invites.ts';
import { missionPermissionSchema } from '../org/structure.ts';

/** `PUT /mission/:id/people/:personId`: permission, project-manager flag, role, custom role. */
export const missionPersonUpdateSchema = z
  .object({
    permission: missionPermissionSchema,
    isProjectManager: z.boolean(),
    role: textSchema(80).nullable(),
    customRole: textSchema(80).nullable(),
  })
  .partial()
  .strict();
export type MissionPersonUpdate = z.output<typeof missionPersonUpdateSchema>;

export const missionPersonRemoveQuerySchema = z.object({ confirm: queryBooleanSchema.optional() }).strict();
export const missionPersonRemovedSchema = z.object({ effect: z.enum(['remove', 'downgrade']) });

/** `POST /mission/:id/invite` (spec 1 §7). `invitee` names somebody of the organisation; otherwise `inviteeEmail`. */
export const missionInviteCreateSchema = z
  .object({
    config: z
      .object({
        role: textSchema(80).nullable().optional(),
        permission: missionPermissionSchema.default(0),
        isProjectManager: z.boolean().default(false),
      })
      .strict()
      .default({ permission: 0, isProjectManager: false }),
    message: textSchema(2000).optional(),
    invitee: idSchema.optional(),
    inviteeEmail: inviteEmailSchema.optional(),
    autoCreateRole: z.boolean().default(false),
    planItemId: idSchema.optional(),
  })
  .strict()
  .refine((input) => input.invitee !== undefined || input.inviteeEmail !== undefined, {
    message: 'The email you entered appears incorrect.',
    path: ['inviteeEmail'],
  });
export type MissionInviteCreate = z.output<typeof missionInviteCreateSchema>;

export const missionInviteSchema = z.object({
  _id: z.string(),
  mission: z.string(),
  inviteeEmail: z.string(),
  person: z.string().nullable(),
  permission: z.number(),
  isProjectManager: z.boolean(),
  role: z.string().nullable(),
  message: z.string(),
  autoCreateRole: z.boolean(),
  status: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  /** The invite was to somebody already invited: they were updated (`invite/already_invited`). */
  alreadyInvited: z.boolean(),
});
export type MissionInvite = z.infer<typeof missionInviteSchema>;

/** What an invite link shows before it is accepted (`GET /mission-invite/token/:token`). */
export const missionInviteByTokenSchema = z.object({
  _id: z.string(),
  mission: z.object({ _id: z.string(), title: z.string(), isTemplate: z.boolean() }),
  inviteeEmail: z.string(),
  permission: z.number(),
  isProjectManager: z.boolean(),
  message: z.string(),
  invitedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  status: z.string(),
  expiresAt: z.string(),
});
export type MissionInviteByToken = z.infer<typeof missionInviteByTokenSchema>;

export const missionInviteTokenParamsSchema = z.object({ token: z.string().min(20).max(100) });

/** Result of confirming, accepting or rejecting an invite. `planItem`: the role created or assigned on acceptance, if any. */
export const missionInviteAnsweredSchema = z.object({
  _id: z.string(),
  mission: z.string(),
  status: z.string(),
  planItem: z.string().nullable(),
});
export type MissionInviteAnswered = z.infer<typeof missionInviteAnsweredSchema>;

export const missionInviteIdParamsSchema = z.object({ id: idSchema });
export const missionPersonParamsSchema = z.object({ id: idSchema, personId: idSchema });

/** Pending invites of the caller (the invites view and the home cards). */
export const myMissionInvitesSchema = z.object({ invites: z.array(missionInviteByTokenSchema) });
