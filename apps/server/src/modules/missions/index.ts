/** The public face of this module: other modules and the app import from here, never from its files. */
export { missionsRoutes } from './missions.routes.ts';
export { createMission } from './missions.service.ts';
export { addKpi, addSectionTag } from './parts.service.ts';
export { checkReferences } from './references.ts';
export { setTemplateInstantiator } from './template-hook.ts';
export { STILL_WITH_ORG } from './tree.service.ts';
export { missionOverview, workspaceMissionPlans, workspaceMissions } from './workspace.service.ts';
export { issueLicenceCodes, type LicenceKind } from './licence.service.ts';
