import { z } from 'zod';

/**
 * Organisation permission levels (spec rules 93–96). The spec numbers organisation people 2 admin,
 * 1 manager, others members, and names ADMIN, MANAGER, MANAGER_LIMITED, OBSERVER_ORG and
 * OBSERVER_ORG_LIMITED. The limited manager shares number 1 with the manager (it is the 'Limited' form
 * of the manager option: no settings access), so the name is what we store; the number is derived.
 * OBSERVER (3) is a project-level permission (observer or client) and is not an organisation level.
 */
export const ORG_LEVELS = ['ADMIN', 'MANAGER', 'MANAGER_LIMITED', 'MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'] as const;
export type OrgLevel = (typeof ORG_LEVELS)[number];

export const ORG_PERMISSION_OF_LEVEL: Record<OrgLevel, OrgPermissionNumber> = {
  ADMIN: 2,
  MANAGER: 1,
  MANAGER_LIMITED: 1,
  MEMBER: 0,
  OBSERVER_ORG: 4,
  OBSERVER_ORG_LIMITED: 5,
};

export const ORG_PERMISSION_NUMBERS = [0, 1, 2, 4, 5] as const;
export type OrgPermissionNumber = (typeof ORG_PERMISSION_NUMBERS)[number];

const LEVEL_OF_NUMBER: Record<OrgPermissionNumber, OrgLevel> = {
  0: 'MEMBER',
  1: 'MANAGER',
  2: 'ADMIN',
  4: 'OBSERVER_ORG',
  5: 'OBSERVER_ORG_LIMITED',
};

/** The level a spec permission number stands for (1 is the full manager; the limited one needs its name). */
export function levelOfPermission(permission: OrgPermissionNumber): OrgLevel {
  return LEVEL_OF_NUMBER[permission];
}

/** Labels shown for each level. */
export const ORG_LEVEL_LABELS: Record<OrgLevel, string> = {
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  MANAGER_LIMITED: 'Limited manager',
  MEMBER: 'Member',
  OBSERVER_ORG: 'Org observer',
  OBSERVER_ORG_LIMITED: 'Limited org observer',
};

/**
 * What a body may send as `permission`: the spec's number (0, 1, 2, 4, 5) or a level name
 * (the only way to choose MANAGER_LIMITED). Parsed into the level name.
 */
export const orgPermissionInputSchema = z
  .union([z.enum(ORG_LEVELS), z.literal(0), z.literal(1), z.literal(2), z.literal(4), z.literal(5)])
  .transform((value): OrgLevel => (typeof value === 'number' ? levelOfPermission(value) : value));

export const isObserverLevel = (level: OrgLevel) => level === 'OBSERVER_ORG' || level === 'OBSERVER_ORG_LIMITED';
export const isManagerLevel = (level: OrgLevel) => level === 'MANAGER' || level === 'MANAGER_LIMITED';
