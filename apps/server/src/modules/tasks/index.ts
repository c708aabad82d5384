/** The public face of this module: other modules and the app import from here, never from its files. */
export { changeItemPeople } from './action-items.service.ts';
export { actionFacts, itemFacts, loadItem, requireOnTask, taskActorOf } from './tasks.access.ts';
export { tasksRoutes } from './tasks.routes.ts';
export { itemsQuery, itemWithMissionJson, missionTasksJson, MY_ITEMS_FROM, PINNED_BY_ME } from './tasks.queries.ts';
