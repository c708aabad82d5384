import { ORG_MESSAGES } from '../messages/index.ts';
import { emailDomain } from '../people/email.ts';
import type { OrgMemberFacts } from './policy.ts';

/** The word in `inviteDomains` that approves every domain (rule 35). */
export const ANY_DOMAIN = 'ANY';

/** A domain name as typed into the approved-domain list: labels of letters, digits and hyphens, a final part of 2 to 15 letters. */
export const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,15}$/;

/** Whether the organisation approves this email's domain ('ANY' approves all). */
export function isDomainApproved(inviteDomains: readonly string[], email: string): boolean {
  return inviteDomains.includes(ANY_DOMAIN) || inviteDomains.includes(emailDomain(email));
}

/**
 * Whether a mission approves an email's domain: its organisation's domains (null: a personal mission) and its own;
 * a personal mission that names none approves every domain.
 */
export function missionApprovesDomain(orgDomains: readonly string[] | null, missionDomains: readonly string[], email: string): boolean {
  if (orgDomains === null && missionDomains.length === 0) return true;
  // a project's own list is kept as its settings were sent: read it as the organisation's list is read
  const own = missionDomains.map((domain) => {
    const value = domain.trim();
    return value.toUpperCase() === ANY_DOMAIN ? ANY_DOMAIN : value.toLowerCase().replace(/^@/, '');
  });
  return isDomainApproved([...(orgDomains ?? []), ...own], email);
}

/**
 * Admin is not permitted for email domains the organisation has not approved (rule 124).
 * Returns the spec's message, or null when the level may be given.
 */
export function adminDomainError(inviteDomains: readonly string[], email: string): string | null {
  return isDomainApproved(inviteDomains, email) ? null : ORG_MESSAGES.adminDomainNotApproved;
}

export type DepartmentEditor = Pick<OrgMemberFacts, 'level' | 'accessibleDepartments' | 'accessibleOffices'>;

/**
 * The department tag editor's rules (spec 3 §5, rule 285). An admin, or anyone whose access is not limited
 * to some departments, edits freely. Otherwise a department outside the editor's accessible departments
 * cannot be removed; none outside them can be added; and the person must keep one of them.
 * Returns the spec's message, or null when the change is allowed.
 */
export function departmentChangeError(editor: DepartmentEditor, before: readonly string[], after: readonly string[]): string | null {
  const accessible = editor.accessibleDepartments;
  if (editor.level === 'ADMIN' || accessible.length === 0) return null;
  const removed = before.filter((d) => !after.includes(d));
  const added = after.filter((d) => !before.includes(d));
  if (removed.some((d) => !accessible.includes(d))) return ORG_MESSAGES.departmentNotAccessible;
  if (added.some((d) => !accessible.includes(d))) return ORG_MESSAGES.limitedToDepartment;
  if (removed.length > 0 && !after.some((d) => accessible.includes(d))) return ORG_MESSAGES.limitedToDepartment;
  return null;
}

/** The office tag editor's rules, analogous to departments (a person has one office). */
export function officeChangeError(editor: DepartmentEditor, before: string | null, after: string | null): string | null {
  const accessible = editor.accessibleOffices;
  if (editor.level === 'ADMIN' || accessible.length === 0 || before === after) return null;
  if (before !== null && !accessible.includes(before)) return ORG_MESSAGES.officeNotAccessible;
  if (after === null || !accessible.includes(after)) return ORG_MESSAGES.limitedToOffice;
  return null;
}

/**
 * A limited editor may hand out access only within their own (accessible departments and offices of
 * somebody else must be a subset of the editor's own). An empty list is no limit at all, so an editor limited
 * to some departments (offices) may not give it. Returns the spec's message or null.
 */
export function accessGrantError(editor: DepartmentEditor, departments: readonly string[], offices: readonly string[]): string | null {
  if (editor.level === 'ADMIN') return null;
  const beyond = (given: readonly string[], own: readonly string[]) =>
    own.length > 0 && (given.length === 0 || given.some((id) => !own.includes(id)));
  if (beyond(departments, editor.accessibleDepartments)) return ORG_MESSAGES.limitedToDepartment;
  if (beyond(offices, editor.accessibleOffices)) return ORG_MESSAGES.limitedToOffice;
  return null;
}

/** Removal from an organisation takes effect tomorrow (rule 283): the date after `today` (YYYY-MM-DD, UTC). */
export function removalEndDate(today: Date): string {
  const tomorrow = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1));
  return tomorrow.toISOString().slice(0, 10);
}

/** A membership is current until its end date (exclusive): ended on or after that day. */
export function isMembershipCurrent(endDate: string | null, today: Date): boolean {
  return endDate === null || endDate > today.toISOString().slice(0, 10);
}
