import sanitizeHtml from 'sanitize-html';
import { COMMENT_EXCERPT_LENGTH, cutText, ID_PATTERN } from '@crewplan/domain';

/** The only images a message may show: files of the drive, by id (the file route checks who may see them). */
const DRIVE_IMAGE = /^\/api\/drive\/[0-9a-f]{24}$/;
const LINK = /^(https?:\/\/|mailto:)/i;

const MESSAGE_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'i', 'em', 'strong', 'u', 's', 'p', 'br', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'a', 'span', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'target'], span: ['class', 'data-person-id'], img: ['src', 'alt'] },
  allowedClasses: { span: ['mention'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim() ?? '';
      return LINK.test(href)
        ? { tagName, attribs: { href, rel: 'noopener noreferrer', target: '_blank' } }
        : { tagName: 'span', attribs: {} };
    },
    span: (tagName, attribs): sanitizeHtml.Tag => {
      const personId = attribs['data-person-id'] ?? '';
      return attribs.class === 'mention' && ID_PATTERN.test(personId)
        ? { tagName, attribs: { class: 'mention', 'data-person-id': personId } }
        : { tagName, attribs: {} };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { src: attribs.src ?? '', alt: attribs.alt ?? '' } }),
  },
  exclusiveFilter: (frame) =>
    (frame.tag === 'img' && !DRIVE_IMAGE.test(frame.attribs.src ?? '')) ||
    (frame.tag === 'span' && !frame.attribs.class && !frame.text.trim()),
};

/**
 * A message's HTML reduced to what chat shows (spec 3 §5: comment text is sanitised): basic formatting, links over
 * http(s) or mailto that open apart, mentions, and images of the drive (`/api/drive/<id>`); nothing else survives.
 */
export function sanitiseMessage(html: string): string {
  return sanitizeHtml(html, MESSAGE_HTML).trim();
}

/** Entities sanitize-html writes into text. */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The words of a (sanitised) message, blocks separated by spaces. */
export function plainTextOf(html: string): string {
  const spaced = html.replace(/<(br|\/p|\/li|\/blockquote|\/pre)\b[^>]*>/gi, ' $&');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a sanitised message says nothing: no words and no image. */
export const isEmptyMessage = (html: string) => plainTextOf(html) === '' && !/<img\s/i.test(html);

/** The message as plain text cut for event titles and mails. */
export const excerptOf = (html: string) => cutText(plainTextOf(html), COMMENT_EXCERPT_LENGTH);
