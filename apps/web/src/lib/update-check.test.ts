import { describe, expect, it } from 'vitest';
import { isUpdateAvailable, reloadUrl } from './update-check.ts';

describe('isUpdateAvailable', () => {
  it('is quiet while the server runs this build', () => {
    expect(isUpdateAvailable('b1', 'b1', 'b1')).toBe(false);
  });

  it('offers the update when the server version changes after load', () => {
    expect(isUpdateAvailable('b1', 'b1', 'b2')).toBe(true);
    expect(isUpdateAvailable('b1', 'server-7', 'server-8')).toBe(true);
  });

  it('stays quiet when the server names versions its own way and nothing changed', () => {
    expect(isUpdateAvailable('b1', 'server-7', 'server-7')).toBe(false);
    expect(isUpdateAvailable('b1', undefined, undefined)).toBe(false);
  });
});

describe('reloadUrl', () => {
  it('sets _v and keeps the rest of the URL', () => {
    expect(reloadUrl('http://h.test/home?myspace=2fa', 42)).toBe('http://h.test/home?myspace=2fa&_v=42');
    expect(reloadUrl('http://h.test/home?_v=1', 42)).toBe('http://h.test/home?_v=42');
  });
});
