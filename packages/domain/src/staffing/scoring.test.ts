import { describe, expect, it } from 'vitest';
import {
  applyProposedOrder,
  availabilityFor,
  bookedElsewhere,
  fitOf,
  mayAskModel,
  percentOf,
  rankCandidates,
  roleNeed,
  scoreOf,
  skillOverlap,
  type Candidate,
  type FitFacts,
  type StaffingDay,
} from './scoring.ts';
import { reasonsFor } from './reasons.ts';

const NO_FIT: FitFacts = { sameRole: false, skillOverlap: 0, sameDepartment: false, sameOffice: false, similarRoles: 0, clientRoles: 0 };
const day = (d: string, availableHours: number, extra: Partial<StaffingDay> = {}): StaffingDay => ({
  day: d,
  contractHours: 8,
  availableHours,
  leaveApprovedHours: 0,
  leavePendingHours: 0,
  holidayName: null,
  ...extra,
});
const role = (startDate: string, endDate: string, over: Partial<Parameters<typeof roleNeed>[0]> = {}) => ({
  startDate,
  endDate,
  allocation: 100,
  dailyHours: [],
  weeklyLumpHours: [],
  ...over,
});
const noHolidays = (daysPerWeek: number) => ({ daysPerWeek, isHoliday: () => false });
// Monday 2026-03-02 to Friday 2026-03-06: five working days of 8 h
const WEEK = roleNeed(role('2026-03-02', '2026-03-08'), noHolidays(5));

describe('roleNeed: the working days of a role', () => {
  it.each([
    ['a Monday-to-Sunday week, 5-day org', '2026-03-02', '2026-03-08', 5, 5],
    ['the same week, 6-day org', '2026-03-02', '2026-03-08', 6, 6],
    ['a weekend only', '2026-03-07', '2026-03-08', 5, 0],
    ['one day', '2026-03-04', '2026-03-04', 5, 1],
  ])('%s', (_label, startDate, endDate, daysPerWeek, count) => {
    expect(roleNeed(role(startDate, endDate), noHolidays(daysPerWeek)).days).toHaveLength(count);
  });

  // the hours a role needs are the hours the planner books it for (roleBookedHours), never 8 h × the allocation blindly
  const cleanMonday = { daysPerWeek: 5, isHoliday: (d: string) => d === '2026-02-23' };
  it.each([
    ['the standard day at 50 %', role('2026-03-02', '2026-03-08', { allocation: 50 }), noHolidays(5), 20, 5, 0],
    ['a public holiday needs nothing and is no working day', role('2026-02-23', '2026-03-01'), cleanMonday, 32, 4, 1],
    ['a six-day week books Saturday too', role('2026-03-02', '2026-03-08'), noHolidays(6), 48, 6, 0],
    [
      'the role’s own hours of a day',
      role('2026-03-02', '2026-03-03', { dailyHours: [{ date: '2026-03-02', hours: 2 }] }),
      noHolidays(5),
      10,
      2,
      0,
    ],
    [
      'a week’s lump of hours',
      role('2026-03-02', '2026-03-08', { weeklyLumpHours: [{ date: '2026-03-04', hours: 10 }] }),
      noHolidays(5),
      10,
      5,
      0,
    ],
  ])('%s', (_label, booked, calendar, neededHours, workingDays, holidays) => {
    const a = availabilityFor(roleNeed(booked, calendar), []);
    expect([a.neededHours, a.workingDays, a.holidays]).toEqual([neededHours, workingDays, holidays]);
  });
});

