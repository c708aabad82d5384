import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TYPES,
  NOTIFICATION_VIEWS,
  isMailedAsNotification,
  isNewSince,
  notificationListLimit,
  notificationPanelWidth,
  pinnedItems,
  roleRequestRecipients,
  roleRequestTitle,
  typesOfView,
  viewOfType,
} from './rules.ts';

import { markReadBodySchema } from './notifications.ts';
describe('notification types and views (spec 3 §3, rule 245)', () => {
  it('has the eight types of the spec, two of timesheets, and the five views', () => {
    expect(NOTIFICATION_TYPES).toHaveLength(12);
    expect(NOTIFICATION_VIEWS).toEqual(['pinned', 'chats', 'invites', 'leaves', 'allocations']);
  });

  it.each([
    ['mentionComment', 'chats'],
    ['invite', 'invites'],
    ['orgInvite', 'invites'],
    ['leave_request_approval', 'leaves'],
    ['leave_request_approval_final', 'leaves'],
    ['leave_request_rejected', 'leaves'],
    ['orgRolePlanItemStatusChange', 'allocations'],
    ['timesheetSubmitted', 'allocations'],
    ['timesheetDecided', 'allocations'],
    ['expenseSubmitted', 'allocations'],
    ['expenseDecided', 'allocations'],
    ['payment', null],
    ['somethingElse', null],
  ])('%s → %s', (type, view) => {
    expect(viewOfType(type)).toBe(view);
  });

  it.each([
    ['chats', ['mentionComment']],
    ['invites', ['invite', 'orgInvite']],
    ['leaves', ['leave_request_approval', 'leave_request_approval_final', 'leave_request_rejected']],
    ['allocations', ['orgRolePlanItemStatusChange', 'timesheetSubmitted', 'timesheetDecided', 'expenseSubmitted', 'expenseDecided']],
  ] as const)('view %s lists %j', (view, types) => {
    expect(typesOfView(view)).toEqual(types);
  });
});

describe('list limit (rule 243: the larger of unread count and 300)', () => {
  it.each([
    [0, 300],
    [1, 300],
    [299, 300],
    [300, 300],
    [301, 301],
    [1200, 1200],
    [-5, 300],
    [300.7, 300],
  ])('%d unread → %d', (unread, limit) => {
    expect(notificationListLimit(unread)).toBe(limit);
  });
});

describe('panel width (rule 245)', () => {
  it('is 620, and 1050 with a thread open', () => {
    expect(notificationPanelWidth(false)).toBe(620);
    expect(notificationPanelWidth(true)).toBe(1050);
  });
});

describe('spec texts (messages rows 90, 98, 104, 105)', () => {
  it('keeps the exact wording', () => {
    expect(NOTIFICATION_MESSAGES.paymentTitle).toBe('Payment issue');
    expect(NOTIFICATION_MESSAGES.leaveRejectedTitle).toBe('Oh-oh, a leave request was rejected');
    expect(NOTIFICATION_MESSAGES.threadGone).toBe('Oops. This thread is no longer available');
    expect(NOTIFICATION_MESSAGES.taskGone).toBe('Task no longer exists');
  });
});

describe('pinned view', () => {
  it('keeps pinned tasks only, most recently changed first', () => {
    const items = [
      { id: 'a', pinned: true, updatedAt: '2026-01-01T00:00:00.000Z' },
      { id: 'b', pinned: false, updatedAt: '2026-03-01T00:00:00.000Z' },
      { id: 'c', pinned: true, updatedAt: '2026-02-01T00:00:00.000Z' },
    ];
    expect(pinnedItems(items).map((item) => item.id)).toEqual(['c', 'a']);
    expect(pinnedItems([])).toEqual([]);
  });
});

describe('new since the panel was opened', () => {
  it.each([
    ['2026-01-02T00:00:00.000Z', null, true],
    ['2026-01-02T00:00:00.000Z', '2026-01-01T00:00:00.000Z', true],
    ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', false],
    ['2025-12-31T00:00:00.000Z', '2026-01-01T00:00:00.000Z', false],
  ])('%s seen at %s → %s', (createdAt, seenAt, isNew) => {
    expect(isNewSince(createdAt, seenAt)).toBe(isNew);
  });
});

describe('role request recipients (spec 3 §4)', () => {
  const approvers = ['admin', 'approver', 'actor'];
  it.each([
    ['pending_approval', 'actor', 'req', 'p', ['admin', 'approver']],
    ['approved', 'admin', 'req', 'p', ['req', 'p']],
    ['rejected', 'admin', 'req', 'req', ['req']],
    ['approved', 'req', 'req', 'p', ['p']],
    ['rejected', 'admin', null, null, []],
  ] as const)('%s by %s (requester %s, person %s) → %j', (status, actorId, requesterId, personId, expected) => {
    expect(roleRequestRecipients({ status, actorId, approvers, requesterId, personId })).toEqual(expected);
  });

  it('titles each transition', () => {
    expect(roleRequestTitle('pending_approval', 'Dev', 'Ann Admin')).toBe('Ann Admin asks for approval of Dev');
    expect(roleRequestTitle('approved', 'Dev', 'Ann Admin')).toBe('Ann Admin approved the request for Dev');
    expect(roleRequestTitle('rejected', '', 'Ann Admin')).toBe('Ann Admin rejected the request for a role');
  });
});

describe('mark read body', () => {
  it.each([
    [{ notificationId: '0123456789abcdef01234567' }, true],
    [{ all: true }, true],
    [{ all: false }, false],
    [{ notificationId: 'nope' }, false],
    [{}, false],
    [{ notificationId: '0123456789abcdef01234567', all: true }, false],
  ])('%j valid: %s', (body, valid) => {
    expect(markReadBodySchema.safeParse(body).success).toBe(valid);
  });
});

describe('which notifications are mailed', () => {
  it.each([
    ['mentionComment', true],
    ['orgRolePlanItemStatusChange', true],
    ['leave_request_rejected', true],
    ['payment', true],
    ['invite', false],
    ['orgInvite', false],
  ])('%s → %s', (type, mailed) => {
    expect(isMailedAsNotification(type)).toBe(mailed);
  });
});
