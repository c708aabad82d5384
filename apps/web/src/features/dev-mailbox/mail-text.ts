const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

/** Splits mail text into plain text and links so links can be clicked. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href: match[0] });
    last = start + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/** Every distinct link of a mail, from its text and its html. */
export function mailLinks(text: string, html: string | null | undefined): string[] {
  const fromHtml = [...(html ?? '').matchAll(/href="(https?:\/\/[^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  const fromText = [...text.matchAll(URL_PATTERN)].map((match) => match[0]);
  return [...new Set([...fromText, ...fromHtml])];
}
