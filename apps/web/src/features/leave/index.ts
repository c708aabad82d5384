import { lazy } from 'react';

/** The leave feature's public entry: every screen loads on demand (the first-load bundle is at its budget). */
export const LeaveTracker = lazy(() => import('./LeaveTracker.tsx').then((m) => ({ default: m.LeaveTracker })));
export const OrgLeavesTab = lazy(() => import('./OrgLeavesTab.tsx').then((m) => ({ default: m.OrgLeavesTab })));
export const BoardLeavesTab = lazy(() => import('./BoardLeavesTab.tsx').then((m) => ({ default: m.BoardLeavesTab })));
export const LeaveNoticeScreen = lazy(() => import('./LeaveNoticeScreen.tsx').then((m) => ({ default: m.LeaveNoticeScreen })));
export const WorkFromHome = lazy(() => import('./WorkFromHome.tsx').then((m) => ({ default: m.WorkFromHome })));
/** Rule 230: the Leaves badges the board's and the organisation's Leaves tabs show (a light query, no screen code). */
export { useLeaveBadges } from './api.ts';
