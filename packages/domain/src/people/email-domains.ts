import providers from 'email-providers/all.json' with { type: 'json' };
import MailChecker from 'mailchecker';

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
