import type { io as ioOf, Socket } from 'socket.io-client';
import { parseChange, type Change } from '@crewplan/domain/realtime/changes';
import type { Action, ActionItem } from '@crewplan/domain/tasks/tasks';
import { api } from './api.ts';
import { ApiError } from './api-error.ts';
import {
  holdsTask,
  listHolds,
  listNeedsRead,
  listWithoutTask,
  listWithTask,
  planOf,
  TASK_LIST_KEYS,
  withAction,
  withoutAction,
  withoutTask,
  withTask,
  type MissionTasksCache,
  type TaskListCache,
} from './change-queries.ts';
import { queryClient } from './query-client.ts';
import { needsRebuild } from './realtime-rules.ts';
import { whileSynchronizing } from './sync-state.ts';
import { getToken } from './token.ts';

let socket: Socket | null = null;
let offlineSince: number | null = null;
let refreshAttempts = 0;
/** Rooms the open screens listen to (joined again after every reconnect). */
const rooms = new Map<string, number>();
/** Refreshing the session again and again would only flash the overlay; give up after a few. */
const MAX_REFRESH_ATTEMPTS = 3;

async function refreshSessionAndReconnect(current: Socket) {
  if (refreshAttempts >= MAX_REFRESH_ATTEMPTS) return;
  refreshAttempts += 1;
  await whileSynchronizing(async () => {
    // getSession answers a fresh token in set-auth-token when the session was renewed (the identity client is loaded
    // only here and on the sign-in screens: the first screen does not need it)
    const { authClient } = await import('./auth-client.ts');
    const { data } = await authClient.getSession().catch(() => ({ data: null }));
    if (data && socket === current) current.connect();
  });
}

/** Counts connects and disconnects: a client library that arrives after a disconnect opens nothing. */
let connectCalls = 0;

/**
 * Opens the realtime connection; `changes` events refresh what they touch (`change-queries.ts`). The socket client is
 * loaded here rather than with the first screen, whose drawing does not wait for it.
 */
export function connectRealtime(): void {
  if (socket || !getToken()) return;
  const call = ++connectCalls;
  void import('socket.io-client').then(({ io }) => {
    if (call === connectCalls && !socket && getToken()) openSocket(io);
  });
}

function openSocket(io: typeof ioOf): void {
  const current = io({
    path: '/socket.io',
    transports: ['websocket'],
    auth: (callback) => callback({ token: getToken() }),
  });
  socket = current;

  current.on('changes', (event: unknown) => {
    const change = parseChange(event);
    // a change that cannot be applied in place refreshes the missions area, as every change once did
    if (change) void applyChange(change).catch(() => queryClient.invalidateQueries({ queryKey: ['missions'] }));
  });

  current.on('disconnect', () => {
    offlineSince ??= Date.now();
  });

  current.on('connect', () => {
    const rebuild = needsRebuild(offlineSince, Date.now());
    offlineSince = null;
    refreshAttempts = 0;
    for (const room of rooms.keys()) current.emit('subscribe', room);
    if (rebuild) void whileSynchronizing(() => queryClient.refetchQueries({ type: 'active' }));
  });

  current.on('connect_error', (error) => {
    offlineSince ??= Date.now();
    if (error.message === 'auth/id-token-expired') void refreshSessionAndReconnect(current);
  });
}

/** Refreshes what one change touches (`change-queries.ts`): a task or action by its id, other areas by their queries. */
async function applyChange(change: Change): Promise<void> {
  const plan = planOf(change);
  for (const queryKey of plan.invalidate) void queryClient.invalidateQueries({ queryKey });
  for (const taskId of plan.dropTasks) dropTask(taskId);
  const data = (change.data ?? {}) as { actionId?: unknown; people?: unknown };
  // a checklist line or link carries its task's id but none of the task's own facts
  const ofTask = change.entity === 'action.items';
  const facts: TaskFacts = {
    actionId: ofTask && typeof data.actionId === 'string' ? data.actionId : undefined,
    isNew: ofTask && change.type === 'create',
    peopleChanged: ofTask && 'people' in data,
  };
  for (const actionId of plan.dropActions) dropAction(actionId);
  await Promise.all([
    ...plan.refetchTasks.map((taskId) => refreshTask(taskId, facts)),
    ...plan.refetchActions.map((actionId) => refreshAction(actionId, change.type === 'create')),
  ]);
}

