import { describe, expect, it } from 'vitest';
import { ORG_LEVELS, type OrgLevel } from '../org/levels.ts';
import type { OrgMemberFacts } from '../org/policy.ts';
import { canOnOrgTimesheet, keepsOrgTime } from './policy.ts';

const member = (level: OrgLevel): OrgMemberFacts => ({
  kind: 'person',
  personId: 'caller',
  level,
  canApproveRoles: false,
  canApproveLeaves: false,
  canManageGoals: false,
  canCreateProjects: false,
  accessibleDepartments: [],
  accessibleOffices: [],
});

describe('who keeps weeks of organisation work', () => {
  it.each(ORG_LEVELS.map((level) => [level, level !== 'OBSERVER_ORG' && level !== 'OBSERVER_ORG_LIMITED'] as const))(
    '%s keeps them: %s',
    (level, keeps) => {
      expect(keepsOrgTime(level)).toBe(keeps);
      expect(canOnOrgTimesheet(member(level), 'timesheet.save')).toBe(keeps);
    },
  );

  it('nobody outside the organisation, and no key, keeps them', () => {
    expect(keepsOrgTime(null)).toBe(false);
    expect(canOnOrgTimesheet({ kind: 'apiKey' }, 'timesheet.save')).toBe(false);
  });

  it('an observer still reads and takes away their own weeks', () => {
    const own = { sheet: { ownerId: 'caller' } };
    expect(canOnOrgTimesheet(member('OBSERVER_ORG'), 'timesheet.read', own)).toBe(true);
    expect(canOnOrgTimesheet(member('OBSERVER_ORG_LIMITED'), 'timesheet.delete', own)).toBe(true);
  });
});
