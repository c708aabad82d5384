import type { Route } from '../lib/url-state.ts';

type Access = 'any' | 'signed-in' | 'signed-out';

interface ScreenRule {
  /** the query parameter that opens the screen */
  param: string;
  access: Access;
  /** other parameters the screen needs */
  requires?: readonly string[];
  /** paths where the screen is already the page */
  notOn?: readonly Route['name'][];
  /** parameters that open the same screen first (one creation dialog, whichever of its parameters are set) */
  unless?: readonly string[];
}

/** Query parameters → screens (spec section 2); later issues add mission, org, time-tracking… */
export const SCREEN_RULES = [
  { param: 'mode', access: 'any', requires: ['oobCode'] },
  { param: 'login', access: 'signed-out', notOn: ['login'] },
  { param: 'myspace', access: 'signed-in' },
  { param: 'org', access: 'signed-in' },
  { param: 'hq', access: 'signed-in' },
  { param: 'from', access: 'any', requires: ['token'] },
  { param: 'diagnostic', access: 'any' },
  { param: 'mission', access: 'signed-in' },
  // money, each over the one before when several are open: the organisation's cost report, a mission's budget view
  // (over the mission or the report), the budget set-up
  { param: 'money-org', access: 'signed-in' },
  { param: 'budget-bar', access: 'signed-in' },
  { param: 'budget-setup', access: 'signed-in' },
  { param: 'action-item', access: 'signed-in' },
  { param: 'invite-notice', access: 'signed-in' },
  { param: 'leave-notice', access: 'signed-in' },
  { param: 'time-tracking', access: 'signed-in' },
  { param: 'planner', access: 'signed-in' },
  { param: 'my-expenses', access: 'signed-in' },
  { param: 'otPeriodStart', access: 'signed-in', requires: ['org'] },
  // the organisation's invoice area, over the organisation
  { param: 'invoice', access: 'signed-in', requires: ['org'] },
  // the mission creation dialog: the first of its parameters opens it, the others prefill it
  { param: 'mc', access: 'signed-in' },
  { param: 'mc-org', access: 'signed-in', unless: ['mc'] },
  { param: 'mc-program', access: 'signed-in', unless: ['mc', 'mc-org'] },
  { param: 'mc-org-goal', access: 'signed-in', unless: ['mc', 'mc-org', 'mc-program'] },
  { param: 'mc-prop', access: 'signed-in', unless: ['mc', 'mc-org', 'mc-program', 'mc-org-goal'] },
  { param: 'mc-departments', access: 'signed-in', unless: ['mc', 'mc-org', 'mc-program', 'mc-org-goal', 'mc-prop'] },
  { param: 'mc-offices', access: 'signed-in', unless: ['mc', 'mc-org', 'mc-program', 'mc-org-goal', 'mc-prop', 'mc-departments'] },
  {
    param: 'mc-client',
    access: 'signed-in',
    unless: ['mc', 'mc-org', 'mc-program', 'mc-org-goal', 'mc-prop', 'mc-departments', 'mc-offices'],
  },
  {
    param: 'create-mission',
    access: 'signed-in',
    unless: ['mc', 'mc-org', 'mc-program', 'mc-org-goal', 'mc-prop', 'mc-departments', 'mc-offices', 'mc-client'],
  },
  {
    param: 'create-proposal',
    access: 'signed-in',
    unless: ['mc', 'mc-org', 'mc-program', 'mc-org-goal', 'mc-prop', 'mc-departments', 'mc-offices', 'mc-client', 'create-mission'],
  },
] as const satisfies readonly ScreenRule[];

export type ScreenParam = (typeof SCREEN_RULES)[number]['param'];

export function openScreens(params: URLSearchParams, signedIn: boolean, route: Route['name']): ScreenParam[] {
  return SCREEN_RULES.filter((rule: ScreenRule) => {
    if (!params.has(rule.param)) return false;
    if (rule.access === 'signed-in' && !signedIn) return false;
    if (rule.access === 'signed-out' && signedIn) return false;
    if (rule.requires?.some((name) => !params.get(name))) return false;
    if (rule.unless?.some((name) => params.has(name))) return false;
    return !rule.notOn?.includes(route);
  }).map((rule) => rule.param);
}
