import { describe, expect, it } from 'vitest';
import { ORG_LEVELS, levelOfPermission, orgPermissionInputSchema, ORG_PERMISSION_OF_LEVEL } from './levels.ts';
import {
  accessGrantError,
  adminDomainError,
  departmentChangeError,
  isDomainApproved,
  isMembershipCurrent,
  missionApprovesDomain,
  officeChangeError,
  removalEndDate,
} from './rules.ts';
import { inviteDomainSchema } from './settings.ts';

// Exact spec texts (messages.tsv rows 43–46 and 52), typos included.
const NOT_ACCESSIBLE_DEPARTMENT = 'Oops. Sorry you cannot remove this department as it is not part of your Acessible departments';
const LIMITED_DEPARTMENT = 'Sorry but you are limited to just this department';
const NOT_ACCESSIBLE_OFFICE = 'Oops. Sorry you cannot remove this office as it is not part of your Accessible offices';
const LIMITED_OFFICE = 'Sorry but you are limited to this office';
const ADMIN_DOMAIN = 'Permission admin is not permitted for domains that are not approved by the organization.';

const editor = (accessibleDepartments: string[], accessibleOffices: string[] = [], level: 'ADMIN' | 'MANAGER' = 'MANAGER') => ({
  level,
  accessibleDepartments,
  accessibleOffices,
});

describe('department tag editor', () => {
  it.each([
    ['unlimited editor removes anything', editor([]), ['d1', 'd2'], [], null],
    ['admin removes outside their access', editor(['d1'], [], 'ADMIN'), ['d2'], [], null],
    ['removing a department outside access', editor(['d1']), ['d1', 'd2'], ['d1'], NOT_ACCESSIBLE_DEPARTMENT],
    ['removing the only accessible department', editor(['d1']), ['d1'], [], LIMITED_DEPARTMENT],
    ['removing one accessible of two kept in access', editor(['d1', 'd2']), ['d1', 'd2'], ['d2'], null],
    ['swapping within access', editor(['d1', 'd2']), ['d1'], ['d2'], null],
    ['adding a department outside access', editor(['d1']), ['d1'], ['d1', 'd3'], LIMITED_DEPARTMENT],
    ['adding within access', editor(['d1']), [], ['d1'], null],
    ['no change', editor(['d1']), ['d2'], ['d2'], null],
  ] as const)('%s', (_name, who, before, after, expected) => {
    expect(departmentChangeError(who, before, after)).toBe(expected);
  });
});

describe('office tag editor', () => {
  it.each([
    ['unlimited editor', editor([], []), 'o1', null, null],
    ['admin', editor([], ['o1'], 'ADMIN'), 'o2', null, null],
    ['changing away from an office outside access', editor([], ['o1']), 'o2', 'o1', NOT_ACCESSIBLE_OFFICE],
    ['removing the office', editor([], ['o1']), 'o1', null, LIMITED_OFFICE],
    ['moving to an office outside access', editor([], ['o1']), 'o1', 'o3', LIMITED_OFFICE],
    ['placing an unplaced person in access', editor([], ['o1']), null, 'o1', null],
    ['moving within access', editor([], ['o1', 'o2']), 'o1', 'o2', null],
    ['no change', editor([], ['o1']), 'o9', 'o9', null],
  ] as const)('%s', (_name, who, before, after, expected) => {
    expect(officeChangeError(who, before, after)).toBe(expected);
  });
});

describe('granting access', () => {
  it.each([
    [editor(['d1']), ['d1'], [], null],
    [editor(['d1']), ['d1', 'd2'], [], LIMITED_DEPARTMENT],
    [editor([], ['o1']), [], ['o2'], LIMITED_OFFICE],
    // an empty list is no limit: not for an editor limited on it
    [editor(['d1']), [], [], LIMITED_DEPARTMENT],
    [editor(['d1'], ['o1']), ['d1'], [], LIMITED_OFFICE],
    [editor([], []), ['d9'], ['o9'], null],
    [editor(['d1'], ['o1'], 'ADMIN'), ['d9'], ['o9'], null],
  ] as const)('%j gives %j / %j → %s', (who, departments, offices, expected) => {
    expect(accessGrantError(who, departments, offices)).toBe(expected);
  });
});

