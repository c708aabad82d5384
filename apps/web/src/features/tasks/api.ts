import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Mission, MissionPlanItem } from '@crewplan/domain/missions/mission';
import type {
  Action,
  ActionCreate,
  ActionItem,
  ActionItemChanges,
  ActionItemCreate,
  ActionItemMove,
  ActionItemUpdate,
  ActionUpdate,
  ChecklistItem,
  MissionTasks,
  TaskLinkType,
} from '@crewplan/domain/tasks/tasks';
import { api } from '../../lib/api.ts';
import { isApiError } from '../../lib/api-error.ts';
import { queryClient } from '../../lib/query-client.ts';
import { missionKeys } from '../../lib/mission-keys.ts';
import { withAction, withoutAction, withoutTask, withTask, withTaskChanges } from '../../lib/change-queries.ts';
import { changedTask, quickAddActionOf } from './task-rules.ts';

/**
 * The shared task data layer of the work views (board, power, gantt, task detail): reads come from the mission
 * query (`GET /mission/:id` carries `actions` and `actionItems`), writes go through the calls below and put what the
 * server answers into it: a mission of 10,000 tasks is not read again after each write.
 */

export type { Action, ActionItem, ChecklistItem, TaskLinkType };
export type MissionWithTasks = Mission & Partial<MissionTasks>;

/** The actions and action items a mission read carries (none while the server does not send them). */
export function tasksOf(mission: MissionWithTasks | undefined): MissionTasks {
  return { actions: mission?.actions ?? [], actionItems: mission?.actionItems ?? [] };
}

export const actionItemKey = (itemId: string) => [...missionKeys.all, 'action-item', itemId] as const;

/** `GET /action-item/:id`: one task, wherever it is (404 'Sorry this task is no longer available.' when gone). */
export const actionItemQuery = (itemId: string) =>
  queryOptions({
    queryKey: actionItemKey(itemId),
    queryFn: ({ signal }) => api<ActionItem>(`/action-item/${itemId}`, { signal }),
    retry: false,
  });

/** After a write that answers no task, or failed after being shown early: the mission and lone tasks are read again. */
export function refreshTasks(missionId: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: missionKeys.mission(missionId) }),
    queryClient.invalidateQueries({ queryKey: [...missionKeys.all, 'action-item'] }),
  ]);
}

/** Puts a write's answer into the cached mission (and so into every view of its tasks). */
function putInMission(missionId: string, put: (mission: MissionWithTasks) => MissionWithTasks): void {
  queryClient.setQueryData<MissionWithTasks>(missionKeys.mission(missionId), (mission) => mission && put(mission));
}

/** The tasks a write answered, into their mission and wherever one is shown on its own. */
function putTasks(missionId: string, tasks: ActionItem[]): void {
  putInMission(missionId, (mission) => tasks.reduce((next, task) => withTask(next, task), mission));
  for (const task of tasks) if (queryClient.getQueryData(actionItemKey(task._id))) queryClient.setQueryData(actionItemKey(task._id), task);
}

/** A bulk write's answer, each task with what it changed, into the cached mission and wherever a task is shown alone. */
function putTaskChanges(missionId: string, changes: ActionItemChanges[]): void {
  putInMission(missionId, (mission) => withTaskChanges(mission, changes));
  for (const change of changes) {
    const task = queryClient.getQueryData<ActionItem>(actionItemKey(change._id));
    if (task) queryClient.setQueryData(actionItemKey(change._id), { ...task, ...change });
  }
}

/** After a write that answers only part of a task (a checklist line, a link): the task alone is read again. */
async function readTaskAgain(missionId: string, itemId: string): Promise<void> {
  putTasks(missionId, [await api<ActionItem>(`/action-item/${itemId}`)]);
}

/** Changes the cached tasks of a mission at once (a drag shows where it lands before the server answers). */
export function patchCachedItems(missionId: string, patch: (items: ActionItem[], mission: MissionWithTasks) => ActionItem[]): void {
  queryClient.setQueryData<MissionWithTasks>(missionKeys.mission(missionId), (mission) =>
    mission?.actionItems ? { ...mission, actionItems: patch(mission.actionItems, mission) } : mission,
  );
}

