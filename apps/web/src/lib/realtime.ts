import { io, type Socket } from 'socket.io-client';
import { authClient } from './auth-client.ts';
import { queryClient } from './query-client.ts';
import { isChangeEvent, needsRebuild, queryRootOf } from './realtime-rules.ts';
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
    // getSession answers a fresh token in set-auth-token when the session was renewed
    const { data } = await authClient.getSession().catch(() => ({ data: null }));
    if (data && socket === current) current.connect();
  });
}

/** Opens the realtime connection; `changes` events invalidate the matching cached queries. */
export function connectRealtime(): void {
  if (socket || !getToken()) return;
  const current = io({
    path: '/socket.io',
    transports: ['websocket'],
    auth: (callback) => callback({ token: getToken() }),
  });
  socket = current;

  current.on('changes', (event: unknown) => {
    if (!isChangeEvent(event)) return;
    void queryClient.invalidateQueries({ queryKey: [queryRootOf(event.entity)] });
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

export function disconnectRealtime(): void {
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
