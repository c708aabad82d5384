import { addIsoDays, daysBetween, isIsoDay, pinnedDates, PIN_TARGETS, type PinTarget } from '../missions/dates.ts';
import type { OrgLevel } from '../org/levels.ts';

/**
 * Template rules (spec 3 §3 Template, spec 1 §§3–4): a template keeps a project's plan with its dates as day
 * offsets from the project start, so that a new project can lay the plan out again from its own start.
 * Pure: every date is a calendar day 'YYYY-MM-DD'.
 */

/** The role of the plan item every new project gets (rule 30); a template's own one is not copied over it. */
export const PROJECT_MANAGER_ROLE = 'Project manager';

export const TEMPLATE_MESSAGES = {
  notFound: 'Sorry that template was not found.',
  /** A template mission keeps the template's plan: save it again rather than making a template of it. */
  alreadyTemplate: 'This project is a template already. Save the template again instead.',
  notLinked: 'This template has no template project to save again.',
  otherOrg: 'An organization template can only be made from a project of that organization.',
  orgNeeded: 'An organization template needs its organization',
  personalHasNoOrg: 'A personal template has no organization',
} as const;

/** Where an item sits relative to the project start: days from it to the item's start, and the item's length. */
export type PlanOffsets = { startOffsetDays: number | null; durationDays: number | null };

/**
 * Offsets of a plan item from the project start. A missing or unparsable date leaves its offset null:
 * no project start or item start → no start offset; no start or end → no duration. An end before the start
 * counts as a zero-length item.
 */
export function offsetsOf(projectStart: string | null, item: { startDate: string | null; endDate: string | null }): PlanOffsets {
  const start = isIsoDay(item.startDate) ? item.startDate : null;
  const end = isIsoDay(item.endDate) ? item.endDate : null;
  return {
    startOffsetDays: start !== null && isIsoDay(projectStart) ? daysBetween(projectStart, start) : null,
    durationDays: start !== null && end !== null ? Math.max(0, daysBetween(start, end)) : null,
  };
}

/** The project's length in days (`data.durationDays`, at least 1), or null when a date is missing or inverted. */
export function projectDurationDays(planStartDate: string | null, planEndDate: string | null): number | null {
  if (!isIsoDay(planStartDate) || !isIsoDay(planEndDate)) return null;
  const days = daysBetween(planStartDate, planEndDate);
  return days >= 1 ? days : null;
}

const clampDay = (value: string, from: string, to: string) => (value < from ? from : value > to ? to : value);

const isPinTarget = (value: string | null): value is PinTarget => value !== null && (PIN_TARGETS as readonly string[]).includes(value);

/**
 * The dates of a template plan item in a project running `mission.start`..`mission.end`:
 * - pinned items follow the project as pinned items do (rule 28, `pinnedDates`);
 * - otherwise the start is the project start plus the offset (the project start without one), the end is the start
 *   plus the duration (the project end without one);
 * - both are then kept inside the project: a start after the end of the project moves to its end, an end before the
 *   start becomes the start.
 */
export function datesFromOffsets(
  mission: { start: string; end: string },
  item: PlanOffsets & { pinnedTo: string | null },
): { startDate: string; endDate: string } {
  const { start, end } = mission;
  const last = end < start ? start : end;
  if (isPinTarget(item.pinnedTo)) {
    const offsetStart = item.startOffsetDays === null ? start : addIsoDays(start, item.startOffsetDays);
    const offsetEnd = item.durationDays === null ? last : addIsoDays(offsetStart, item.durationDays);
    const pinned = pinnedDates(item.pinnedTo, { start, end: last }, { startDate: offsetStart, endDate: offsetEnd });
    const pinnedStart = clampDay(pinned.startDate ?? start, start, last);
    return { startDate: pinnedStart, endDate: clampDay(pinned.endDate ?? last, pinnedStart, last) };
  }
  const startDate = clampDay(item.startOffsetDays === null ? start : addIsoDays(start, item.startOffsetDays), start, last);
  const endDate = item.durationDays === null ? last : addIsoDays(startDate, item.durationDays);
  return { startDate, endDate: clampDay(endDate, startDate, last) };
}

/**
 * Whether a template plan item is copied into a new project: not the Project manager role when the project
 * already has one (the one the project was created with keeps its place).
 */
export function copiedIntoMission(item: { role: string | null }, missionHasProjectManager: boolean): boolean {
  return !(missionHasProjectManager && item.role?.trim().toLowerCase() === PROJECT_MANAGER_ROLE.toLowerCase());
}

/** A template as its rules see it: personal (isPrivate, its owner's only) or of an organisation. */
export type TemplateFacts = { ownerId: string; orgId: string | null; isPrivate: boolean };

/** The caller, with their current level in the template's organisation (null when not a current member). */
export type TemplateViewer = { personId: string; orgLevel: OrgLevel | null };

const isOrgTemplate = (template: TemplateFacts) => !template.isPrivate && template.orgId !== null;

/** Who sees and uses a template: its owner for a personal one; every current member of its organisation otherwise. */
export function canUseTemplate(viewer: TemplateViewer, template: TemplateFacts): boolean {
  if (!isOrgTemplate(template)) return template.ownerId === viewer.personId;
  return viewer.orgLevel !== null;
}

/**
 * Who changes or deletes a template: its owner (still a member, for an organisation template), or for an
 * organisation template that organisation's admins and managers.
 */
export function canManageTemplate(viewer: TemplateViewer, template: TemplateFacts): boolean {
  if (!canUseTemplate(viewer, template)) return false;
  return template.ownerId === viewer.personId || viewer.orgLevel === 'ADMIN' || viewer.orgLevel === 'MANAGER';
}

/** Sharing (personal or organisation) is its owner's choice alone. */
export function canShareTemplate(viewer: TemplateViewer, template: TemplateFacts): boolean {
  return canManageTemplate(viewer, template) && template.ownerId === viewer.personId;
}

/** The abilities a template carries in the API. */
export function templateAbilities(viewer: TemplateViewer, template: TemplateFacts): { update: boolean; delete: boolean } {
  const manage = canManageTemplate(viewer, template);
  return { update: manage, delete: manage };
}
