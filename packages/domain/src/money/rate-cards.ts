import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { moneySchema, textSchema } from '../shared/inputs.ts';
import { RATE_UNITS, type RateUnit } from './rates.ts';

/**
 * Rate cards (spec 2 §3 Rate card, §9 "Rate card entries are per role"): an organisation's rates per organisation
 * role, used for one mission or one client. A person role on a plan takes its rate, when it has none of its own,
 * from its mission's card, else its client's card, else the organisation role's cost (`rateForRole`).
 * Money is a number with at most 2 decimals here and integer minor units in the database.
 */

/** One role's rate on a card: the cost rate per its unit, and optionally what it is billed at. */
export const roleRateSchema = z
  .object({
    roleId: idSchema,
    rate: moneySchema,
    rateTime: z.enum(RATE_UNITS),
    billRate: moneySchema.nullable().default(null),
  })
  .strict();
export type RoleRate = z.output<typeof roleRateSchema>;

const ratesByRoleSchema = z
  .array(roleRateSchema)
  .max(500)
  .refine((rates) => new Set(rates.map((rate) => rate.roleId)).size === rates.length, 'A role appears once on a card');

/** `POST /api/org/:orgId/rate-card`: a card for a mission or a client of the organisation. */
export const rateCardCreateSchema = z
  .object({
    name: textSchema(120, 1),
    usedForId: idSchema,
    ratesByRole: ratesByRoleSchema.default([]),
  })
  .strict();
export type RateCardCreate = z.output<typeof rateCardCreateSchema>;

/**
 * `PUT /api/org/:orgId/rate-card/:id`: its name, what it is used for, its rates (the whole list). Built without the
 * create schema's default: a field left out is kept, so a rename must not empty the card's rates.
 */
export const rateCardUpdateSchema = z
  .object({ name: textSchema(120, 1), usedForId: idSchema, ratesByRole: ratesByRoleSchema })
  .partial()
  .strict();
export type RateCardUpdate = z.output<typeof rateCardUpdateSchema>;

export const RATE_CARD_USES = ['mission', 'client'] as const;
export type RateCardUse = (typeof RATE_CARD_USES)[number];

/** A rate card as the API answers it. */
export const rateCardSchema = z.object({
  _id: z.string(),
  org: z.string(),
  name: z.string(),
  usedForId: z.string(),
  /** Whether `usedForId` names a mission or a client of the organisation. */
  usedFor: z.enum(RATE_CARD_USES),
  /** The mission's or client's title. */
  usedForTitle: z.string(),
  ratesByRole: z.array(z.object({ roleId: z.string(), rate: z.number(), rateTime: z.enum(RATE_UNITS), billRate: z.number().nullable() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RateCard = z.infer<typeof rateCardSchema>;
export const rateCardListSchema = z.array(rateCardSchema);

export const RATE_CARD_MESSAGES = {
  usedForUnknown: 'A rate card is used for a project or a client of the organisation.',
  roleUnknown: 'A rate card lists roles of the organisation.',
  alreadyCarded: 'This project or client already has a rate card.',
} as const;

/** Where a role's rate came from. */
export type RateSource = 'mission-card' | 'client-card' | 'org-role';

/** A rate in minor units with its unit and, from a card, an optional bill rate in minor units. */
export type RoleRateMinor = { rateMinor: number; rateTime: RateUnit; billRateMinor: number | null };

/**
 * The rate a person role takes when it has none of its own: the rate card of its mission, else of its mission's
 * client, else its organisation role's cost. Null when the role is on none of them (the item keeps no rate).
 */
export function rateForRole(
  roleId: string,
  sources: {
    missionCard: ReadonlyMap<string, RoleRateMinor> | null;
    clientCard: ReadonlyMap<string, RoleRateMinor> | null;
    orgRole: { costMinor: number; rateTime: RateUnit } | null;
  },
): (RoleRateMinor & { source: RateSource }) | null {
  const fromMission = sources.missionCard?.get(roleId);
  if (fromMission) return { ...fromMission, source: 'mission-card' };
  const fromClient = sources.clientCard?.get(roleId);
  if (fromClient) return { ...fromClient, source: 'client-card' };
  if (sources.orgRole)
    return { rateMinor: sources.orgRole.costMinor, rateTime: sources.orgRole.rateTime, billRateMinor: null, source: 'org-role' };
  return null;
}
