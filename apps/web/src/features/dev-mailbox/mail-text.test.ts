import { describe, expect, it } from 'vitest';
import { mailLinks, splitLinks } from './mail-text.ts';

describe('splitLinks', () => {
  it('separates links from text', () => {
    expect(splitLinks('Open http://x.test/?mode=verifyEmail&oobCode=A1 now.')).toEqual([
      { kind: 'text', text: 'Open ' },
      { kind: 'link', href: 'http://x.test/?mode=verifyEmail&oobCode=A1' },
      { kind: 'text', text: ' now.' },
    ]);
    expect(splitLinks('no links')).toEqual([{ kind: 'text', text: 'no links' }]);
  });
});

describe('mailLinks', () => {
  it('collects distinct links of text and html', () => {
    expect(mailLinks('See https://a.test/1', '<a href="https://a.test/1">x</a><a href="https://a.test/2?a=1&amp;b=2">y</a>')).toEqual([
      'https://a.test/1',
      'https://a.test/2?a=1&b=2',
    ]);
  });
});
