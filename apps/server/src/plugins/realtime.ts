import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import pg from 'pg';
import { Server, type Socket } from 'socket.io';
import { CHANGE_ROOM_PREFIXES, changeRooms, isBulkChange, TIMINGS, type Change } from '@crewplan/domain';
import type { Principal } from './types.ts';

/** What clients receive on the `changes` event: the domain's one typed union of entity → data. */
export type { Change };

/** Decides whether a person may join a room `<prefix>/<id>`; domains register theirs. */
export type RoomAuthorizer = (principal: Principal, id: string) => Promise<boolean> | boolean;

export type Realtime = {
  /** Sends a change to a room after the write that caused it has committed. */
  publish: (room: string, change: Change) => void;
  /** Lets clients subscribe to rooms with this prefix (e.g. `changes/missions`) when `allow` says so. */
  registerRoom: (prefix: string, allow: RoomAuthorizer) => void;
  /** Drops the sockets of a revoked session, on every server; their clients must sign in again. */
  disconnectSession: (sessionId: string) => void;
  /** Drops this server's sockets whose session has expired or is gone. */
  dropEndedSessions: () => Promise<void>;
  /**
   * Asks again, with the check made on subscribe, whether each of this server's sockets (those of `personIds` when
   * given) may still join the rooms it joined, and takes it out of those it may no longer join.
   */
  recheckRooms: (personIds?: ReadonlySet<string>) => Promise<void>;
  /** What runs every minute: `dropEndedSessions`, then `recheckRooms` (access changed on another server too). */
  sweep: () => Promise<void>;
  io: Server | null;
  close: () => Promise<void>;
};

export const TOKEN_EXPIRED = 'auth/id-token-expired';
/** PostgreSQL NOTIFY carries at most 8000 bytes; bigger payloads go out without their data. */
const MAX_EVENT_BYTES = 7_500;
/**
 * How often a server looks for sockets whose session expired (or was removed without telling realtime), and for
 * rooms their people may no longer join (access that ended on another server, or by the calendar).
 */
const SWEEP_MS = 60_000;
/** Room checks of one person running at a time during a re-check: a person may listen to many missions. */
const RECHECKS_AT_ONCE = 4;

export const personRoom = changeRooms.person;
/** Internal room of one sign-in session; clients cannot subscribe to it. */
const sessionRoom = (sessionId: string) => `sessions/${sessionId}`;

export function createRealtime(options: {
  httpServer: HttpServer;
  resolve: (token: string | undefined) => Promise<Principal | null>;
  /** Which of these sessions still exist and have not expired. */
  liveSessions: (sessionIds: string[]) => Promise<Set<string>>;
  log: FastifyBaseLogger;
  /** With a shared PostgreSQL server events cross processes through it. */
  adapterDatabaseUrl?: string | undefined;
  /** Told of every change published here and of every message from another process, before its sockets hear it. */
  onChange?: () => void;
}): Realtime {
  const onChange = options.onChange ?? (() => undefined);
  const rooms = new Map<string, RoomAuthorizer>([['people', (principal, id) => principal.personId === id]]);
  const io = new Server(options.httpServer, {
    path: '/socket.io',
    pingInterval: TIMINGS.realtimePingMs,
    pingTimeout: TIMINGS.realtimePingMs,
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
  });
  let adapterPool: pg.Pool | undefined;
  if (options.adapterDatabaseUrl) {
    adapterPool = new pg.Pool({ connectionString: options.adapterDatabaseUrl, max: 2 });
    adapterPool.on('error', (err) => options.log.warn({ err }, 'realtime adapter connection error'));
    io.adapter(toldOfMessages(createAdapter(adapterPool, { heartbeatInterval: TIMINGS.realtimePingMs }), onChange));
  }

  io.use(async (socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined;
    const principal = await options.resolve(token);
    if (!principal) return next(new Error(TOKEN_EXPIRED));
    socket.data.principal = principal;
    next();
  });

  io.on('connection', (socket) => {
    const principal = socket.data.principal as Principal;
    void socket.join([personRoom(principal.personId), sessionRoom(principal.sessionId)]);
    socket.on('subscribe', async (room: unknown, ack?: (result: { ok: boolean }) => void) => {
      if (!(await options.liveSessions([principal.sessionId])).has(principal.sessionId)) {
        if (typeof ack === 'function') ack({ ok: false });
        socket.disconnect(true);
        return;
      }
      const ok = typeof room === 'string' && (await mayJoin(principal, room));
      if (ok) await socket.join(room as string);
      if (typeof ack === 'function') ack({ ok });
    });
    socket.on('unsubscribe', (room: unknown) => {
      if (typeof room === 'string') void socket.leave(room);
    });
  });

  async function mayJoin(principal: Principal, room: string): Promise<boolean> {
    const slash = room.lastIndexOf('/');
    const allow = rooms.get(room.slice(0, slash));
    const id = room.slice(slash + 1);
    return Boolean(allow && /^[0-9a-f]{24}$/.test(id) && (await allow(principal, id)));
  }

  async function dropEndedSessions() {
    const sockets = [...io.of('/').sockets.values()];
    const sessionIds = [...new Set(sockets.map((socket) => (socket.data.principal as Principal).sessionId))];
    const live = await options.liveSessions(sessionIds);
    for (const socket of sockets) if (!live.has((socket.data.principal as Principal).sessionId)) socket.disconnect(true);
  }

  // Each room a person's sockets joined is checked once for the person, however many tabs they have open.
  async function recheckRooms(personIds?: ReadonlySet<string>) {
    const byPerson = new Map<string, Socket[]>();
    for (const socket of io.of('/').sockets.values()) {
      const { personId } = socket.data.principal as Principal;
      if (!personIds || personIds.has(personId)) byPerson.set(personId, [...(byPerson.get(personId) ?? []), socket]);
    }
    for (const sockets of byPerson.values()) {
      const principal = sockets[0]!.data.principal as Principal;
      const joined = [...new Set(sockets.flatMap((socket) => [...socket.rooms].filter((room) => isSubscribed(socket, room))))];
      const refused = new Set<string>();
      await inTurns(joined, RECHECKS_AT_ONCE, async (room) => {
        try {
          if (!(await mayJoin(principal, room))) refused.add(room);
        } catch (err) {
          // a failed check (the database away) keeps the room: the next sweep asks again
          options.log.warn({ err, room }, 'realtime room re-check failed');
        }
      });
      for (const socket of sockets) for (const room of refused) void socket.leave(room);
    }
  }

  async function sweep() {
    await dropEndedSessions();
    await recheckRooms();
  }
  let sweepRunning = false;
  const sweeping = setInterval(() => {
    // a sweep longer than the interval (many sockets) is not joined by another one
    if (sweepRunning) return;
    sweepRunning = true;
    sweep()
      .catch((err: unknown) => options.log.warn({ err }, 'realtime session sweep failed'))
      .finally(() => (sweepRunning = false));
  }, SWEEP_MS);
  sweeping.unref();

  /** After a change that can end somebody's access, this server re-checks the rooms of whom it may concern. */
  function recheckAfter(room: string, change: Change) {
    const concerned = accessConcernedBy(room, change);
    if (!concerned) return;
    recheckRooms(concerned === 'everyone' ? undefined : concerned).catch((err: unknown) =>
      options.log.warn({ err }, 'realtime room re-check failed'),
    );
  }

  return {
    io,
    dropEndedSessions,
    recheckRooms,
    sweep,
    publish(room, change) {
      onChange();
      recheckAfter(room, change);
      if (!adapterPool && !io.of('/').adapter.rooms.has(room)) return;
      io.to(room).emit('changes', fitted(change));
    },
    registerRoom(prefix, allow) {
      rooms.set(prefix, allow);
    },
    disconnectSession(sessionId) {
      // A broadcast: it reaches every server through the adapter without waiting for their answers.
      io.in(sessionRoom(sessionId)).disconnectSockets(true);
    },
    async close() {
      clearInterval(sweeping);
      await new Promise<void>((resolveClose) => io.close(() => resolveClose()));
      await adapterPool?.end();
    },
  };
}

