import { Suspense } from 'react';
import { Loader } from '@mantine/core';
import type { BoardSlotProps } from '../../lib/feature-slots.tsx';
import { BoardTimesheetsTab } from './index.ts';

/** The board's Timesheets tab for its slot: its code loads only when the tab is opened. */
export function BoardTimesheetsSlot(props: BoardSlotProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading timesheets" />}>
      <BoardTimesheetsTab {...props} />
    </Suspense>
  );
}
