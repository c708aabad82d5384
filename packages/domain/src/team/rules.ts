import { MISSION_MESSAGES } from '../messages/index.ts';
import { isMissionAdmin } from '../missions/policy.ts';

/**
 * Mission team rules: permission numbers and labels, seats, invite options, removal and invite clearance
 * (1-planning-workspace §5, §6, §9; rules 93–104, 119–134). Messages are the spec's texts, typos included.
 */

/**
 * Mission permission numbers (rule 93): 0 team member, 1 team lead (project manager with isProjectManager),
 * 2 admin (project owner), 3 observer, 4 organisation-level observer or project manager ('Not needed on project'),
 * 5 external participant or limited organisation observer.
 */
export const MISSION_PERMISSIONS = [0, 1, 2, 3, 4, 5] as const;
export type MissionPermission = (typeof MISSION_PERMISSIONS)[number];

export const PERMISSION_TEAM_MEMBER = 0;
export const PERMISSION_TEAM_LEAD = 1;
export const PERMISSION_ADMIN = 2;
export const PERMISSION_OBSERVER = 3;
export const PERMISSION_NOT_NEEDED = 4;
export const PERMISSION_EXTERNAL = 5;

/** Labels of mission permissions (rule 97, messages). */
export const PERMISSION_LABELS = {
  admin: 'Project owner - Admin',
  projectManager: 'Project manager',
  teamLead: 'Team lead',
  teamMember: 'Team member',
  observer: 'Observer',
  notNeeded: 'Not needed on project',
  external: 'External participant',
  templateManager: 'Template manager',
} as const;

/** Labels of the invite options (rule 132). */
export const INVITE_OPTION_LABELS = {
  admin: 'Admin',
  projectManager: 'Project manager',
  teamLead: 'Team lead',
  teamMember: 'Team member',
  observer: 'Observer',
  templateManager: 'Template manager',
  /** Tag of the limited Project manager option for unapproved domains (no settings access). */
  limited: 'Limited',
} as const;

/** Team messages, character for character from the spec's catalogue. */
export const TEAM_MESSAGES = {
  removeConfirm: 'Remove this person from the project?',
  lastAdmin: 'Sorry but you need at least one admin on the project. Try adding another admin first or make another person an admin.',
  outsideDepartments: "The sorry but this person falls outside of your accessible department's and cannot be added to the project",
  noClearance: 'This person cannot be added because you do not have clearance…',
  noClearanceSelected: 'Sorry but you do not have sufficient permission to add this person. Please ask an organization admin if possible.',
  inviteWelcome: 'Welcome to the mission!',
  inviteTemplate: 'Please help manage our template',
  /** Inviting a counting person when all free slots are used (rule 135). */
  freeSlotsFull: 'This project has used its 5 free slots. Upgrade just your project or start a free trial for your organization.',
} as const;

/** How long a mailed mission invite stays valid. */
export const MISSION_INVITE_LIFETIME_DAYS = 14;

/** The spec's 'already exists on the mission team' text (rule 120) for one address. */
export function alreadyOnTeamMessage(email: string): string {
  return MISSION_MESSAGES.alreadyOnTeam.replace('{email}', email);
}

export interface PermissionHolder {
  permission: number;
  isProjectManager: boolean;
  customRole?: string | null;
}

/**
 * The label of a person's mission permission (rule 97). A custom role (non-blank) overrides; in templates the
 * admin and project-manager levels read 'Template manager'. An unknown number reads 'Team member'.
 */
export function permissionLabel(person: PermissionHolder, context: { isTemplate?: boolean } = {}): string {
  const custom = person.customRole?.trim();
  if (custom) return custom;
  const template = context.isTemplate === true;
  switch (person.permission) {
    case PERMISSION_ADMIN:
      return template ? PERMISSION_LABELS.templateManager : PERMISSION_LABELS.admin;
    case PERMISSION_TEAM_LEAD:
      if (!person.isProjectManager) return PERMISSION_LABELS.teamLead;
      return template ? PERMISSION_LABELS.templateManager : PERMISSION_LABELS.projectManager;
    case PERMISSION_OBSERVER:
      return PERMISSION_LABELS.observer;
    case PERMISSION_NOT_NEEDED:
      return PERMISSION_LABELS.notNeeded;
    case PERMISSION_EXTERNAL:
      return PERMISSION_LABELS.external;
    default:
      return PERMISSION_LABELS.teamMember;
  }
}

/** A working team member (rule 94): permission 3 or below ("above 3 means not a working team member"). */
export function isWorkingMember(permission: number): boolean {
  return permission <= PERMISSION_OBSERVER;
}

/** Counts as an active member in task and people lists (rule 94): permission below 3. */
export function isActiveMember(permission: number): boolean {
  return permission < PERMISSION_OBSERVER;
}

