// Starts a signed-in visit's first reads (the profile and the notifications the workspace waits for, and Home's files
// when it lands there) while the app's code is still downloading, seconds on a slow phone network. The app's `api` takes each answer over once instead of
// asking again (`lib/early-reads.ts`). A plain script, not a module: Vite would fold a module into the app's code.
(() => {
  try {
    const token = localStorage.getItem('crewplan.token');
    if (!token) return;
    const headers = { authorization: `Bearer ${token}` };
    const requestId = sessionStorage.getItem('crewplan.user-request-id');
    if (requestId) headers['x-user-request-id'] = requestId;
    const reads = {};
    for (const path of ['/people/profile', '/notification'])
      reads[path] = fetch(`/api${path}`, { headers, credentials: 'same-origin' }).catch(() => null);
    globalThis.__crewplanEarlyReads = { token, reads };
    // where a signed-in visit lands, Home's own files come beside the app's first chunk, not after it has run
    const home = document.querySelector('meta[name="crewplan-home-files"]');
    if (home && (location.pathname === '/' || location.pathname === '/home'))
      for (const href of home.content.split(' ')) {
        // as the app's own loader asks for them (anonymous CORS), so that its requests find these in the cache
        const link = Object.assign(document.createElement('link'), { crossOrigin: '', href });
        if (href.endsWith('.css')) Object.assign(link, { rel: 'preload', as: 'style' });
        else link.rel = 'modulepreload';
        document.head.append(link);
      }
  } catch {
    // storage refused (private mode): the app reads as usual
  }
})();
