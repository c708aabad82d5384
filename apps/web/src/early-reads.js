// Starts a signed-in visit's first reads (the profile and the notifications the workspace waits for) while the app's
// code is still downloading, seconds on a slow phone network. The app's `api` takes each answer over once instead of
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
  } catch {
    // storage refused (private mode): the app reads as usual
  }
})();
