import { describe, expect, it } from 'vitest';
import type { MissionTreeItem } from '../../lib/mission-tree.ts';
import { staleDateOf, vaultRows } from './vault-rules.ts';

const NOW = new Date('2026-06-15T12:00:00Z');

function mission(overrides: Partial<MissionTreeItem>): MissionTreeItem {
  return {
    _id: 'm',
    title: 'M',
    projectCode: null,
    org: null,
    client: null,
    program: null,
    goal: null,
    planStartDate: '2026-01-01',
    planEndDate: '2026-12-31',
    projectStatus: 'active',
    displayStatus: 'active',
    missionStop: null,
    kickedOff: true,
    projectType: 'kanban',
    theme: null,
    isTemplate: false,
    isModel: false,
    isProposal: false,
    isProcess: false,
    createdFromGtCrm: false,
    isLicensedActive: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-06-01T00:00:00Z',
    permission: 2,
    isProjectManager: false,
    orgTitle: null,
    peopleCount: 1,
    ...overrides,
  };
}

describe('the vault', () => {
  it('asks for missions untouched for 90 days', () => {
    expect(staleDateOf(NOW)).toBe('2026-03-17');
  });

  it('lists finished and stale missions once each, newest change first, with why', () => {
    const done = mission({ _id: 'a', projectStatus: 'completed', updatedAt: '2026-06-10T00:00:00Z' });
    const old = mission({ _id: 'b', planEndDate: '2026-01-31', updatedAt: '2026-02-01T00:00:00Z' });
    const quiet = mission({ _id: 'c', updatedAt: '2026-01-02T00:00:00Z' });
    const rows = vaultRows([done], [done, old, quiet], NOW);
    expect(rows.map((row) => [row.mission._id, row.reason])).toEqual([
      ['a', 'completed'],
      ['b', 'older'],
      ['c', 'abandoned'],
    ]);
  });

  it("says 'Date error' for a mission without a plan start or end", () => {
    const rows = vaultRows([mission({ _id: 'x', projectStatus: 'cancelled', planEndDate: null })], [], NOW);
    expect(rows[0]!.dateError).toBe('Date error');
    expect(vaultRows([mission({ projectStatus: 'cancelled' })], [], NOW)[0]!.dateError).toBeNull();
  });
});
