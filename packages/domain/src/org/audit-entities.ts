// Kept free of schemas so that the realtime client can read it without loading zod.

/** What the audit records about: every entity of the organisation area. */
export const AUDIT_ENTITIES = [
  'orgs',
  'org.people',
  'roles',
  'departments',
  'offices',
  'programs',
  'goals',
  'clients',
  'client.orders',
  'client.invoices',
  'org.invites',
  'org.apiKeys',
  'timesheets',
  'rate.cards',
  'expenses',
  'leave.requests',
  'work.from.home',
  'role.plan.items',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];
