import { describe, expect, it } from 'vitest';
import { filePath, matchPath, redirectFor, withParams } from './url-state.ts';

describe('matchPath', () => {
  it.each([
    ['/', 'login'],
    ['/login', 'login'],
    ['/home', 'home'],
    ['/home/', 'home'],
    ['/board', 'board'],
    ['/dev/mailbox', 'mailbox'],
    ['/nowhere', 'unknown'],
  ])('%s is %s', (path, name) => {
    expect(matchPath(path).name).toBe(name);
  });

  it('reads the file viewer path', () => {
    expect(matchPath('/drive/d/abc/report%20q1.pdf')).toEqual({ name: 'file', fileId: 'abc', fileName: 'report q1.pdf' });
  });
});

describe('withParams', () => {
  it('sets, flags and removes parameters', () => {
    expect(withParams('?a=1&b=2', { a: null, c: '', b: '3' })).toBe('?b=3&c=');
    expect(withParams('?a=1', { a: null })).toBe('');
  });
});

describe('redirectFor', () => {
  it('sends signed-out visitors of home and board to /login', () => {
    expect(redirectFor('/home', '', false)).toBe('/login');
    expect(redirectFor('/board', '?board-tab=x', false)).toBe('/login?board-tab=x');
  });

  it('sends a signed-out visitor with a mission to the root with login open', () => {
    expect(redirectFor('/board', '?mission=m1', false)).toBe('/?mission=m1&login=');
  });

  it('takes a signed-in person from the sign-in paths to home, keeping email-link parameters', () => {
    expect(redirectFor('/login', '', true)).toBe('/home');
    expect(redirectFor('/', '?mode=verifyEmail&oobCode=X', true)).toBe('/home?mode=verifyEmail&oobCode=X');
    expect(redirectFor('/', '?login=&mission=m1', true)).toBe('/home?mission=m1');
  });

  it('leaves signed-out visitors on the sign-in paths', () => {
    expect(redirectFor('/', '?mode=resetPassword&oobCode=X', false)).toBeNull();
  });

  it('handles the root file redirect', () => {
    expect(redirectFor('/', '?drive=d&fileId=f1&fileName=a.png', true)).toBe(filePath('f1', 'a.png'));
    expect(redirectFor('/', '?drive=d&fileId=f1&fileName=a.png', false)).toBe('/login');
    expect(redirectFor('/', '?drive=d&fileId=f1', true)).toBe('/home');
  });

  it('keeps the file path for signed-in people only', () => {
    expect(redirectFor('/drive/d/f1/a.png', '', true)).toBeNull();
    expect(redirectFor('/drive/d/f1/a.png', '', false)).toBe('/login');
  });

  it('never redirects the dev mailbox', () => {
    expect(redirectFor('/dev/mailbox', '', false)).toBeNull();
  });
});
