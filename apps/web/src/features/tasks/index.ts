/** Tasks of a mission: the board (simple and kanban), power and gantt views, and the task detail. */
export { TASK_VIEWS } from './views.ts';
export { CompleteActionPrompt } from './CompleteActionPrompt.tsx';
