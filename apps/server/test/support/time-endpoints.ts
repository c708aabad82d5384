/**
 * The rows (method, path) of the spec's endpoint catalogue whose area is time or metrics; paths are relative to /api.
 * Parameters are named by what they hold (`:orgId`, `:id` for a mission, `:personId`, `:timesheetId`).
 */
export const TIME_SPEC_ENDPOINTS: [string, string][] = [
  ['POST', '/timesheet/org/:orgId'],
  ['GET', '/timesheet/org/:orgId'],
  ['GET', '/timesheet/org/:orgId/timesheet/:id'],
  ['PUT', '/timesheet/org/:orgId/timesheet/:id'],
  ['DELETE', '/timesheet/org/:orgId/timesheet/:id'],
  ['POST', '/timesheet/mission/:id'],
  ['GET', '/timesheet'],
  ['GET', '/timesheet/project-manager'],
  ['GET', '/timesheet/mission/:id'],
  ['GET', '/timesheet/mission/:id/person/:personId'],
  ['PUT', '/timesheet/mission/:id/timesheet/:timesheetId'],
  ['DELETE', '/timesheet/mission/:id/timesheet/:timesheetId'],
  ['POST', '/orgPersonMetrics/missionTimesheetDailyMetrics/list/org/:id'],
];

/**
 * Calls of the area the catalogue does not list: the organisation's overtime report (otPeriodStart, otPeriodEnd),
 * the role cells of the project managers' Timesheets tab, the personal grid's whole week saved in one call, and where
 * the person keeps weeks (the my-timesheets button of a team member invited from outside the organisation).
 */
export const TIME_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/timesheet/org/:orgId/overtime'],
  ['GET', '/timesheet/project-manager/roles'],
  ['PUT', '/timesheet/week'],
  ['GET', '/timesheet/orgs'],
];
