import { expensesTabShown } from '@crewplan/domain/expenses/tab';
import type { OrgLevel } from '@crewplan/domain/org/levels';

/** Tabs of the organisation area, chosen by `org-tab` (`org-cfg` opens settings). */
export const ORG_TABS = [
  { value: 'people', label: 'People' },
  { value: 'structure', label: 'Structure' },
  { value: 'goals', label: 'Goals' },
  { value: 'clients', label: 'Clients' },
  { value: 'invites', label: 'Invites' },
  { value: 'expenses', label: 'Expenses' },
  { value: 'org-leaves', label: 'Leaves' },
  { value: 'settings', label: 'Settings' },
  { value: 'billing', label: 'Billing' },
] as const;
export type OrgTab = (typeof ORG_TABS)[number]['value'];

/** Every parameter that belongs to the organisation area: cleared together when the organisation is unknown. */
export const ORG_PARAMS = ['org', 'org-tab', 'org-cfg', 'oc-domains', 'org-goal', 'portfolio-details', 'invoice'] as const;

export function clearedOrgParams(): Record<string, null> {
  return Object.fromEntries(ORG_PARAMS.map((name) => [name, null]));
}

/** The tab the URL asks for: `org-cfg` and `oc-domains` open settings; an unknown `org-tab` opens people. */
export function tabOfParams(params: URLSearchParams): OrgTab {
  if (params.has('org-cfg') || params.has('oc-domains')) return 'settings';
  if (params.has('org-goal') || params.has('portfolio-details')) return 'goals';
  const tab = params.get('org-tab');
  return ORG_TABS.some((t) => t.value === tab) ? (tab as OrgTab) : 'people';
}

/** The URL changes that open a tab (settings is `org-cfg`; others `org-tab`). */
export function paramsOfTab(tab: string | null): Record<string, string | null> {
  const cleared = { 'org-cfg': null, 'oc-domains': null, 'org-goal': null, 'portfolio-details': null };
  if (tab === 'settings') return { ...cleared, 'org-tab': null, 'org-cfg': '' };
  if (!tab || tab === 'people') return { ...cleared, 'org-tab': null };
  return { ...cleared, 'org-tab': tab };
}

/** Tabs shown to the caller, from the organisation's abilities (the web never re-derives the rules). */
export function visibleTabs(
  abilities: { readPeople: boolean; viewClients: boolean; invite: boolean; update: boolean; manageBilling: boolean },
  org: { isLicensedActive: boolean; invoicingDisabled: boolean } = { isLicensedActive: false, invoicingDisabled: false },
): OrgTab[] {
  return ORG_TABS.map((t) => t.value).filter((tab) => {
    // rules 184 and 185: expenses need the Unlimited subscription and invoicing not disabled
    if (tab === 'expenses') return expensesTabShown([org]);
    if (tab === 'people') return abilities.readPeople;
    if (tab === 'clients') return abilities.viewClients;
    if (tab === 'invites') return abilities.invite;
    if (tab === 'settings') return abilities.update;
    if (tab === 'billing') return abilities.manageBilling;
    return true;
  });
}

export const STRUCTURE_KINDS = ['departments', 'offices', 'roles', 'programs'] as const;
export type StructureKind = (typeof STRUCTURE_KINDS)[number];

/** Levels an inviter or editor may pick, in the order shown. */
export const LEVEL_CHOICES: readonly OrgLevel[] = ['MEMBER', 'MANAGER', 'MANAGER_LIMITED', 'ADMIN', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'];

/** Names of ids, skipping ones no longer known (a deleted department). */
export function namesOf(ids: readonly string[], items: readonly { _id: string; title?: string; name?: string }[]): string[] {
  return ids.flatMap((id) => {
    const item = items.find((i) => i._id === id);
    return item ? [item.title ?? item.name ?? ''] : [];
  });
}

/** "a.com, b.com" or one a line → a clean domain list (the server checks each). */
export function parseDomains(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => d.trim())
        .filter(Boolean),
    ),
  ];
}

/** Modals stack at 200 and dropdowns at 300: the organisation editor sits between, its own confirmations just above it. */
export const HQ_Z_INDEX = 250;
