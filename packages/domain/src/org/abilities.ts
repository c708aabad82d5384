import { z } from 'zod';
import { can, type OrgActor, type OrgAction, type OrgPolicyContext } from './policy.ts';

/** What the caller may do in the organisation, as the web reads it (`abilities` on the organisation). */
export const ORG_ABILITY_ACTIONS = {
  update: 'org.update',
  delete: 'org.delete',
  readPeople: 'org.people.read',
  managePeople: 'org.people.manage',
  grantPeople: 'org.people.grant',
  manageAdmins: 'org.admins.manage',
  manageSso: 'org.sso.manage',
  manageStructure: 'org.structure.manage',
  viewClients: 'org.clients.view',
  manageClients: 'org.clients.manage',
  invite: 'org.invite',
  manageApiKeys: 'org.apiKeys.manage',
  readAudit: 'org.audit.read',
  readWorkspace: 'org.workspace.read',
  createGoals: 'goals.create',
  manageAllGoals: 'goals.manageAll',
  readProjects: 'projects.read',
  createProjects: 'projects.create',
  updateProjects: 'projects.update',
  repairProjectDates: 'projects.repairDates',
  approveRoles: 'roles.approve',
  approveLeaves: 'leaves.approve',
  activateLicence: 'licence.activate',
  startTrial: 'trial.start',
  manageBilling: 'billing.manage',
} as const satisfies Record<string, OrgAction>;

export type OrgAbilities = { [K in keyof typeof ORG_ABILITY_ACTIONS]: boolean };

export const orgAbilitiesSchema = z.object(
  Object.fromEntries(Object.keys(ORG_ABILITY_ACTIONS).map((key) => [key, z.boolean()])) as {
    [K in keyof typeof ORG_ABILITY_ACTIONS]: z.ZodBoolean;
  },
);

/** The caller's abilities in an organisation. */
export function orgAbilities(actor: OrgActor | null, context: OrgPolicyContext): OrgAbilities {
  return Object.fromEntries(Object.entries(ORG_ABILITY_ACTIONS).map(([key, action]) => [key, can(actor, action, context)])) as OrgAbilities;
}

/** Abilities on an item that can be edited and deleted (structure items, orders). */
export const itemAbilitiesSchema = z.object({ update: z.boolean(), delete: z.boolean() });
