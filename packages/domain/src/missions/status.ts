import { differenceInCalendarDays, isValid, parseISO } from 'date-fns';
import { z } from 'zod';
import { isIsoDay } from './dates.ts';

/**
 * Mission (project) status rules: the shown status, transitions and missionStop, finished, work-space listing and the
 * vault (1-planning-workspace §4; rules 16–22, 37). Pure: "now" is always a parameter.
 */

/** Project status values (rule 18). */
export const PROJECT_STATUSES = ['active', 'open', 'on-hold', 'completed', 'cancelled', 'planning'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const projectStatusSchema = z.enum(PROJECT_STATUSES);

/** Project types (rule 16): simple and kanban share one mission view; power and mx-gantt each have their own. */
export const PROJECT_TYPES = ['simple', 'kanban', 'power', 'mx-gantt'] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];
export const projectTypeSchema = z.enum(PROJECT_TYPES);

/** Statuses in which a mission is over: entering one stamps missionStop, leaving one clears it. */
export const FINISHED_STATUSES = ['completed', 'cancelled'] as const satisfies readonly ProjectStatus[];

const isFinishedStatus = (status: string) => (FINISHED_STATUSES as readonly string[]).includes(status);

/** The status shown (rule 19): an active or open project that is not yet kicked off shows as 'planning'. */
export function displayStatus(mission: { projectStatus: ProjectStatus; kickedOff: boolean }): ProjectStatus {
  const { projectStatus, kickedOff } = mission;
  return (projectStatus === 'active' || projectStatus === 'open') && !kickedOff ? 'planning' : projectStatus;
}

export type MissionStopChange = { missionStop: 'set'; at: string } | { missionStop: 'clear' } | { missionStop: 'keep' };

/**
 * What a status change does to missionStop (rule 20: active → completed sets it to now, completed → active clears it).
 * Generalised, as the spec gives only those two cases:
 * - entering completed or cancelled from any other status (active, open, on-hold, planning) sets it to `now`
 *   (ISO instant): the mission stopped then, and `isFinished` agrees with the status;
 * - leaving completed or cancelled for any other status clears it: the mission runs again;
 * - completed ↔ cancelled, or no change, keeps it (the mission stopped already).
 */
export function statusTransition(from: ProjectStatus, to: ProjectStatus, now: Date): MissionStopChange {
  if (from === to) return { missionStop: 'keep' };
  const wasFinished = isFinishedStatus(from);
  const willBeFinished = isFinishedStatus(to);
  if (!wasFinished && willBeFinished) return { missionStop: 'set', at: now.toISOString() };
  if (wasFinished && !willBeFinished) return { missionStop: 'clear' };
  return { missionStop: 'keep' };
}

/** An ISO instant or day as a Date, or null when missing or unparsable. */
function instant(value: string | null | undefined): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = parseISO(value);
  return isValid(parsed) ? parsed : null;
}

/**
 * Finished (rule 21): status completed or cancelled, or the stop time (missionStop, an ISO instant) has passed —
 * at `now` or earlier. An unparsable stop time is ignored.
 */
export function isFinished(mission: { projectStatus: ProjectStatus; missionStop: string | null }, now: Date): boolean {
  if (isFinishedStatus(mission.projectStatus)) return true;
  const stop = instant(mission.missionStop);
  return stop !== null && stop.getTime() <= now.getTime();
}

/** Missions created on or after this day are listed in the work-space even if not kicked off (rule 22). */
export const WORKSPACE_LISTING_SINCE = '2025-01-08';

/**
 * Listed in the work-space (rule 22): kicked off, or created (an ISO instant) on or after 2025-01-08, taken as
 * 2025-01-08T00:00:00Z. An unparsable creation time counts as before.
 */
export function listedInWorkspace(mission: { kickedOff: boolean; createdAt: string }): boolean {
  if (mission.kickedOff) return true;
  const created = instant(mission.createdAt);
  return created !== null && created.getTime() >= Date.parse(`${WORKSPACE_LISTING_SINCE}T00:00:00Z`);
}

