import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';

const LazyCostTracker = lazy(() => import('./CostTrackerTab.tsx').then((m) => ({ default: m.CostTrackerTab })));

/** The board's Cost tracker tab for its slot: its code loads only when the tab is opened. */
export function CostTrackerSlot() {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the cost tracker" />}>
      <LazyCostTracker />
    </Suspense>
  );
}
