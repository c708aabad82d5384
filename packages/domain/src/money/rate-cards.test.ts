import { describe, expect, it } from 'vitest';
import { rateCardCreateSchema, rateCardUpdateSchema, rateForRole, type RoleRateMinor } from './rate-cards.ts';

const role = 'a'.repeat(24);
const other = 'b'.repeat(24);
const card = (rateMinor: number, roleId = role, billRateMinor: number | null = null) =>
  new Map<string, RoleRateMinor>([[roleId, { rateMinor, rateTime: 'Hourly', billRateMinor }]]);
const orgRole = { costMinor: 300_000, rateTime: 'Monthly' as const };

describe('the rate a role takes (mission card, then client card, then the organisation role)', () => {
  it.each([
    ['mission card first', { missionCard: card(9000, role, 12_000), clientCard: card(8000), orgRole }, 9000, 'mission-card', 12_000],
    [
      'client card when the mission card lacks the role',
      { missionCard: card(9000, other), clientCard: card(8000), orgRole },
      8000,
      'client-card',
      null,
    ],
    ['client card when the mission has no card', { missionCard: null, clientCard: card(8000), orgRole }, 8000, 'client-card', null],
    [
      'organisation role when no card has it',
      { missionCard: card(9000, other), clientCard: card(1, other), orgRole },
      300_000,
      'org-role',
      null,
    ],
    ['organisation role when there are no cards', { missionCard: null, clientCard: null, orgRole }, 300_000, 'org-role', null],
    ['a zero rate on a card still decides', { missionCard: card(0), clientCard: card(8000), orgRole }, 0, 'mission-card', null],
  ] as const)('%s', (_case, sources, rateMinor, source, billRateMinor) => {
    expect(rateForRole(role, sources)).toMatchObject({ rateMinor, source, billRateMinor });
  });

  it('takes the unit of where the rate came from', () => {
    expect(rateForRole(role, { missionCard: null, clientCard: null, orgRole })?.rateTime).toBe('Monthly');
    expect(rateForRole(role, { missionCard: card(5), clientCard: null, orgRole })?.rateTime).toBe('Hourly');
  });

  it('answers null when nothing knows the role', () => {
    expect(rateForRole(role, { missionCard: card(9000, other), clientCard: null, orgRole: null })).toBeNull();
  });
});

describe('a rate card as it is written', () => {
  const valid = { name: 'Acme 2026', usedForId: other, ratesByRole: [{ roleId: role, rate: 95.5, rateTime: 'Hourly', billRate: 140 }] };
  it('takes rates per role, the bill rate optional', () => {
    const parsed = rateCardCreateSchema.parse({ ...valid, ratesByRole: [{ roleId: role, rate: 10, rateTime: 'Daily' }] });
    expect(parsed.ratesByRole[0]?.billRate).toBeNull();
    expect(rateCardCreateSchema.safeParse(valid).success).toBe(true);
  });
  it.each([
    ['a negative rate', { ratesByRole: [{ roleId: role, rate: -1, rateTime: 'Hourly' }] }, ['ratesByRole', 0, 'rate']],
    ['an unknown rate unit', { ratesByRole: [{ roleId: role, rate: 1, rateTime: 'Fortnightly' }] }, ['ratesByRole', 0, 'rateTime']],
    ['a rate beyond 10^12', { ratesByRole: [{ roleId: role, rate: 1e12 + 1, rateTime: 'Hourly' }] }, ['ratesByRole', 0, 'rate']],
    [
      'a bill rate with 3 decimals',
      { ratesByRole: [{ roleId: role, rate: 1, rateTime: 'Hourly', billRate: 1.001 }] },
      ['ratesByRole', 0, 'billRate'],
    ],
    [
      'a role twice',
      {
        ratesByRole: [
          { roleId: role, rate: 1, rateTime: 'Hourly' },
          { roleId: role, rate: 2, rateTime: 'Hourly' },
        ],
      },
      ['ratesByRole'],
    ],
    ['a NUL in the name', { name: 'Acme\u0000' }, ['name']],
    ['an empty name', { name: ' ' }, ['name']],
    ['a usedForId that is not an id', { usedForId: 'mission' }, ['usedForId']],
  ] as const)('refuses %s', (_case, change, path) => {
    const result = rateCardCreateSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(path);
  });

  it.each([
    ['a rename', { name: 'Acme 2' }],
    ['a move', { usedForId: other }],
    ['nothing', {}],
  ])('an update keeps what it leaves out (%s: no rates given, none emptied)', (_case, change) => {
    expect(rateCardUpdateSchema.parse(change)).toEqual(change);
  });
});
