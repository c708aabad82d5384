import { describe, expect, it } from 'vitest';
import type { OrgLevel } from '../org/levels.ts';
import { countSeats, decimalGigabytes, priceSeats, seatKindOf, subscriptionLicenses, SUBSCRIPTION_STATUSES } from './seats.ts';

describe('seatKindOf: who is billed as what (rule 200, spec 2 §6)', () => {
  it.each<[OrgLevel, ReturnType<typeof seatKindOf>]>([
    ['ADMIN', 'admins'],
    ['MANAGER', 'managers'],
    ['MANAGER_LIMITED', 'managers'],
    ['MEMBER', 'members'],
    ['OBSERVER_ORG', 'members'],
    ['OBSERVER_ORG_LIMITED', null],
  ])('%s → %s', (level, kind) => {
    expect(seatKindOf(level)).toBe(kind);
  });
});

describe('countSeats and priceSeats', () => {
  it.each<[string, OrgLevel[], boolean, { admins: number; managers: number; members: number }, number]>([
    ['nobody', [], false, { admins: 0, managers: 0, members: 0 }, 0],
    ['one admin', ['ADMIN'], false, { admins: 1, managers: 0, members: 0 }, 1299],
    ['one manager', ['MANAGER'], false, { admins: 0, managers: 1, members: 0 }, 999],
    ['one member', ['MEMBER'], false, { admins: 0, managers: 0, members: 1 }, 399],
    ['limited observers are free', ['OBSERVER_ORG_LIMITED', 'OBSERVER_ORG_LIMITED'], false, { admins: 0, managers: 0, members: 0 }, 0],
    ['the AI add-on alone', [], true, { admins: 0, managers: 0, members: 0 }, 899],
    [
      'a mixed organisation with the add-on',
      ['ADMIN', 'ADMIN', 'MANAGER', 'MANAGER_LIMITED', 'MEMBER', 'MEMBER', 'MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'],
      true,
      { admins: 2, managers: 2, members: 4 },
      2 * 1299 + 2 * 999 + 4 * 399 + 899,
    ],
  ])('%s', (_label, levels, ai, seats, total) => {
    expect(countSeats(levels)).toEqual(seats);
    const price = priceSeats(seats, ai);
    expect(price.totalMinor).toBe(total);
    expect(price.currency).toBe('USD');
    expect(price.lines.map((line) => line.kind)).toEqual(ai ? ['admins', 'managers', 'members', 'ai'] : ['admins', 'managers', 'members']);
    expect(price.lines.every((line) => line.amountMinor === line.quantity * line.unitMinor)).toBe(true);
  });

  it('prices a hundred members in exact cents (no binary fractions)', () => {
    expect(priceSeats({ admins: 0, managers: 0, members: 100 }, false).totalMinor).toBe(39_900);
  });
});

describe('subscriptionLicenses (rules 181 and 199)', () => {
  it.each(SUBSCRIPTION_STATUSES.map((status) => [status, ['active', 'trialing', 'past_due'].includes(status)] as const))(
    '%s licenses: %s',
    (status, licenses) => {
      expect(subscriptionLicenses(status)).toBe(licenses);
    },
  );
});

describe('decimalGigabytes', () => {
  it.each([
    [0, 0],
    [999_999, 0],
    [5_000_000, 0.01],
    [1_000_000_000, 1],
    [2_500_000_000, 2.5],
    [1_073_741_824, 1.07],
  ])('%d bytes → %d GB', (bytes, gb) => {
    expect(decimalGigabytes(bytes)).toBe(gb);
  });
});
