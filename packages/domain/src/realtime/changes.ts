import { commentRoomChannel, type CommentRoomName } from '../comments/rooms.ts';
import type { LeaveStatus } from '../leave/rules.ts';
import { MISSION_AUDIT_ENTITIES, type MissionAuditEntity } from '../missions/audit-entities.ts';
import { AUDIT_ENTITIES, type AuditEntity } from '../org/audit-entities.ts';

/**
 * The realtime vocabulary: what the server sends on the `changes` event, one typed union of entity → data, and the
 * rooms (channels) it sends them to. Payloads carry ids and the changed fields only; clients read the rest again.
 */

export const CHANGE_TYPES = ['create', 'update', 'delete', 'rebuild'] as const;
export type ChangeType = (typeof CHANGE_TYPES)[number];

/** An audited write's changed fields (field → new value, as the history records them). */
export type ChangedFields = Record<string, unknown>;
/** Many writes of one kind told as one message (a bulk write): the first id is the change's, every id is here. */
export type BulkIds = { ids: string[] };

/** A person's own room hears of invites to a mission and their answers. */
export type MissionInviteChangeData = { mission: string; status?: 'accepted' | 'rejected' };
/** A person's own room hears that they left a mission's team (or stayed as an organisation observer). */
export type MissionLeftChangeData = { mission: string; effect: 'remove' | 'downgrade' };
/** The requester's room hears the decision on a role request. */
export type PlanRequestChangeData = {
  status: 'approved' | 'rejected';
  planItemId: string;
  missionId: string;
  title: string;
  reason: string;
};
/** Timesheet rooms hear ids and status only (hours stay private). */
export type TimesheetChangeData = {
  status: 'draft' | 'submitted' | 'approved' | 'rejected' | 'deleted';
  person: string;
  weekStart: string;
  mission: string | null;
};

/** A leave request's person, creator and reviewers hear its status in their own rooms (the Leaves badge, rule 230). */
export type LeaveChangeData = { status: LeaveStatus; org: string };

type AuditedData = ChangedFields | BulkIds;

/**
 * Every entity the server publishes, with the shape of its `data`. Audited writes (a mission's or an
 * organisation's) carry their changed fields; the personal rooms' messages carry what the person needs to see.
 */
export type ChangeDataMap = {
  [E in Exclude<MissionAuditEntity | AuditEntity, keyof PersonalChangeData>]: AuditedData;
} & PersonalChangeData;

/** Entities whose messages also reach personal, timesheet or chat rooms, with the data those carry. */
type PersonalChangeData = {
  'mission.invites': AuditedData | MissionInviteChangeData;
  'mission.people': AuditedData | MissionLeftChangeData;
  'plan.requests': AuditedData | PlanRequestChangeData;
  'org.invites': AuditedData | { status: 'rejected' };
  timesheets: AuditedData | TimesheetChangeData;
  'leave.requests': AuditedData | LeaveChangeData;
  /** A new or read notification: the person's room refetches them. */
  notifications: never;
  /** A chat message posted, edited or deleted: the chat's room refetches it. */
  comments: never;
};
export type ChangeEntity = keyof ChangeDataMap;

/** One change as the `changes` event carries it; narrowing on `entity` gives its data's shape. */
export type Change<E extends ChangeEntity = ChangeEntity> = {
  [K in E]: {
    type: ChangeType;
    entity: K;
    id: string;
    data?: ChangeDataMap[K];
    /** The task a change of one of its parts (a checklist line, a link) belongs to: clients read that task again. */
    task?: string;
  };
}[E];

/** Every entity name, for parsing what arrives. */
export const CHANGE_ENTITIES: readonly ChangeEntity[] = [
  ...new Set<ChangeEntity>([...MISSION_AUDIT_ENTITIES, ...AUDIT_ENTITIES, 'notifications', 'comments']),
];

/** The change in `value` when it has the shape of one (unknown entities and types are refused), else null. */
export function parseChange(value: unknown): Change | null {
  if (!value || typeof value !== 'object') return null;
  const { type, entity, id, data } = value as Record<string, unknown>;
  if (!CHANGE_TYPES.includes(type as ChangeType)) return null;
  if (!CHANGE_ENTITIES.includes(entity as ChangeEntity) || typeof id !== 'string') return null;
  if (data !== undefined && (data === null || typeof data !== 'object')) return null;
  const { task } = value as Record<string, unknown>;
  if (task !== undefined && typeof task !== 'string') return null;
  return value as Change;
}

/** Whether a change is a bulk message naming many ids. */
export const isBulkChange = (data: unknown): data is BulkIds => !!data && typeof data === 'object' && Array.isArray((data as BulkIds).ids);

/** Room prefixes; a room is `<prefix>/<id>` and each domain on the server says who may join its prefix. */
export const CHANGE_ROOM_PREFIXES = {
  /** A mission's changes (its plan, tasks, settings …), for who may read it. */
  mission: 'changes/missions',
  /** A mission's team and invites. */
  missionPeople: 'changes/mission.people',
  /** An action's own changes and its tasks'. */
  action: 'changes/actions',
  /** An organisation's changes, for its current members. */
  org: 'changes/orgs',
  /** Timesheets of a person (their id), a mission or an organisation. */
  timesheets: 'changes/timesheets',
  /** A person's own room: notifications, invites, answers to their requests. */
  person: 'people',
} as const;

/** The rooms, as typed helpers. */
export const changeRooms = {
  mission: (missionId: string) => `${CHANGE_ROOM_PREFIXES.mission}/${missionId}`,
  missionPeople: (missionId: string) => `${CHANGE_ROOM_PREFIXES.missionPeople}/${missionId}`,
  action: (actionId: string) => `${CHANGE_ROOM_PREFIXES.action}/${actionId}`,
  org: (orgId: string) => `${CHANGE_ROOM_PREFIXES.org}/${orgId}`,
  timesheets: (id: string) => `${CHANGE_ROOM_PREFIXES.timesheets}/${id}`,
  person: (personId: string) => `${CHANGE_ROOM_PREFIXES.person}/${personId}`,
  /** A chat room (`comment/<Room>/<id>`, rule 251): it hears `comments` changes. */
  comments: (room: CommentRoomName, id: string) => commentRoomChannel(room, id),
} as const;
