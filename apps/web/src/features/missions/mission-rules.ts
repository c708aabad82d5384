import { MISSION_MESSAGES } from '@crewplan/domain/messages/index';
import type { ProjectStatus, ProjectType } from '@crewplan/domain/missions/status';
import { ApiError } from '../../lib/api-error.ts';
import { PLAN_PARTS } from '../plan/index.ts';
import { plural } from '@crewplan/domain/shared/words';

/** Tabs of the mission view (`mission-tab`); power, gantt and plan tabs arrive with their issue. */
export const MISSION_TABS = [
  { value: 'overview', label: 'Overview' },
  { value: 'board', label: 'Board' },
  { value: 'power', label: 'Power' },
  { value: 'gantt', label: 'Gantt' },
  { value: 'plan', label: 'Plan' },
  { value: 'team', label: 'Team' },
  { value: 'settings', label: 'Settings' },
  { value: 'history', label: 'History' },
] as const;
export type MissionTab = (typeof MISSION_TABS)[number]['value'];

/** The work view of each project type (spec 1 §1: simple and kanban share one view; power and mx-gantt have their own). */
export const WORK_TAB: Record<ProjectType, MissionTab> = { simple: 'board', kanban: 'board', power: 'power', 'mx-gantt': 'gantt' };

/** A gantt's tasks are also worked on as cards: its board tab shows the same actions and tasks. */
const ALSO_WORKED_ON: Partial<Record<ProjectType, MissionTab>> = { 'mx-gantt': 'board' };

/** The tabs a person sees: the work view of the project's type, and settings only for those who may update. */
export const visibleMissionTabs = (canUpdate: boolean, projectType: ProjectType = 'simple') =>
  MISSION_TABS.filter((tab) => {
    if (tab.value === 'settings') return canUpdate;
    if (tab.value === 'board' || tab.value === 'power' || tab.value === 'gantt')
      return WORK_TAB[projectType] === tab.value || ALSO_WORKED_ON[projectType] === tab.value;
    return true;
  });

/** The parts of the power view the URL opens (`powerTab`), and the one naming an action of the work view (`action`). */
const POWER_PART = 'powerTab';
const ACTION_PART = 'action';

/**
 * The tab a part of the mission view named in the URL lives on, without `mission-tab` (spec 1 §2): the plan timeline
 * parts (`mission-timeline`, `make-week`, `make-phase`, `phase`, `budget-bar`) on the plan, `powerTab` on the power
 * view, and an `action` on the project's own work view. Null when the URL names no part.
 */
export function tabOfPart(params: URLSearchParams, projectType: ProjectType = 'simple'): MissionTab | null {
  if (PLAN_PARTS.some((part) => params.has(part))) return 'plan';
  if (params.has(POWER_PART)) return 'power';
  if (params.get(ACTION_PART)) return WORK_TAB[projectType];
  return null;
}

/**
 * The tab shown: the `mission-tab` asked for when the person may see it, else the tab of a part the URL names
 * (`budget-bar` opens the plan, `powerTab` the power view, `action` the work view), else the overview.
 */
export function missionTabOf(params: URLSearchParams, canUpdate: boolean, projectType: ProjectType = 'simple'): MissionTab {
  const visible = visibleMissionTabs(canUpdate, projectType);
  const asked = params.get('mission-tab');
  const named = visible.find((entry) => entry.value === asked)?.value;
  if (named) return named;
  const part = tabOfPart(params, projectType);
  return visible.find((entry) => entry.value === part)?.value ?? 'overview';
}

/**
 * The parameters a change of tab writes: the tab (none for the overview), and the parts of other tabs removed, so
 * that a part named in the URL no longer pulls the view back to its tab.
 */
export function tabChangeParams(next: MissionTab, projectType: ProjectType = 'simple'): Record<string, string | null> {
  const update: Record<string, string | null> = { 'mission-tab': next === 'overview' ? null : next };
  if (next !== 'plan') for (const part of PLAN_PARTS) update[part] = null;
  if (next !== 'power') update[POWER_PART] = null;
  if (next !== WORK_TAB[projectType]) update[ACTION_PART] = null;
  return update;
}

export { clearedMissionParams } from '../../lib/mission-keys.ts';

/** What a failed mission load shows (spec 1 §8): not found (404, or an id that cannot be one), or the load failure. */
export function missionLoadError(error: unknown): { message: string; autoClose: number } | null {
  if (!error) return null;
  const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return { message: notFound ? MISSION_MESSAGES.notFound : MISSION_MESSAGES.loadFailed, autoClose: 5_000 };
}

export const STATUS_LABELS: Record<ProjectStatus, string> = {
  active: 'Active',
  open: 'Open',
  'on-hold': 'On hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
  planning: 'Planning',
};

export const STATUS_COLORS: Record<ProjectStatus, string> = {
  active: 'green',
  open: 'teal',
  'on-hold': 'yellow',
  completed: 'blue',
  cancelled: 'gray',
  planning: 'violet',
};

export const TYPE_LABELS: Record<ProjectType, string> = { simple: 'Simple', kanban: 'Kanban', power: 'Power', 'mx-gantt': 'Gantt' };

