import { describe, expect, it } from 'vitest';
import { clearedOrgParams, namesOf, paramsOfTab, parseDomains, tabOfParams, visibleTabs } from './org-rules.ts';

const p = (search: string) => new URLSearchParams(search);

describe('organisation area tabs', () => {
  it('opens the tab the URL names, settings for org-cfg and oc-domains, people otherwise', () => {
    expect(tabOfParams(p('org=a&org-tab=clients'))).toBe('clients');
    expect(tabOfParams(p('org=a&org-cfg'))).toBe('settings');
    expect(tabOfParams(p('org=a&oc-domains'))).toBe('settings');
    expect(tabOfParams(p('org=a&org-goal=x'))).toBe('goals');
    expect(tabOfParams(p('org=a&org-tab=nonsense'))).toBe('people');
    expect(tabOfParams(p('org=a'))).toBe('people');
  });

  it('writes settings as org-cfg and drops the other tab parameters', () => {
    expect(paramsOfTab('settings')).toMatchObject({ 'org-cfg': '', 'org-tab': null, 'oc-domains': null });
    expect(paramsOfTab('people')).toMatchObject({ 'org-tab': null, 'org-cfg': null });
    expect(paramsOfTab('invites')).toMatchObject({ 'org-tab': 'invites', 'org-cfg': null });
  });

  it('clears every organisation parameter', () => {
    expect(Object.keys(clearedOrgParams()).sort()).toEqual([
      'invoice',
      'oc-domains',
      'org',
      'org-cfg',
      'org-goal',
      'org-tab',
      'portfolio-details',
    ]);
  });

  it('shows tabs by abilities', () => {
    const member = { readPeople: true, viewClients: false, invite: false, update: false, manageBilling: false };
    expect(visibleTabs(member)).toEqual(['people', 'structure', 'goals', 'org-leaves']);
    const manager = { readPeople: true, viewClients: true, invite: true, update: true, manageBilling: false };
    expect(visibleTabs(manager)).toHaveLength(7);
    expect(visibleTabs({ ...manager, manageBilling: true })).toEqual([
      'people',
      'structure',
      'goals',
      'clients',
      'invites',
      'org-leaves',
      'settings',
      'billing',
    ]);
  });

  it('shows the Expenses tab only with the Unlimited subscription and invoicing on (rules 184, 185)', () => {
    const member = { readPeople: true, viewClients: false, invite: false, update: false, manageBilling: false };
    expect(visibleTabs(member, { isLicensedActive: true, invoicingDisabled: false })).toEqual([
      'people',
      'structure',
      'goals',
      'expenses',
      'org-leaves',
    ]);
    expect(visibleTabs(member, { isLicensedActive: true, invoicingDisabled: true })).not.toContain('expenses');
    expect(visibleTabs(member, { isLicensedActive: false, invoicingDisabled: false })).not.toContain('expenses');
  });
});

describe('helpers', () => {
  it('names known ids and skips unknown ones', () => {
    expect(
      namesOf(
        ['1', '2', '3'],
        [
          { _id: '1', title: 'Sales' },
          { _id: '3', name: 'Designer' },
        ],
      ),
    ).toEqual(['Sales', 'Designer']);
  });

  it('splits typed domains on commas, spaces and lines, without repeats', () => {
    expect(parseDomains('acme.com, beta.io\nacme.com  ANY')).toEqual(['acme.com', 'beta.io', 'ANY']);
    expect(parseDomains('  ')).toEqual([]);
  });
});
