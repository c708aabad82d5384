import type { TimeTrackingOrg } from '@crewplan/domain/time/time';
import type { MissionTreeItem } from '../../lib/mission-tree.ts';

/**
 * An organisation where I keep expenses: one of mine with an Unlimited subscription (`missions` null: any of its
 * missions and the organisation itself), or another whose projects I work on from outside (`missions`: only those, as
 * My timesheets offers them; its name and currency are not mine to read).
 */
export type ExpenseOrg = { _id: string; title: string | null; currency: string | null; missions: readonly string[] | null };

type MemberOrg = { _id: string; title: string; currency: string; isLicensedActive: boolean };

/**
 * Where I keep expenses (rule 185): my licensed organisations, then the projects of others I keep weeks on from
 * outside (`GET /timesheet/orgs`, entries with missions). Undefined until both are known.
 */
export function expenseOrgsOf(
  memberOrgs: readonly MemberOrg[] | undefined,
  timeOrgs: readonly TimeTrackingOrg[] | undefined,
): ExpenseOrg[] | undefined {
  if (!memberOrgs || !timeOrgs) return undefined;
  const own: ExpenseOrg[] = memberOrgs
    .filter((org) => org.isLicensedActive)
    .map((org) => ({ _id: org._id, title: org.title, currency: org.currency, missions: null }));
  const ownIds = new Set(own.map((org) => org._id));
  const outside: ExpenseOrg[] = timeOrgs
    .filter((org) => org.missions !== null && org.missions.length > 0 && !ownIds.has(org._id))
    .map((org) => ({ _id: org._id, title: null, currency: null, missions: org.missions }));
  return [...own, ...outside];
}

export type ExpenseChoiceGroup = { group: string; items: { value: string; label: string }[] };

/**
 * The form's "Mission" choices by organisation: its missions I see (of an organisation I work for from outside, only
 * the projects offered), then the organisation itself for mine. An organisation with nothing to choose is left out.
 */
export function expenseChoices(orgs: readonly ExpenseOrg[], tree: readonly MissionTreeItem[]): ExpenseChoiceGroup[] {
  return orgs
    .map((org) => {
      const missions = tree.filter((m) => m.org === org._id && (org.missions === null || org.missions.includes(m._id)));
      const title = org.title ?? missions[0]?.orgTitle ?? 'Organization';
      return {
        group: title,
        items: [
          ...missions.map((m) => ({ value: `mission:${m._id}`, label: m.title })),
          ...(org.missions === null ? [{ value: `org:${org._id}`, label: `${title} (the organization itself)` }] : []),
        ],
      };
    })
    .filter((group) => group.items.length > 0);
}
