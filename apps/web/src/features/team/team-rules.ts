import type { Mission, MissionPerson } from '@crewplan/domain/missions/mission';
import { MISSION_MESSAGES, ORG_MESSAGES } from '@crewplan/domain/messages/index';
import { ANY_DOMAIN, DOMAIN_PATTERN } from '@crewplan/domain/org/rules';
import { emailDomain, isValidEmail, normaliseEmail } from '@crewplan/domain/people/email';
import {
  FREE_SLOTS,
  PERMISSION_ADMIN,
  PERMISSION_OBSERVER,
  PERMISSION_TEAM_LEAD,
  PERMISSION_TEAM_MEMBER,
  clearanceCheck,
  inviteOptions,
  isTeamVisible,
  permissionLabel,
  type ClearanceError,
  type InviteOption,
} from '@crewplan/domain/team/rules';
import type { OrgLevel } from '@crewplan/domain/org/levels';
import type { PersonSummary } from '../../components/people/people-rules.ts';

/**
 * Pure rules of the team screens (spec 1 §§2, 5, 6; rules 119–135): who shows, labels, invite options for the
 * typed email, the '@' completion, domain clearance, free slots and the upgrade view.
 */

export const fullName = (ref: { firstName: string; lastName: string }) => `${ref.firstName} ${ref.lastName}`.trim();

/** A team row as the people widgets show it; the role line is the permission label (custom roles override). */
export function personSummaryOf(person: MissionPerson, isTemplate: boolean): PersonSummary {
  return {
    id: person.ref._id,
    name: fullName(person.ref) || person.email,
    avatar: person.ref.avatar,
    email: person.email,
    role: permissionLabel(person, { isTemplate }),
    state: person.state,
    country: person.country,
    timezone: person.timezone,
    pending: person.invitePending,
  };
}

/** The team as shown (rule 93): everybody but external participants (permission 5). */
export function visibleTeam(people: readonly MissionPerson[]): MissionPerson[] {
  return people.filter((person) => isTeamVisible(person.permission));
}

/** Domains the invite may go to without clearance: the organisation's approved ones and the project's own. */
export function allowedDomains(orgDomains: readonly string[], missionDomains: readonly string[]): string[] {
  return [...new Set([...orgDomains, ...missionDomains].map((domain) => domain.trim().toLowerCase()).filter(Boolean))];
}

/**
 * With exactly one allowed domain, typing the at-sign completes it (rule 126). Only when the text just gained its
 * first '@' at the end; 'ANY' is not a domain to complete.
 */
export function completeDomain(previous: string, typed: string, domains: readonly string[]): string {
  const real = domains.filter((domain) => domain.toUpperCase() !== ANY_DOMAIN);
  if (domains.length !== 1 || real.length !== 1) return typed;
  const justTypedAt = typed.endsWith('@') && typed.length === previous.length + 1 && typed.indexOf('@') === typed.length - 1;
  return justTypedAt ? `${typed}${real[0]}` : typed;
}

/**
 * Whether an email's domain is cleared for the invite (rule 125): personal projects need no clearance; otherwise
 * the domain must be among the allowed ones, or the list holds 'ANY'.
 */
export function domainCleared(email: string, hasOrg: boolean, domains: readonly string[]): boolean {
  if (!hasOrg) return true;
  if (domains.some((domain) => domain.toUpperCase() === ANY_DOMAIN)) return true;
  return domains.includes(emailDomain(email));
}

/** A domain a manager may authorise must look like one (rule 125). */
export function domainLooksValid(domain: string): boolean {
  return DOMAIN_PATTERN.test(domain.trim().toLowerCase());
}

export interface InviterFacts {
  /** The inviter's level in the mission's organisation, if any. */
  orgLevel: string | null;
  rolesNeedApproval: boolean;
}

/** The invite options for the current email (rule 132): domain clearance removes Admin and limits Project manager. */
export function inviteOptionsFor(mission: Mission, inviter: InviterFacts, domainApproved: boolean): InviteOption[] {
  const missionAdmin = mission.permission === PERMISSION_ADMIN || (mission.permission === PERMISSION_TEAM_LEAD && mission.isProjectManager);
  return inviteOptions({
    inviterIsMissionAdmin: missionAdmin && !mission.loadedFromOrg,
    inviterIsOrgAdmin: inviter.orgLevel === 'ADMIN',
    inviterIsProjectManager: mission.isProjectManager && !mission.loadedFromOrg,
    inviterIsOrgMember: inviter.orgLevel !== null,
    rolesNeedApproval: inviter.rolesNeedApproval,
    fromCrm: mission.createdFromGtCrm,
    projectType: mission.projectType,
    isTemplate: mission.isTemplate,
    isModel: mission.isModel,
    hasOrg: mission.org !== null,
    domainApproved,
  });
}

