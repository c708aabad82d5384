import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import type { BoardSlotProps, OrgSlotProps } from '../../lib/feature-slots.tsx';

const LazyBoardExpenses = lazy(() => import('./BoardExpensesTab.tsx').then((m) => ({ default: m.BoardExpensesTab })));
const LazyOrgExpenses = lazy(() => import('./OrgExpensesTab.tsx').then((m) => ({ default: m.OrgExpensesTab })));

/** The board's Expenses tab for its slot: its code loads only when the tab is opened. */
export function BoardExpensesSlot(_props: BoardSlotProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading expenses" />}>
      <LazyBoardExpenses />
    </Suspense>
  );
}

/** The organisation area's Expenses tab for its slot. */
export function OrgExpensesSlot({ orgId }: OrgSlotProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading expenses" />}>
      <LazyOrgExpenses orgId={orgId} />
    </Suspense>
  );
}
