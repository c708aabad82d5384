import { CLIENT_ROLES_FULL, SIMILAR_ROLES_FULL, type RankedCandidate } from './scoring.ts';

/** The names the reasons use for what the person matched (from the organisation's structure). */
export type ReasonLabels = {
  roleName: string;
  departmentTitle?: string | null;
  officeTitle?: string | null;
  skills?: readonly string[];
  /** Leave kinds on the role's days; only for who may see leave reasons (never project managers). */
  leaveKinds?: readonly string[];
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const hours = (value: number) => `${Math.round(value * 100) / 100} h`;

/**
 * Why a person is where they are in the list, in words (spec 3 §2's row and its reasons): availability, leave,
 * and each part of fit that counted — and, for fit parts that did not count, nothing (a short list reads better).
 */
export function reasonsFor(row: RankedCandidate, labels: ReasonLabels): string[] {
  const { availability: a, fitFacts: f } = row;
  const reasons: string[] = [];
  reasons.push(
    a.neededHours > 0
      ? `Free for ${hours(a.freeHours)} of the ${hours(a.neededHours)} the role needs (${row.availabilityPercent}%).`
      : 'The role needs no hours on working days.',
  );
  if (a.daysAway > 0) {
    const kinds = labels.leaveKinds && labels.leaveKinds.length > 0 ? ` (${labels.leaveKinds.join(', ')})` : '';
    reasons.push(`Away on ${a.daysAway} of the role's ${plural(a.workingDays, 'working day')}${kinds} (${row.leaveConflictPercent}%).`);
  } else {
    reasons.push("No leave on the role's days.");
  }
  if (a.holidays > 0) reasons.push(`${plural(a.holidays, 'public holiday')} ${a.holidays === 1 ? 'falls' : 'fall'} on the role's days.`);
  if (f.sameRole) reasons.push(`Holds the role ${labels.roleName} in the organisation.`);
  else if (f.skillOverlap > 0 && labels.skills && labels.skills.length > 0) {
    reasons.push(`Skills close to the role: ${labels.skills.join(', ')}.`);
  }
  if (f.sameDepartment)
    reasons.push(labels.departmentTitle ? `In the project's department ${labels.departmentTitle}.` : "In the project's department.");
  if (f.sameOffice) reasons.push(labels.officeTitle ? `In the project's office ${labels.officeTitle}.` : "In the project's office.");
  if (f.similarRoles > 0) {
    const full = f.similarRoles >= SIMILAR_ROLES_FULL ? ' (counts fully)' : '';
    reasons.push(`Held ${plural(f.similarRoles, 'similar role')} on other projects${full}.`);
  }
  if (f.clientRoles > 0) {
    const full = f.clientRoles >= CLIENT_ROLES_FULL ? ' (counts fully)' : '';
    reasons.push(`Worked ${plural(f.clientRoles, 'role')} for this client before${full}.`);
  }
  reasons.push(`Overall match ${row.fitPercent}%.`);
  return reasons;
}