/** Shows a change of one task at once, its status and column kept together as the server will keep them. */
async function showChange(missionId: string, itemId: string, change: { status?: string; col?: string }): Promise<void> {
  await queryClient.cancelQueries({ queryKey: missionKeys.mission(missionId) });
  patchCachedItems(missionId, (items, mission) =>
    items.map((item) => (item._id === itemId ? changedTask(item, change, mission.cols) : item)),
  );
}

// ---- actions

interface ActionWithItems {
  action: Action;
  actionItems: ActionItem[];
}

export const createAction = (planItemId: string, body: ActionCreate, withItem = false) =>
  api<ActionWithItems>(`/mission-plan/${planItemId}/action${withItem ? '?withItem=true' : ''}`, { method: 'POST', body: { ...body } });
export const updateAction = (actionId: string, body: ActionUpdate) =>
  api<Action>(`/action/${actionId}`, { method: 'PUT', body: { ...body } });
export const deleteAction = (actionId: string) => api<{ deleted: string[] }>(`/action/${actionId}`, { method: 'DELETE' });
export const addActionDependency = (actionId: string, dependsOn: string) =>
  api<Action>(`/action/${actionId}/dependency/add`, { method: 'PUT', body: { actionId: dependsOn } });
export const removeActionDependency = (actionId: string, dependsOn: string) =>
  api<Action>(`/action/${actionId}/dependency/remove`, { method: 'PUT', body: { actionId: dependsOn } });

/** Action create, update, delete and dependencies; each puts the server's answer into the mission. */
export function useActionMutations(missionId: string) {
  const onError = () => refreshTasks(missionId);
  const putAction = (action: Action) => putInMission(missionId, (mission) => withAction(mission, action));
  return {
    create: useMutation({
      mutationFn: ({ planItemId, withItem, ...body }: ActionCreate & { planItemId: string; withItem?: boolean }) =>
        createAction(planItemId, body, withItem),
      onSuccess: ({ action, actionItems }) => {
        putAction(action);
        putTasks(missionId, actionItems);
      },
      onError,
    }),
    update: useMutation({
      mutationFn: ({ actionId, ...body }: ActionUpdate & { actionId: string }) => updateAction(actionId, body),
      onSuccess: putAction,
      onError,
    }),
    remove: useMutation({
      mutationFn: deleteAction,
      onSuccess: (_answer, actionId) => putInMission(missionId, (mission) => withoutAction(mission, actionId)),
      onError,
    }),
    addDependency: useMutation({
      mutationFn: ({ actionId, dependsOn }: { actionId: string; dependsOn: string }) => addActionDependency(actionId, dependsOn),
      onSuccess: putAction,
      onError,
    }),
    removeDependency: useMutation({
      mutationFn: ({ actionId, dependsOn }: { actionId: string; dependsOn: string }) => removeActionDependency(actionId, dependsOn),
      onSuccess: putAction,
      onError,
    }),
  };
}

// ---- action items

export const createActionItem = (actionId: string, body: ActionItemCreate) =>
  api<ActionItem>(`/action-item/action/${actionId}`, { method: 'POST', body: { ...body } });
export const updateActionItem = (itemId: string, body: ActionItemUpdate) =>
  api<ActionItem>(`/action-item/${itemId}`, { method: 'PUT', body: { ...body } });
export const bulkUpdateActionItems = (anyItemId: string, items: (Partial<ActionItemUpdate> & { _id: string })[]) =>
  api<{ actionItems: ActionItemChanges[] }>(`/action-item/${anyItemId}/bulk`, { method: 'PUT', body: { items } });
export const moveActionItem = (itemId: string, move: ActionItemMove) =>
  api<ActionItem>(`/action-item/${itemId}/move`, { method: 'PUT', body: { ...move } });
export const deleteActionItem = (itemId: string) => api<{ deleted: string[] }>(`/action-item/${itemId}`, { method: 'DELETE' });

/** The plan item new work goes under: the Project manager role every new mission has (§9), else the first one. */
export function defaultPlanItem(planItems: readonly MissionPlanItem[]): MissionPlanItem | null {
  return (
    planItems.find((item) => item.type === 'person' && /project manager/i.test(`${item.role ?? ''} ${item.title}`)) ?? planItems[0] ?? null
  );
}

export const DEFAULT_ACTION_TITLE = 'Tasks';

