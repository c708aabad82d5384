/**
 * Tabs of the project-manager work space (rule 239). The spec's board-tab values; 'mission-docs' is ours (the spec
 * gives the Mission docs tab no value). Expenses shows as Timesheets does, but not where invoicing is off (rule 184);
 * Request and Assign resources only where an organisation of the person has an active licence and shows its role plans.
 */
export const BOARD_TABS = [
  { value: 'vision-board', label: 'Launchpad', empty: 'Missions you manage will appear here.' },
  { value: 'pm-Planner', label: 'Planner', empty: 'The tasks of the missions you manage will appear here.' },
  { value: 'cost-tracker', label: 'Cost tracker', empty: 'Missions you manage will appear here with their budget and spending.' },
  { value: 'timesheets', label: 'Timesheets', empty: 'Submitted weeks of the missions you manage will appear here.' },
  { value: 'expenses', label: 'Expenses', empty: 'Submitted expenses of the missions you manage will appear here.' },
  { value: 'leaves', label: 'Leaves', empty: 'Leave requests of the people on the missions you manage will appear here.' },
  { value: 'gt-request', label: 'Request resources', empty: 'Roles requested for your projects will appear here.' },
  { value: 'gt-assign', label: 'Assign resources', empty: 'Approved roles to assign will appear here.' },
  { value: 'scheduling', label: 'Scheduling', empty: 'People scheduled on projects, off-task, will appear here.' },
  { value: 'mission-docs', label: 'Mission docs', empty: 'Files of the missions you manage will appear here.' },
  { value: 'older-board', label: 'The vault', empty: 'Completed, older or abandoned missions will appear here.' },
] as const;
export type BoardTab = (typeof BOARD_TABS)[number]['value'];

export const BOARD_TAB_KEY = 'board-tab';

function isBoardTab(value: string | null | undefined): value is BoardTab {
  return BOARD_TABS.some((tab) => tab.value === value);
}

/** The tab in the URL wins, then the one remembered locally, then Launchpad; a tab not shown to the person never opens. */
export function boardTabOf(param: string | null, remembered: string | null, hidden: readonly BoardTab[] = []): BoardTab {
  const open = (value: string | null): value is BoardTab => isBoardTab(value) && !hidden.includes(value);
  if (open(param)) return param;
  if (open(remembered)) return remembered;
  return BOARD_TABS[0].value;
}

/**
 * Rule 184 on the board: the Expenses tab shows as the Timesheets tab does — also to a project manager invited from
 * outside the organisations of their missions — unless every organisation whose expenses it would list (the person's
 * licensed ones and those of the missions they manage) has invoicing disabled. Only the person's own organisations
 * are known to have it disabled.
 */
export function boardExpensesTabShown(
  orgs: readonly { _id: string; isLicensedActive: boolean; invoicingDisabled: boolean }[],
  missions: readonly { org: string | null }[],
): boolean {
  const listed = new Set([
    ...orgs.filter((org) => org.isLicensedActive).map((org) => org._id),
    ...missions.flatMap((mission) => (mission.org ? [mission.org] : [])),
  ]);
  if (listed.size === 0) return true;
  const disabled = new Set(orgs.filter((org) => org.invoicingDisabled).map((org) => org._id));
  return [...listed].some((id) => !disabled.has(id));
}

/** Width (px) a tab takes: its label at about 8 px a character plus padding. */
export const tabWidth = (label: string) => Math.ceil(label.length * 8 + 36);
/** Width (px) kept for the 'More' menu button when some tabs overflow. */
export const MORE_WIDTH = 96;

/**
 * Which tabs fit in the bar of `width` px and which go to the 'More' menu (rule 239), in their order. The active tab
 * always shows: when it would overflow it takes the place of the last shown tab.
 */
export function splitTabs<T extends { value: string; label: string }>(
  tabs: readonly T[],
  width: number,
  active: string,
): { shown: T[]; more: T[] } {
  const total = tabs.reduce((sum, tab) => sum + tabWidth(tab.label), 0);
  if (total <= width) return { shown: [...tabs], more: [] };
  const shown: T[] = [];
  let used = MORE_WIDTH;
  for (const tab of tabs) {
    if (used + tabWidth(tab.label) > width) break;
    shown.push(tab);
    used += tabWidth(tab.label);
  }
  const activeTab = tabs.find((tab) => tab.value === active);
  if (activeTab && !shown.includes(activeTab)) {
    // keep the active tab in view, in place of the last ones that no longer fit beside it
    while (shown.length > 0 && shown.reduce((sum, tab) => sum + tabWidth(tab.label), MORE_WIDTH + tabWidth(activeTab.label)) > width)
      shown.pop();
    shown.push(activeTab);
  }
  return { shown, more: tabs.filter((tab) => !shown.includes(tab)) };
}
