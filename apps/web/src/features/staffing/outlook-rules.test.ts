import { describe, expect, it } from 'vitest';
import type { Mission } from '@crewplan/domain/missions/mission';
import type { WhatIfResponse } from '@crewplan/domain/staffing/staffing';
import {
  handOverChoices,
  loadRows,
  offersOutlook,
  outlookRoles,
  plotRows,
  plotTotals,
  teamPeople,
  UNFILLED,
  whatIfBody,
} from './outlook-rules.ts';

const abilities = (planManage: boolean) => ({ 'plan.manage': planManage }) as Mission['abilities'];
const person = (id: string, first: string, permission: number, invitePending = false) =>
  ({
    _id: id,
    ref: { _id: id, firstName: first, lastName: 'Doe', avatar: null },
    email: `${first}@x.test`,
    permission,
    invitePending,
  }) as Mission['people'][number];
const item = (fields: Record<string, unknown>) => ({ type: 'person', inactive: false, wasDeleted: false, ...fields });

describe('offersOutlook', () => {
  it.each([
    ['a plan manager of an organisation project', 'org1', true, true],
    ['a team member without the plan', 'org1', false, false],
    ['a plan manager of a personal project', null, true, false],
  ])('%s: %s', (_name, org, planManage, offered) => {
    expect(offersOutlook({ org, isTemplate: false, abilities: abilities(planManage) })).toBe(offered);
  });

  it('is not offered on a template (no team at work, rule 240)', () => {
    expect(offersOutlook({ org: 'org1', isTemplate: true, abilities: abilities(true) })).toBe(false);
  });
});

describe('outlookRoles', () => {
  it('keeps live dated person roles in date order, named by their role', () => {
    const planItems = [
      item({ _id: 'b', role: 'Carpenter', title: 'x', person: 'p2', startDate: '2026-03-02', endDate: '2026-03-13' }),
      item({ _id: 'a', role: null, title: 'Designer', person: null, startDate: '2026-02-02T00:00:00Z', endDate: '2026-02-27' }),
      item({ _id: 'c', role: 'Gone', person: 'p1', startDate: '2026-01-01', endDate: '2026-01-02', wasDeleted: true }),
      item({ _id: 'd', role: 'Paused', person: 'p1', startDate: '2026-01-01', endDate: '2026-01-02', inactive: true }),
      item({ _id: 'e', role: 'Undated', person: 'p1', startDate: null, endDate: null }),
      item({ _id: 'f', type: 'cost', title: 'Timber', startDate: '2026-01-01', endDate: '2026-01-02' }),
    ];
    const roles = outlookRoles({ planItems } as unknown as Mission);
    expect(roles).toEqual([
      { id: 'a', label: 'Designer', personId: null, startDate: '2026-02-02', endDate: '2026-02-27' },
      { id: 'b', label: 'Carpenter', personId: 'p2', startDate: '2026-03-02', endDate: '2026-03-13' },
    ]);
  });
});

describe('teamPeople and handOverChoices', () => {
  const people = teamPeople({
    people: [person('p2', 'Ben', 1), person('p1', 'Ada', 0), person('p3', 'Obi', 3), person('p4', 'Ivy', 1, true)],
  });

  it('offers accepted team members below observer, by name', () => {
    expect(people.map((entry) => entry.label)).toEqual(['Ada Doe', 'Ben Doe']);
  });

  it('leaves the holder out and offers leaving a held role unfilled', () => {
    const role = { id: 'r', label: 'Designer', personId: 'p1', startDate: '2026-01-05', endDate: '2026-01-09' };
    expect(handOverChoices(role, people).map((entry) => entry.value)).toEqual(['p2', UNFILLED]);
    expect(handOverChoices({ ...role, personId: null }, people).map((entry) => entry.value)).toEqual(['p1', 'p2']);
  });
});

describe('whatIfBody', () => {
  it('sends the shift and only the roles whose choice is set, unfilled as null', () => {
    expect(whatIfBody('m', { kind: 'shift', days: 14 }, { r1: 'p2', r2: null, r3: UNFILLED })).toEqual({
      missionId: 'm',
      shiftDays: 14,
      reassign: [
        { missionPlanId: 'r1', personId: 'p2' },
        { missionPlanId: 'r3', personId: null },
      ],
    });
  });

  it('sends a new start date, and nothing for no move', () => {
    expect(whatIfBody('m', { kind: 'start', date: '2026-05-04' }, {})).toEqual({ missionId: 'm', startDate: '2026-05-04' });
    expect(whatIfBody('m', { kind: 'shift', days: 0 }, {})).toEqual({ missionId: 'm' });
    expect(whatIfBody('m', { kind: 'start', date: '' }, {})).toEqual({ missionId: 'm' });
  });
});

describe('plotRows', () => {
  it('orders the weeks, labels them and totals the hours', () => {
    const rows = plotRows(
      {
        weeks: [
          { weekStart: '2026-03-09', plannedHours: 40, availableHours: 32, leaveHours: 8 },
          { weekStart: '2026-03-02', plannedHours: 20.5, availableHours: 40, leaveHours: 0 },
        ],
      },
      (day) => `w${day.slice(8)}`,
    );
    expect(rows).toEqual([
      { weekStart: '2026-03-02', week: 'w02', Planned: 20.5, Available: 40, Leave: 0 },
      { weekStart: '2026-03-09', week: 'w09', Planned: 40, Available: 32, Leave: 8 },
    ]);
    expect(plotTotals(rows)).toEqual({ Planned: 60.5, Available: 72, Leave: 8 });
  });
});

describe('loadRows', () => {
  const load = (bookedHours: number, overbookedDays: number) => ({
    bookedHours,
    missionHours: bookedHours,
    loadPercent: bookedHours / 2,
    overbookedDays,
  });
  const people: WhatIfResponse['people'] = [
    { personId: 'a', name: 'Ada Free', capacityHours: 200, before: load(100, 0), after: load(0, 0) },
    { personId: 'b', name: 'Ben Busy', capacityHours: 200, before: load(80, 0), after: load(240, 10) },
    { personId: 'c', name: '', capacityHours: 200, before: load(300, 5), after: load(300, 5) },
  ];

  it('puts the over-booked first, marks who becomes over-booked and names the nameless', () => {
    const rows = loadRows({ people });
    expect(rows.map((row) => [row.label, row.overbooked, row.newlyOverbooked])).toEqual([
      ['Ben Busy', true, true],
      ['Unnamed person', true, false],
      ['Ada Free', false, false],
    ]);
  });
});
