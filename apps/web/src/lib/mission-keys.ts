/** Every query of the missions area starts with 'missions', so one realtime change can refresh a mission or the tree. */
export const missionKeys = {
  all: ['missions'] as const,
  tree: (filters: Record<string, string | boolean | undefined> = {}) => ['missions', 'tree', filters] as const,
  mission: (missionId: string) => ['missions', 'one', missionId] as const,
  history: (missionId: string) => ['missions', 'one', missionId, 'history'] as const,
  templates: (org?: string | null) => ['missions', 'templates', org ?? 'all'] as const,
  myInvites: ['missions', 'invites', 'mine'] as const,
};

/** Every parameter of the mission view removed: closing it (from the mission itself, or when I leave its team). */
export const clearedMissionParams = (): Record<string, null> => ({
  mission: null,
  'mission-tab': null,
  action: null,
  powerTab: null,
  'mission-timeline': null,
  'make-week': null,
  'make-phase': null,
  phase: null,
  'budget-bar': null,
});
