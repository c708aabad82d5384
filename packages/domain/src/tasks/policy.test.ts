import { describe, expect, it } from 'vitest';
import { canOnTask, TASK_ACTIONS, type TaskAction, type TaskActor, type TaskFacts } from './policy.ts';

const me = 'me';
const actor = (permission: number | null, missionAdmin = false): TaskActor => ({ personId: me, permission, missionAdmin });
const task = (over: { people?: string[]; status?: string; createdBy?: string | null; actionStatus?: string } = {}): TaskFacts => ({
  people: over.people ?? [],
  status: over.status ?? 'open',
  action: { createdBy: over.createdBy ?? 'someone', status: over.actionStatus ?? 'open' },
});
const allowed = (a: TaskActor, t: TaskFacts) => TASK_ACTIONS.filter((action) => canOnTask(a, action, t));
const ALL = [...TASK_ACTIONS];
const WORK: TaskAction[] = ['read', 'update', 'changeStatus'];

describe('canOnTask', () => {
  it.each([
    ['outsider', actor(null), task({ people: [me] }), []],
    ['level 0 not assigned', actor(0), task(), ['read']],
    ['level 0 assigned', actor(0), task({ people: [me] }), WORK],
    ['level 0 assigned, task done', actor(0), task({ people: [me], status: 'done' }), ['read']],
    ['level 1', actor(1), task(), WORK],
    ['level 1 on a done task', actor(1), task({ status: 'done' }), ['read']],
    ['action creator (level 1)', actor(1), task({ createdBy: me }), ALL],
    ['action creator now observer', actor(3), task({ createdBy: me }), ['read']],
    ['mission admin (2)', actor(2, true), task(), ALL],
    ['admin on a done task', actor(2, true), task({ status: 'done' }), ALL],
    ['observer (3) assigned', actor(3), task({ people: [me] }), ['read']],
    ['org admin (4)', actor(4, true), task(), ALL],
    ['limited (5)', actor(5), task(), ['read']],
    ['admin, done action', actor(2, true), task({ actionStatus: 'done' }), ['read', 'changeStatus']],
    ['creator, done action', actor(1), task({ createdBy: me, actionStatus: 'done' }), ['read', 'changeStatus']],
    ['assignee, done action', actor(0), task({ people: [me], actionStatus: 'done' }), ['read']],
  ])('%s', (_name, a, t, expected) => expect(allowed(a, t)).toEqual(expected));
});
