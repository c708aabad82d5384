import { useEffect } from 'react';
import { joinRoom } from '../../lib/realtime.ts';

/** Listens to the changes of these missions while home shows their tasks (a task changed elsewhere refreshes home). */
export function useLiveMissions(missionIds: readonly string[]): void {
  const key = [...new Set(missionIds)].sort().join(',');
  useEffect(() => {
    if (!key) return undefined;
    const leave = key.split(',').map((id) => joinRoom(`changes/missions/${id}`));
    return () => leave.forEach((stop) => stop());
  }, [key]);
}