/**
 * Adds a task by title: under the chosen action while it is open, else the mission's first open action (a done
 * action is closed), or under a new action 'Tasks' (on the default plan item) when no action is open.
 */
export async function quickAddTask(
  mission: MissionWithTasks,
  { actionId: chosen, ...body }: ActionItemCreate & { title: string; actionId?: string | null },
): Promise<ActionItem> {
  let actionId = quickAddActionOf(tasksOf(mission).actions, chosen);
  if (!actionId) {
    const planItem = defaultPlanItem(mission.planItems);
    if (!planItem) throw new Error('This project has no plan item to add tasks under.');
    actionId = (await createAction(planItem._id, { title: DEFAULT_ACTION_TITLE })).action._id;
  }
  return createActionItem(actionId, body);
}

/** Copies a task (`copyOf`: title + ' (Copy)', its checklist and people) under its own action, or the first open one. */
export async function copyTask(mission: MissionWithTasks, item: Pick<ActionItem, '_id' | 'actionId'>): Promise<ActionItem> {
  const actionId = quickAddActionOf(tasksOf(mission).actions, item.actionId);
  if (!actionId) throw new Error('Sorry. Every action of this project is done; add an action first.');
  return createActionItem(actionId, { copyOf: item._id });
}

/** Task create, quick add, update, bulk, move (shown at once) and delete; each puts the server's answer into the mission. */
export function useActionItemMutations(missionId: string) {
  const onError = () => refreshTasks(missionId);
  const putTask = (task: ActionItem) => putTasks(missionId, [task]);
  /** A task added under an action the cache does not hold yet (quick add may create one) reads the mission again. */
  const putAdded = (task: ActionItem) => {
    const cached = queryClient.getQueryData<MissionWithTasks>(missionKeys.mission(missionId));
    if (cached?.actions?.some((action) => action._id === task.actionId)) putTask(task);
    else void refreshTasks(missionId);
  };
  return {
    create: useMutation({
      mutationFn: ({ actionId, ...body }: ActionItemCreate & { actionId: string }) => createActionItem(actionId, body),
      onSuccess: putAdded,
      onError,
    }),
    quickAdd: useMutation({
      mutationFn: ({ mission, ...body }: ActionItemCreate & { title: string; actionId?: string | null; mission: MissionWithTasks }) =>
        quickAddTask(mission, body),
      onSuccess: putAdded,
      onError,
    }),
    copy: useMutation({
      mutationFn: ({ mission, item }: { mission: MissionWithTasks; item: Pick<ActionItem, '_id' | 'actionId'> }) => copyTask(mission, item),
      onSuccess: putAdded,
      onError,
    }),
    update: useMutation({
      mutationFn: ({ itemId, ...body }: ActionItemUpdate & { itemId: string }) => updateActionItem(itemId, body),
      onMutate: ({ itemId, status, col }) =>
        status !== undefined || col !== undefined ? showChange(missionId, itemId, { status, col }) : undefined,
      onSuccess: putTask,
      onError,
    }),
    bulk: useMutation({
      mutationFn: (items: (Partial<ActionItemUpdate> & { _id: string })[]) => bulkUpdateActionItems(items[0]!._id, items),
      onSuccess: ({ actionItems }) => putTaskChanges(missionId, actionItems),
      onError,
    }),
    move: useMutation({
      mutationFn: ({ itemId, ...move }: ActionItemMove & { itemId: string }) => moveActionItem(itemId, move),
      onMutate: ({ itemId, ...move }) => showChange(missionId, itemId, move),
      onSuccess: putTask,
      onError,
    }),
    remove: useMutation({
      mutationFn: deleteActionItem,
      onSuccess: (_answer, itemId) => {
        putInMission(missionId, (mission) => withoutTask(mission, itemId));
        void queryClient.invalidateQueries({ queryKey: actionItemKey(itemId) });
      },
      onError,
    }),
  };
}

// ---- people

export const NOT_PART_OF_MISSION = 'not_part_of_mission';

/** Whether a failed call says the person is not on the mission (the code may carry an area prefix). */
export function isNotPartOfMission(error: unknown): boolean {
  return (
    isApiError(error) &&
    error.status === 409 &&
    (error.code === NOT_PART_OF_MISSION || error.code.endsWith(`/${NOT_PART_OF_MISSION}`) || error.code.endsWith('/not-part-of-mission'))
  );
}