/** Days after which an ended or untouched mission moves to the vault. */
export const VAULT_STALE_DAYS = 90;

export type VaultReason = 'completed' | 'older' | 'abandoned';

export interface VaultFacts {
  projectStatus: ProjectStatus;
  missionStop: string | null;
  planStartDate: string | null;
  planEndDate: string | null;
  /** ISO instant of the last update. */
  updatedAt: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Why a mission is in the vault, or null when it is current. In order:
 * - 'completed': finished (`isFinished`: completed, cancelled, or its stop time passed);
 * - 'older': its plan end is more than `staleDays` calendar days before today (today = the UTC day of `now`);
 * - 'abandoned': not updated for `staleDays` days or more (`now − updatedAt ≥ staleDays × 24 h`).
 * Missing or unparsable dates never put a mission in the vault by themselves (see `vaultDateError`).
 */
export function inVault(mission: VaultFacts, now: Date, staleDays: number = VAULT_STALE_DAYS): VaultReason | null {
  if (isFinished(mission, now)) return 'completed';
  if (isIsoDay(mission.planEndDate)) {
    const today = parseISO(now.toISOString().slice(0, 10));
    if (differenceInCalendarDays(today, parseISO(mission.planEndDate)) > staleDays) return 'older';
  }
  const updated = instant(mission.updatedAt);
  if (updated !== null && now.getTime() - updated.getTime() >= staleDays * DAY_MS) return 'abandoned';
  return null;
}

/** The vault's tag for a mission without a usable plan start or end. */
export const VAULT_DATE_ERROR = 'Date error';

/** 'Date error' when the plan start or end is missing or not a calendar day, else null. */
export function vaultDateError(mission: { planStartDate: string | null; planEndDate: string | null }): typeof VAULT_DATE_ERROR | null {
  return isIsoDay(mission.planStartDate) && isIsoDay(mission.planEndDate) ? null : VAULT_DATE_ERROR;
}

export interface ThemeBackground {
  id: string;
  backgroundColor: string;
  /** Dark background: text over it is light. */
  dark: boolean;
  label: string;
}

/** The fourteen project backgrounds offered for projects (rule 37), as colours only. */
export const THEME_BACKGROUNDS: readonly ThemeBackground[] = [
  { id: 'dawn', backgroundColor: '#f6d5c3', dark: false, label: 'Dawn' },
  { id: 'harbour', backgroundColor: '#1f4e79', dark: true, label: 'Harbour' },
  { id: 'forest', backgroundColor: '#2e5e3e', dark: true, label: 'Forest' },
  { id: 'meadow', backgroundColor: '#cfe8b8', dark: false, label: 'Meadow' },
  { id: 'glacier', backgroundColor: '#d6ecf3', dark: false, label: 'Glacier' },
  { id: 'dusk', backgroundColor: '#4a3b6b', dark: true, label: 'Dusk' },
  { id: 'sand', backgroundColor: '#efe3c8', dark: false, label: 'Sand' },
  { id: 'ember', backgroundColor: '#9c3d2e', dark: true, label: 'Ember' },
  { id: 'lagoon', backgroundColor: '#b5e3dc', dark: false, label: 'Lagoon' },
  { id: 'slate', backgroundColor: '#3c4652', dark: true, label: 'Slate' },
  { id: 'blossom', backgroundColor: '#f7d6e0', dark: false, label: 'Blossom' },
  { id: 'midnight', backgroundColor: '#14213d', dark: true, label: 'Midnight' },
  { id: 'citrus', backgroundColor: '#f9e79f', dark: false, label: 'Citrus' },
  { id: 'moss', backgroundColor: '#5b6b3a', dark: true, label: 'Moss' },
];

/** The columns a new kanban project starts with. */
export const DEFAULT_KANBAN_COLUMNS: readonly { id: string; name: string }[] = [
  { id: 'todo', name: 'To do' },
  { id: 'doing', name: 'In progress' },
  { id: 'review', name: 'Review' },
  { id: 'done', name: 'Done' },
];
