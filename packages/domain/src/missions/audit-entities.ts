// Kept free of schemas so that the realtime client can read it without loading zod.

/** What a mission's history and audit tree group by (the kinds of `mission_audit_events.entity`). */
export const MISSION_AUDIT_ENTITIES = [
  'missions',
  'mission.people',
  'mission.invites',
  'plan.items',
  'baselines',
  'section.tags',
  'kpis',
  'licences',
  'actions',
  'action.items',
  'checklist',
  'dependencies',
  'plan.requests',
  'plan.schedules',
  'files',
  'timesheets',
  'expenses',
] as const;
export type MissionAuditEntity = (typeof MISSION_AUDIT_ENTITIES)[number];
