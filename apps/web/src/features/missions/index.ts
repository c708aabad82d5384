/**
 * Missions: the list (menu), creation, the mission screen with its overview, settings and history. The screen
 * composes the other mission domains (team, plan, tasks, templates) through their own entries.
 */
export { MissionsMenu } from './MissionsMenu.tsx';
export { tabOfPart } from './mission-rules.ts';
export { preloadMissionView } from './views.ts';
