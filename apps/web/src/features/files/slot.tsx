import { lazy, Suspense } from 'react';
import { Loader } from '@mantine/core';
import type { MissionSlotProps, TaskSlotProps } from '../../lib/feature-slots.tsx';

const LazyTaskFiles = lazy(() => import('./TaskFiles.tsx').then((module) => ({ default: module.TaskFiles })));
const LazyMissionFiles = lazy(() => import('./MissionFiles.tsx').then((module) => ({ default: module.MissionFiles })));
const LazyFileViewer = lazy(() => import('./FileViewer.tsx').then((module) => ({ default: module.FileViewer })));

/** The task's files for the task detail's slot: the code loads only when a task is opened. */
export function TaskFilesSlot(props: TaskSlotProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the files" />}>
      <LazyTaskFiles {...props} />
    </Suspense>
  );
}

/** The project files for the mission overview's slot. */
export function MissionFilesSlot(props: MissionSlotProps) {
  return (
    <Suspense fallback={<Loader size="sm" aria-label="Loading the files" />}>
      <LazyMissionFiles {...props} />
    </Suspense>
  );
}

/** The file viewer screen (/drive/d/:fileId/:fileName), loaded when a file is opened. */
export function FileViewerScreen(props: { fileId: string; fileName: string }) {
  return (
    <Suspense fallback={<Loader aria-label="Loading the file viewer" />}>
      <LazyFileViewer {...props} />
    </Suspense>
  );
}
