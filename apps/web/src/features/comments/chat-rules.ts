import { MENTION_PICKER_MAX, MENTIONABLE_MAX_PERMISSION, replyQuote } from '@crewplan/domain/comments/rules';

/** A person the mention picker offers. */
export type MentionPerson = { id: string; name: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const UNESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** The words of a message's (sanitised) HTML, lines kept: what an edit box starts from and what a reply quotes. */
export function plainTextOf(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|li|blockquote|pre)>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (entity) => UNESCAPES[entity] ?? entity)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const mentionHtml = (person: MentionPerson) => `<span class="mention" data-person-id="${person.id}">@${escapeHtml(person.name)}</span>`;

/**
 * What the composer sends: its text as HTML (escaped, lines kept) with each picked `@Name` still in the text turned into
 * a mention, and the ids of those people. Longer names first, so '@Ada Lovelace' wins over '@Ada'.
 */
export function composeMessage(text: string, picked: readonly MentionPerson[]): { html: string; mentions: string[] } {
  const people = [...new Map(picked.map((person) => [person.id, person])).values()].sort((a, b) => b.name.length - a.name.length);
  const mentions: string[] = [];
  let html = escapeHtml(text.trim());
  for (const person of people) {
    const token = `@${escapeHtml(person.name)}`;
    if (!html.includes(token)) continue;
    mentions.push(person.id);
    html = html.split(token).join(`\u0000${person.id}\u0000`);
  }
  for (const person of people) html = html.split(`\u0000${person.id}\u0000`).join(mentionHtml(person));
  return { html: html.replace(/\r?\n/g, '<br>'), mentions };
}

/** Rule 247: a reply starts with a quote naming the person answered and the first 80 characters of their message. */
export function replyBlock(author: MentionPerson, quotedHtml: string): string {
  const { name, quote } = replyQuote(author.name, plainTextOf(quotedHtml));
  return `<blockquote>${mentionHtml({ id: author.id, name })} ${escapeHtml(quote)}</blockquote>`;
}

/** A reply's leading quote (kept as it was when the reply is edited) and the rest of the message. */
export function splitQuote(html: string): { quote: string; rest: string } {
  const match = /^<blockquote>[\s\S]*?<\/blockquote>/.exec(html);
  return match ? { quote: match[0], rest: html.slice(match[0].length) } : { quote: '', rest: html };
}

/** The `@word` being typed just before the caret (start of the '@' and what follows it), or null. */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]{0,40})$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Puts `insert` in place of text[start, end) and says where the caret goes after it. */
export function replaceRange(text: string, start: number, end: number, insert: string): { text: string; caret: number } {
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}

/** A team member as the picker sees them. */
export type TeamMember = { personId: string; name: string; permission: number; invitePending: boolean };

/**
 * The mention picker's people (rules 131, 169): team members with permission at most 3 and an accepted invite, never
 * oneself, whose name has a word starting with the query; at most 100.
 */
export function mentionCandidates(team: readonly TeamMember[], query: string, selfId: string | null): MentionPerson[] {
  const q = query.trim().toLowerCase();
  return team
    .filter((person) => person.permission <= MENTIONABLE_MAX_PERMISSION && !person.invitePending && person.personId !== selfId)
    .filter(
      (person) =>
        !q ||
        person.name
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith(q)) ||
        person.name.toLowerCase().startsWith(q),
    )
    .sort((a, b) => a.name.localeCompare(b.name))
    .slice(0, MENTION_PICKER_MAX)
    .map((person) => ({ id: person.personId, name: person.name }));
}