describe('availabilityFor: percent of the needed hours free, percent of days away', () => {
  const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
  it.each([
    ['free all week', days.map((d) => day(d, 8)), 40, 1, 0],
    ['half free each day', days.map((d) => day(d, 4)), 20, 0.5, 0],
    ['more free than needed counts only what is needed', days.map((d) => day(d, 12)), 40, 1, 0],
    ['not in the ledger (not a member then)', [], 0, 0, 0],
    [
      'two days of approved leave, one pending',
      days.map((d, i) => day(d, i < 2 ? 0 : 8, i < 2 ? { leaveApprovedHours: 8 } : i === 2 ? { leavePendingHours: 4 } : {})),
      24,
      0.6,
      0.6,
    ],
  ])('%s', (_label, ledger, freeHours, share, leaveShare) => {
    const a = availabilityFor(WEEK, ledger);
    expect(a.neededHours).toBe(40);
    expect(a.freeHours).toBe(freeHours);
    expect(a.share).toBeCloseTo(share, 6);
    expect(a.leaveShare).toBeCloseTo(leaveShare, 6);
  });

  it('a role of no working days needs nothing and is 0% available, 0% away', () => {
    const a = availabilityFor({ days: [], holidays: 0, hoursByDay: new Map() }, []);
    expect([a.neededHours, a.share, a.leaveShare]).toEqual([0, 0, 0]);
  });

  it('counts holidays on the role’s days, and a person free on the others is fully available', () => {
    const need = roleNeed(role('2026-02-23', '2026-03-01'), { daysPerWeek: 5, isHoliday: (d) => d === '2026-02-23' });
    const week = ['23', '24', '25', '26', '27'].map((d) =>
      day(`2026-02-${d}`, d === '23' ? 0 : 8, d === '23' ? { holidayName: 'Clean Monday' } : {}),
    );
    const a = availabilityFor(need, week);
    expect([a.holidays, a.neededHours, a.freeHours, a.share]).toEqual([1, 32, 32, 1]);
  });
});

describe('fitOf and scoreOf', () => {
  it.each<[string, Partial<FitFacts>, number]>([
    ['nothing in common', {}, 0],
    ['same role only', { sameRole: true }, 0.3],
    ['half the skills', { skillOverlap: 0.5 }, 0.075],
    ['department and office', { sameDepartment: true, sameOffice: true }, 0.25],
    ['one similar role of three', { similarRoles: 1 }, 0.05],
    ['five similar roles count as three', { similarRoles: 5 }, 0.15],
    ['one client role of two', { clientRoles: 1 }, 0.075],
    ['everything', { sameRole: true, skillOverlap: 1, sameDepartment: true, sameOffice: true, similarRoles: 3, clientRoles: 2 }, 1],
  ])('%s → %s', (_label, facts, fit) => expect(fitOf({ ...NO_FIT, ...facts })).toBeCloseTo(fit, 10));

  it.each([
    [1, 0, 1, 1],
    [1, 0, 0, 0.65],
    [0, 1, 0, 0],
    [0.5, 0.2, 0.3, 0.49],
  ])('availability %s, leave %s, fit %s → score %s', (share, leaveShare, fit, score) => {
    expect(scoreOf({ share, leaveShare }, fit)).toBeCloseTo(score, 4);
  });

  it.each([
    [0.12345, 12.3],
    [0.12355, 12.4],
    // scores of four decimals ending in 5 round half up, not down by a binary residue
    [0.0055, 0.6],
    [0.0295, 3],
    [0.1205, 12.1],
    [0.5555, 55.6],
    [1, 100],
    [0, 0],
    [1.2, 100],
  ])('percentOf(%s) = %s (100 × score, one decimal)', (share, percent) => expect(percentOf(share)).toBe(percent));
});

describe('skillOverlap: words of the role in what the organisation calls the person', () => {
  it.each<[string, string[], number, string[]]>([
    ['Backend Developer', ['Developer'], 0.5, ['developer']],
    ['Backend Developer', ['Senior developer', 'Backend services'], 1, ['backend', 'developer']],
    ['UX designer', ['Engineering'], 0, []],
    ['QA', ['QA'], 0, []],
    ['Data engineering', ['Engineer'], 0.5, ['engineering']],
  ])('%s vs %j', (role, labels, share, matched) => {
    expect(skillOverlap(role, labels)).toEqual({ share, matched });
  });
});

