import { lazy } from 'react';

/** The time feature's public entry: its screens load on demand; the badge count and the board slot are small. */
export const TimeTrackingScreen = lazy(() => import('./TimeTrackingScreen.tsx').then((m) => ({ default: m.TimeTrackingScreen })));
export const OvertimeScreen = lazy(() => import('./OvertimeScreen.tsx').then((m) => ({ default: m.OvertimeScreen })));
export { BoardTimesheetsSlot } from './slot.tsx';
export { useMissingTimesheetCount, useTimeTrackingOpen } from './missing.ts';