/** The statuses the settings offer (planning is shown, not chosen: it is an active mission not kicked off). */
export const CHOSEN_STATUSES: readonly Exclude<ProjectStatus, 'planning'>[] = ['active', 'open', 'on-hold', 'completed', 'cancelled'];

/** Completing or cancelling ends the mission: the settings ask first. */
export const statusNeedsConfirmation = (from: ProjectStatus, to: ProjectStatus) =>
  from !== to && (to === 'completed' || to === 'cancelled');

/** Deleting asks for the title typed again (spaces around it and case do not matter). */
export const confirmsTitle = (typed: string, title: string) =>
  typed.trim().toLowerCase() === title.trim().toLowerCase() && title.trim() !== '';

/**
 * What else deleting the mission takes (rule 32): a template mission takes its template but never the project it was
 * saved from; a project takes the template or project linked to it.
 */
export function deleteAlsoText(mission: { isTemplate: boolean; linkedTemplate: string | null; linkedProject: string | null }): string {
  if (mission.isTemplate) return ', and so does its template; the project it was saved from stays';
  return mission.linkedTemplate || mission.linkedProject ? ', and so does its linked project or template' : '';
}

/** What a change of the plan dates needs before it is saved (spec 1 §4, rules 26–27). */
export interface DateChangeSteps {
  changed: boolean;
  /** The end moves earlier: confirmation first (tasks after it return to the planning board). */
  shortensEnd: boolean;
  /** The start moves: the person chooses to move the plan or shift all dates. */
  movesStart: boolean;
}

export function dateChangeSteps(
  before: { start: string | null; end: string | null },
  after: { start: string; end: string },
): DateChangeSteps {
  const movesStart = before.start !== after.start;
  const shortensEnd = before.end !== null && after.end < before.end;
  return { changed: movesStart || before.end !== after.end, shortensEnd, movesStart };
}

/** The dates a form can save: both days, start not after end. */
export function datesProblem(start: string, end: string): string | null {
  if (!start || !end) return 'Both dates are needed.';
  if (end < start) return 'The end cannot be before the start.';
  return null;
}

/** A toast line saying what a date change moved or cleared, or null when nothing. */
export function dateEffectsText(effects: {
  moved?: { actionItems: number; actions: number; planItems: number };
  cleared?: { actionItems: number };
  startPushedForward?: boolean;
}): string | null {
  const parts: string[] = [];
  const moved = (effects.moved?.actionItems ?? 0) + (effects.moved?.actions ?? 0) + (effects.moved?.planItems ?? 0);
  if (moved > 0) parts.push(`${plural(moved, 'item')} moved with the plan.`);
  const cleared = effects.cleared?.actionItems ?? 0;
  if (cleared > 0) parts.push(`${plural(cleared, 'task returns', 'tasks return')} to the planning board.`);
  if (effects.startPushedForward) parts.push('The start moved forward 5 days (the shortest shift).');
  return parts.length > 0 ? parts.join(' ') : null;
}

/**
 * The mission a write answered (`PUT /mission/:id` carries no actions nor action items) put over the cached read:
 * the cached tasks stay, so that a board does not empty after a change of settings or columns.
 */
export function withCachedTasks<T extends { actions?: unknown[]; actionItems?: unknown[] }>(answer: T, cached: T | undefined): T {
  if (answer.actions !== undefined || !cached) return answer;
  return { ...answer, actions: cached.actions, actionItems: cached.actionItems };
}

/** A refused licence or promo activation says who may do it (the spec's text); other failures their own message. */
export const licenceErrorText = (error: Error) =>
  error instanceof ApiError && error.status === 403 ? MISSION_MESSAGES.activateLicence : error.message;

/** Org observers (see every report, no projects) get told once why their mission list is empty. */
export const isOrgObserverLevel = (level: string | null | undefined) => level === 'OBSERVER_ORG' || level === 'OBSERVER_ORG_LIMITED';

export interface MissionGroup<T> {
  org: string | null;
  title: string;
  missions: T[];
}

/** Missions grouped by organisation (titles from my organisations; personal ones last), each group by title. */
export function groupByOrg<T extends { org: string | null; orgTitle?: string | null; title: string }>(
  missions: T[],
  orgTitles: Map<string, string>,
): MissionGroup<T>[] {
  const groups = new Map<string | null, T[]>();
  const named = new Map(orgTitles);
  for (const mission of missions) {
    groups.set(mission.org, [...(groups.get(mission.org) ?? []), mission]);
    // people from outside an organisation read its name from their missions
    if (mission.org && mission.orgTitle && !named.has(mission.org)) named.set(mission.org, mission.orgTitle);
  }
  const titleOf = (org: string | null) => (org === null ? 'Personal' : (named.get(org) ?? 'Organisation'));
  return [...groups.entries()]
    .map(([org, list]) => ({ org, title: titleOf(org), missions: list.sort((a, b) => a.title.localeCompare(b.title)) }))
    .sort((a, b) => (a.org === null ? 1 : b.org === null ? -1 : a.title.localeCompare(b.title)));
}
