import { and, eq } from 'drizzle-orm';
import type { MissionAuditEntity } from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { inTransaction } from '../../db/transaction.ts';
import { missionAuditEvents, missions } from '../../db/schema/index.ts';
import type { Change } from '../../plugins/realtime.ts';
import type { AppContext } from '../../plugins/types.ts';

/** What a mission write is about; each kind has its realtime room (`changes/missions/:id`, `changes/mission.people/:id`). */
export type MissionEntity = MissionAuditEntity;
export type MissionAuditAction = 'create' | 'update' | 'delete' | 'invite' | 'accept' | 'reject' | 'remove';

export type MissionWrite = {
  action: MissionAuditAction;
  entity: MissionEntity;
  id: string;
  title: string;
  changes?: Record<string, { from: unknown; to: unknown }>;
  /** A task write: the actions whose rooms (`changes/actions/:id`) hear of it too (two when it moves between them). */
  actionIds?: string[];
};
export type RecordMissionWrite = (write: MissionWrite) => void;

const CHANGE_TYPE: Record<MissionAuditAction, Change['type']> = {
  create: 'create',
  invite: 'create',
  accept: 'update',
  update: 'update',
  reject: 'delete',
  remove: 'delete',
  delete: 'delete',
};

/** Invites carry email addresses and timesheets people's hours: realtime only says that one changed. */
const PRIVATE_ENTITIES: MissionEntity[] = ['mission.invites', 'timesheets'];

/** The realtime message of a write: ids and changed fields only (small payloads, DESIGN §8). */
export function missionChangeOf(write: MissionWrite): Change<MissionEntity> {
  const change: Change<MissionEntity> = { type: CHANGE_TYPE[write.action], entity: write.entity, id: write.id };
  if (PRIVATE_ENTITIES.includes(write.entity) || !write.changes) return change;
  const data = Object.fromEntries(Object.entries(write.changes).map(([field, { to }]) => [field, to]));
  return Object.keys(data).length > 0 ? { ...change, data } : change;
}

/** The change with the action rooms that hear of it: an action's own writes, and the task writes that name theirs. */
export type RoutedChange = Change<MissionEntity> & { actionIds?: string[] };
const withActionRooms = (write: MissionWrite): RoutedChange => {
  const actionIds = write.entity === 'actions' ? [write.id] : write.actionIds;
  return actionIds ? { ...missionChangeOf(write), actionIds } : missionChangeOf(write);
};

/**
 * Runs one command on a mission in one transaction: its writes are recorded in the mission's history in that
 * transaction, a template mission is marked unsaved after any edit (rule 29), and once committed the mission's
 * rooms hear of them.
 *
 * Locks are taken in one order everywhere, mission → action → task, so two writes never wait on each other in a
 * circle. Only a saved template's row is locked here (first, before the command's own locks), to mark it unsaved;
 * any other mission's row is not touched, so task writes do not queue on it. A write that still meets a deadlock
 * or a lock time-out is run again whole (`inTransaction`), then answered 503.
 */
export async function runMissionCommand<T>(
  ctx: AppContext,
  missionId: string,
  actorPersonId: string | null,
  command: (tx: Tx, record: RecordMissionWrite) => Promise<T>,
  options: { keepTemplateSaved?: boolean; oneMessage?: boolean } = {},
): Promise<T> {
  let writes: MissionWrite[] = [];
  const result = await inTransaction(ctx.db, async (tx) => {
    writes = [];
    const savedTemplate = options.keepTemplateSaved
      ? []
      : await tx
          .select({ id: missions.id })
          .from(missions)
          .where(and(eq(missions.id, missionId), eq(missions.isTemplate, true), eq(missions.isTemplateSaved, true)))
          .for('update', { of: missions });
    const value = await command(tx, (write) => writes.push(write));
    const recorded = writes.filter((write) => !(write.entity === 'missions' && write.action === 'delete'));
    if (recorded.length > 0) {
      await tx.insert(missionAuditEvents).values(
        recorded.map((write) => ({
          missionId,
          actorPersonId,
          action: write.action,
          entity: write.entity,
          entityId: write.id,
          title: write.title,
          changes: write.changes ?? {},
        })),
      );
      if (savedTemplate.length > 0) await tx.update(missions).set({ isTemplateSaved: false }).where(eq(missions.id, missionId));
    }
    return value;
  });
  if (writes.length > 0) {
    const changes = writes.map(withActionRooms);
    await ctx.events.emit('mission.changed', { missionId, changes: options.oneMessage ? collapse(changes) : changes });
  }
  return result;
}

/** Many changes of one kind (a bulk write) as one message per kind: the first id, and every id in `data.ids`. */
function collapse(changes: RoutedChange[]): RoutedChange[] {
  const groups = new Map<string, RoutedChange[]>();
  for (const change of changes) {
    const key = `${change.type} ${change.entity}`;
    const group = groups.get(key);
    if (group) group.push(change);
    else groups.set(key, [change]);
  }
  return [...groups.values()].map((group) => {
    if (group.length === 1) return group[0]!;
    const actionIds = [...new Set(group.flatMap((change) => change.actionIds ?? []))];
    const { type, entity, id } = group[0]!;
    return { type, entity, id, data: { ids: group.map((change) => change.id) }, ...(actionIds.length > 0 ? { actionIds } : {}) };
  });
}

/** The fields of `patch` whose value differs from `before`, as { field: { from, to } }. */
export function diffFields<T extends Record<string, unknown>>(
  before: T,
  patch: Partial<T>,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [field, to] of Object.entries(patch)) {
    if (to !== undefined && JSON.stringify(before[field]) !== JSON.stringify(to)) changes[field] = { from: before[field] ?? null, to };
  }
  return changes;
}