/** Shown in the team display (rule 93): everybody but permission 5. */
export function isTeamVisible(permission: number): boolean {
  return permission !== PERMISSION_EXTERNAL;
}

/** Free plan: at most 5 free slots per project (rule 134). */
export const FREE_SLOTS = 5;

/** Takes a free-plan seat (rule 134): team members (0, 1, 2) and organisation observers (4); not 3 or 5. */
export function countsAsSeat(permission: number): boolean {
  return permission === 0 || permission === 1 || permission === 2 || permission === PERMISSION_NOT_NEEDED;
}

/** Seats used by a project's people. */
export function usedSeats(people: readonly { permission: number }[]): number {
  return people.filter((person) => countsAsSeat(person.permission)).length;
}

/** All free slots are used (5 of 5): the upgrade view is offered instead of another seat. */
export function slotsFull(used: number): boolean {
  return used >= FREE_SLOTS;
}

export interface InviteContext {
  inviterIsMissionAdmin: boolean;
  inviterIsOrgAdmin: boolean;
  inviterIsProjectManager: boolean;
  inviterIsOrgMember: boolean;
  /** The organisation has rolesNeedApproval. */
  rolesNeedApproval: boolean;
  /** The project came from the CRM (createdFromGtCrm). */
  fromCrm: boolean;
  projectType: string;
  isTemplate: boolean;
  isModel: boolean;
  /** The project belongs to an organisation. */
  hasOrg: boolean;
  /** The invitee's email domain is approved by the organisation. */
  domainApproved: boolean;
}

export type InviteOptionValue = 'admin' | 'manager' | 'lead' | 'member' | 'observer';

export interface InviteOption {
  value: InviteOptionValue;
  permission: number;
  isProjectManager: boolean;
  label: string;
  /** The 'Limited' Project manager form for unapproved domains: no access to settings. */
  limited?: boolean;
}

/**
 * The permission options of the invite dialog, in order (rule 132, rule 124):
 * - Admin (2): for mission or organisation admins, unless roles need approval, the project is from the CRM, or the
 *   invitee's domain is not approved (admin is not permitted for unapproved domains);
 * - Project manager (1 + PM): for admins, project managers and organisation members; `limited` when the domain is
 *   not approved;
 * - Team lead (1): not for mx-gantt projects or templates;
 * - Team member (0): always;
 * - Observer (3): only for organisation projects that are not models.
 * In templates the Admin and Project manager options read 'Template manager'.
 */
export function inviteOptions(ctx: InviteContext): InviteOption[] {
  const options: InviteOption[] = [];
  const managerLabel = (label: string) => (ctx.isTemplate ? INVITE_OPTION_LABELS.templateManager : label);
  if ((ctx.inviterIsMissionAdmin || ctx.inviterIsOrgAdmin) && !ctx.rolesNeedApproval && !ctx.fromCrm && ctx.domainApproved) {
    options.push({
      value: 'admin',
      permission: PERMISSION_ADMIN,
      isProjectManager: false,
      label: managerLabel(INVITE_OPTION_LABELS.admin),
    });
  }
  if (ctx.inviterIsMissionAdmin || ctx.inviterIsOrgAdmin || ctx.inviterIsProjectManager || ctx.inviterIsOrgMember) {
    const option: InviteOption = {
      value: 'manager',
      permission: PERMISSION_TEAM_LEAD,
      isProjectManager: true,
      label: managerLabel(INVITE_OPTION_LABELS.projectManager),
    };
    options.push(ctx.domainApproved ? option : { ...option, limited: true });
  }
  if (ctx.projectType !== 'mx-gantt' && !ctx.isTemplate) {
    options.push({ value: 'lead', permission: PERMISSION_TEAM_LEAD, isProjectManager: false, label: INVITE_OPTION_LABELS.teamLead });
  }
  options.push({ value: 'member', permission: PERMISSION_TEAM_MEMBER, isProjectManager: false, label: INVITE_OPTION_LABELS.teamMember });
  if (ctx.hasOrg && !ctx.isModel) {
    options.push({ value: 'observer', permission: PERMISSION_OBSERVER, isProjectManager: false, label: INVITE_OPTION_LABELS.observer });
  }
  return options;
}

/**
 * The optional auto-create-role timesheet toggle (rule 133): shown only with an active organisation licence, on a
 * project that is neither a model nor a template, and with timesheets not disabled (noTimesheets).
 */
export function timesheetToggleShown(ctx: {
  orgLicensedActive: boolean;
  isModel: boolean;
  isTemplate: boolean;
  noTimesheets: boolean;
}): boolean {
  return ctx.orgLicensedActive && !ctx.isModel && !ctx.isTemplate && !ctx.noTimesheets;
}

