/** Calls the catalogue does not list: the availability ledger and the resource planner (issue Staffing). */
export const AVAILABILITY_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/availability/org/:orgId'],
  ['GET', '/availability/mine'],
  ['GET', '/org/:id/planner'],
  ['PUT', '/org/:id/planner/role/:planItemId'],
];
