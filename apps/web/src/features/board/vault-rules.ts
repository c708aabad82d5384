import { addIsoDays } from '@crewplan/domain/missions/dates';
import { inVault, vaultDateError, VAULT_STALE_DAYS, type VaultReason } from '@crewplan/domain/missions/status';
import type { MissionTreeItem } from '../../lib/mission-tree.ts';

/** The day before which an untouched mission counts as stale: 90 days before `now` (UTC day). */
export const staleDateOf = (now: Date) => addIsoDays(now.toISOString().slice(0, 10), -VAULT_STALE_DAYS);

export interface VaultRow {
  mission: MissionTreeItem;
  /** Why it is in the vault ('abandoned' when the server listed it as stale and no other reason applies). */
  reason: VaultReason;
  /** 'Date error' for a mission without a plan start or end. */
  dateError: string | null;
}

export const VAULT_REASON_LABELS: Record<VaultReason, string> = { completed: 'Completed', older: 'Older', abandoned: 'Abandoned' };

/** Finished and stale missions together, once each, most recently changed first. */
export function vaultRows(finished: MissionTreeItem[], stale: MissionTreeItem[], now: Date): VaultRow[] {
  const byId = new Map<string, MissionTreeItem>();
  for (const mission of [...finished, ...stale]) byId.set(mission._id, mission);
  return [...byId.values()]
    .map((mission) => ({ mission, reason: inVault(mission, now) ?? 'abandoned', dateError: vaultDateError(mission) }))
    .sort((a, b) => b.mission.updatedAt.localeCompare(a.mission.updatedAt));
}
