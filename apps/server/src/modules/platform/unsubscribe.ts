import { createHmac, timingSafeEqual } from 'node:crypto';

/** Stateless one-click unsubscribe token: the person id signed with the server secret. */
export function unsubscribeToken(secret: string, personId: string): string {
  return `${personId}.${sign(secret, personId)}`;
}

export function personOfUnsubscribeToken(secret: string, token: string): string | null {
  const [personId, signature] = token.split('.');
  if (!personId || !signature || !/^[0-9a-f]{24}$/.test(personId)) return null;
  const expected = Buffer.from(sign(secret, personId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? personId : null;
}

function sign(secret: string, personId: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${personId}`).digest('base64url');
}

/** The API address a mail client posts to for a one-click unsubscribe (RFC 8058), as the List-Unsubscribe header. */
export function oneClickUnsubscribeLink(publicUrl: string, token: string): string {
  const url = new URL('/api/unsubscribe/email', publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
