import { describe, expect, it } from 'vitest';
import type { Mission, MissionPerson } from '@crewplan/domain/missions/mission';
import {
  allowedDomains,
  changeChoices,
  choiceOf,
  completeDomain,
  domainCleared,
  domainLooksValid,
  freeSlotsText,
  inviteClearance,
  inviteErrorToast,
  inviteOptionsFor,
  keptOption,
  leftMission,
  needsUpgrade,
  optionLabel,
  personSummaryOf,
  typedEmailError,
  visibleTeam,
} from './team-rules.ts';

const person = (over: Partial<MissionPerson> = {}): MissionPerson => ({
  _id: 'p1',
  ref: { _id: 'p1', firstName: 'Ada', lastName: 'Lovelace', avatar: null },
  email: 'ada@acme.com',
  permission: 0,
  isProjectManager: false,
  role: null,
  customRole: null,
  invitePending: false,
  departments: [],
  office: null,
  accessibleDepartments: [],
  accessibleOffices: [],
  canApproveRoles: false,
  canApproveLeaves: false,
  isOrgAdmin: false,
  country: null,
  state: null,
  timezone: null,
  ...over,
});

const mission = (over: Partial<Mission> = {}) =>
  ({
    _id: 'm1',
    org: 'o1',
    permission: 2,
    isProjectManager: false,
    loadedFromOrg: false,
    createdFromGtCrm: false,
    projectType: 'simple',
    isTemplate: false,
    isModel: false,
    isLicensedActive: false,
    freeSlots: { used: 1, limit: 5, full: false, unlimited: false },
    people: [],
    ...over,
  }) as Mission;

const values = (options: { value: string }[]) => options.map((option) => option.value);

describe('team display', () => {
  it('leaves out external participants (permission 5)', () => {
    const team = [person({ _id: 'a' }), person({ _id: 'b', permission: 5 }), person({ _id: 'c', permission: 4 })];
    expect(visibleTeam(team).map((p) => p._id)).toEqual(['a', 'c']);
  });
  it('labels people by permission; custom roles override; templates say Template manager', () => {
    expect(personSummaryOf(person({ permission: 2 }), false).role).toBe('Project owner - Admin');
    expect(personSummaryOf(person({ permission: 2 }), true).role).toBe('Template manager');
    expect(personSummaryOf(person({ permission: 1, customRole: 'Executive sponsor' }), false).role).toBe('Executive sponsor');
    expect(personSummaryOf(person({ invitePending: true }), false)).toMatchObject({ name: 'Ada Lovelace', pending: true });
  });
  it('reads the permission choice of a person', () => {
    expect(choiceOf({ permission: 1, isProjectManager: true })).toBe('manager');
    expect(choiceOf({ permission: 1, isProjectManager: false })).toBe('lead');
    expect(choiceOf({ permission: 2, isProjectManager: false })).toBe('admin');
    expect(choiceOf({ permission: 4, isProjectManager: false })).toBeNull();
  });
});

describe("'@' completes the one allowed domain", () => {
  it('completes when exactly one domain is allowed', () => {
    expect(completeDomain('ada', 'ada@', ['acme.com'])).toBe('ada@acme.com');
  });
  it('does not complete with several domains, none, or ANY', () => {
    expect(completeDomain('ada', 'ada@', ['acme.com', 'acme.org'])).toBe('ada@');
    expect(completeDomain('ada', 'ada@', [])).toBe('ada@');
    expect(completeDomain('ada', 'ada@', ['ANY'])).toBe('ada@');
  });
  it('does not complete when the @ was not just typed at the end', () => {
    expect(completeDomain('ada@acme.co', 'ada@', ['acme.com'])).toBe('ada@');
    expect(completeDomain('a@b', 'a@b@', ['acme.com'])).toBe('a@b@');
  });
});

describe('domain clearance', () => {
  it('merges organisation and project domains', () => {
    expect(allowedDomains(['acme.com'], ['Partner.io ', 'acme.com'])).toEqual(['acme.com', 'partner.io']);
  });
  it('needs no clearance on personal projects', () => {
    expect(domainCleared('x@gmail.com', false, [])).toBe(true);
  });
  it('clears listed domains and everything with ANY', () => {
    expect(domainCleared('x@acme.com', true, ['acme.com'])).toBe(true);
    expect(domainCleared('x@other.com', true, ['acme.com'])).toBe(false);
    expect(domainCleared('x@other.com', true, ['ANY'])).toBe(true);
  });
  it('a domain to authorise must look valid', () => {
    expect(domainLooksValid('partner.io')).toBe(true);
    expect(domainLooksValid('partner')).toBe(false);
    expect(domainLooksValid('-bad-.com')).toBe(false);
  });
});

