import { describe, expect, it } from 'vitest';
import type { TaskActor, TaskFacts } from '../tasks/policy.ts';
import {
  canDeleteComment,
  canEditComment,
  canPostComment,
  CHAT_EMOJIS,
  chatTitle,
  cutText,
  mentionableIds,
  MENTION_ADD_STAGGER_MS,
  MENTION_PICKER_MAX,
  replyQuote,
  type CommentTarget,
} from './rules.ts';

const me = 'me';
const actor = (permission: number | null, missionAdmin = false): TaskActor => ({ personId: me, permission, missionAdmin });
const task = (over: { people?: string[]; status?: string; createdBy?: string | null; actionStatus?: string } = {}): TaskFacts => ({
  people: over.people ?? [],
  status: over.status ?? 'open',
  action: { createdBy: over.createdBy ?? 'someone', status: over.actionStatus ?? 'open' },
});
const item = (facts: TaskFacts): CommentTarget => ({ room: 'ActionItem', task: facts });

describe('canPostComment (rule 104)', () => {
  it.each<[string, TaskActor, CommentTarget, boolean]>([
    ['outsider', actor(null), item(task({ people: [me] })), false],
    ['level 0 not assigned', actor(0), item(task()), false],
    ['level 0 assigned', actor(0), item(task({ people: [me] })), true],
    ['level 0 assigned, task done', actor(0), item(task({ people: [me], status: 'done' })), false],
    ['level 1 on any task', actor(1), item(task()), true],
    ['observer (3), not assigned', actor(3), item(task()), true],
    ['observer (3), action closed', actor(3), item(task({ actionStatus: 'done' })), true],
    ['organisation observer (4) admin', actor(4, true), item(task()), true],
    ['limited (4) on the team', actor(4), item(task()), false],
    ['limited (5)', actor(5), item(task({ people: [me] })), false],
    ['mission admin, action closed', actor(2, true), item(task({ actionStatus: 'done' })), true],
    ['assignee, action closed', actor(0), item(task({ people: [me], actionStatus: 'done' })), false],
    ['action creator (1) on its action', actor(1), { room: 'Action', task: task({ createdBy: me }) }, true],
    ['level 0 on an action not theirs', actor(0), { room: 'Action', task: task() }, false],
    ['mission chat, admin', actor(2, true), { room: 'Mission' }, true],
    ['mission chat, level 1', actor(1), { room: 'Mission' }, false],
    ['mission chat, observer', actor(3), { room: 'Mission' }, true],
    ['role chat, level 0', actor(0), { room: 'MissionPlan' }, false],
    ['role chat, project manager', actor(1, true), { room: 'MissionPlan' }, true],
  ])('%s', (_name, a, target, expected) => expect(canPostComment(a, target)).toBe(expected));
});

describe('edit and delete', () => {
  it.each<[string, TaskActor, string | null, boolean, boolean]>([
    ['author', actor(0), me, true, true],
    ['someone else, level 1', actor(1), 'other', false, false],
    ['mission admin, not author', actor(2, true), 'other', false, true],
    ['author gone from the mission', actor(null), me, false, false],
    ['message of a deleted person, admin', actor(2, true), null, false, true],
  ])('%s', (_name, a, createdBy, edit, del) => {
    expect(canEditComment(a, { createdBy })).toBe(edit);
    expect(canDeleteComment(a, { createdBy })).toBe(del);
  });
});

describe('mentionableIds (rule 169)', () => {
  const team = [
    { personId: 'p0', permission: 0, invitePending: false },
    { personId: 'p1', permission: 1, invitePending: false },
    { personId: 'p2', permission: 2, invitePending: false },
    { personId: 'p3', permission: 3, invitePending: false },
    { personId: 'p4', permission: 4, invitePending: false },
    { personId: 'p5', permission: 5, invitePending: false },
    { personId: 'pending', permission: 0, invitePending: true },
    { personId: me, permission: 1, invitePending: false },
  ];
  it.each([
    ['keeps permission 0 to 3', ['p0', 'p1', 'p2', 'p3'], ['p0', 'p1', 'p2', 'p3']],
    ['drops permission 4 and 5', ['p4', 'p5', 'p1'], ['p1']],
    ['drops the author', [me, 'p0'], ['p0']],
    ['drops pending invitees and strangers', ['pending', 'stranger', 'p2'], ['p2']],
    ['once each, in order', ['p3', 'p0', 'p3'], ['p3', 'p0']],
    ['nothing', [], []],
  ])('%s', (_name, requested, expected) => expect(mentionableIds(requested, team, me)).toEqual(expected));
});

describe('chatTitle (messages 102–103, rule 249)', () => {
  it.each<[string, Parameters<typeof chatTitle>[0], string]>([
    ['the task', null, 'Team chat'],
    ['subtask, no message yet', { title: 'Write tests', threadStartedAt: null }, 'Write tests'],
    ['subtask started on 2024-09-15', { title: 'Write tests', threadStartedAt: '2024-09-15T00:00:00.000Z' }, 'Write tests'],
    ['subtask started 2024-09-14', { title: 'Write tests', threadStartedAt: '2024-09-14T23:59:59.000Z' }, 'Subtask chat'],
    ['subtask without a title', { title: '  ', threadStartedAt: null }, 'Subtask chat'],
  ])('%s', (_name, subtask, expected) => expect(chatTitle(subtask)).toBe(expected));
});

describe('replyQuote (rule 247)', () => {
  const eighty = 'a'.repeat(80);
  it.each([
    ['short text kept whole', 'Ada Lovelace', 'See you at noon', { name: 'Ada Lovelace', quote: 'See you at noon' }],
    ['exactly 80 characters', 'Ada', eighty, { name: 'Ada', quote: eighty }],
    ['81 characters cut to 80', 'Ada', `${eighty}b`, { name: 'Ada', quote: `${eighty}…` }],
    ['whitespace folded', ' Ada ', 'one\n\n two', { name: 'Ada', quote: 'one two' }],
    ['emojis count as one character', 'Ada', '👍'.repeat(81), { name: 'Ada', quote: `${'👍'.repeat(80)}…` }],
  ])('%s', (_name, name, text, expected) => expect(replyQuote(name, text)).toEqual(expected));
});

describe('constants of §9', () => {
  it('has 26 distinct emojis', () => {
    expect(CHAT_EMOJIS).toHaveLength(26);
    expect(new Set(CHAT_EMOJIS).size).toBe(26);
  });
  it('picks at most 100 people and adds mentions a second apart', () => {
    expect(MENTION_PICKER_MAX).toBe(100);
    expect(MENTION_ADD_STAGGER_MS).toBe(1000);
  });
  it('cuts excerpts', () => expect(cutText('abcdef', 3)).toBe('abc…'));
});
