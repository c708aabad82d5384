import { TIMINGS } from '@crewplan/domain/shared/constants';

/** Reconnecting after being offline this long rebuilds the whole state (spec rule 268). */
export function needsRebuild(offlineSince: number | null, now: number): boolean {
  return offlineSince !== null && now - offlineSince >= TIMINGS.offlineRebuildMs;
}
