import type { AuditAction, AuditEntity, MissionAuditEntity } from '@crewplan/domain';
import type { Change } from '../plugins/realtime.ts';

/**
 * The one vocabulary of command writes, for missions and organisations alike: what was done (`action`) to which
 * entity, with the changed fields. The history rows record it; realtime hears `changeOf(write)` once committed.
 */
export type CommandAction = AuditAction;
export type CommandEntity = AuditEntity | MissionAuditEntity;
export type FieldChanges = Record<string, { from: unknown; to: unknown }>;

export type CommandWrite<A extends CommandAction = CommandAction, E extends CommandEntity = CommandEntity> = {
  action: A;
  entity: E;
  id: string;
  title: string;
  changes?: FieldChanges;
};

/** What each action does to the entity's row, as realtime tells it. */
const CHANGE_TYPE: Record<CommandAction, Change['type']> = {
  create: 'create',
  invite: 'create',
  accept: 'update',
  update: 'update',
  archive: 'update',
  restore: 'update',
  reject: 'update',
  schedule: 'update',
  remove: 'update',
  delete: 'delete',
};

/**
 * Where an entity's row fares otherwise: a removed mission person's row is deleted (an organisation person is only
 * end-dated), a rejected mission invite or role request leaves the mission's open ones, and an accepted
 * organisation invite tells of the membership it creates.
 */
const CHANGE_TYPE_OF_ENTITY: Partial<Record<CommandEntity, Partial<Record<CommandAction, Change['type']>>>> = {
  'mission.people': { remove: 'delete' },
  'mission.invites': { reject: 'delete' },
  'plan.requests': { reject: 'delete' },
  'org.invites': { accept: 'create' },
};

/** Fields that realtime never carries (personal data, people's hours): the event says the entity changed, clients refetch. */
const PRIVATE_FIELDS: Partial<Record<CommandEntity, string[] | 'all'>> = {
  'org.people': ['leaveAmounts', 'yearsOfPreService', 'email'],
  'org.invites': 'all',
  'org.apiKeys': 'all',
  'mission.invites': 'all',
  timesheets: 'all',
  // Money is seen only by the mission's and organisation's money people (`seesMissionMoney`, `canOnOrgMoney`).
  'plan.items': ['rateMinor', 'billRateMinor', 'amountMinor', 'rateTime', 'billUnit'],
  'action.items': ['billRateMinor'],
  actions: ['rateMinor', 'billRateMinor'],
  roles: ['costMinor'],
  'rate.cards': 'all',
  // a mission's budget is money too (its load tells it only to who sees the money): its readers are told it changed
  missions: ['budgetAvailableMinor'],
  // people's spending: who is told refetches what they may see
  expenses: 'all',
  // an invoice's money is for the organisation's invoice people: the event says it changed, they read it again
  'client.invoices': 'all',
  // Whose leave and why is for the person and their approvers (rule 211): the event says a request changed.
  'leave.requests': 'all',
  'work.from.home': 'all',
  // A role plan's thread and free metadata stay with who reads the item; its status and hours are the organisation's.
  'role.plan.items': ['messages', 'metaData'],
};

/** The kind of realtime message a write makes. */
export const changeTypeOf = (write: CommandWrite): Change['type'] =>
  CHANGE_TYPE_OF_ENTITY[write.entity]?.[write.action] ?? CHANGE_TYPE[write.action];

/** The realtime message of a write: ids and changed fields only (small payloads, DESIGN §8). */
export function changeOf<E extends CommandEntity>(write: CommandWrite<CommandAction, E>): Change<E> {
  const type = changeTypeOf(write);
  // The entity is generic here, so TypeScript cannot pick the union member: the shape is the one each member shares.
  const change = { type, entity: write.entity, id: write.id } as Change<E>;
  const hidden = PRIVATE_FIELDS[write.entity];
  if (hidden === 'all' || !write.changes) return change;
  const data = Object.fromEntries(
    Object.entries(write.changes)
      .filter(([field]) => !hidden?.includes(field))
      .map(([field, { to }]) => [field, to]),
  );
  return Object.keys(data).length > 0 ? ({ ...change, data } as Change<E>) : change;
}

/** The fields of `patch` whose value differs from `before`, as { field: { from, to } }. */
export function diffFields<T extends Record<string, unknown>>(before: T, patch: Partial<T>): FieldChanges {
  const changes: FieldChanges = {};
  for (const [field, to] of Object.entries(patch)) {
    if (to !== undefined && JSON.stringify(before[field]) !== JSON.stringify(to)) changes[field] = { from: before[field] ?? null, to };
  }
  return changes;
}
