import { and, asc, count, eq, isNotNull, isNull, or, sql, sum, type SQL } from 'drizzle-orm';
import { canOnMission, canOnTask, fileRoleOf, type FileRole } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { actionItems, actions, files, missions, orgs, people } from '../../db/schema/index.ts';
import { entityNotFound, type MissionAccess } from '../../plugins/mission-access.ts';
import { itemFacts, taskActorOf } from '../tasks/index.ts';

export type FileRow = typeof files.$inferSelect;
export type PersonRow = typeof people.$inferSelect;
export type ActionItemRow = typeof actionItems.$inferSelect;
export type ActionRow = typeof actions.$inferSelect;

/** A file with its uploader and, for a task file, the task and its action (what decides the caller's role). */
export type FileWithContext = {
  file: FileRow;
  uploader: PersonRow | null;
  item: ActionItemRow | null;
  action: ActionRow | null;
};

async function selectFiles(db: Db | Tx, where: SQL | undefined): Promise<FileWithContext[]> {
  return db
    .select({ file: files, uploader: people, item: actionItems, action: actions })
    .from(files)
    .leftJoin(people, eq(people.id, files.createdBy))
    .leftJoin(actionItems, and(eq(files.attachedTo, 'action.items'), eq(actionItems.id, files.attachedToId)))
    .leftJoin(actions, eq(actions.id, actionItems.actionId))
    .where(where)
    .orderBy(asc(files.createdAt), asc(files.id));
}

type Attached = { to: 'missions' | 'action.items'; id: string };

const attachedTo = (attached: Attached | undefined) =>
  attached ? and(eq(files.attachedTo, attached.to), eq(files.attachedToId, attached.id)) : undefined;

/** The files of the mission, oldest first: all of them, or those attached to the mission itself or to one task. */
export function listFiles(db: Db | Tx, missionId: string, attached?: Attached): Promise<FileWithContext[]> {
  return selectFiles(db, and(eq(files.missionId, missionId), attachedTo(attached)));
}

/** One file of the mission (attached as expected); 404 ('Sorry that file was not found…') when it is not there. */
export async function loadFile(db: Db | Tx, missionId: string, fileId: string, attached?: Attached): Promise<FileWithContext> {
  const [row] = await selectFiles(db, and(eq(files.missionId, missionId), eq(files.id, fileId), attachedTo(attached)));
  if (!row) throw entityNotFound('file');
  return row;
}

/**
 * The caller's role on a file (spec 3 §6): its uploader is OWNER; WRITER may update what it is attached to — the
 * mission (project files) or the task by the task rules (task files) — or manages the mission: the spec's canDelete,
 * so that a task closed with its action (which nobody may update) still lets its mission's managers tidy its files.
 * The rest read.
 */
export function fileRoleFor(access: MissionAccess, row: FileWithContext): FileRole {
  const managesMission = canOnMission(access.actor, 'mission.update', access.facts);
  const mayWriteAttached =
    managesMission ||
    (row.file.attachedTo !== 'missions' &&
      !!row.item &&
      !!row.action &&
      canOnTask(taskActorOf(access), 'update', itemFacts(row.item, row.action)));
  return fileRoleOf({ uploadedByCaller: row.file.createdBy === access.personId, mayWriteAttached });
}

/** What an organisation's files take up: bytes and count (spec 3 §9: shown in GB, decimal). */
export async function storageUsage(db: Db, orgId: string): Promise<{ bytes: number; files: number }> {
  const [row] = await db
    .select({ bytes: sum(files.size), files: count() })
    .from(files)
    .where(and(eq(files.orgId, orgId), sql`${files.source} = 'upload'`));
  return { bytes: Number(row?.bytes ?? 0), files: row?.files ?? 0 };
}

/** A file by id alone, for a sharing link: 404 when it is gone, its mission archived or its organisation deleted. */
export async function loadLinkedFile(db: Db, fileId: string): Promise<FileRow> {
  const [row] = await db
    .select({ file: files })
    .from(files)
    .innerJoin(missions, and(eq(missions.id, files.missionId), isNull(missions.archivedAt)))
    .leftJoin(orgs, eq(orgs.id, missions.orgId))
    .where(and(eq(files.id, fileId), or(isNull(missions.orgId), and(isNotNull(orgs.id), isNull(orgs.deletedAt)))))
    .limit(1);
  if (!row) throw entityNotFound('file');
  return row.file;
}
