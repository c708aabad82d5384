import { describe, expect, it } from 'vitest';
import {
  composeMessage,
  mentionCandidates,
  mentionQueryAt,
  plainTextOf,
  replaceRange,
  replyBlock,
  splitQuote,
  type TeamMember,
} from './chat-rules.ts';

const ADA = { id: 'a'.repeat(24), name: 'Ada Lovelace' };
const AD = { id: 'b'.repeat(24), name: 'Ada' };

describe('composeMessage', () => {
  it.each([
    ['plain text is escaped', 'a < b & "c"', [], 'a &lt; b &amp; &quot;c&quot;', []],
    ['lines become breaks', 'one\ntwo', [], 'one<br>two', []],
    [
      'a picked mention becomes a mention span',
      'hi @Ada Lovelace!',
      [ADA],
      `hi <span class="mention" data-person-id="${ADA.id}">@Ada Lovelace</span>!`,
      [ADA.id],
    ],
    ['a mention removed from the text is not sent', 'hi there', [ADA], 'hi there', []],
    [
      'the longer name wins',
      '@Ada Lovelace and @Ada',
      [AD, ADA],
      `<span class="mention" data-person-id="${ADA.id}">@Ada Lovelace</span> and <span class="mention" data-person-id="${AD.id}">@Ada</span>`,
      [ADA.id, AD.id],
    ],
    [
      'a name with markup is escaped',
      '@<b>',
      [{ id: 'c'.repeat(24), name: '<b>' }],
      `<span class="mention" data-person-id="${'c'.repeat(24)}">@&lt;b&gt;</span>`,
      ['c'.repeat(24)],
    ],
  ])('%s', (_name, text, picked, html, mentions) => expect(composeMessage(text, picked)).toEqual({ html, mentions }));
});

describe('replies and plain text', () => {
  it('quotes the first 80 characters with the author (rule 247)', () => {
    const long = `<p>${'x'.repeat(85)}</p>`;
    expect(replyBlock(ADA, long)).toBe(
      `<blockquote><span class="mention" data-person-id="${ADA.id}">@Ada Lovelace</span> ${'x'.repeat(80)}…</blockquote>`,
    );
    expect(replyBlock(ADA, '<b>a &amp; b</b>')).toBe(
      `<blockquote><span class="mention" data-person-id="${ADA.id}">@Ada Lovelace</span> a &amp; b</blockquote>`,
    );
  });
  it('splits the quote off a reply', () => {
    expect(splitQuote('<blockquote>q</blockquote>answer<blockquote>x</blockquote>')).toEqual({
      quote: '<blockquote>q</blockquote>',
      rest: 'answer<blockquote>x</blockquote>',
    });
    expect(splitQuote('plain <blockquote>x</blockquote>')).toEqual({ quote: '', rest: 'plain <blockquote>x</blockquote>' });
  });
  it('reads HTML as text with its lines', () => {
    expect(plainTextOf('<p>one<br>two</p><p>x &lt; y</p>')).toBe('one\ntwo\nx < y');
  });
});

describe('mention picker', () => {
  it.each([
    ['@ at the start', '@ad', 3, { start: 0, query: 'ad' }],
    ['@ after a space', 'hi @', 4, { start: 3, query: '' }],
    ['an email is not a mention', 'mail a@b', 8, null],
    ['caret before the @', '@ad', 0, null],
    ['after a space the word ended', 'hi @ad ', 7, null],
  ])('%s', (_name, text, caret, expected) => expect(mentionQueryAt(text, caret)).toEqual(expected));

  it('replaces the typed word with the name', () =>
    expect(replaceRange('hi @ad!', 3, 6, '@Ada ')).toEqual({ text: 'hi @Ada !', caret: 8 }));

  const team: TeamMember[] = [
    { personId: 'me', name: 'Me Myself', permission: 1, invitePending: false },
    { personId: 'p0', name: 'Bob Brown', permission: 0, invitePending: false },
    { personId: 'p3', name: 'Obi Observer', permission: 3, invitePending: false },
    { personId: 'p4', name: 'Lim Ited', permission: 4, invitePending: false },
    { personId: 'pending', name: 'Bea Pending', permission: 0, invitePending: true },
  ];
  it.each([
    ['everyone mentionable, by name', '', ['Bob Brown', 'Obi Observer']],
    ['by the start of any word', 'br', ['Bob Brown']],
    ['permission 4 and pending invites never', 'li', []],
    ['not oneself', 'me', []],
  ])('%s', (_name, query, names) => expect(mentionCandidates(team, query, 'me').map((p) => p.name)).toEqual(names));

  it('offers at most 100 people', () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ personId: `p${i}`, name: `Person ${i}`, permission: 0, invitePending: false }));
    expect(mentionCandidates(many, '', null)).toHaveLength(100);
  });
});
