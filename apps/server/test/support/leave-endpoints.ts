/** The leave rows of the spec's endpoint catalogue (area `leave`), relative to /api. */
export const LEAVE_SPEC_ENDPOINTS: [string, string][] = [
  ['POST', '/people-leave/create/:id'],
  ['POST', '/people-leave/create/submit/:id'],
  ['GET', '/people-leave/list/user'],
  ['GET', '/people-leave/list/project-manager'],
  ['GET', '/people-leave/list/org/:orgId'],
  ['GET', '/people-leave/list/mission/:missionId'],
  ['PUT', '/people-leave/action/update/:id'],
  ['DELETE', '/people-leave/action/delete/:id'],
  ['PUT', '/people-leave/action/submit'],
  ['PUT', '/people-leave/action/approve'],
  ['PUT', '/people-leave/action/approve/final'],
  ['PUT', '/people-leave/action/reject'],
  ['PUT', '/people-leave/action/cancel'],
  ['PUT', '/people-leave/action/reject/final'],
  ['POST', '/people-leave/attachment/leave/:leaveId'],
  ['DELETE', '/people-leave/attachment/leave/:leaveId/file/:fileId'],
  ['GET', '/people-leave/attachment/leave/:leaveId/org/:orgId/file/:fileId'],
  ['GET', '/people-leave/attachment/leave/:leaveId/mission/:missionId/file/:fileId'],
  ['POST', '/org/:id/leave/notify'],
];

/**
 * Calls the catalogue does not list: work-from-home days (spec 2 §8 names only their message), the leave calendar
 * feed, the Leaves badges (rule 230) and the countries whose holidays are known (rule 216).
 */
export const LEAVE_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/people-leave/badge'],
  ['GET', '/people-leave/holiday-countries'],
  ['GET', '/work-from-home'],
  ['POST', '/work-from-home'],
  ['DELETE', '/work-from-home/:id'],
  ['POST', '/people-leave/feed'],
  ['DELETE', '/people-leave/feed'],
  ['GET', '/people-leave/feed/calendar.ics'],
];