/**
 * Why the inviter may not add this organisation person (rules 121–123), or null. As the server decides: an admin of
 * the mission (2) or of the organisation adds anyone, whatever access lists they carry.
 */
export function inviteClearance(
  missionPermission: number,
  me: { level: OrgLevel; accessibleDepartments: readonly string[]; accessibleOffices: readonly string[] },
  person: { departments: readonly string[]; office: string | null },
): ClearanceError | null {
  return clearanceCheck({
    inviterPermission: me.level === 'ADMIN' ? PERMISSION_ADMIN : missionPermission,
    inviterAccessibleDepartments: me.accessibleDepartments,
    inviterAccessibleOffices: me.accessibleOffices,
    person,
  });
}

/** The option shown selected when the chosen one is no longer offered: team member (rule 129, rule 124). */
export function keptOption(options: readonly InviteOption[], value: string): InviteOption['value'] {
  return options.some((option) => option.value === value) ? (value as InviteOption['value']) : 'member';
}

/** Label of an invite option in the picker ('Limited' tag for unapproved domains). */
export function optionLabel(option: InviteOption): string {
  return option.limited ? `${option.label} (Limited)` : option.label;
}

/** What the invite card checks before sending a typed email (rules 119, 120). Null when fine. */
export function typedEmailError(email: string, people: readonly MissionPerson[]): string | null {
  if (!isValidEmail(email)) return ORG_MESSAGES.inviteInvalidEmail;
  const normalised = normaliseEmail(email);
  const onTeam = people.find((person) => person.email.toLowerCase() === normalised && person.permission <= PERMISSION_OBSERVER);
  return onTeam ? MISSION_MESSAGES.alreadyOnTeam.replace('{email}', normalised) : null;
}

/** The free-slot counter of a free project (rule 134), or null when the project is licensed. */
export function freeSlotsText(slots: Mission['freeSlots'], licensed: boolean): string | null {
  if (slots.unlimited || licensed) return null;
  return `${Math.min(slots.used, slots.limit || FREE_SLOTS)} of ${slots.limit || FREE_SLOTS} free slots`;
}

/** At 5 of 5 on an unlicensed project the invite card becomes the upgrade view (rule 135). */
export function needsUpgrade(mission: Pick<Mission, 'freeSlots' | 'isLicensedActive'>): boolean {
  return mission.freeSlots.full && !mission.freeSlots.unlimited && !mission.isLicensedActive;
}

/** The permission choices of the team tab's change menu: value ↔ permission + project-manager flag. */
export const PERMISSION_CHOICES = [
  { value: 'admin', permission: PERMISSION_ADMIN, isProjectManager: false },
  { value: 'manager', permission: PERMISSION_TEAM_LEAD, isProjectManager: true },
  { value: 'lead', permission: PERMISSION_TEAM_LEAD, isProjectManager: false },
  { value: 'member', permission: PERMISSION_TEAM_MEMBER, isProjectManager: false },
  { value: 'observer', permission: PERMISSION_OBSERVER, isProjectManager: false },
] as const;

export type PermissionChoice = (typeof PERMISSION_CHOICES)[number]['value'];

/** The choice a person's permission reads as, or null for levels not chosen here (4, 5). */
export function choiceOf(person: { permission: number; isProjectManager: boolean }): PermissionChoice | null {
  const found = PERMISSION_CHOICES.find(
    (choice) =>
      choice.permission === person.permission &&
      (choice.permission !== PERMISSION_TEAM_LEAD || choice.isProjectManager === person.isProjectManager),
  );
  return found?.value ?? null;
}

/**
 * The change menu's choices for a team person: those the invite dialog would offer for their email now (a new
 * permission passes what an invite of it would; the server checks it too), and the one they hold.
 */
export function changeChoices(offered: readonly InviteOption[], current: PermissionChoice | null) {
  return PERMISSION_CHOICES.filter((choice) => choice.value === current || offered.some((option) => option.value === choice.value));
}

/** Message of a failed invite (rule 138): the toast's text, or null for a silent code. */
export function inviteErrorToast(error: { code?: string; message: string }): string | null {
  if (error.code === 'invite/active-directory' || error.code === 'invite/already_invited') return null;
  return `${MISSION_MESSAGES.inviteErrorPrefix}${error.message}`;
}

/**
 * Whether a removal took me off the mission: I removed myself and was not only downgraded (an organisation admin stays
 * as 'Not needed on project', rule 102). The mission is then closed rather than read again, which would fail as
 * 'not found' right after I chose to leave.
 */
export const leftMission = (effect: 'remove' | 'downgrade', self: boolean): boolean => self && effect === 'remove';
