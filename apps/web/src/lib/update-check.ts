/**
 * An update is available when the server reports a version that is neither this build's nor the
 * one it reported when the page loaded (so a server that names versions its own way does not
 * make the banner stick).
 */
export function isUpdateAvailable(buildId: string, firstSeen: string | undefined, current: string | undefined): boolean {
  if (!current || current === buildId) return false;
  return firstSeen !== undefined && current !== firstSeen;
}

/** The same page with `_v` set to now, so caches cannot serve the old build. */
export function reloadUrl(href: string, now: number): string {
  const url = new URL(href);
  url.searchParams.set('_v', String(now));
  return url.toString();
}
