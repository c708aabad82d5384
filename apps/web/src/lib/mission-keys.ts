/** Every query of the missions area starts with 'missions', so one realtime change can refresh a mission or the tree. */
export const missionKeys = {
  all: ['missions'] as const,
  tree: (filters: Record<string, string | boolean | undefined> = {}) => ['missions', 'tree', filters] as const,
  mission: (missionId: string) => ['missions', 'one', missionId] as const,
  history: (missionId: string) => ['missions', 'one', missionId, 'history'] as const,
  templates: (org?: string | null) => ['missions', 'templates', org ?? 'all'] as const,
  myInvites: ['missions', 'invites', 'mine'] as const,
};
