import { lazy } from 'react';

/**
 * Expenses: my expenses (the floating button's screen, with the quick entry form), the board's Expenses tab for
 * project managers and the organisation's Expenses tab. Screens load on demand; the slots are small.
 */
export const MyExpensesScreen = lazy(() => import('./MyExpensesScreen.tsx').then((m) => ({ default: m.MyExpensesScreen })));
export { BoardExpensesSlot, OrgExpensesSlot } from './slot.tsx';
