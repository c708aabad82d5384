/** Tabs of the project-manager work space; later issues add cost tracker, timesheets, leaves... */
export const BOARD_TABS = [
  { value: 'vision-board', label: 'Launchpad', empty: 'Missions you manage will appear here.' },
  { value: 'pm-Planner', label: 'Planner', empty: 'Plan the people on your missions here.' },
  { value: 'mission-docs', label: 'Mission docs', empty: 'Documents of your missions will appear here.' },
  { value: 'older-board', label: 'The vault', empty: 'Completed, older or abandoned missions will appear here.' },
] as const;
export type BoardTab = (typeof BOARD_TABS)[number]['value'];

export const BOARD_TAB_KEY = 'board-tab';

function isBoardTab(value: string | null | undefined): value is BoardTab {
  return BOARD_TABS.some((tab) => tab.value === value);
}

/** The tab in the URL wins, then the one remembered locally, then Launchpad. */
export function boardTabOf(param: string | null, remembered: string | null): BoardTab {
  if (isBoardTab(param)) return param;
  if (isBoardTab(remembered)) return remembered;
  return BOARD_TABS[0].value;
}
