import { Suspense } from 'react';
import { Loader } from '@mantine/core';
import { BoardLeavesTab, OrgLeavesTab } from '../features/leave/index.ts';
import type { BoardSlotProps } from '../lib/feature-slots.tsx';

/** The board's Leaves tab for its slot: its code loads only when the tab is opened. */
export function BoardLeavesSlot(_props: BoardSlotProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading leave requests" />}>
      <BoardLeavesTab />
    </Suspense>
  );
}

/** The organisation's Leaves tab for its slot. */
export function OrgLeavesSlot({ orgId }: { orgId: string }) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading leave" />}>
      <OrgLeavesTab orgId={orgId} />
    </Suspense>
  );
}
