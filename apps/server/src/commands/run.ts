import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/database.ts';
import { missions, orgAuditEvents } from '../db/schema/index.ts';
import { orderedIds } from '../lib/ids.ts';
import { inTransaction, retryTransient } from '../db/transaction.ts';
import { boundSql } from '../db/prepared.ts';
import type { Change } from '../plugins/realtime.ts';
import type { AppContext, OrgAccess } from '../plugins/types.ts';
import { changeOf, changeTypeOf, type CommandAction, type CommandWrite } from './changes.ts';
import type { AuditEntity, MissionAuditEntity } from '@crewplan/domain';

/** What a mission write does; each entity has its realtime room (`changes/missions/:id`, `changes/mission.people/:id`). */
export type MissionAuditAction = Extract<CommandAction, 'create' | 'update' | 'delete' | 'invite' | 'accept' | 'reject' | 'remove'>;
export type MissionEntity = MissionAuditEntity;

export type MissionWrite = CommandWrite<MissionAuditAction, MissionEntity> & {
  /** A task write: the actions whose rooms (`changes/actions/:id`) hear of it too (two when it moves between them). */
  actionIds?: string[];
  /** A write to a part of one task (a checklist line, a link from it): the task, which its readers read again. */
  taskId?: string;
};
export type RecordMissionWrite = (write: MissionWrite) => void;
/**
 * Records writes whose history rows the command inserts itself, in one of its own statements (a CTE beside the
 * write): answers that INSERT, which the command must run in its transaction.
 */
export type HistoryOfWrites = (writes: MissionWrite[]) => SQL;

/** One write of an organisation command: audited in its transaction, then told to the organisation's realtime room. */
export type OrgWrite = CommandWrite<CommandAction, AuditEntity>;
export type RecordOrgWrite = (write: OrgWrite) => void;

/** Who did an organisation write, as the audit records it. */
export type AuditActor = { personId: string | null; apiKeyId: string | null };
export const auditActorOf = (access: Pick<OrgAccess, 'personId' | 'apiKeyId'>): AuditActor => ({
  personId: access.personId,
  apiKeyId: access.apiKeyId,
});

/** The change with the action rooms that hear of it: an action's own writes, and the task writes that name theirs. */
export type RoutedChange = Change<MissionEntity> & { actionIds?: string[] };
const withActionRooms = (write: MissionWrite): RoutedChange => {
  const actionIds = write.entity === 'actions' ? [write.id] : write.actionIds;
  const change: RoutedChange = write.taskId ? { ...changeOf(write), task: write.taskId } : changeOf(write);
  return actionIds ? { ...change, actionIds } : change;
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
  command: (tx: Tx, record: RecordMissionWrite, history: HistoryOfWrites) => Promise<T>,
  options: { keepTemplateSaved?: boolean; oneMessage?: boolean } = {},
): Promise<T> {
  let writes: MissionWrite[] = [];
  const result = await inTransaction(ctx.db, async (tx) => {
    writes = [];
    let writtenByCommand = 0;
    const savedTemplate = options.keepTemplateSaved || notTemplates.has(missionId) ? false : await lockSavedTemplate(tx, missionId);
    const toRecord: MissionWrite[] = [];
    const value = await command(
      tx,
      (write) => {
        writes.push(write);
        if (!(write.entity === 'missions' && write.action === 'delete')) toRecord.push(write);
      },
      (own) => {
        writes.push(...own);
        writtenByCommand += own.length;
        return historyInsert(actorPersonId, inMission(missionId, own));
      },
    );
    if (toRecord.length > 0) await tx.execute(historyInsert(actorPersonId, inMission(missionId, toRecord)));
    if (toRecord.length + writtenByCommand > 0 && savedTemplate)
      await tx.update(missions).set({ isTemplateSaved: false }).where(eq(missions.id, missionId));
    return value;
  });
  if (writes.length > 0) {
    const changes = options.oneMessage ? collapse(writes) : writes.map(withActionRooms);
    await ctx.events.emit('mission.changed', { missionId, changes });
  }
  return result;
}

/**
 * Missions known not to be templates: a mission is made a template or not when it is created, never later, so their
 * writes skip the saved-template lock's round trip. Bounded: forgotten whole when full.
 */
const notTemplates = new Set<string>();
const NOT_TEMPLATES_KEPT = 50_000;

/** Locks a saved template's row (true); false when the mission is not a saved template, remembering non-templates. */
async function lockSavedTemplate(tx: Tx, missionId: string): Promise<boolean> {
  const [row] = await tx
    .select({ saved: missions.isTemplateSaved })
    .from(missions)
    .where(and(eq(missions.id, missionId), eq(missions.isTemplate, true)))
    .for('update', { of: missions });
  if (!row) {
    if (notTemplates.size >= NOT_TEMPLATES_KEPT) notTemplates.clear();
    notTemplates.add(missionId);
  }
  return row?.saved === true;
}

