import { describe, expect, it } from 'vitest';
import type { LeaveRequestView, MyLeave, OrgLeaveList, ReviewList } from './api.ts';
import { balanceText, lengthLabel, span } from './format.ts';
import { findNotice, requestHours, reviewCalls, touchesYear, yearIn } from './leave-rules.ts';

const request = (id: string, status: LeaveRequestView['status'] = 'pending_approval') => ({ _id: id, status }) as LeaveRequestView;
const impact = (id: string) => ({ leaveId: id, missions: [] });

describe('the decision calls of a reviewer (two stages)', () => {
  it.each([
    ['pending_approval', 'mission', 'approve', 'reject', 'Approve'],
    ['pending_approval', 'org', 'approve', 'reject', 'Approve'],
    ['pending_final_approval', 'org', 'approve/final', 'reject/final', 'Final approve'],
  ] as const)('%s at the %s stage: %s, %s (%s)', (status, stage, approve, reject, label) => {
    expect(reviewCalls(status, stage)).toEqual({ approve, reject, label });
  });

  it.each([
    ['pending_final_approval', 'mission'],
    ['approved', 'org'],
    ['draft', 'org'],
  ] as const)('%s at the %s stage: nothing to decide', (status, stage) => {
    expect(reviewCalls(status, stage)).toBeNull();
  });
});

describe('the hours of a new request', () => {
  const org = { daysPerWeek: 5, holidays: [{ date: '2025-04-18' }] };
  it('sends none for whole days', () => {
    expect(requestHours({ from: '2025-04-16', to: '2025-04-18' }, 8, org)).toEqual([]);
  });

  it('sends the hours of each working day, weekends and public holidays skipped', () => {
    expect(requestHours({ from: '2025-04-17', to: '2025-04-21' }, 4, org)).toEqual([
      { date: '2025-04-17', hours: 4 },
      { date: '2025-04-21', hours: 4 },
    ]);
    expect(requestHours({ from: '2025-04-16', to: '2025-04-16' }, 2.5, org)).toEqual([{ date: '2025-04-16', hours: 2.5 }]);
  });
});

describe('the request a leave notice opens', () => {
  const orgList = (requests: LeaveRequestView[], canApprove = true) =>
    ({ canApprove, requests, impact: requests.map((entry) => impact(entry._id)) }) as unknown as OrgLeaveList;
  const board = (requests: LeaveRequestView[]) =>
    ({ requests, impact: requests.map((entry) => impact(entry._id)), badge: 0 }) as ReviewList;
  const mine = (requests: LeaveRequestView[]) => ({ year: 2025, orgs: [], requests }) as unknown as MyLeave;

  it("finds a request in the organisation's approval list, to decide at the organisation's stage", () => {
    const found = findNotice('a', {
      board: board([]),
      orgs: [undefined, orgList([request('a', 'pending_final_approval')])],
      mine: mine([]),
    });
    expect(found.review).toEqual({ request: request('a', 'pending_final_approval'), impact: impact('a'), stage: 'org' });
    expect(found.own).toBeNull();
  });

  it("finds it on the board's list otherwise, at the first stage; never in a member's own organisation list", () => {
    const found = findNotice('b', { board: board([request('b')]), orgs: [orgList([request('b')], false)] });
    expect(found.review).toMatchObject({ stage: 'mission', request: { _id: 'b' } });
  });

  it('finds my own request, and nothing to review when no list holds it', () => {
    expect(findNotice('c', { board: board([]), orgs: [], mine: mine([request('c', 'rejected')]) })).toEqual({
      review: null,
      own: request('c', 'rejected'),
    });
  });
});

describe("a balance figure in its code's unit (rule 214)", () => {
  // balances come in days (8 hours each)
  it.each([
    ['30.75 hours left of a code in hours', 30.75 / 8, true, '30.75 h'],
    ['5 days of a code in hours', 5, true, '40 h'],
    ['nothing of a code in hours', 0, true, '0 h'],
    ['0.1 + 0.2 hours', (0.1 + 0.2) / 8, true, '0.3 h'],
    ['1.5 hours overdrawn', -1.5 / 8, true, '-1.5 h'],
    ['no entitlement, in hours', null, true, '—'],
    ['2 days of a code in days', 2, false, '2'],
    ['a day and a half', 1.5, false, '1.5'],
    ['twelve and three quarter days', 12.75, false, '12.75'],
    ['a third of a day', 1 / 3, false, '0.33'],
    ['no entitlement, in days', null, false, '—'],
  ] as const)('%s', (_label, days, inHours, text) => {
    expect(balanceText(days, inHours)).toBe(text);
  });
});

describe("a request's length in its code's unit (rule 214)", () => {
  it.each([
    [16, false, '2 days'],
    [8, false, '1 day'],
    [12, false, '1.5 days'],
    [6, false, '0.75 days'],
    [30.75, true, '30.75 h'],
    [4, true, '4 h'],
  ] as const)('%s hours, measured in hours %s: %s', (hours, inHours, text) => {
    expect(lengthLabel(hours, inHours)).toBe(text);
  });
});

describe("a request's days in a list", () => {
  it('are written as every other screen writes a day', () => {
    expect(span('2026-12-14', '2026-12-15')).toBe('14 Dec 2026 – 15 Dec 2026');
    expect(span('2026-12-14', '2026-12-14')).toBe('14 Dec 2026');
  });
});

describe('the person’s year (a leave notice, a new year of a leave code)', () => {
  it.each([
    ['2025-12-31T23:30:00Z', 'Asia/Tokyo', 2026],
    ['2026-01-01T03:00:00Z', 'America/New_York', 2025],
    ['2026-01-01T03:00:00Z', 'UTC', 2026],
  ])('at %s in %s it is %i: the person’s zone, not UTC', (instant, zone, year) => {
    expect(yearIn(new Date(instant), zone)).toBe(year);
  });
});

describe("the organisation's table of a year", () => {
  it.each([
    ['2026-03-02', '2026-03-03', true],
    ['2025-12-29', '2026-01-02', true],
    ['2026-12-31', '2027-01-04', true],
    ['2027-01-04', '2027-01-05', false],
    ['2025-12-22', '2025-12-23', false],
  ])('a request from %s to %s: in 2026 %s', (startDate, endDate, shown) => {
    expect(touchesYear({ startDate, endDate }, 2026)).toBe(shown);
  });
});
