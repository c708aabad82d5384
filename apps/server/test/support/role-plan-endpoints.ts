/** The rows (method, path) of the spec's endpoint catalogue whose area is crm-roles; paths are relative to /api. */
export const ROLE_PLAN_SPEC_ENDPOINTS: [string, string][] = [
  ['GET', '/org-role-plan-item/org/:id'],
  ['POST', '/org-role-plan-item/org/:id'],
  ['POST', '/org-role-plan-item/org/:id/role-plan-item/list'],
  ['GET', '/org-role-plan-item/org/:id/my'],
  ['PUT', '/org-role-plan-item/org/:id/role-plan-item/bulk'],
  ['DELETE', '/org-role-plan-item/org/:id/role-plan-item/:itemId'],
  ['PUT', '/org-role-plan-item/org/:id/role-plan-item/status'],
];
