import type { FastifyInstance } from 'fastify';
import { type AppError, appError } from '../lib/errors.ts';

/** How deeply a request's values may nest (objects and arrays); real input stays far below it. */
export const MAX_INPUT_DEPTH = 64;

type Part = 'body' | 'querystring' | 'params';
type Problem = { path: string; text: string };

/** A lone UTF-16 surrogate (half of a pair): in `u` mode a well-formed pair is one code point and does not match. */
const LONE_SURROGATE = /\p{Surrogate}/u;

/** What in this text PostgreSQL refuses (NUL anywhere, a lone surrogate in jsonb), or null when it can be stored. */
function unstorable(text: string): string | null {
  if (text.includes('\0')) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'half of a UTF-16 surrogate pair';
  return null;
}

/** Parsed JSON, query strings and params are walked; raw bytes (a Buffer body) are not text and are left alone. */
function isWalkable(value: unknown): value is object {
  return value !== null && typeof value === 'object' && !ArrayBuffer.isView(value);
}

const MAX_PATH_LENGTH = 200;
const pathOf = (path: readonly (string | number)[]) => path.join('.').slice(0, MAX_PATH_LENGTH);

/**
 * The first problem in a parsed value, walked without recursion: a string (value or key) PostgreSQL cannot store,
 * or nesting deeper than `MAX_INPUT_DEPTH`.
 */
export function findInputProblem(value: unknown): Problem | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const found = unstorable(current);
      if (found) return { path: pathOf(path), text: `contains ${found}, which cannot be stored` };
      continue;
    }
    if (!isWalkable(current)) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path: pathOf(path), text: `nests deeper than ${MAX_INPUT_DEPTH} levels` };
    if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const found = unstorable(key);
      if (found) return { path: pathOf(path), text: `has a field name with ${found}, which cannot be stored` };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}

const WHERE: Record<Part, string> = { body: 'body', querystring: 'query string', params: 'address' };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The 400 of a problem: the field is named in `fields` and, in words, in the message. */
function inputError(part: Part, problem: Problem): AppError {
  const field = problem.path || part;
  const subject = problem.path ? `The field "${problem.path}"` : `The ${WHERE[part]}`;
  return appError('invalidInput', { message: `${subject} ${problem.text}.`, fields: { [field]: `${capitalised(problem.text)}.` } });
}

/**
 * The one guard on what people send, in front of every route (the identity routes included): text with NUL or a
 * lone surrogate, which PostgreSQL refuses in `text` and `jsonb`, and nesting beyond `MAX_INPUT_DEPTH`, which would
 * exhaust the stack of whatever walks it next, answer 400 naming the field instead of failing later.
 */
export function guardInput(app: FastifyInstance): void {
  // a callback, not a promise, as the hooks on every request are (app.ts)
  app.addHook('preValidation', (request, _reply, done) => {
    const parts: [Part, unknown][] = [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ];
    for (const [part, value] of parts) {
      const problem = findInputProblem(value);
      if (problem) return done(inputError(part, problem));
    }
    done();
  });
}
