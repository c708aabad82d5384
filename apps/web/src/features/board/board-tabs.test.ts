import { describe, expect, it } from 'vitest';
import { BOARD_TABS, boardExpensesTabShown, boardTabOf, MORE_WIDTH, splitTabs, tabWidth } from './board-tabs.ts';

describe('boardTabOf', () => {
  it('prefers the URL, then the remembered tab, then Launchpad', () => {
    expect(boardTabOf('older-board', 'pm-Planner')).toBe('older-board');
    expect(boardTabOf(null, 'pm-Planner')).toBe('pm-Planner');
    expect(boardTabOf('mission-docs', null)).toBe('mission-docs');
    expect(boardTabOf('unknown', 'also-unknown')).toBe('vision-board');
    expect(boardTabOf('leaves', null)).toBe('leaves');
    expect(boardTabOf('gt-request', null)).toBe('gt-request');
    expect(boardTabOf('gt-request', 'leaves', ['gt-request', 'gt-assign'])).toBe('leaves');
    expect(boardTabOf(null, 'gt-assign', ['gt-request', 'gt-assign'])).toBe('vision-board');
    expect(boardTabOf('scheduling', null)).toBe('scheduling');
    expect(boardTabOf(null, null)).toBe('vision-board');
  });
});

describe('the Expenses tab of the board (rule 184)', () => {
  const org = (id: string, isLicensedActive: boolean, invoicingDisabled = false) => ({ _id: id, isLicensedActive, invoicingDisabled });
  const on = (id: string) => ({ org: id });
  it.each([
    ['a project manager invited from outside, with no organisation of their own', [], [on('x')], true],
    ['nobody managing anything, as Timesheets shows', [], [], true],
    ['a member of an organisation without a licence, as Timesheets shows', [org('a', false)], [], true],
    ['a member of a licensed organisation', [org('a', true)], [on('a')], true],
    ['invoicing disabled in their only organisation', [org('a', true, true)], [on('a')], false],
    ['invoicing disabled, no missions', [org('a', true, true)], [], false],
    ['invoicing disabled in theirs, managing a mission of another', [org('a', true, true)], [on('a'), on('x')], true],
    ['invoicing disabled in one of two licensed organisations', [org('a', true, true), org('b', true)], [on('a')], true],
    ['missions without an organisation', [org('a', true, true)], [{ org: null }], false],
  ] as const)('%s', (_who, orgs, missions, shown) => {
    expect(boardExpensesTabShown(orgs, missions)).toBe(shown);
  });
});

describe('splitTabs', () => {
  const tabs = [
    { value: 'a', label: 'Launchpad' }, // 108
    { value: 'b', label: 'Planner' }, // 92
    { value: 'c', label: 'Mission docs' }, // 132
    { value: 'd', label: 'The vault' }, // 108
  ];
  const values = (split: { shown: { value: string }[]; more: { value: string }[] }) => [
    split.shown.map((tab) => tab.value).join(''),
    split.more.map((tab) => tab.value).join(''),
  ];

  it('measures a tab by its label', () => {
    expect(tabWidth('Planner')).toBe(92);
    expect(MORE_WIDTH).toBe(96);
  });

  it('shows every tab when they fit, with no More menu', () => {
    expect(values(splitTabs(tabs, 440, 'a'))).toEqual(['abcd', '']);
    expect(values(splitTabs(tabs, 1200, 'd'))).toEqual(['abcd', '']);
  });

  it('moves the tabs that do not fit beside the More button into the menu', () => {
    expect(values(splitTabs(tabs, 439, 'a'))).toEqual(['abc', 'd']);
    expect(values(splitTabs(tabs, 428, 'a'))).toEqual(['abc', 'd']);
    expect(values(splitTabs(tabs, 427, 'a'))).toEqual(['ab', 'cd']);
    expect(values(splitTabs(tabs, 300, 'a'))).toEqual(['ab', 'cd']);
    expect(values(splitTabs(tabs, 200, 'a'))).toEqual(['a', 'bcd']);
  });

  it('keeps the active tab in view when it would overflow', () => {
    expect(values(splitTabs(tabs, 320, 'd'))).toEqual(['ad', 'bc']);
    expect(values(splitTabs(tabs, 300, 'd'))).toEqual(['d', 'abc']);
    expect(values(splitTabs(tabs, 300, 'b'))).toEqual(['ab', 'cd']);
    expect(values(splitTabs(tabs, 200, 'c'))).toEqual(['c', 'abd']);
  });

  it("lists the spec's tabs in its order, with its board-tab values", () => {
    expect(BOARD_TABS.map((tab) => tab.label)).toEqual([
      'Launchpad',
      'Planner',
      'Cost tracker',
      'Timesheets',
      'Expenses',
      'Leaves',
      'Request resources',
      'Assign resources',
      'Scheduling',
      'Mission docs',
      'The vault',
    ]);
    expect(BOARD_TABS.find((tab) => tab.label === 'Expenses')?.value).toBe('expenses');
    expect(BOARD_TABS.find((tab) => tab.label === 'Timesheets')?.value).toBe('timesheets');
    expect(BOARD_TABS.find((tab) => tab.label === 'Cost tracker')?.value).toBe('cost-tracker');
    expect(BOARD_TABS.find((tab) => tab.label === 'Leaves')?.value).toBe('leaves');
    expect(BOARD_TABS.find((tab) => tab.label === 'Request resources')?.value).toBe('gt-request');
    expect(BOARD_TABS.find((tab) => tab.label === 'Assign resources')?.value).toBe('gt-assign');
    expect(BOARD_TABS.find((tab) => tab.label === 'Scheduling')?.value).toBe('scheduling');
  });
});