describe('rankCandidates: deterministic order', () => {
  const free = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'].map((d) => day(d, 8));
  const busy = free.map((d) => ({ ...d, availableHours: 0 }));
  const candidate = (personId: string, name: string, days: StaffingDay[], fit: Partial<FitFacts> = {}): Candidate => ({
    personId,
    name,
    days,
    fit: { ...NO_FIT, ...fit },
  });

  it('puts the free, fitting person first, and shows the three percents', () => {
    const ranked = rankCandidates(WEEK, [
      candidate('b', 'Busy Bee', busy, { sameRole: true }),
      candidate('a', 'Free Fit', free, { sameRole: true }),
      candidate('c', 'Free Stranger', free),
    ]);
    expect(ranked.map((row) => row.personId)).toEqual(['a', 'c', 'b']);
    expect(ranked[0]).toMatchObject({ availabilityPercent: 100, leaveConflictPercent: 0, fitPercent: 75.5, score: 0.755 });
    expect(ranked[2]).toMatchObject({ availabilityPercent: 0, leaveConflictPercent: 0, fitPercent: 30.5 });
  });

  it('breaks ties by name then id, so equal people always come in the same order', () => {
    const ranked = rankCandidates(WEEK, [candidate('z', 'Ann', free), candidate('y', 'Bob', free), candidate('x', 'Ann', free)]);
    expect(ranked.map((row) => row.personId)).toEqual(['x', 'z', 'y']);
  });
});

describe('applyProposedOrder (a language model’s order, kept honest)', () => {
  const rows = rankCandidates(
    WEEK,
    ['a', 'b', 'c', 'd'].map((id) => ({ personId: id, name: id, days: [], fit: NO_FIT })),
  );
  it.each<[string, string[], string[]]>([
    ['a full order', ['d', 'c', 'b', 'a'], ['d', 'c', 'b', 'a']],
    ['a partial order: the rest follow in their order', ['c'], ['c', 'a', 'b', 'd']],
    ['unknown and repeated ids are ignored', ['zz', 'b', 'b', 'qq'], ['b', 'a', 'c', 'd']],
    ['nothing proposed', [], ['a', 'b', 'c', 'd']],
  ])('%s', (_label, proposed, order) => expect(applyProposedOrder(rows, proposed).map((row) => row.personId)).toEqual(order));
});

describe('rule 258: no model for 8 or fewer candidates', () => {
  it.each([
    [0, false],
    [8, false],
    [9, true],
    [500, true],
  ])('%s candidates → ask: %s', (count, ask) => expect(mayAskModel(count)).toBe(ask));
});

describe('bookedElsewhere: a session does not book one person twice', () => {
  it.each<[string, string[], string[]]>([
    ['booked on an overlapping day', ['2026-03-06', '2026-03-09'], ['p']],
    ['booked on other days only', ['2026-03-09', '2026-03-10'], []],
  ])('%s', (_label, days, excluded) => {
    expect([...bookedElsewhere(WEEK, [{ personId: 'p', days }])]).toEqual(excluded);
  });
});

describe('reasonsFor: the reasons in words', () => {
  const days = ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06'];
  const ledger = days.map((d, i) => day(d, i === 0 ? 0 : 8, i === 0 ? { leaveApprovedHours: 8 } : {}));
  const [row] = rankCandidates(WEEK, [
    {
      personId: 'p',
      name: 'Pat',
      days: ledger,
      fit: { ...NO_FIT, sameRole: true, sameDepartment: true, similarRoles: 3, clientRoles: 1 },
    },
  ]);

  it('says what counted, with leave kinds for who may see them', () => {
    expect(reasonsFor(row!, { roleName: 'Developer', departmentTitle: 'Engineering', leaveKinds: ['Annual leave'] })).toEqual([
      'Free for 32 h of the 40 h the role needs (80%).',
      "Away on 1 of the role's 5 working days (Annual leave) (20%).",
      'Holds the role Developer in the organisation.',
      "In the project's department Engineering.",
      'Held 3 similar roles on other projects (counts fully).',
      'Worked 1 role for this client before.',
      `Overall match ${row!.fitPercent}%.`,
    ]);
  });

  it('without leave kinds says only that the person is away', () => {
    expect(reasonsFor(row!, { roleName: 'Developer' })[1]).toBe("Away on 1 of the role's 5 working days (20%).");
  });
});
