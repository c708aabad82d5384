import { describe, expect, it } from 'vitest';
import {
  decidesAtStage,
  LEAVE_STATUSES,
  leaveBadgeCount,
  leaveBadgeWindow,
  leaveBalance,
  leaveTransition,
  requestsInYear,
  type LeaveForBalance,
} from './rules.ts';

describe('rule 206–207: statuses and actions', () => {
  it('lists the six statuses of the spec', () => {
    expect(LEAVE_STATUSES).toEqual(['draft', 'pending_approval', 'pending_final_approval', 'approved', 'rejected', 'cancelled']);
  });

  it.each([
    ['draft', 'submit', 'pending_approval'],
    ['pending_approval', 'approve', 'pending_final_approval'],
    ['pending_final_approval', 'approveFinal', 'approved'],
    // two stages: the final approval follows the first, never skips it
    ['pending_approval', 'approveFinal', null],
    ['draft', 'approveFinal', null],
    ['pending_approval', 'reject', 'rejected'],
    ['pending_final_approval', 'reject', null],
    ['pending_final_approval', 'rejectFinal', 'rejected'],
    ['approved', 'cancel', 'cancelled'],
    ['rejected', 'cancel', null],
    ['approved', 'approve', null],
    ['approved', 'update', null],
    ['pending_approval', 'update', 'pending_approval'],
    ['approved', 'delete', null],
    ['cancelled', 'delete', 'cancelled'],
  ] as const)('%s + %s → %s', (from, action, to) => {
    expect(leaveTransition(from, action)).toBe(to);
  });
});

describe('rule 208: balances', () => {
  const request = (status: LeaveForBalance['status'], dates: string[], codeId = 'annual'): LeaveForBalance => ({
    codeId,
    status,
    days: dates.map((date) => ({ date, hours: 8 })),
  });
  const requests = [
    request('approved', ['2025-03-03', '2025-03-04']),
    request('pending_approval', ['2025-04-16']),
    request('pending_final_approval', ['2025-04-17']),
    request('draft', ['2025-05-05']),
    request('rejected', ['2025-06-02']),
    request('cancelled', ['2025-06-03']),
    request('approved', ['2024-12-31', '2025-01-02']),
    request('approved', ['2025-07-01'], 'training'),
  ];

  it('counts approved as taken and pending as pending; ignores drafts, rejected and cancelled; splits by year', () => {
    expect(leaveBalance({ codeId: 'annual', year: 2025, entitled: 22, carriedOver: 2, requests })).toEqual({
      codeId: 'annual',
      year: 2025,
      entitled: 22,
      carriedOver: 2,
      taken: 3,
      pending: 2,
      remaining: 19,
    });
    expect(leaveBalance({ codeId: 'annual', year: 2024, entitled: 20, carriedOver: 0, requests }).taken).toBe(1);
    expect(leaveBalance({ codeId: 'training', year: 2025, entitled: null, carriedOver: 0, requests })).toMatchObject({
      taken: 1,
      remaining: null,
    });
  });

  it('sums fractional hours without float noise: three requests of 0.1 hours are 0.0375 days', () => {
    const tenths = ['2025-06-02', '2025-06-03', '2025-06-04'].map((date) => ({
      codeId: 'school',
      status: 'pending_approval' as const,
      days: [{ date, hours: 0.1 }],
    }));
    expect(leaveBalance({ codeId: 'school', year: 2025, entitled: null, carriedOver: 0, requests: tenths }).pending).toBe(0.0375);
  });

  it.each([
    // entitled days, hours taken, hours left: remaining × 8 is exactly what is left, so all of it can still be asked
    [4, 16.1, 15.9],
    [4, 18.6, 13.4],
    [1, 0.56, 7.44],
    [1, 1.31, 6.69],
    [22, 0.3, 175.7],
  ])('%s days with %s hours taken leave exactly %s hours, without float noise', (entitled, hours, left) => {
    const taken: LeaveForBalance[] = [{ codeId: 'school', status: 'approved', days: [{ date: '2025-06-02', hours }] }];
    const balance = leaveBalance({ codeId: 'school', year: 2025, entitled, carriedOver: 0, requests: taken });
    expect(balance.remaining! * 8).toBe(left);
    expect(balance.remaining).toBe(left / 8);
  });

  it('counts requests per year for timesPerYear, without cancelled or rejected ones', () => {
    expect(requestsInYear(requests, 'annual', 2025)).toBe(5);
  });
});

describe('rule 230: the Leaves badge', () => {
  const today = '2025-04-14';
  it('spans today and the two days after it', () => {
    expect(leaveBadgeWindow(today)).toEqual({ first: '2025-04-14', last: '2025-04-16' });
    expect(leaveBadgeWindow('2025-12-31')).toEqual({ first: '2025-12-31', last: '2026-01-02' });
    expect(leaveBadgeWindow('2024-02-28')).toEqual({ first: '2024-02-28', last: '2024-03-01' });
  });

  it.each([
    // status, start, stage, counted
    ['pending_approval', '2025-04-14', 'mission', 1],
    ['pending_approval', '2025-04-16', 'mission', 1],
    ['pending_approval', '2025-04-17', 'mission', 0],
    ['pending_approval', '2025-04-13', 'mission', 0],
    ['pending_final_approval', '2025-04-15', 'mission', 0],
    ['pending_final_approval', '2025-04-15', 'org', 1],
    ['pending_approval', '2025-04-15', 'org', 1],
    ['pending_final_approval', '2025-04-17', 'org', 0],
    ['draft', '2025-04-14', 'org', 0],
    ['approved', '2025-04-14', 'org', 0],
    ['rejected', '2025-04-15', 'mission', 0],
    ['cancelled', '2025-04-15', 'org', 0],
  ] as const)('%s starting %s, decided at the %s stage: %i', (status, startDate, stage, counted) => {
    expect(leaveBadgeCount([{ status, startDate }], today, stage)).toBe(counted);
  });

  it('adds up a list', () => {
    const list = [
      { status: 'pending_approval', startDate: '2025-04-14' },
      { status: 'pending_final_approval', startDate: '2025-04-16' },
      { status: 'pending_approval', startDate: '2025-04-17' },
      { status: 'approved', startDate: '2025-04-15' },
      { status: 'pending_approval', startDate: '2025-04-13' },
    ] as const;
    expect(leaveBadgeCount(list, today, 'mission')).toBe(1);
    expect(leaveBadgeCount(list, today, 'org')).toBe(2);
  });

  it.each([
    ['mission', 'pending_approval', true],
    ['mission', 'pending_final_approval', false],
    ['org', 'pending_approval', true],
    ['org', 'pending_final_approval', true],
    ['org', 'approved', false],
  ] as const)('a reviewer at the %s stage decides %s: %s', (stage, status, decides) => {
    expect(decidesAtStage(stage, status)).toBe(decides);
  });
});
