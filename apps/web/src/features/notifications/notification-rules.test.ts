import { describe, expect, it } from 'vitest';
import { actorName, badgeLabel, roleRequestAskOf, relativeTime, serverViewOf, shouldChime, targetOf } from './notification-rules.ts';

const base = { _id: 'n1', mission: 'm1', org: 'o1', data: {} };

describe('what a notification opens', () => {
  it.each([
    [
      { ...base, type: 'invite' },
      { kind: 'invite', notificationId: 'n1' },
    ],
    [
      { ...base, type: 'orgInvite', mission: null },
      { kind: 'invite', notificationId: 'n1' },
    ],
    [
      { ...base, type: 'mentionComment', data: { room: 'ActionItem', roomId: 't1', roomName: 'Fix it' } },
      { kind: 'thread', missionId: 'm1', actionItemId: 't1', title: 'Fix it' },
    ],
    [
      { ...base, type: 'mentionComment', data: { room: 'Mission', roomId: 'm1' } },
      { kind: 'mission', missionId: 'm1' },
    ],
    [
      { ...base, type: 'orgRolePlanItemStatusChange' },
      { kind: 'mission', missionId: 'm1' },
    ],
    [
      { ...base, type: 'orgRolePlanItemStatusChange', data: { opensMission: false } },
      { kind: 'org', orgId: 'o1' },
    ],
    [
      { ...base, type: 'orgRolePlanItemStatusChange', data: { opensMission: true } },
      { kind: 'mission', missionId: 'm1' },
    ],
    [
      { ...base, type: 'leave_request_rejected', mission: null, data: { leaveId: 'l1', status: 'rejected' } },
      { kind: 'leave', leaveId: 'l1' },
    ],
    [
      { ...base, type: 'leave_request_approval', mission: null, data: { leaveId: 'l1', status: 'pending_approval' } },
      { kind: 'leave', leaveId: 'l1' },
    ],
    [
      { ...base, type: 'leave_request_approval_final', mission: null, data: { leaveId: 'l1', status: 'approved' } },
      { kind: 'leave', leaveId: 'l1' },
    ],
    [
      { ...base, type: 'leave_request_rejected', mission: null },
      { kind: 'org', orgId: 'o1' },
    ],
    [
      { ...base, type: 'payment', mission: null },
      { kind: 'org', orgId: 'o1', tab: 'billing' },
    ],
    [{ ...base, type: 'payment', mission: null, org: null }, { kind: 'none' }],
  ])('%j → %j', (notification, target) => {
    expect(targetOf(notification)).toEqual(target);
  });
});

describe('relative time', () => {
  const now = Date.parse('2026-06-10T12:00:00.000Z');
  it.each([
    ['2026-06-10T11:59:50.000Z', 'just now'],
    ['2026-06-10T11:55:00.000Z', '5 minutes ago'],
    ['2026-06-10T10:00:00.000Z', '2 hours ago'],
    ['2026-06-09T11:00:00.000Z', 'yesterday'],
    ['2026-06-01T12:00:00.000Z', 'last week'],
    ['2026-03-01T12:00:00.000Z', '3 months ago'],
    ['2024-06-01T12:00:00.000Z', '2 years ago'],
    ['not a date', 'just now'],
  ])('%s → %s', (iso, text) => {
    expect(relativeTime(iso, now)).toBe(text);
  });
});

describe('the chime', () => {
  it.each([
    [undefined, 3, false],
    [3, 3, false],
    [3, 2, false],
    [3, 4, true],
    [0, 1, true],
    [2, undefined, false],
  ])('%s → %s: %s', (previous, next, chime) => {
    expect(shouldChime(previous, next)).toBe(chime);
  });
});

describe('small texts', () => {
  it('caps the badge at 99+', () => {
    expect(badgeLabel(0)).toBe('0');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });
  it('names the actor', () => {
    expect(actorName({ _id: 'a', firstName: 'Ann', lastName: 'Actor', avatar: null })).toBe('Ann Actor');
    expect(actorName(null)).toBe('');
  });
  it('asks the server for list views only', () => {
    expect(serverViewOf('all')).toBeUndefined();
    expect(serverViewOf('pinned')).toBeUndefined();
    expect(serverViewOf('chats')).toBe('chats');
  });
});

describe('a role request to decide from its notification', () => {
  const statusMap = { planItemId: 'p1', requestId: 'r1', roleTitle: 'Engineer', status: 'pending_approval', context: 'org', ask: true };
  const ask = { planItemId: 'p1', context: 'org', roleTitle: 'Engineer' };
  it.each([
    ['a pending org request', 'orgRolePlanItemStatusChange', statusMap, { ...ask, status: 'pending_approval' }],
    [
      'a pending pm request',
      'orgRolePlanItemStatusChange',
      { ...statusMap, context: 'pm' },
      { ...ask, context: 'pm', status: 'pending_approval' },
    ],
    ['an ask decided since', 'orgRolePlanItemStatusChange', { ...statusMap, status: 'rejected' }, { ...ask, status: 'rejected' }],
    [
      'an older ask (no ask flag), pending',
      'orgRolePlanItemStatusChange',
      { ...statusMap, ask: undefined },
      { ...ask, status: 'pending_approval' },
    ],
    ['a decision told to the requester', 'orgRolePlanItemStatusChange', { ...statusMap, status: 'approved', ask: false }, null],
    ['an unknown status', 'orgRolePlanItemStatusChange', { ...statusMap, status: 'lost' }, null],
    ['an unknown context', 'orgRolePlanItemStatusChange', { ...statusMap, context: 'team' }, null],
    ['no plan item', 'orgRolePlanItemStatusChange', { ...statusMap, planItemId: undefined }, null],
    ['another type', 'mentionComment', statusMap, null],
  ])('%s', (_, type, map, expected) => {
    expect(roleRequestAskOf({ type, data: { statusMap: map } })).toEqual(expected);
  });
  it('needs a status map', () => {
    expect(roleRequestAskOf({ type: 'orgRolePlanItemStatusChange', data: {} })).toBeNull();
  });
});
