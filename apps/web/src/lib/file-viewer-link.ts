import { navigate } from './url-state.ts';

/**
 * Whether the file viewer was opened from within the app or straight from a link (root mode, rule 254): in root mode
 * the name in the address must be the file's and nothing is deleted (rule 114). Any screen that lists files opens the
 * viewer through `openFileInViewer`, so that the viewer knows it was opened from within the app.
 */
let openedFromApp: string | null = null;

/** Marks the viewer about to show this file as opened from within the app (not root mode). */
export function markOpenedFromApp(fileId: string): void {
  openedFromApp = fileId;
}

/**
 * Whether the viewer of this file was opened from within the app. Asking changes nothing: it is asked while React
 * renders, which may happen more than once before the viewer shows (a mark cleared by the first render was lost).
 */
export const openedFromAppFor = (fileId: string): boolean => openedFromApp === fileId;

/** Opens a file in the viewer from within the app (not root mode). */
export function openFileInViewer(file: { _id: string; viewerPath: string }): void {
  markOpenedFromApp(file._id);
  navigate(file.viewerPath);
}
