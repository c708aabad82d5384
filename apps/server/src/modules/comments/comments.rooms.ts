import { and, eq } from 'drizzle-orm';
import { canOnMission, type CommentRoomName, type CommentTarget, type TaskFacts } from '@crewplan/domain';
import type { Db, Tx } from '../../db/database.ts';
import { actionItems, actions, planItems } from '../../db/schema/index.ts';
import { COMMENT_ROOMS, entityNotFound, loadMissionAccess, missionIdOf, type MissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { actionFacts, itemFacts } from '../tasks/index.ts';

/** A chat room as the rules see it: what it is about, its title, and the task's facts for the posting rule. */
export type ChatRoom = {
  room: CommentRoomName;
  roomId: string;
  /** The title of what the room is about (the mission, role, action or task). */
  title: string;
  target: CommentTarget;
  /** The task's people, for an ActionItem room (mentioned people join it). */
  itemPeople: readonly string[] | null;
};

/** The room's subject in the caller's mission; 404 when it is not there (the authz hook found its mission already). */
export async function loadChatRoom(db: Db | Tx, access: MissionAccess, room: CommentRoomName, roomId: string): Promise<ChatRoom> {
  const missionId = access.mission.id;
  if (room === 'Mission') return { room, roomId, title: access.mission.title, target: { room }, itemPeople: null };
  if (room === 'MissionPlan') {
    const [row] = await db
      .select({ title: planItems.title })
      .from(planItems)
      .where(and(eq(planItems.id, roomId), eq(planItems.missionId, missionId), eq(planItems.wasDeleted, false)));
    if (!row) throw entityNotFound('planItem');
    return { room, roomId, title: row.title, target: { room }, itemPeople: null };
  }
  if (room === 'Action') {
    const [row] = await db
      .select()
      .from(actions)
      .where(and(eq(actions.id, roomId), eq(actions.missionId, missionId)));
    if (!row) throw entityNotFound('action');
    return { room, roomId, title: row.title, target: { room, task: actionFacts(row) }, itemPeople: null };
  }
  const [row] = await db
    .select({ item: actionItems, action: actions })
    .from(actionItems)
    .innerJoin(actions, eq(actions.id, actionItems.actionId))
    .where(and(eq(actionItems.id, roomId), eq(actionItems.missionId, missionId)));
  if (!row) throw entityNotFound('actionItem');
  const task: TaskFacts = itemFacts(row.item, row.action);
  return { room, roomId, title: row.item.title, target: { room, task }, itemPeople: row.item.people };
}

/** Lets a person listen to `comment/<Room>/<id>` when they may read the mission of that room (rule 251). */
export function registerChatRooms(ctx: AppContext): void {
  for (const room of Object.keys(COMMENT_ROOMS) as CommentRoomName[]) {
    ctx.realtime.registerRoom(`comment/${room}`, async (principal, id) => {
      const entity = COMMENT_ROOMS[room];
      const missionId = entity ? await missionIdOf(ctx.db, entity, id) : id;
      if (!missionId) return false;
      const access = await loadMissionAccess(ctx.db, missionId, principal.personId);
      return !!access && !access.withheld && canOnMission(access.actor, 'mission.read', access.facts);
    });
  }
}
