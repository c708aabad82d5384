/** Files: a task's and a mission's files (lent to their screens as slots) and the file viewer. */
export { FileViewerScreen, MissionFilesSlot, TaskFilesSlot } from './slot.tsx';
export { PdfPages } from './PdfPages.tsx';
