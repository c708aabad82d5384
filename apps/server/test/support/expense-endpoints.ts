/**
 * The rows (method, path) of the spec's endpoint catalogue whose area is expenses; paths are relative to /api.
 * A mission's expense routes name the expense `:id` (its mission is found from it).
 */
export const EXPENSE_SPEC_ENDPOINTS: [string, string][] = [
  ['GET', '/expense/my'],
  ['GET', '/expense/project-manager'],
  ['GET', '/expense/org/:orgId'],
  ['POST', '/expense/org/:orgId'],
  ['PUT', '/expense/org/:orgId/expense/:expenseId'],
  ['DELETE', '/expense/org/:orgId/expense/:expenseId'],
  ['PUT', '/expense/org/:orgId/expense/:expenseId/status'],
  ['POST', '/expense/org/:orgId/expense/:expenseId/attachment'],
  ['DELETE', '/expense/org/:orgId/expense/:expenseId/attachment/:attachmentId'],
  ['GET', '/expense/org/:orgId/mission'],
  ['GET', '/expense/mission/:id'],
  ['POST', '/expense/mission/:id'],
  ['PUT', '/expense/mission/expense/:id'],
  ['DELETE', '/expense/mission/expense/:id'],
  ['PUT', '/expense/mission/expense/:id/status'],
  ['POST', '/expense/mission/expense/:id/attachment'],
  ['DELETE', '/expense/mission/expense/:id/attachment/:attachmentId'],
];

/** Calls of the area the catalogue does not list: a receipt's bytes, for the file viewer, in either scope. */
export const EXPENSE_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/expense/org/:orgId/expense/:expenseId/attachment/:attachmentId'],
  ['GET', '/expense/mission/expense/:id/attachment/:attachmentId'],
];
