/**
 * Calls of the money area the catalogue does not list ("Calls for rate cards and role rates: not shown"): the money
 * reports, the board's cost tracker and the organisation's rate cards. Paths are relative to /api.
 */
export const MONEY_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/money/mission/:id'],
  ['GET', '/money/mission/:id/actuals'],
  ['GET', '/money/org/:orgId/report'],
  ['GET', '/money/project-manager/cost-tracker'],
  ['GET', '/org/:orgId/rate-card'],
  ['POST', '/org/:orgId/rate-card'],
  ['GET', '/org/:orgId/rate-card/:id'],
  ['PUT', '/org/:orgId/rate-card/:id'],
  ['DELETE', '/org/:orgId/rate-card/:id'],
];
