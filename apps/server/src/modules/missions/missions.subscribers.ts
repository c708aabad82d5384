import { and, eq, isNull } from 'drizzle-orm';
import { addIsoDays, canOnMission, CHANGE_ROOM_PREFIXES, changeRooms, PERMISSION_ADMIN } from '@crewplan/domain';
import { runMissionCommand } from '../../commands/index.ts';
import { actions, missionPeople, missions } from '../../db/schema/index.ts';
import { loadMissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';

export const MISSION_ROOM_PREFIX = CHANGE_ROOM_PREFIXES.mission;
export const MISSION_PEOPLE_ROOM_PREFIX = CHANGE_ROOM_PREFIXES.missionPeople;
export const missionRoom = changeRooms.mission;
export const missionPeopleRoom = changeRooms.missionPeople;
export const ACTION_ROOM_PREFIX = CHANGE_ROOM_PREFIXES.action;
export const actionRoom = changeRooms.action;

/**
 * A person leaving an organisation with "remove from missions" leaves the team of each of its missions, except where
 * they are the only admin (a mission keeps at least one admin: they stay until another is named). As when a person is
 * taken off a team (rule 101), admins are those who accepted: an invited admin neither keeps the mission run nor is
 * kept for it.
 */
export async function removeFromOrgMissions(ctx: AppContext, orgId: string, personId: string): Promise<string[]> {
  const rows = await ctx.db
    .select({
      missionId: missionPeople.missionId,
      permission: missionPeople.permission,
      invitePending: missionPeople.invitePending,
      email: missionPeople.email,
    })
    .from(missionPeople)
    .innerJoin(missions, eq(missions.id, missionPeople.missionId))
    .where(and(eq(missions.orgId, orgId), isNull(missions.archivedAt), eq(missionPeople.personId, personId)));
  const removedFrom: string[] = [];
  for (const row of rows) {
    const removed = await runMissionCommand(ctx, row.missionId, null, async (tx, record) => {
      if (row.permission === PERMISSION_ADMIN && !row.invitePending) {
        const admins = await tx
          .select({ id: missionPeople.id })
          .from(missionPeople)
          .where(
            and(
              eq(missionPeople.missionId, row.missionId),
              eq(missionPeople.permission, PERMISSION_ADMIN),
              eq(missionPeople.invitePending, false),
            ),
          )
          .for('update');
        if (admins.length <= 1) return false;
      }
      await tx.delete(missionPeople).where(and(eq(missionPeople.missionId, row.missionId), eq(missionPeople.personId, personId)));
      record({
        action: 'remove',
        entity: 'mission.people',
        id: personId,
        title: row.email,
        changes: { permission: { from: row.permission, to: null } },
      });
      return true;
    });
    if (removed) removedFrom.push(row.missionId);
  }
  return removedFrom;
}

/** Realtime for missions: who may listen to a mission's rooms, and what they hear after each committed write. */
export function subscribeMissionEvents(ctx: AppContext): void {
  const mayRead = async (personId: string, missionId: string) => {
    const access = await loadMissionAccess(ctx.db, missionId, personId);
    return !!access && !access.withheld && canOnMission(access.actor, 'mission.read', access.facts);
  };
  ctx.realtime.registerRoom(MISSION_ROOM_PREFIX, (principal, missionId) => mayRead(principal.personId, missionId));
  ctx.realtime.registerRoom(MISSION_PEOPLE_ROOM_PREFIX, (principal, missionId) => mayRead(principal.personId, missionId));
  // an action's room: its own changes and its tasks', for whoever may read its mission
  ctx.realtime.registerRoom(ACTION_ROOM_PREFIX, async (principal, actionId) => {
    const [action] = await ctx.db.select({ missionId: actions.missionId }).from(actions).where(eq(actions.id, actionId));
    return !!action && (await mayRead(principal.personId, action.missionId));
  });

  ctx.events.on('mission.changed', ({ missionId, changes }) => {
    for (const { actionIds, ...change } of changes) {
      const room = change.entity === 'mission.people' || change.entity === 'mission.invites' ? missionPeopleRoom : missionRoom;
      ctx.realtime.publish(room(missionId), change);
      for (const actionId of actionIds ?? []) ctx.realtime.publish(actionRoom(actionId), change);
    }
  });

  // A removal ends the membership tomorrow: the person leaves the missions now. A departure scheduled later (or a
  // cancelled one, endDate null) leaves the teams as they are.
  ctx.events.on('org.person.removed', async ({ orgId, personId, endDate, removeFromMissions }) => {
    const tomorrow = addIsoDays(ctx.clock.now().toISOString().slice(0, 10), 1);
    if (removeFromMissions && endDate !== null && endDate <= tomorrow) await removeFromOrgMissions(ctx, orgId, personId);
  });
}