/** The rooms a socket joined by subscribing: not its own socket id, session or person room. */
function isSubscribed(socket: Socket, room: string): boolean {
  const principal = socket.data.principal as Principal;
  return room !== socket.id && room !== sessionRoom(principal.sessionId) && room !== personRoom(principal.personId);
}

/**
 * Whose rooms a published change may close, or null: a change of a mission's or an organisation's people names the
 * person (its id, or the person room it goes to: a removal from a team tells the person's room); an organisation
 * deleted or starting to require two-factor sign-in (rule 109) concerns everybody listening here.
 * Changes of access on another server reach this one's sockets at its next sweep.
 */
function accessConcernedBy(room: string, change: Change): ReadonlySet<string> | 'everyone' | null {
  if (change.entity === 'orgs') {
    const data = change.data as Record<string, unknown> | undefined;
    return change.type === 'delete' || data?.isMFARequired === true ? 'everyone' : null;
  }
  if (change.entity !== 'mission.people' && change.entity !== 'org.people') return null;
  if (change.type === 'create') return null;
  const people = new Set([change.id]);
  if (room.startsWith(`${CHANGE_ROOM_PREFIXES.person}/`)) people.add(room.slice(CHANGE_ROOM_PREFIXES.person.length + 1));
  return people;
}

/** Runs `work` on each item, at most `atOnce` at a time. */
async function inTurns<T>(items: readonly T[], atOnce: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker));
}

/**
 * The change as it fits in a NOTIFY: a bigger one goes out without its data, and a bulk message whose ids do not fit
 * becomes a rebuild of its entity (its readers read it all again rather than one of the ids).
 */
function fitted(change: Change): Change {
  if (Buffer.byteLength(JSON.stringify(change)) <= MAX_EVENT_BYTES) return change;
  const { data, ...rest } = change;
  return (isBulkChange(data) ? { ...rest, type: 'rebuild' } : rest) as Change;
}

type AdapterFactory = ReturnType<typeof createAdapter>;

/** The adapter, calling `heard` for each message another process sends (changes, heartbeats) before handling it. */
function toldOfMessages(adapterOf: AdapterFactory, heard: () => void): AdapterFactory {
  // socket.io calls the factory with `new`: a function, not an arrow (returning an object from it is what `new` gives)
  return function (nsp: Parameters<AdapterFactory>[0]) {
    // onMessage is the cluster adapter's (protected) entry for what other members send
    const adapter = adapterOf(nsp) as unknown as { onMessage: (...args: unknown[]) => unknown };
    const handle = adapter.onMessage.bind(adapter);
    adapter.onMessage = (...args) => {
      heard();
      return handle(...args);
    };
    return adapter;
  } as AdapterFactory;
}
