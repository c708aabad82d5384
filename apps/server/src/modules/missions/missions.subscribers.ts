import { canOnMission } from '@crewplan/domain';
import { loadMissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';

export const MISSION_ROOM_PREFIX = 'changes/missions';
export const MISSION_PEOPLE_ROOM_PREFIX = 'changes/mission.people';
export const missionRoom = (missionId: string) => `${MISSION_ROOM_PREFIX}/${missionId}`;
export const missionPeopleRoom = (missionId: string) => `${MISSION_PEOPLE_ROOM_PREFIX}/${missionId}`;

/** Realtime for missions: who may listen to a mission's rooms, and what they hear after each committed write. */
export function subscribeMissionEvents(ctx: AppContext): void {
  const mayRead = async (personId: string, missionId: string) => {
    const access = await loadMissionAccess(ctx.db, missionId, personId);
    return !!access && !access.withheld && canOnMission(access.actor, 'mission.read', access.facts);
  };
  ctx.realtime.registerRoom(MISSION_ROOM_PREFIX, (principal, missionId) => mayRead(principal.personId, missionId));
  ctx.realtime.registerRoom(MISSION_PEOPLE_ROOM_PREFIX, (principal, missionId) => mayRead(principal.personId, missionId));

  ctx.events.on('mission.changed', ({ missionId, changes }) => {
    for (const change of changes) {
      const room = change.entity === 'mission.people' || change.entity === 'mission.invites' ? missionPeopleRoom : missionRoom;
      ctx.realtime.publish(room(missionId), change);
    }
  });
}
