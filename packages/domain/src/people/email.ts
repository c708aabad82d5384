import { z } from 'zod';

/** A simple address whose final part has 2 to 15 letters (spec rule 145). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-z]{2,15}$/;

/** Email is trimmed and lowercased, then must match the address pattern. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(raw: string): boolean {
  return EMAIL_PATTERN.test(normaliseEmail(raw));
}

export const emailSchema = z.string().max(254).transform(normaliseEmail).pipe(z.string().regex(EMAIL_PATTERN, 'Invalid email'));

export function emailDomain(email: string): string {
  return normaliseEmail(email).split('@').pop() ?? '';
}
