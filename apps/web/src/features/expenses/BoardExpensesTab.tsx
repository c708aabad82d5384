import { ExpensesTable } from './ExpensesTable.tsx';

/** The board's Expenses tab: the expenses of the missions I manage, submitted ones first to decide, one or many. */
export function BoardExpensesTab() {
  return <ExpensesTable source={{ kind: 'project-manager' }} title="Expenses of the missions you manage" initialStatus="submitted" />;
}
