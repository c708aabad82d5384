import { describe, expect, it } from 'vitest';
import { excerptOf, isEmptyMessage, plainTextOf, sanitiseMessage } from '../src/modules/comments/comments.sanitize.ts';

const FILE = '0123456789abcdef01234567';
const PERSON = '89abcdef0123456789abcdef';

/** What must never survive sanitising, whatever the payload. */
const DANGEROUS = /<script|<iframe|<svg|<style|<object|<embed|<form|<input|<math|\son\w+=|javascript:|vbscript:|data:|style=|srcdoc/i;

describe('comment sanitiser: XSS payloads', () => {
  it.each([
    ['script tag', '<script>alert(1)</script>hi', 'hi'],
    ['script with src', '<script src="https://evil.example/x.js"></script>', ''],
    ['img onerror', '<img src=x onerror=alert(1)>', ''],
    ['drive img with onerror', `<img src="/api/drive/${FILE}" onerror="alert(1)">`, `<img src="/api/drive/${FILE}" alt="" />`],
    ['img from elsewhere', '<img src="https://evil.example/pixel.png">', ''],
    ['img data URL', '<img src="data:image/svg+xml;base64,PHN2Zz4=">', ''],
    ['img drive path with more after the id', `<img src="/api/drive/${FILE}/../../x">`, ''],
    ['img drive path with a query', `<img src="/api/drive/${FILE}?x=1">`, ''],
    ['img protocol-relative', `<img src="//evil.example/api/drive/${FILE}">`, ''],
    ['onmouseover on a paragraph', '<p onmouseover="alert(1)">x</p>', '<p>x</p>'],
    ['javascript: link', '<a href="javascript:alert(1)">x</a>', '<span>x</span>'],
    ['javascript: link with entities', '<a href="jav&#x61;script:alert(1)">x</a>', '<span>x</span>'],
    ['javascript: link with a tab', '<a href="java\tscript:alert(1)">x</a>', '<span>x</span>'],
    ['javascript: link upper case and spaces', '<a href="  JAVASCRIPT:alert(1)">x</a>', '<span>x</span>'],
    ['data: link', '<a href="data:text/html,<script>alert(1)</script>">x</a>', '<span>x</span>'],
    ['vbscript link', '<a href="vbscript:msgbox(1)">x</a>', '<span>x</span>'],
    ['relative link', '<a href="/api/session/cookie/set">x</a>', '<span>x</span>'],
    ['svg onload', '<svg onload=alert(1)><circle/></svg>', ''],
    ['svg with script', '<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['iframe', '<iframe src="https://evil.example"></iframe>', ''],
    ['iframe srcdoc', '<iframe srcdoc="<script>alert(1)</script>"></iframe>', ''],
    ['style tag', '<style>body{display:none}</style>x', 'x'],
    ['style attribute', '<b style="background:url(javascript:alert(1))">x</b>', '<b>x</b>'],
    ['object and embed', '<object data="x.swf"></object><embed src="x.swf">', ''],
    ['form and input', '<form action="https://evil.example"><input autofocus onfocus=alert(1)></form>', ''],
    ['math', '<math><mtext><script>alert(1)</script></mtext></math>', ''],
    ['nested tags to rebuild a script', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['double angle brackets', '<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
    ['escaped entities stay text', '&lt;script&gt;alert(1)&lt;/script&gt;', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['comment trick', '<!--<img src=x onerror=alert(1)>-->ok', 'ok'],
    [
      'mention with extra attributes',
      `<span class="mention" data-person-id="${PERSON}" onclick="x" style="x">@Bo</span>`,
      `<span class="mention" data-person-id="${PERSON}">@Bo</span>`,
    ],
    ['mention with a bad id', '<span class="mention" data-person-id="x&quot; onclick=&quot;y">@Bo</span>', '<span>@Bo</span>'],
    ['other classes dropped', '<span class="admin-banner">x</span>', '<span>x</span>'],
    ['base and meta', '<base href="https://evil.example"><meta http-equiv="refresh" content="0;url=https://evil.example">x', 'x'],
  ])('%s', (_name, payload, expected) => {
    const clean = sanitiseMessage(payload);
    expect(clean).toBe(expected);
    expect(clean).not.toMatch(DANGEROUS);
  });
});

describe('comment sanitiser: what chat keeps', () => {
  it.each([
    ['formatting', '<p><b>b</b> <i>i</i> <em>em</em> <strong>s</strong> <u>u</u> <s>x</s><br /></p>'],
    ['lists and quotes', '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre><code>c</code></pre>'],
    ['a drive image', `<img src="/api/drive/${FILE}" alt="shot.png" />`],
    ['a mention', `<span class="mention" data-person-id="${PERSON}">@Bo Brown</span>`],
  ])('%s', (_name, html) => expect(sanitiseMessage(html)).toBe(html));

  it('forces links to open apart, without the opener', () => {
    expect(sanitiseMessage('<a href="https://example.org" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitiseMessage('<a href="mailto:ada@example.org">mail</a>')).toBe(
      '<a href="mailto:ada@example.org" rel="noopener noreferrer" target="_blank">mail</a>',
    );
  });

  it('tells empty messages apart and makes plain text', () => {
    expect(isEmptyMessage(sanitiseMessage('<script>x</script><p> </p>'))).toBe(true);
    expect(isEmptyMessage(sanitiseMessage(`<img src="/api/drive/${FILE}">`))).toBe(false);
    expect(plainTextOf('<p>Tom &amp; Jerry</p><p>said &lt;hi&gt;</p>')).toBe('Tom & Jerry said <hi>');
    expect(excerptOf(`<p>${'word '.repeat(40)}</p>`)).toHaveLength(141);
  });
});
