import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import type { TaskSlotProps } from '../../lib/feature-slots.tsx';

const LazyTaskChat = lazy(() => import('./TaskChat.tsx').then((module) => ({ default: module.TaskChat })));

/** The task chat for the task detail's slot: its code loads only when a task is opened. */
export function TaskChatSlot(props: TaskSlotProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the chat" />}>
      <LazyTaskChat {...props} />
    </Suspense>
  );
}
