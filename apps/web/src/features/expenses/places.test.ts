import { describe, expect, it } from 'vitest';
import type { MissionTreeItem } from '../../lib/mission-tree.ts';
import { expenseChoices, expenseOrgsOf } from './places.ts';

const mine = { _id: 'org-mine', title: 'Acme', currency: 'EUR', isLicensedActive: true };
const unlicensed = { _id: 'org-free', title: 'Free Co', currency: 'USD', isLicensedActive: false };
const mission = (id: string, org: string, orgTitle: string): MissionTreeItem =>
  ({ _id: id, title: `Mission ${id}`, org, orgTitle }) as MissionTreeItem;

describe('expenseOrgsOf: where I keep expenses', () => {
  it('is unknown until my organisations and my places of work are both known', () => {
    expect(expenseOrgsOf(undefined, [])).toBeUndefined();
    expect(expenseOrgsOf([mine], undefined)).toBeUndefined();
  });

  it('keeps my licensed organisations whole and, of others, only the projects I work on from outside', () => {
    const orgs = expenseOrgsOf(
      [mine, unlicensed],
      [
        { _id: 'org-mine', missions: null },
        { _id: 'org-partner', missions: ['m-2'] },
      ],
    );
    expect(orgs).toEqual([
      { _id: 'org-mine', title: 'Acme', currency: 'EUR', missions: null },
      { _id: 'org-partner', title: null, currency: null, missions: ['m-2'] },
    ]);
  });

  it('offers nothing to a person with no licensed organisation and no project from outside (the Unlimited notice)', () => {
    expect(expenseOrgsOf([unlicensed], [])).toEqual([]);
    expect(expenseOrgsOf([], [{ _id: 'org-partner', missions: [] }])).toEqual([]);
  });
});

describe('expenseChoices: the form’s Mission choices', () => {
  const tree = [mission('m-1', 'org-mine', 'Acme'), mission('m-2', 'org-partner', 'Partner'), mission('m-3', 'org-partner', 'Partner')];

  it('offers an outsider only the offered projects, under the organisation’s name, never the organisation itself', () => {
    const choices = expenseChoices([{ _id: 'org-partner', title: null, currency: null, missions: ['m-2'] }], tree);
    expect(choices).toEqual([{ group: 'Partner', items: [{ value: 'mission:m-2', label: 'Mission m-2' }] }]);
  });

  it('offers a member every mission of the organisation and the organisation itself', () => {
    const choices = expenseChoices([{ _id: 'org-mine', title: 'Acme', currency: 'EUR', missions: null }], tree);
    expect(choices).toEqual([
      {
        group: 'Acme',
        items: [
          { value: 'mission:m-1', label: 'Mission m-1' },
          { value: 'org:org-mine', label: 'Acme (the organization itself)' },
        ],
      },
    ]);
  });

  it('leaves out an organisation from outside whose projects are not among my active missions', () => {
    expect(expenseChoices([{ _id: 'org-partner', title: null, currency: null, missions: ['m-9'] }], tree)).toEqual([]);
  });
});
