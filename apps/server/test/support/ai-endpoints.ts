/** The rows of the spec's endpoint catalogue whose area is `ai`; paths are relative to /api. */
export const AI_SPEC_ENDPOINTS: [string, string][] = [
  ['POST', '/ai/what-if'],
  ['POST', '/ai/weekly-plot'],
  ['POST', '/ai/resource/org/:orgId/recommend'],
  ['POST', '/ai/resource/org/:orgId/recommend/preassigned'],
  ['POST', '/ai/resource/org/:orgId/recommend/preassigned/simple'],
  ['POST', '/ai/resource/org/:orgId/recommend/session/:sessionId'],
  ['DELETE', '/ai/resource/recommend/session/:sessionId'],
];
