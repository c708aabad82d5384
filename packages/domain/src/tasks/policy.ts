/**
 * Who may do what on one action or action item (spec 1 §6; rules 45, 93, 98, 99). The mission-level gate
 * (`canOnMission`) runs first; these are the finer per-task rules the server applies in its services.
 */

import { canOnMission, effectivePermission, type MissionActor, type MissionFacts } from '../missions/policy.ts';
import type { Policy } from '../shared/policy.ts';

export const TASK_ACTIONS = ['read', 'update', 'changeStatus', 'administer', 'delete', 'invite'] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

export type TaskActor = {
  personId: string;
  /** Effective permission on the mission (4 for organisation admins and managers not on it); null: not visible. */
  permission: number | null;
  /** Administers the mission's plan: mission admins and project managers, organisation admins and managers. */
  missionAdmin: boolean;
};

export type TaskFacts = {
  /** The task's assignees (an action's own people for an action). */
  people: readonly string[];
  /** The task's own status. */
  status: string;
  /** The action the task belongs to (the action itself for an action). */
  action: { createdBy: string | null; status: string };
};

/** Rule 98: mission admins and the action's creator (still a working member) administer the action and its items. */
export function isTaskAdmin(actor: TaskActor, task: TaskFacts): boolean {
  if (actor.permission === null) return false;
  if (actor.missionAdmin) return true;
  return actor.permission < 3 && task.action.createdBy === actor.personId;
}

/**
 * Whether `actor` may do `action` on `task`:
 * - read: anyone who sees the mission;
 * - a done action is closed (rule 45): nothing but reading, and its admins changing its status (to reopen it);
 * - admins of the action do everything;
 * - working members (permission below 3) update and change status of tasks that are not done — level 0 only on the
 *   tasks assigned to them (rule 93), team leads (1) on any;
 * - observers and the rest only read.
 */
export function canOnTask(actor: TaskActor, action: TaskAction, task: TaskFacts): boolean {
  if (actor.permission === null) return false;
  if (action === 'read') return true;
  const admin = isTaskAdmin(actor, task);
  if (task.action.status === 'done') return admin && action === 'changeStatus';
  if (admin) return true;
  if (action !== 'update' && action !== 'changeStatus') return false;
  if (task.status === 'done' || actor.permission >= 3) return false;
  return actor.permission >= 1 || task.people.includes(actor.personId);
}

/** The caller as the per-task rules see them (their effective permission; plan managers administer every task). */
export const taskActorOf = (actor: MissionActor, mission: MissionFacts): TaskActor => ({
  personId: actor.personId,
  permission: effectivePermission(actor),
  missionAdmin: canOnMission(actor, 'plan.manage', mission),
});

/** What routes do to actions and their tasks. */
export const TASK_VERBS = [
  'task.read',
  'task.create',
  'task.update',
  'task.delete',
  'action.create',
  'action.update',
  'action.delete',
] as const;
export type TaskVerb = (typeof TASK_VERBS)[number];

/** A task or action of a mission; `task` once loaded (absent at a route's gate). */
export type TaskTarget = { mission: MissionFacts; task?: TaskFacts };

/**
 * The task rules as one policy. The mission decides who may reach its tasks at all (creating and deleting need
 * `tasks.create`: permission 1 or 2 and the plan's managers; working on them `tasks.work`: permission below 3);
 * the task's facts then decide as `canOnTask` says (assignees, the action's creator, a closed action).
 */
export function canOnTaskVerb(actor: MissionActor, verb: TaskVerb, target: TaskTarget): boolean {
  const { mission, task } = target;
  const onTask = (action: TaskAction) => !task || canOnTask(taskActorOf(actor, mission), action, task);
  switch (verb) {
    case 'task.read':
      return canOnMission(actor, 'mission.read', mission) && onTask('read');
    case 'task.create':
    case 'action.create':
      return canOnMission(actor, 'tasks.create', mission);
    case 'task.update':
    case 'action.update':
      return canOnMission(actor, 'tasks.work', mission) && onTask('update');
    case 'task.delete':
    case 'action.delete':
      return canOnMission(actor, 'tasks.create', mission) && onTask('delete');
  }
}

export const taskPolicy: Policy<MissionActor, TaskVerb, TaskTarget> = { verbs: TASK_VERBS, can: canOnTaskVerb };