type TaskFacts = { actionId: string | undefined; isNew: boolean; peopleChanged: boolean };

/** The cached mission reads (`['missions', 'one', id]`, not their history pages). */
const cachedMissions = () =>
  queryClient.getQueriesData<MissionTasksCache>({ queryKey: ['missions', 'one'] }).filter(([queryKey]) => queryKey.length === 3);
/** The cached lists of tasks apart from their mission. */
const cachedLists = () =>
  TASK_LIST_KEYS.flatMap((queryKey) => {
    const list = queryClient.getQueryData<TaskListCache>(queryKey);
    return list ? [[queryKey, list] as const] : [];
  });

function dropTask(taskId: string): void {
  for (const [queryKey, mission] of cachedMissions()) {
    if (holdsTask(mission, taskId))
      queryClient.setQueryData<MissionTasksCache>(queryKey, (cached) => cached && withoutTask(cached, taskId));
  }
  for (const [queryKey] of cachedLists())
    queryClient.setQueryData<TaskListCache>(queryKey, (list) => list && listWithoutTask(list, taskId));
}

function dropAction(actionId: string): void {
  for (const [queryKey] of cachedMissions())
    queryClient.setQueryData<MissionTasksCache>(queryKey, (cached) => cached && withoutAction(cached, actionId));
}

/** Reads one action again into the cached mission that holds it (a new one: when a mission is open). */
async function refreshAction(actionId: string, isNew: boolean): Promise<void> {
  const missions = cachedMissions();
  const holders = missions.filter(([, mission]) => mission?.actions?.some((action) => action._id === actionId));
  if (holders.length === 0 && !(isNew && missions.length > 0)) return;
  let action: Action;
  try {
    action = await api<Action>(`/action/${actionId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) dropAction(actionId);
    else for (const [queryKey] of holders) void queryClient.invalidateQueries({ queryKey });
    return;
  }
  queryClient.setQueryData<MissionTasksCache>(['missions', 'one', action.missionId], (mission) => mission && withAction(mission, action));
}

/**
 * Reads one task again and puts it where it is cached: in its mission, in the lists that hold it, and as the task on
 * its own. A task nobody holds is not read, unless it is new and a mission is open (a bulk create does not say which
 * action it went to). A list it may join or leave is read again instead.
 */
async function refreshTask(taskId: string, facts: TaskFacts): Promise<void> {
  const taskKey = ['missions', 'action-item', taskId];
  const missions = cachedMissions();
  const lists = cachedLists();
  for (const [queryKey, list] of lists) {
    if (listNeedsRead(list, taskId, facts.isNew, facts.peopleChanged)) void queryClient.invalidateQueries({ queryKey });
  }
  const holders = missions.filter(([, mission]) => holdsTask(mission, taskId, facts.actionId));
  const listed = lists.filter(([, list]) => listHolds(list, taskId) && !facts.peopleChanged);
  const shownAlone = queryClient.getQueryData(taskKey) !== undefined;
  if (holders.length === 0 && listed.length === 0 && !shownAlone && !(facts.isNew && missions.length > 0)) return;
  let task: ActionItem;
  try {
    task = await api<ActionItem>(`/action-item/${taskId}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) dropTask(taskId);
    else for (const [queryKey] of [...holders, ...listed]) void queryClient.invalidateQueries({ queryKey });
    void queryClient.invalidateQueries({ queryKey: taskKey });
    return;
  }
  if (shownAlone) queryClient.setQueryData(taskKey, task);
  for (const [queryKey] of listed) queryClient.setQueryData<TaskListCache>(queryKey, (list) => list && listWithTask(list, task));
  queryClient.setQueryData<MissionTasksCache>(['missions', 'one', task.missionId], (mission) => mission && withTask(mission, task));
}

export function disconnectRealtime(): void {
  connectCalls += 1;
  socket?.disconnect();
  socket = null;
  offlineSince = null;
  refreshAttempts = 0;
}

/** Listens to a room's `changes` while a screen shows it; returns the function that stops listening. */
export function joinRoom(room: string): () => void {
  rooms.set(room, (rooms.get(room) ?? 0) + 1);
  if (rooms.get(room) === 1 && socket?.connected) socket.emit('subscribe', room);
  return () => {
    const left = (rooms.get(room) ?? 1) - 1;
    if (left > 0) rooms.set(room, left);
    else {
      rooms.delete(room);
      socket?.emit('unsubscribe', room);
    }
  };
}
