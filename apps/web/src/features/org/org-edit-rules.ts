import { can, type OrgMemberFacts } from '@crewplan/domain/org/policy';
import type { OrgLevel } from '@crewplan/domain/org/levels';
import { LEVEL_CHOICES } from './org-rules.ts';

/**
 * Pure helpers of the organisation editors (people, goals, orders, deleting the organisation).
 * Loaded with the lazy organisation screens only: the policy module brings the level schemas with it.
 */

/** The caller's own membership as the organisation answer gives it. */
export interface MyMembership {
  level: OrgLevel;
  canApproveRoles: boolean;
  canApproveLeaves: boolean;
  canManageGoals: boolean;
  canCreateProjects: boolean;
  accessibleDepartments: readonly string[];
  accessibleOffices: readonly string[];
}

/** Levels the caller may hand out, as the server's policy decides (a limited manager: member and observers). */
export function assignableLevels(me: MyMembership | null, current?: OrgLevel): OrgLevel[] {
  if (!me) return current ? [current] : [];
  const actor: OrgMemberFacts = { kind: 'person', personId: '', ...me };
  return LEVEL_CHOICES.filter((level) => level === current || can(actor, 'org.people.assignLevel', { level }));
}

/** People table pages. */
export const PEOPLE_PAGE_SIZE = 50;

export function pageCount(total: number, size = PEOPLE_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/** "Showing 51–100 of 240". */
export function rangeText(offset: number, shown: number, total: number): string {
  if (total === 0 || shown === 0) return `Showing 0 of ${total}`;
  return `Showing ${offset + 1}–${offset + shown} of ${total}`;
}

/** yyyy-mm-dd of a local day. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first day an end date may be scheduled for: tomorrow (the server wants a day after today). */
export function firstEndDay(today: Date): string {
  const next = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
  return isoDay(next);
}

/** Why a scheduled end date cannot be sent, or null. */
export function endDateError(value: string, today: Date): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Choose the day they leave.';
  return value < firstEndDay(today) ? 'The end date must be after today.' : null;
}

/** Years of pre-service as years, months and days, written years-months-days. */
export interface PreService {
  years: number;
  months: number;
  days: number;
}

export function parsePreService(text: string | null | undefined): PreService {
  const match = /^(\d{1,4})-(\d{1,2})-(\d{1,2})$/.exec(text ?? '');
  if (!match) return { years: 0, months: 0, days: 0 };
  return { years: Number(match[1]), months: Number(match[2]), days: Number(match[3]) };
}

/** years-months-days, or null when nothing is set. */
export function formatPreService(value: PreService): string | null {
  const clean = (n: number, max: number) => Math.min(max, Math.max(0, Math.floor(Number.isFinite(n) ? n : 0)));
  const years = clean(value.years, 9999);
  const months = clean(value.months, 99);
  const days = clean(value.days, 99);
  return years + months + days === 0 ? null : `${years}-${months}-${days}`;
}

/** Leave amounts: leave code → year → entitled days and days carried over. */
export type LeaveAmounts = Record<string, Record<string, { entitled: number; carryOver: number }>>;

export interface LeaveRow {
  code: string;
  label: string;
  entitled: number | null;
  carryOver: number | null;
}

/** One row per leave code of the organisation for a year, with what the person has (blank when unset). */
export function leaveRowsOf(amounts: LeaveAmounts | null, codes: readonly { id: string; description: string }[], year: string): LeaveRow[] {
  return codes.map((code) => {
    const entry = amounts?.[code.id]?.[year];
    return { code: code.id, label: code.description, entitled: entry?.entitled ?? null, carryOver: entry?.carryOver ?? null };
  });
}

/** The amounts with one year's rows written in: a row left blank removes that year's entry (other years kept). */
export function withLeaveRows(amounts: LeaveAmounts | null, year: string, rows: readonly LeaveRow[]): LeaveAmounts {
  const next: LeaveAmounts = {};
  for (const [code, years] of Object.entries(amounts ?? {})) next[code] = { ...years };
  for (const row of rows) {
    const years = { ...next[row.code] };
    if (row.entitled === null && row.carryOver === null) delete years[year];
    else years[year] = { entitled: row.entitled ?? 0, carryOver: row.carryOver ?? 0 };
    if (Object.keys(years).length > 0) next[row.code] = years;
    else delete next[row.code];
  }
  return next;
}

/** A typed confirmation matches the name, ignoring surrounding spaces (case counts). */
export function confirmsName(typed: string, name: string): boolean {
  return typed.trim() !== '' && typed.trim() === name.trim();
}

/** Client orders: form values → the body the server takes (blank fields are null, amounts numbers). */
export interface OrderForm {
  code: string;
  title: string;
  amount: string;
  currency: string;
  startDate: string;
  endDate: string;
}

export function orderBody(form: OrderForm) {
  const amount = form.amount.trim() === '' ? null : Number(form.amount.replace(/,/g, ''));
  return {
    code: form.code.trim(),
    title: form.title.trim(),
    amount: amount === null || Number.isNaN(amount) ? null : amount,
    currency: form.currency.trim() ? form.currency.trim().toUpperCase() : null,
    startDate: form.startDate || null,
    endDate: form.endDate || null,
  };
}

/** Why an order form cannot be sent yet, or null (the server checks the rest). */
export function orderFormError(form: OrderForm): string | null {
  if (!form.code.trim()) return 'Enter the order code.';
  if (form.startDate && form.endDate && form.endDate < form.startDate) return 'The end date is before the start date';
  return null;
}

/** Names of the organisation's people for pickers, sorted as the server lists them. */
export function peopleOptions(
  people: readonly { ref: { _id: string; firstName: string; lastName: string }; email: string }[],
): { value: string; label: string }[] {
  return people.map((person) => ({
    value: person.ref._id,
    label: `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email,
  }));
}

/**
 * `?org-goal` or `?portfolio-details` naming a goal the caller cannot see (never existed, deleted, or an edit
 * moved it out of their departments and offices): what to say before the parameter is cleared; null when fine.
 */
export function goalParamProblem(id: string | null, visibleGoals: readonly { _id: string }[]): string | null {
  if (id === null) return null;
  return visibleGoals.some((goal) => goal._id === id) ? null : 'Sorry that goal is not available to you. Maybe removed?';
}
