/**
 * The rows (method, path) of the spec's endpoint catalogue whose area is missions, mission-people, templates, and the
 * mission rows of invites, with the licence and promo calls of a mission; paths there are relative to /api.
 */
export const MISSION_SPEC_ENDPOINTS: [string, string][] = [
  ['POST', '/mission'],
  ['GET', '/mission/:id'],
  ['PUT', '/mission/:id'],
  ['DELETE', '/mission/:id'],
  ['GET', '/mission/list/tree'],
  ['POST', '/mission/:id/section-tag'],
  ['PUT', '/mission/:id/section-tag/:tagId'],
  ['DELETE', '/mission/:id/section-tag/:tagId'],
  ['POST', '/mission/:id/kpi'],
  ['PUT', '/mission/:id/kpi/:kpiId'],
  ['DELETE', '/mission/:id/kpi/:kpiId'],
  ['GET', '/mission/:id/history'],
  ['GET', '/mission/:id/audit/tree'],
  ['POST', '/mission/:id/baseline'],
  ['PUT', '/mission/:id/people/:personId'],
  ['DELETE', '/mission/:id/people/:personId'],
  ['POST', '/mission/:id/invite'],
  ['POST', '/mission-invite/handle/:token'],
  ['GET', '/mission-invite/token/:token'],
  ['PUT', '/mission-invite/:id/confirm'],
  ['PUT', '/mission-invite/:id/accept'],
  ['PUT', '/mission-invite/:id/reject'],
  ['POST', '/template'],
  ['GET', '/template'],
  ['PUT', '/template/bulk'],
  ['POST', '/template/delete/bulk'],
  ['POST', '/mission/:id/license'],
  ['PUT', '/mission/:id/promo/apply'],
];

/** Calls of this area the catalogue does not list: the caller's own pending mission invites (home cards, invites view). */
export const MISSION_EXTRA_ENDPOINTS: [string, string][] = [['GET', '/mission-invite/mine']];
