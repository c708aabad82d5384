/**
 * The address pattern of the domain rule (spec rule 145), without the domain email module's
 * free/disposable domain lists and zod, which would add about 300 KB to the first load.
 * email-format.test.ts keeps it equal to the domain's pattern.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[a-z]{2,15}$/;

export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(raw: string): boolean {
  return EMAIL_PATTERN.test(normaliseEmail(raw));
}
