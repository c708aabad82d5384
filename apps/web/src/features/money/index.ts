import { lazy } from 'react';

/**
 * Money: the mission budget set-up, the budget view (flash row, plan vs actual vs money, the mission's timesheets),
 * the organisation's cost report and the board's Cost tracker tab. Screens load on demand; the slot is small.
 */
export const BudgetSetupScreen = lazy(() => import('./BudgetSetupScreen.tsx').then((m) => ({ default: m.BudgetSetupScreen })));
export const BudgetViewScreen = lazy(() => import('./BudgetViewScreen.tsx').then((m) => ({ default: m.BudgetViewScreen })));
export const OrgMoneyScreen = lazy(() => import('./OrgMoneyScreen.tsx').then((m) => ({ default: m.OrgMoneyScreen })));
export { CostTrackerSlot } from './slot.tsx';
/** The mission's money report, which the plan's budget bar shows the planned cost of. */
export { missionMoneyKey, missionMoneyQuery } from './api.ts';