describe('invite options shown', () => {
  const admin = { orgLevel: 'ADMIN', rolesNeedApproval: false };
  it('offers all five to a mission admin on an organisation project', () => {
    expect(values(inviteOptionsFor(mission(), admin, true))).toEqual(['admin', 'manager', 'lead', 'member', 'observer']);
  });
  it('withholds admin and limits project manager for an unapproved domain', () => {
    const options = inviteOptionsFor(mission(), admin, false);
    expect(values(options)).toEqual(['manager', 'lead', 'member', 'observer']);
    expect(optionLabel(options[0]!)).toBe('Project manager (Limited)');
  });
  it('falls back to team member when the chosen option goes away', () => {
    expect(keptOption(inviteOptionsFor(mission(), admin, false), 'admin')).toBe('member');
    expect(keptOption(inviteOptionsFor(mission(), admin, true), 'admin')).toBe('admin');
  });
  it('uses Template manager wording and no team lead on templates', () => {
    const options = inviteOptionsFor(mission({ isTemplate: true }), admin, true);
    expect(values(options)).toEqual(['admin', 'manager', 'member', 'observer']);
    expect(options[0]!.label).toBe('Template manager');
  });
  it('offers no observer on personal projects and no admin when roles need approval', () => {
    expect(values(inviteOptionsFor(mission({ org: null }), { orgLevel: null, rolesNeedApproval: false }, true))).toEqual([
      'admin',
      'manager',
      'lead',
      'member',
    ]);
    expect(values(inviteOptionsFor(mission(), { orgLevel: 'ADMIN', rolesNeedApproval: true }, true))).not.toContain('admin');
  });
  it('the team tab changes a permission only to what the dialog offers, keeping the one held', () => {
    const choiceValues = (choices: readonly { value: string }[]) => choices.map((choice) => choice.value);
    expect(choiceValues(changeChoices(inviteOptionsFor(mission({ projectType: 'mx-gantt' }), admin, false), 'member'))).toEqual([
      'manager',
      'member',
      'observer',
    ]);
    // somebody already admin keeps admin among the choices though it would not be offered to their domain now
    expect(choiceValues(changeChoices(inviteOptionsFor(mission(), admin, false), 'admin'))).toEqual([
      'admin',
      'manager',
      'lead',
      'member',
      'observer',
    ]);
  });
  it('an organisation observer of the mission is not taken for its admin', () => {
    const seenFromOrg = mission({ permission: 4, loadedFromOrg: true });
    expect(values(inviteOptionsFor(seenFromOrg, { orgLevel: 'MANAGER', rolesNeedApproval: false }, true))).toEqual([
      'manager',
      'lead',
      'member',
      'observer',
    ]);
  });
});

describe('typed email and errors', () => {
  it('refuses an invalid email with the spec text', () => {
    expect(typedEmailError('not-an-email', [])).toBe('The email you entered appears incorrect.');
  });
  it('refuses someone already on the team (permission at most 3)', () => {
    expect(typedEmailError(' ADA@acme.com ', [person()])).toBe('Ooops. ada@acme.com already exists on the mission team.');
    expect(typedEmailError('ada@acme.com', [person({ permission: 4 })])).toBeNull();
  });
  it("prefixes other invite errors with 'Sorry. ' and keeps silent codes silent", () => {
    expect(inviteErrorToast({ code: 'invite/limit', message: 'Too many.' })).toBe('Sorry. Too many.');
    expect(inviteErrorToast({ code: 'invite/active-directory', message: 'x' })).toBeNull();
  });
});

describe('free slots', () => {
  it('counts used of 5 on a free project', () => {
    expect(freeSlotsText({ used: 3, limit: 5, full: false, unlimited: false }, false)).toBe('3 of 5 free slots');
  });
  it('shows nothing on a licensed project', () => {
    expect(freeSlotsText({ used: 3, limit: 5, full: false, unlimited: true }, true)).toBeNull();
  });
  it('offers the upgrade at 5 of 5 on an unlicensed project only', () => {
    expect(needsUpgrade(mission({ freeSlots: { used: 5, limit: 5, full: true, unlimited: false } }))).toBe(true);
    expect(needsUpgrade(mission({ isLicensedActive: true, freeSlots: { used: 5, limit: 5, full: true, unlimited: false } }))).toBe(false);
    expect(needsUpgrade(mission())).toBe(false);
  });
});

describe('leftMission', () => {
  it('is true only when I removed myself and was not only downgraded', () => {
    expect(leftMission('remove', true)).toBe(true);
    // an organisation admin leaving stays on the mission as 'Not needed on project'
    expect(leftMission('downgrade', true)).toBe(false);
    // removing somebody else keeps the mission open
    expect(leftMission('remove', false)).toBe(false);
  });
});

describe('inviteClearance (rules 121–123)', () => {
  const outside = { departments: ['d9'], office: 'o9' };
  const limited = (level: 'ADMIN' | 'MANAGER' | 'MEMBER') => ({ level, accessibleDepartments: ['d1'], accessibleOffices: ['o1'] });

  it('lets an organisation admin add anyone, whatever access lists they carry, as the server does', () => {
    expect(inviteClearance(4, limited('ADMIN'), outside)).toBeNull();
    expect(inviteClearance(0, limited('ADMIN'), outside)).toBeNull();
  });

  it('lets a mission admin (2) add anyone', () => {
    expect(inviteClearance(2, limited('MEMBER'), outside)).toBeNull();
  });

  it('refuses others a person outside their accessible departments or offices', () => {
    expect(inviteClearance(1, limited('MANAGER'), outside)).toBe(
      "The sorry but this person falls outside of your accessible department's and cannot be added to the project",
    );
    expect(inviteClearance(1, limited('MEMBER'), { departments: ['d1'], office: 'o9' })).toBe(
      'This person cannot be added because you do not have clearance…',
    );
    expect(inviteClearance(1, limited('MEMBER'), { departments: ['d1'], office: 'o1' })).toBeNull();
  });
});