describe('approved invite domains (rules 35 and 124)', () => {
  it.each([
    [['acme.com'], 'ann@acme.com', true],
    [['acme.com'], 'Ann@ACME.com ', true],
    [['acme.com'], 'ann@mail.acme.com', false],
    [['acme.com'], 'ann@gmail.com', false],
    [['ANY'], 'ann@gmail.com', true],
    [[], 'ann@acme.com', false],
  ] as const)('%j approves %s → %s', (domains, email, expected) => {
    expect(isDomainApproved(domains, email)).toBe(expected);
    expect(adminDomainError(domains, email)).toBe(expected ? null : ADMIN_DOMAIN);
  });

  // a project's own domains are stored as the project's settings were sent, not read through inviteDomainSchema
  it.each([
    [['Partner.COM'], 'jo@partner.com', true],
    [['@partner.com'], 'jo@partner.com', true],
    [[' partner.com '], 'jo@partner.com', true],
    [['any'], 'jo@gmail.com', true],
    [['partner.com'], 'jo@other.com', false],
  ] as const)("a project's domains %j approve %s → %s", (missionDomains, email, expected) => {
    expect(missionApprovesDomain(['acme.com'], missionDomains, email)).toBe(expected);
  });

  it.each([
    ['acme.com', 'acme.com'],
    ['@Acme.COM', 'acme.com'],
    ['any', 'ANY'],
    ['sub.acme.co.uk', 'sub.acme.co.uk'],
  ])('reads %j as %j', (input, output) => {
    expect(inviteDomainSchema.parse(input)).toBe(output);
  });

  it.each(['acme', 'acme..com', '-acme.com', 'ac me.com', 'acme.c', ''])('refuses %j with the spec text', (input) => {
    const result = inviteDomainSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Sorry but that domain may be invalid…');
  });
});

describe('membership dates (rule 283)', () => {
  it.each([
    ['2026-03-10T12:00:00Z', '2026-03-11'],
    ['2026-03-31T23:59:59Z', '2026-04-01'],
    ['2026-12-31T00:00:00Z', '2027-01-01'],
    ['2028-02-28T08:00:00Z', '2028-02-29'],
  ])('removed on %s ends on %s', (now, expected) => {
    expect(removalEndDate(new Date(now))).toBe(expected);
  });

  it.each([
    [null, true],
    ['2026-03-11', true],
    ['2026-03-10', false],
    ['2026-03-01', false],
  ] as const)('end date %s on 2026-03-10 is current → %s', (endDate, expected) => {
    expect(isMembershipCurrent(endDate, new Date('2026-03-10T15:00:00Z'))).toBe(expected);
  });
});

describe('permission numbers and names (rules 95 and 96)', () => {
  it.each([
    [0, 'MEMBER'],
    [1, 'MANAGER'],
    [2, 'ADMIN'],
    [4, 'OBSERVER_ORG'],
    [5, 'OBSERVER_ORG_LIMITED'],
  ] as const)('%i is %s', (permission, level) => {
    expect(levelOfPermission(permission)).toBe(level);
    expect(orgPermissionInputSchema.parse(permission)).toBe(level);
    expect(ORG_PERMISSION_OF_LEVEL[level]).toBe(permission);
  });

  it('the limited manager is 1 by number and chosen by name', () => {
    expect(ORG_PERMISSION_OF_LEVEL.MANAGER_LIMITED).toBe(1);
    expect(orgPermissionInputSchema.parse('MANAGER_LIMITED')).toBe('MANAGER_LIMITED');
  });

  it.each([3, 6, -1, 1.5, '2', 'OWNER', null])('refuses %j', (value) => {
    expect(orgPermissionInputSchema.safeParse(value).success).toBe(false);
  });

  it('every level has a number', () => {
    for (const level of ORG_LEVELS) expect(typeof ORG_PERMISSION_OF_LEVEL[level]).toBe('number');
  });
});
