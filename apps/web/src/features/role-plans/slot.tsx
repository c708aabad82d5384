import { lazy, Suspense, type ComponentType } from 'react';
import { Loader } from '@mantine/core';
import type { BoardSlotProps } from '../../lib/feature-slots.tsx';

const LazyRequest = lazy(() => import('./RequestResourcesTab.tsx').then((m) => ({ default: m.RequestResourcesTab })));
const LazyAssign = lazy(() => import('./AssignResourcesTab.tsx').then((m) => ({ default: m.AssignResourcesTab })));
const LazyScheduling = lazy(() => import('./SchedulingTab.tsx').then((m) => ({ default: m.SchedulingTab })));

const slotOf = (Tab: ComponentType, label: string) =>
  function RolePlanSlot(_props: BoardSlotProps) {
    return (
      <Suspense fallback={<Loader size="sm" aria-label={label} />}>
        <Tab />
      </Suspense>
    );
  };

/** The board's Request resources, Assign resources and Scheduling tabs: each loads its code when opened. */
export const BoardRequestResourcesSlot = slotOf(LazyRequest, 'Loading resource requests');
export const BoardAssignResourcesSlot = slotOf(LazyAssign, 'Loading resource assignments');
export const BoardSchedulingSlot = slotOf(LazyScheduling, 'Loading the schedule');
