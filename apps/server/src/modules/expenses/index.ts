/** The public face of this module: other modules and the app import from here, never from its files. */
export { expenseDeciders } from './expenses.events.ts';
export { expensesRoutes } from './expenses.routes.ts';
