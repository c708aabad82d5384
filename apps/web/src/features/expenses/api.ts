import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { Expense, ExpenseFields, ExpenseList, ExpenseListQuery } from '@crewplan/domain/expenses/expenses';
import type { ExpenseStatus } from '@crewplan/domain/expenses/rules';
import type { TimeTrackingOrg } from '@crewplan/domain/time/time';
import { api } from '../../lib/api.ts';
import { getToken } from '../../lib/token.ts';
import { userRequestId } from '../../lib/request-id.ts';
import { queryClient } from '../../lib/query-client.ts';

export type { Expense, ExpenseFields, ExpenseList, ExpenseListQuery, ExpenseStatus };

/** Every query here starts with 'expenses': a change heard on the mission's or organisation's room refreshes them all. */
const ROOT = 'expenses';

/** Which list a screen shows: mine, the missions I manage, an organisation's own or its missions', one mission's. */
export type ExpenseSource =
  | { kind: 'my' }
  | { kind: 'project-manager' }
  | { kind: 'org'; orgId: string }
  | { kind: 'org-missions'; orgId: string }
  | { kind: 'mission'; missionId: string };

const pathOf = (source: ExpenseSource) => {
  if (source.kind === 'my') return '/expense/my';
  if (source.kind === 'project-manager') return '/expense/project-manager';
  if (source.kind === 'org') return `/expense/org/${source.orgId}`;
  if (source.kind === 'org-missions') return `/expense/org/${source.orgId}/mission`;
  return `/expense/mission/${source.missionId}`;
};

const queryString = (query: ExpenseListQuery) => {
  const params = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export const expensesQuery = (source: ExpenseSource, query: ExpenseListQuery = {}) =>
  queryOptions({
    queryKey: [ROOT, source, query],
    queryFn: ({ signal }) => api<ExpenseList>(`${pathOf(source)}${queryString(query)}`, { signal }),
    retry: false,
  });

export const useExpenses = (source: ExpenseSource, query: ExpenseListQuery = {}) => useQuery(expensesQuery(source, query));

/**
 * `GET /timesheet/orgs`: where I keep weeks, which is where a team member from outside an organisation keeps expenses
 * too (its entries with missions: the projects I work on from outside).
 */
export const timeTrackingOrgsQuery = queryOptions({
  queryKey: [ROOT, 'time-tracking-orgs'],
  queryFn: ({ signal }) => api<TimeTrackingOrg[]>('/timesheet/orgs', { signal }),
});

/** Where an expense is written: its mission's routes, or its organisation's. */
const expenseUrl = (expense: Pick<Expense, '_id' | 'org' | 'mission'>) =>
  expense.mission ? `/expense/mission/expense/${expense._id}` : `/expense/org/${expense.org}/expense/${expense._id}`;

export type NewExpense = ExpenseFields & { status?: 'draft' | 'submitted' };
export type ExpenseTarget = { missionId: string } | { orgId: string };

const refresh = () => queryClient.invalidateQueries({ queryKey: [ROOT] });

export function createExpense(target: ExpenseTarget, payload: NewExpense) {
  const path = 'missionId' in target ? `/expense/mission/${target.missionId}` : `/expense/org/${target.orgId}`;
  return api<Expense>(path, { method: 'POST', body: { payload } });
}

export const updateExpense = (expense: Expense, payload: Partial<ExpenseFields>) =>
  api<Expense>(expenseUrl(expense), { method: 'PUT', body: { payload } });

export const setExpenseStatus = (expense: Expense, status: ExpenseStatus, reason?: string) =>
  api<Expense>(`${expenseUrl(expense)}/status`, { method: 'PUT', body: { payload: { status, ...(reason ? { reason } : {}) } } });

export const deleteExpense = (expense: Expense) => api<{ deleted: string[] }>(expenseUrl(expense), { method: 'DELETE' });

export function attachReceipts(expense: Pick<Expense, '_id' | 'org' | 'mission'>, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return api<Expense>(`${expenseUrl(expense)}/attachment`, { method: 'POST', body: form });
}

export const removeReceipt = (expense: Expense, attachmentId: string) =>
  api<Expense>(`${expenseUrl(expense)}/attachment/${attachmentId}`, { method: 'DELETE' });

/** A receipt's bytes (signed in with the bearer token), for the viewer. */
export async function fetchReceipt(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(url, {
    headers: { 'x-user-request-id': userRequestId(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    credentials: 'same-origin',
    signal,
  });
  if (!response.ok) throw new Error('The receipt could not be loaded.');
  return response.blob();
}

/** The writes of the screens; each refreshes every expense list once it is done. */
export function useExpenseMutations() {
  const onSuccess = () => refresh();
  return {
    create: useMutation({
      mutationFn: async ({
        target,
        payload,
        files,
        onCreated,
      }: {
        target: ExpenseTarget;
        payload: NewExpense;
        files: File[];
        /** Told of the draft as soon as it exists: a receipt refused after it leaves that draft to save again. */
        onCreated?: (expense: Expense) => void;
      }) => {
        // the receipts go onto the draft before it is submitted: a submitted expense takes no more receipts
        const { status, ...fields } = payload;
        let expense = await createExpense(target, { ...fields, status: files.length > 0 ? 'draft' : status });
        onCreated?.(expense);
        if (files.length > 0) expense = await attachReceipts(expense, files);
        if (files.length > 0 && status === 'submitted') expense = await setExpenseStatus(expense, 'submitted');
        return expense;
      },
      onSettled: onSuccess,
    }),
    update: useMutation({
      mutationFn: async ({
        expense,
        payload,
        files,
        submit,
      }: {
        expense: Expense;
        payload: Partial<ExpenseFields>;
        files: File[];
        submit: boolean;
      }) => {
        let saved = await updateExpense(expense, payload);
        if (files.length > 0) saved = await attachReceipts(saved, files);
        if (submit) saved = await setExpenseStatus(saved, 'submitted');
        return saved;
      },
      onSuccess,
    }),
    status: useMutation({
      mutationFn: ({ expense, status, reason }: { expense: Expense; status: ExpenseStatus; reason?: string }) =>
        setExpenseStatus(expense, status, reason),
      onSuccess,
    }),
    decideMany: useMutation({
      mutationFn: async ({ expenses, status, reason }: { expenses: Expense[]; status: ExpenseStatus; reason?: string }) => {
        const results = await Promise.allSettled(expenses.map((expense) => setExpenseStatus(expense, status, reason)));
        const failed = results.filter((result) => result.status === 'rejected').length;
        if (failed > 0) throw new Error(`${failed} of ${expenses.length} expenses could not be changed.`);
      },
      onSettled: onSuccess,
    }),
    remove: useMutation({ mutationFn: (expense: Expense) => deleteExpense(expense), onSuccess }),
    removeReceipt: useMutation({
      mutationFn: ({ expense, attachmentId }: { expense: Expense; attachmentId: string }) => removeReceipt(expense, attachmentId),
      onSuccess,
    }),
  };
}
