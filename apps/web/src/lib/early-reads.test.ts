import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyRead } from './early-reads.ts';

const answer = (body: string) => Promise.resolve(new Response(body));

describe('takeEarlyRead', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('hands over the early answer for that path and token once', async () => {
    vi.stubGlobal('window', { __crewplanEarlyReads: { token: 't1', reads: { '/people/profile': answer('me') } } });
    const read = takeEarlyRead('/people/profile', 't1');
    expect(await (await read!)!.text()).toBe('me');
    expect(takeEarlyRead('/people/profile', 't1')).toBeUndefined();
  });

  it('gives nothing for another token, no token, another path, or when the page asked nothing early', () => {
    vi.stubGlobal('window', { __crewplanEarlyReads: { token: 't1', reads: { '/notification': answer('[]') } } });
    expect(takeEarlyRead('/notification', 't2')).toBeUndefined();
    expect(takeEarlyRead('/notification', null)).toBeUndefined();
    expect(takeEarlyRead('/people/profile', 't1')).toBeUndefined();
    vi.stubGlobal('window', {});
    expect(takeEarlyRead('/notification', 't1')).toBeUndefined();
  });
});
