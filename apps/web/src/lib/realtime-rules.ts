import { TIMINGS } from '@crewplan/domain/shared/constants';

/** A change the server publishes on the `changes` event. */
export interface ChangeEvent {
  type: 'create' | 'update' | 'delete' | 'rebuild';
  entity: string;
  id: string;
  data?: unknown;
}

/** Reconnecting after being offline this long rebuilds the whole state (spec rule 268). */
export function needsRebuild(offlineSince: number | null, now: number): boolean {
  return offlineSince !== null && now - offlineSince >= TIMINGS.offlineRebuildMs;
}

/** Entity names as the server spells them → the first part of our query keys. */
const ENTITY_QUERY_ROOTS: Record<string, string> = {
  person: 'people',
  people: 'people',
  profile: 'people',
  org: 'orgs',
  orgs: 'orgs',
  'org.people': 'orgs',
  'org.invites': 'orgs',
  'org.apiKeys': 'orgs',
  roles: 'orgs',
  departments: 'orgs',
  offices: 'orgs',
  programs: 'orgs',
  goals: 'orgs',
  client: 'orgs',
  clients: 'orgs',
  'client.orders': 'orgs',
  mission: 'missions',
  missions: 'missions',
  'mission.people': 'missions',
  'mission.invites': 'missions',
  'section.tags': 'missions',
  kpis: 'missions',
  baselines: 'missions',
  licences: 'missions',
  'plan.items': 'missions',
  planItem: 'missions',
  'plan-items': 'missions',
  // tasks live in the mission read (its actions and action items): a task change refreshes the mission
  action: 'missions',
  actions: 'missions',
  actionItem: 'missions',
  'action-items': 'missions',
  'action.items': 'missions',
  checklist: 'missions',
  dependencies: 'missions',
  'plan.requests': 'missions',
  'plan.schedules': 'missions',
  timesheets: 'timesheets',
  notification: 'notifications',
  notifications: 'notifications',
};

export function queryRootOf(entity: string): string {
  return ENTITY_QUERY_ROOTS[entity] ?? entity;
}

export function isChangeEvent(value: unknown): value is ChangeEvent {
  if (!value || typeof value !== 'object') return false;
  const { type, entity } = value as Record<string, unknown>;
  return typeof entity === 'string' && ['create', 'update', 'delete', 'rebuild'].includes(type as string);
}
