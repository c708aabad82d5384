import { useEffect } from 'react';
import { joinRoom } from '../../lib/realtime.ts';

/** Listens to the mission's team room while a team screen shows it: invites answered elsewhere refresh the team. */
export function useTeamLive(missionId: string): void {
  useEffect(() => joinRoom(`changes/mission.people/${missionId}`), [missionId]);
}
