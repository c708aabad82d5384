import { describe, expect, it } from 'vitest';
import { logBody } from './client-log.ts';

const where = { userAgent: 'Mozilla/5.0', url: 'http://localhost/home' };

describe('logBody: a client log line within the server’s limits', () => {
  it.each([
    [
      'an error with its stack',
      { message: 'render failure ab12', error: Object.assign(new Error('boom'), { stack: 'Error: boom\n  at x' }) },
      { message: 'boom', stack: 'Error: boom\n  at x' },
    ],
    ['a rejection that is not an Error', { message: 'unhandled rejection', error: 'plain text' }, { message: 'plain text' }],
    ['no error at all', { message: 'note' }, undefined],
  ])('%s', (_name, entry, error) => {
    expect(logBody(entry, where)).toEqual({ ...where, message: entry.message, ...(error ? { error } : {}) });
  });

  it('writes out a NUL, which the server refuses to store', () => {
    expect(logBody({ message: 'a\u0000b', error: 'c\u0000' }, where)).toMatchObject({ message: 'a\\0b', error: { message: 'c\\0' } });
  });

  it('cuts what the server would refuse: message 10,000, stack 20,000, user agent 1,000, address 4,000 characters', () => {
    const error = Object.assign(new Error('m'.repeat(12_000)), { stack: 's'.repeat(25_000) });
    const body = logBody({ message: 'x'.repeat(10_001), error, data: { a: 1 } }, { userAgent: 'u'.repeat(1_001), url: 'h'.repeat(4_001) });
    expect(body.message).toHaveLength(10_000);
    expect(body.error).toEqual({ message: 'm'.repeat(10_000), stack: 's'.repeat(20_000) });
    expect(body.userAgent).toHaveLength(1_000);
    expect(body.url).toHaveLength(4_000);
    expect(body.data).toEqual({ a: 1 });
  });
});
