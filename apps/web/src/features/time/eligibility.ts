import type { TimeTrackingOrg } from '@crewplan/domain/time/time';

/** What the person's own organisations say: whether each holds an active licence. */
export type MemberOrgFacts = readonly { isLicensedActive: boolean }[];

/** Whether the person needs to ask where they keep time: no organisation of theirs holds a licence (rule 180). */
export const asksWhereTimeIsKept = (memberOrgs: MemberOrgFacts | undefined) =>
  memberOrgs !== undefined && !memberOrgs.some((org) => org.isLicensedActive);

/**
 * Whether "My timesheets" opens (rule 180): an organisation of theirs holds a licence, or the server offers one where
 * they keep weeks (`GET /timesheet/orgs`: a licensed project of another organisation they work on from outside, or
 * their own in a trial). Until it answers, the button stays closed.
 */
export function timeTrackingOpen(memberOrgs: MemberOrgFacts | undefined, timeOrgs: readonly TimeTrackingOrg[] | undefined): boolean {
  if (memberOrgs?.some((org) => org.isLicensedActive)) return true;
  return (timeOrgs?.length ?? 0) > 0;
}
