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

/** The rows of the catalogue whose area is plan, actions or tasks. */
export const PLAN_AND_TASK_SPEC_ENDPOINTS: [string, string][] = [
  ['POST', '/mission-plan/mission/:id'],
  ['PUT', '/mission-plan/:id/change-person'],
  ['PUT', '/mission-plan/:id/bulk'],
  ['PUT', '/mission-plan/mission/:id/bulk'],
  ['DELETE', '/mission-plan/:id'],
  ['PUT', '/mission-plan/:id/dependency/add'],
  ['PUT', '/mission-plan/:id/dependency/remove'],
  ['PUT', '/mission-plan/request/:id/submit'],
  ['PUT', '/mission-plan/request/:id/approve'],
  ['PUT', '/mission-plan/request/:id/reject'],
  ['POST', '/mission-plan/:id/schedule'],
  ['PUT', '/mission-plan/:id/schedule/:scheduleId'],
  ['DELETE', '/mission-plan/:id/schedule/:scheduleId'],
  ['GET', '/mission-plan/my/roles'],
  ['POST', '/mission-plan/:id/action'],
  ['PUT', '/action/:id'],
  ['PUT', '/action/:id/bulk'],
  ['DELETE', '/action/:id'],
  ['PUT', '/action/:id/dependency/add'],
  ['PUT', '/action/:id/dependency/remove'],
  ['GET', '/action-item/:id'],
  ['GET', '/action-item/my/items'],
  ['POST', '/action-item/action/:actionId'],
  ['PUT', '/action-item/:id'],
  ['PUT', '/action-item/:id/bulk'],
  ['PUT', '/action-item/:id/move'],
  ['DELETE', '/action-item/:id'],
  ['POST', '/action-item/:id/people/:personId'],
  ['POST', '/action-item/:id/people/remove'],
  ['POST', '/action-item/:id/checklist'],
  ['PUT', '/action-item/:id/checklist/:checklistId/move'],
  ['PUT', '/action-item/:id/checklist/:checklistId'],
  ['PUT', '/action-item/:id/checklist/bulk'],
  ['DELETE', '/action-item/:id/checklist/:checklistId'],
  ['POST', '/action-item/:id/dependency'],
  ['DELETE', '/action-item/:id/dependency/:linkId'],
  ['DELETE', '/action-item/:id/dependency'],
];

/**
 * Calls of this area the catalogue does not list: the caller's own pending mission invites (home cards, invites view),
 * and many tasks created at once (imports, pasted lists).
 */
export const MISSION_EXTRA_ENDPOINTS: [string, string][] = [
  ['GET', '/mission-invite/mine'],
  ['POST', '/mission/:id/tasks/bulk'],
];
