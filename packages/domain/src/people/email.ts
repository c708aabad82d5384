import providers from 'email-providers/all.json' with { type: 'json' };
import MailChecker from 'mailchecker';
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

const freeDomains = new Set<string>(providers as string[]);
/** Names reserved for documentation and testing (RFC 2606) are nobody's mail provider. */
const RESERVED = /(^|\.)example\.(com|net|org)$|\.(test|example|invalid|localhost)$/;

/** Free mail providers (gmail.com, outlook.com, …), from a maintained list (spec rule 146). */
export function isFreeEmailDomain(domain: string): boolean {
  const name = domain.toLowerCase();
  return freeDomains.has(name) && !RESERVED.test(name);
}

/** Disposable (throwaway) mail domains, from a maintained list (spec rule 146). */
export function isDisposableEmailDomain(domain: string): boolean {
  return !MailChecker.isValid(`someone@${domain.toLowerCase()}`);
}
