import { useEffect } from 'react';
import { queryOptions } from '@tanstack/react-query';
import type { Mission } from '@crewplan/domain/missions/mission';
import { api } from './api.ts';
import { missionKeys } from './mission-keys.ts';
import { joinRoom } from './realtime.ts';

// The one mission every mission screen reads (settings, team, plan, tasks), here so that none of them imports another.

/** `GET /mission/:id`: the whole mission with its team, abilities and free slots. */
export const missionQuery = (missionId: string) =>
  queryOptions({
    queryKey: missionKeys.mission(missionId),
    queryFn: ({ signal }) => api<Mission>(`/mission/${missionId}`, { signal }),
    // a mission carries up to 10,000 tasks: comparing each refetch with the last copy costs more than it saves
    structuralSharing: false,
  });

/**
 * Keeps an open mission live: its two realtime rooms are joined while it shows, and every change there refreshes
 * the mission and the tree (another person's edit appears without reload).
 */
export function useMissionLive(missionId: string | null) {
  useEffect(() => {
    if (!missionId) return undefined;
    const leaveMission = joinRoom(`changes/missions/${missionId}`);
    const leavePeople = joinRoom(`changes/mission.people/${missionId}`);
    return () => {
      leaveMission();
      leavePeople();
    };
  }, [missionId]);
}
