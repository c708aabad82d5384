/**
 * Applies the app's stylesheets to the screen and answers once they have loaded. The built page links them as print
 * styles so that its first paint does not wait for them (`vite.config.ts`); the app must not draw before them. In
 * development there are none to wait for.
 */
export function appStylesLoaded(): Promise<void> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-styles]')];
  return Promise.all(
    links.map(
      (link) =>
        new Promise<void>((resolve) => {
          link.media = 'all';
          if (link.sheet) return resolve();
          // a stylesheet that fails leaves the app unstyled, not blank
          link.addEventListener('load', () => resolve(), { once: true });
          link.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}
