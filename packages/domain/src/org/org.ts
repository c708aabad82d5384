import { z } from 'zod';
import { dateTimeSchema } from '../shared/inputs.ts';
import { orgAbilitiesSchema } from './abilities.ts';
import { ORG_LEVELS } from './levels.ts';
import { orgLicenceShape, orgSettingsOutputShape, orgSettingsShape } from './settings.ts';
import { departmentSchema, goalSchema, officeSchema, programSchema, roleSchema } from './structure.ts';
import { orgInviteSchema } from './invites.ts';
import { apiKeySchema } from './access.ts';

/** The caller's own membership in an organisation (null when an API key calls). */
export const orgMeSchema = z.object({
  permission: z.number(),
  level: z.enum(ORG_LEVELS),
  canApproveRoles: z.boolean(),
  canApproveLeaves: z.boolean(),
  canManageGoals: z.boolean(),
  canCreateProjects: z.boolean(),
  accessibleDepartments: z.array(z.string()),
  accessibleOffices: z.array(z.string()),
});

/** An organisation with every setting, its licence state, the caller's membership and abilities. */
export const orgSchema = z.object({
  _id: z.string(),
  logo: z.string().nullable(),
  ...orgSettingsOutputShape,
  ...orgLicenceShape,
  createdAt: z.string(),
  updatedAt: z.string(),
  me: orgMeSchema.nullable(),
  abilities: orgAbilitiesSchema,
});
export type Org = z.infer<typeof orgSchema>;

/** `GET /org/:id`: the organisation with its structure (roles, departments, offices, programs and visible goals). */
export const orgDetailSchema = orgSchema.extend({
  roles: z.array(roleSchema),
  departments: z.array(departmentSchema),
  offices: z.array(officeSchema),
  programs: z.array(programSchema),
  goals: z.array(goalSchema),
  peopleCount: z.number(),
  /** Pending invites, for those who may invite. */
  invites: z.array(orgInviteSchema),
  /** API keys (never the key itself), for those who may manage them. */
  apiKeys: z.array(apiKeySchema),
});
export type OrgDetail = z.infer<typeof orgDetailSchema>;

export const orgListSchema = z.object({ orgs: z.array(orgSchema) });

/** `POST /org`: a title, and any other setting (defaults otherwise). */
export const orgCreateSchema = z.object(orgSettingsShape).partial().required({ title: true }).strict();
export type OrgCreate = z.output<typeof orgCreateSchema>;

/** `PUT /org/:id`: any settings; `updatedAt` (as last read) makes a concurrent edit answer 409. */
export const orgUpdateSchema = z.object(orgSettingsShape).partial().extend({ updatedAt: dateTimeSchema.optional() }).strict();
export type OrgUpdate = z.output<typeof orgUpdateSchema>;

/** `GET /org/:id?archived=true` also lists deleted structure items (flagged isDeleted). */
export const orgReadQuerySchema = z
  .object({
    archived: z
      .enum(['true', 'false', '1', '0'])
      .transform((v) => v === 'true' || v === '1')
      .default(false),
  })
  .strict();