/**
 * Adds a person to a task. When they are not on the mission yet (409 not_part_of_mission), invites them to the
 * mission by email and tries once more (rule 64).
 */
export async function addPersonToTask(
  missionId: string,
  itemId: string,
  person: { _id: string; email?: string | null },
): Promise<ActionItem> {
  try {
    return await api<ActionItem>(`/action-item/${itemId}/people/${person._id}`, { method: 'POST' });
  } catch (error) {
    if (!isNotPartOfMission(error) || !person.email) throw error;
    await api<unknown>(`/mission/${missionId}/invite`, { method: 'POST', body: { inviteeEmail: person.email } });
    return api<ActionItem>(`/action-item/${itemId}/people/${person._id}`, { method: 'POST' });
  }
}

export const removePeopleFromTask = (itemId: string, peopleIds: string[] | 'ALL') =>
  api<ActionItem>(`/action-item/${itemId}/people/remove`, { method: 'POST', body: { peopleIds } });

export function usePeopleMutations(missionId: string) {
  const onError = () => refreshTasks(missionId);
  const onSuccess = (task: ActionItem) => putTasks(missionId, [task]);
  return {
    add: useMutation({
      mutationFn: ({ itemId, person }: { itemId: string; person: { _id: string; email?: string | null } }) =>
        addPersonToTask(missionId, itemId, person),
      // inviting a person to the mission on the way changes its team: the mission is read again
      onSuccess: (task, { person }) => {
        onSuccess(task);
        if (!queryClient.getQueryData<Mission>(missionKeys.mission(missionId))?.people?.some((one) => one.ref._id === person._id))
          void refreshTasks(missionId);
      },
      onError,
    }),
    remove: useMutation({
      mutationFn: ({ itemId, peopleIds }: { itemId: string; peopleIds: string[] | 'ALL' }) => removePeopleFromTask(itemId, peopleIds),
      onSuccess,
      onError,
    }),
  };
}

// ---- checklist

type ChecklistFields = Partial<Pick<ChecklistItem, 'title' | 'description' | 'people' | 'col' | 'color' | 'done'>>;

export function useChecklistMutations(missionId: string, itemId: string) {
  const onSettled = () => readTaskAgain(missionId, itemId).catch(() => refreshTasks(missionId));
  const base = `/action-item/${itemId}/checklist`;
  return {
    add: useMutation({
      mutationFn: (body: ChecklistFields & { title: string; sortIndex?: number }) =>
        api<unknown>(base, { method: 'POST', body: { ...body } }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ checklistId, ...body }: ChecklistFields & { checklistId: string }) =>
        api<unknown>(`${base}/${checklistId}`, { method: 'PUT', body: { ...body } }),
      onSettled,
    }),
    move: useMutation({
      mutationFn: ({ checklistId, sortIndex }: { checklistId: string; sortIndex: number }) =>
        api<unknown>(`${base}/${checklistId}/move`, { method: 'PUT', body: { sortIndex } }),
      onSettled,
    }),
    bulk: useMutation({
      mutationFn: (items: (ChecklistFields & { _id: string; sortIndex?: number })[]) =>
        api<unknown>(`${base}/bulk`, { method: 'PUT', body: { items } }),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (checklistId: string) => api<unknown>(`${base}/${checklistId}`, { method: 'DELETE' }), onSettled }),
  };
}

// ---- dependencies

export function useDependencyMutations(missionId: string, itemId: string) {
  const onSettled = () => readTaskAgain(missionId, itemId).catch(() => refreshTasks(missionId));
  const base = `/action-item/${itemId}/dependency`;
  return {
    add: useMutation({
      mutationFn: (body: { linkId: string; linkType?: TaskLinkType; lag?: number }) =>
        api<unknown>(base, { method: 'POST', body: { ...body } }),
      onSettled,
    }),
    remove: useMutation({ mutationFn: (linkId: string) => api<unknown>(`${base}/${linkId}`, { method: 'DELETE' }), onSettled }),
    removeAll: useMutation({ mutationFn: () => api<unknown>(base, { method: 'DELETE' }), onSettled }),
  };
}
