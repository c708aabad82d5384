import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as setTimeoutPromise } from 'node:timers/promises';
import { MAX_CACHED_BYTES, type CachedAnswer } from '../lib/read-cache.ts';

const READS = new Set(['GET', 'HEAD']);
const WAIT_FOR_READER_MS = 1_000;

/**
 * Routes that declare `config.readCache` answer a signed-in person from `ctx.reads` while nothing has been written
 * since they last read it: the remembered answer is sent before the access checks and the handler, which gave it
 * (a write that could change who may read it forgets it). Every request that may write forgets all answers.
 * Readers who ask while the same answer is being read, with nothing written since it began, wait for it rather than
 * all reading it at once.
 */
export function cacheReads(app: FastifyInstance): RememberedReads {
  const { reads, clock } = app.ctx;
  /** Reads under way, by key: where each started and the answer it will give (undefined: none to share). */
  const reading = new Map<string, { started: number; answer: Promise<CachedAnswer | undefined> }>();
  // per cacheable request: a decoration, not a WeakMap, whose entries cost every collection on the busiest routes
  app.decorateRequest('readState', null);

  app.addHook('onRequest', (request, _reply, done) => {
    if (request.routeOptions.config?.readCache && request.method === 'GET') request.readState = { started: reads.start() };
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!READS.has(request.method)) reads.changed();
    const state = request.readState;
    if (!state?.key || state.served || reply.statusCode !== 200) return done(null, payload);
    const { key, started } = state;
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const answered = (body: Buffer | string) => {
      reads.remember(key, started, { contentType, body });
      state.share?.({ contentType, body });
    };
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) answered(payload);
    else if (payload instanceof Readable) return done(null, rememberStream(payload, answered));
    done(null, payload);
  });
  const ended = (request: FastifyRequest) => {
    // a write that ended without an answer (its caller went away) may still have committed
    if (!READS.has(request.method)) reads.changed();
    const state = request.readState;
    state?.share?.(undefined);
    if (state?.key && reading.get(state.key)?.started === state.started) reading.delete(state.key);
  };
  app.addHook('onResponse', (request, _reply, done) => {
    ended(request);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    ended(request);
    done();
  });

  const send = (state: ReadState, reply: FastifyReply, answer: CachedAnswer) => {
    state.served = true;
    void reply.type(answer.contentType).send(answer.body);
    return true;
  };
  const sendIfRemembered = (request: FastifyRequest, reply: FastifyReply, personId: string) => {
    const state = request.readState;
    if (!state) return false;
    // minutes in the key: answers that depend on the date or the hour (overdue, stale) are read again as time moves
    state.key = `${personId} ${Math.floor(clock.now().getTime() / 60_000)} ${request.url}`;
    const answer = reads.get(state.key);
    return answer ? send(state, reply, answer) : false;
  };
  return {
    sendIfRemembered,
    async serve(request, reply, personId) {
      if (sendIfRemembered(request, reply, personId)) return true;
      const state = request.readState;
      if (!state?.key) return false;
      const { key } = state;
      const underway = reading.get(key);
      // Another read's answer serves this request only when nothing was written between the two starts; a write while
      // both run is concurrent with both, so either order is a true one.
      if (underway?.started !== state.started) {
        reading.set(key, { started: state.started, answer: new Promise((resolve) => (state.share = resolve)) });
        return false;
      }
      // never long: a reader that is slow or stuck leaves the others to read for themselves
      const answer = await Promise.race([underway.answer, setTimeoutPromise(WAIT_FOR_READER_MS, undefined, { ref: false })]);
      return answer ? send(state, reply, answer) : false;
    },
  };
}

type ReadState = {
  started: number;
  key?: string;
  served?: boolean;
  /** Gives this read's answer to the requests waiting for it (once; undefined when it has none to give). */
  share?: (answer: CachedAnswer | undefined) => void;
};

/**
 * Each sends the caller's remembered answer of this read and says so (then nothing else may answer the request: its
 * lifecycle must end there, however long the answer takes to leave); false when there is none to send.
 */
export type RememberedReads = {
  /** Only an answer in memory now: no promise, for the busiest routes' first step. */
  sendIfRemembered: (request: FastifyRequest, reply: FastifyReply, personId: string) => boolean;
  /** Also an answer that the same read, under way with nothing written since it began, is about to give. */
  serve: (request: FastifyRequest, reply: FastifyReply, personId: string) => Promise<boolean>;
};

/** Passes a streamed answer through, keeping a copy of it if it ends whole and small enough. */
function rememberStream(source: Readable, remember: (body: Buffer) => void): Readable {
  const chunks: Buffer[] = [];
  let size = 0;
  const copy = new Transform({
    writableObjectMode: true,
    // one batch waiting at a time, as the mission read streams it (memory stays flat with many large readers)
    writableHighWaterMark: 1,
    transform(chunk: Buffer | string, _encoding, done) {
      // past the limit the chunks only pass through: a large mission is not copied
      if (size <= MAX_CACHED_BYTES) {
        const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        size += bytes.length;
        if (size <= MAX_CACHED_BYTES) chunks.push(bytes);
      }
      done(null, chunk);
    },
    flush(done) {
      if (size <= MAX_CACHED_BYTES) remember(Buffer.concat(chunks, size));
      done();
    },
  });
  pipeline(source, copy).catch(() => undefined);
  return copy;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** A cacheable read's state (see `cacheReads`); null on every other request. */
    readState: ReadState | null;
  }
  interface FastifyContextConfig {
    /** Answer a signed-in caller from the read cache while nothing was written (see `cacheReads`). */
    readCache?: boolean;
  }
}
