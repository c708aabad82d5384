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
] as const satisfies readonly ScreenRule[];

export type ScreenParam = (typeof SCREEN_RULES)[number]['param'];

export function openScreens(params: URLSearchParams, signedIn: boolean, route: Route['name']): ScreenParam[] {
  return SCREEN_RULES.filter((rule: ScreenRule) => {
    if (!params.has(rule.param)) return false;
    if (rule.access === 'signed-in' && !signedIn) return false;
    if (rule.access === 'signed-out' && signedIn) return false;
    if (rule.requires?.some((name) => !params.get(name))) return false;
    return !rule.notOn?.includes(route);
  }).map((rule) => rule.param);
}
