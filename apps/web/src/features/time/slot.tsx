import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import type { BoardSlotProps } from '../../lib/feature-slots.tsx';

const LazyBoardTimesheets = lazy(() => import('./BoardTimesheetsTab.tsx').then((m) => ({ default: m.BoardTimesheetsTab })));

/** The board's Timesheets tab for its slot: its code loads only when the tab is opened. */
export function BoardTimesheetsSlot(props: BoardSlotProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading timesheets" />}>
      <LazyBoardTimesheets {...props} />
    </Suspense>
  );
}