/** A write in the mission it belongs to. */
export type WriteIn = { missionId: string; write: MissionWrite };

/**
 * Runs one write that spans several missions (a person's week across their projects) as a statement of its own,
 * with no transaction around it: `command` gets `historyOf`, which gives the history rows of its writes as one
 * parameter of `HISTORY_INSERT`, to insert in that same statement, so that the write and its history commit
 * together. A deadlock or serialization failure runs the command again whole, then answers 503; once it has
 * succeeded each mission's rooms hear of its writes. It never marks a template unsaved: use it for writes that do
 * not change a mission's plan (timesheets).
 */
export async function runMissionsWrite<T>(ctx: AppContext, command: (historyOf: (writes: WriteIn[]) => string) => Promise<T>): Promise<T> {
  let writes: WriteIn[] = [];
  const result = await retryTransient(() => {
    writes = [];
    return command((own) => {
      writes.push(...own);
      return historyRowsOf(own);
    });
  });
  const byMission = new Map<string, RoutedChange[]>();
  for (const { missionId, write } of writes) byMission.set(missionId, [...(byMission.get(missionId) ?? []), withActionRooms(write)]);
  for (const [missionId, changes] of byMission) await ctx.events.emit('mission.changed', { missionId, changes });
  return result;
}

/**
 * Runs one command of the organisation area in one transaction: the command's writes are audited in that
 * transaction, and once it has committed the organisation's room hears of them.
 */
export async function runOrgCommand<T>(
  ctx: AppContext,
  orgId: string,
  actor: AuditActor,
  command: (tx: Tx, record: RecordOrgWrite) => Promise<T>,
): Promise<T> {
  const writes: OrgWrite[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    const value = await command(tx, (write) => writes.push(write));
    if (writes.length > 0) {
      const ids = orderedIds(writes.length);
      await tx.insert(orgAuditEvents).values(
        writes.map((write, i) => ({
          id: ids[i],
          orgId,
          actorPersonId: actor.personId,
          actorApiKeyId: actor.apiKeyId,
          ...historyRow(write),
        })),
      );
    }
    return value;
  });
  if (writes.length > 0) await ctx.events.emit('org.changed', { orgId, changes: writes.map(changeOf) });
  return result;
}

/**
 * The INSERT of history rows, each in its mission, by `$1` (the actor) and from `$2`: the rows as one JSON text (any
 * number of them in a statement of one size, and no per-value array escaping), taken apart by `jsonb_to_recordset`.
 */
export const HISTORY_INSERT = `insert into mission_audit_events (id, mission_id, actor_person_id, action, entity, entity_id, title, changes)
    select h.id, h."missionId", $1, h.action, h.entity, h."entityId", h.title, h.changes
    from jsonb_to_recordset($2::jsonb)
      as h (id text, "missionId" text, action text, entity text, "entityId" text, title text, changes jsonb)`;

/** The history rows of writes, as `HISTORY_INSERT` takes them, with ids in the order of the writes. */
function historyRowsOf(writes: WriteIn[]): string {
  const ids = orderedIds(writes.length);
  return JSON.stringify(writes.map(({ missionId, write }, i) => ({ id: ids[i], missionId, ...historyRow(write) })));
}

const historyInsert = (actorPersonId: string | null, writes: WriteIn[]): SQL =>
  boundSql(HISTORY_INSERT, [actorPersonId, historyRowsOf(writes)]);

const inMission = (missionId: string, writes: MissionWrite[]): WriteIn[] => writes.map((write) => ({ missionId, write }));

/** The part of a history row that every command write fills the same way. */
function historyRow<W extends CommandWrite>(write: W) {
  return { action: write.action, entity: write.entity, entityId: write.id, title: write.title, changes: write.changes ?? {} };
}

/**
 * Many writes of one kind (a bulk write) as one message per kind: the first id, and every id in `data.ids`; a write
 * alone keeps its own message. Grouped before the messages are made, whose fields a group would drop.
 */
function collapse(writes: MissionWrite[]): RoutedChange[] {
  const groups = new Map<string, MissionWrite[]>();
  for (const write of writes) {
    const key = `${changeTypeOf(write)} ${write.entity}`;
    const group = groups.get(key);
    if (group) group.push(write);
    else groups.set(key, [write]);
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!;
    if (group.length === 1) return withActionRooms(first);
    const actionIds = [...new Set(group.flatMap((write) => (write.entity === 'actions' ? [write.id] : (write.actionIds ?? []))))];
    const ids = group.map((write) => write.id);
    return {
      type: changeTypeOf(first),
      entity: first.entity,
      id: first.id,
      data: { ids },
      ...(actionIds.length > 0 ? { actionIds } : {}),
    } as RoutedChange;
  });
}