/** The default personal message of an invite (rule 128). */
export function defaultInviteMessage(isTemplate: boolean): string {
  return isTemplate ? TEAM_MESSAGES.inviteTemplate : TEAM_MESSAGES.inviteWelcome;
}

/** Default invite permission value (rule 129): team member. */
export const DEFAULT_INVITE_PERMISSION = PERMISSION_TEAM_MEMBER;

/** Whether auto role creation stays on for the chosen permission (rule 130): choosing observer turns it off. */
export function autoCreateRoleFor(permission: number): boolean {
  return permission !== PERMISSION_OBSERVER;
}

/** The invite search shows at most 100 items (rule 131). */
export const INVITE_SEARCH_LIMIT = 100;
/** People shown in a people list before "show more". */
export const PEOPLE_LIST_SHOWN = 20;

export interface RemovalInput {
  actor: { isOrgAdmin: boolean; missionPermission: number | null; isProjectManager: boolean };
  target: { personId: string; permission: number; isOrgAdmin: boolean };
  /** How many people on the mission have permission 2. */
  admins: number;
  /** The actor removes themselves. */
  self: boolean;
}

export type RemovalResult =
  | { ok: false; reason: 'forbidden' }
  | { ok: false; reason: 'last-admin'; message: typeof TEAM_MESSAGES.lastAdmin }
  | { ok: true; effect: 'remove' | 'downgrade' };

/** Permission and flag an organisation admin keeps when "removed" from a mission (rule 102). */
export const REMOVED_ORG_ADMIN = { permission: PERMISSION_NOT_NEEDED, isProjectManager: false } as const;

/**
 * Removing a person from a mission (rules 101–102, §5):
 * - allowed to an organisation admin, a mission admin (2), or a team lead who is project manager (1 + PM); anybody
 *   may remove themselves; otherwise 'forbidden';
 * - the only admin (target permission 2 while there is at most one) cannot be removed: 'last-admin' with the spec's
 *   message;
 * - an organisation admin is downgraded to permission 4 with the project-manager flag cleared (`REMOVED_ORG_ADMIN`)
 *   instead of removed.
 */
export function removalCheck(input: RemovalInput): RemovalResult {
  const { actor, target } = input;
  const mayRemove =
    input.self ||
    actor.isOrgAdmin ||
    (actor.missionPermission !== null && isMissionAdmin({ permission: actor.missionPermission, isProjectManager: actor.isProjectManager }));
  if (!mayRemove) return { ok: false, reason: 'forbidden' };
  if (target.permission === PERMISSION_ADMIN && input.admins <= 1) {
    return { ok: false, reason: 'last-admin', message: TEAM_MESSAGES.lastAdmin };
  }
  return { ok: true, effect: target.isOrgAdmin ? 'downgrade' : 'remove' };
}

export interface ClearanceInput {
  inviterPermission: number;
  inviterAccessibleDepartments: readonly string[];
  inviterAccessibleOffices: readonly string[];
  person: { departments: readonly string[]; office: string | null };
  /** Departments that share their people with the inviter's; when given, a person in none of them (nor in the inviter's accessible departments) does not align. */
  sharedDepartments?: readonly string[];
}

export type ClearanceError = typeof TEAM_MESSAGES.outsideDepartments | typeof TEAM_MESSAGES.noClearance;

/**
 * Whether the inviter may add this person (rules 121–123). Returns null when allowed, else the spec's message:
 * - an admin (permission 2) may add anyone;
 * - the inviter has accessible departments and the person's first department is outside them: the 'falls outside
 *   of your accessible department's' message (a person with no department has no first department outside them);
 * - the inviter has accessible offices and the person's office is outside them (or missing): the clearance message;
 * - `sharedDepartments` given and the person has departments, none of them shared or accessible: the clearance message.
 * Selecting such a person in the picker warns with `TEAM_MESSAGES.noClearanceSelected`.
 */
export function clearanceCheck(input: ClearanceInput): ClearanceError | null {
  if (input.inviterPermission === PERMISSION_ADMIN) return null;
  const accessibleDepartments = input.inviterAccessibleDepartments;
  const first = input.person.departments[0];
  if (accessibleDepartments.length > 0 && first !== undefined && !accessibleDepartments.includes(first)) {
    return TEAM_MESSAGES.outsideDepartments;
  }
  const offices = input.inviterAccessibleOffices;
  if (offices.length > 0 && (input.person.office === null || !offices.includes(input.person.office))) {
    return TEAM_MESSAGES.noClearance;
  }
  const shared = input.sharedDepartments;
  if (
    shared !== undefined &&
    input.person.departments.length > 0 &&
    !input.person.departments.some((d) => shared.includes(d) || accessibleDepartments.includes(d))
  ) {
    return TEAM_MESSAGES.noClearance;
  }
  return null;
}
