import type { Mission } from '@crewplan/domain/missions/mission';
import { isMissionAdmin } from '@crewplan/domain/missions/policy';
import { isObserverLevel, type OrgLevel } from '@crewplan/domain/org/levels';
import { RATE_TIMES, type RateTime } from '@crewplan/domain/org/settings';
import {
  RACI_FREQUENCIES,
  type PlanItem,
  type PlanItemRequest,
  type PlanItemType,
  type PlanItemUpdate,
  type RequestContext,
} from '@crewplan/domain/plan/plan';
import { raciHoursNeeded, type RaciFrequency } from '@crewplan/domain/money/raci';
import { COSTS_BLOCKED_MESSAGE, costsBlocked } from '@crewplan/domain/money/rates';
import {
  allocationCandidates,
  capacityBarHeight,
  defaultDailyHours,
  isReasonLongEnough,
  mayHoldRole,
  unfilledRoleSeverity,
  type RoleFacts,
} from '@crewplan/domain/plan/rules';
import { ApiError } from '../../lib/api-error.ts';

/**
 * The plan timeline's rules (spec 1 §9, rules 10, 12, 75–79): weeks across the mission, capacity bars, unfilled
 * role alerts, the budget bar. Days are 'YYYY-MM-DD' calendar days (UTC).
 */

const DAY_MS = 86_400_000;
const dayOf = (value: string) => new Date(`${value.slice(0, 10)}T00:00:00Z`);
const isoOf = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (day: string, count: number) => isoOf(new Date(dayOf(day).getTime() + count * DAY_MS));

export function mondayOf(day: string): string {
  const weekday = dayOf(day).getUTCDay();
  return addDays(day, weekday === 0 ? -6 : 1 - weekday);
}

/** The Mondays of the weeks from `start` to `end` (at most `limit`, so a long plan stays readable). */
export function weeksBetween(start: string, end: string, limit = 104): string[] {
  const weeks: string[] = [];
  for (let week = mondayOf(start); week <= end.slice(0, 10) && weeks.length < limit; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** Rule 12 (capacity bar height) and rule 10 (8 h × allocation) come from the plan rules. */
export const capacityHeight = capacityBarHeight;
export { defaultDailyHours };

type Role = Pick<PlanItem, 'type' | 'person' | 'allocation' | 'startDate' | 'endDate' | 'inactive' | 'wasDeleted'>;

const isLive = (item: Pick<PlanItem, 'inactive' | 'wasDeleted'>) => !item.inactive && !item.wasDeleted;

/** Whether a role's dates touch the week starting on `monday`. */
export const coversWeek = (item: Pick<PlanItem, 'startDate' | 'endDate'>, monday: string) =>
  Boolean(item.startDate && item.endDate) && item.startDate!.slice(0, 10) <= addDays(monday, 6) && item.endDate!.slice(0, 10) >= monday;

/** Hours a day the mission's person roles ask for in a week (filled or not): the capacity bar of that week. */
export const weekDailyHours = (items: Role[], monday: string) =>
  items
    .filter((item) => item.type === 'person' && isLive(item) && coversWeek(item, monday))
    .reduce((sum, item) => sum + defaultDailyHours(item.allocation), 0);

/** Rule 78 for a live person role without a person: 3 (starts within 5 days or started), 2 (within 10), else null. */
export function unfilledSeverity(
  item: Pick<PlanItem, 'type' | 'person' | 'startDate' | 'inactive' | 'wasDeleted'>,
  today: string,
): 2 | 3 | null {
  if (item.type !== 'person' || !isLive(item)) return null;
  const severity = unfilledRoleSeverity(item, today);
  return severity === 0 ? null : severity;
}

/** The colours of the alert severities. */
export const SEVERITY_COLORS: Record<2 | 3, string> = { 3: 'red', 2: 'orange' };
export const SEVERITY_LABELS: Record<2 | 3, string> = { 3: 'Urgent', 2: 'Soon' };
/** Their badges: shades whose label keeps AA contrast (white on orange falls to 3.0:1, so "Soon" is black on orange). */
export const SEVERITY_BADGES: Record<2 | 3, { color: string; c: string }> = {
  3: { color: 'red.9', c: 'white' },
  2: { color: 'orange.5', c: 'black' },
};

/** Where a role's bar lies across the weeks shown: first and last week index, or null when outside. */
export function barSpan(item: Pick<PlanItem, 'startDate' | 'endDate'>, weeks: string[]): { first: number; last: number } | null {
  if (!item.startDate || !item.endDate || weeks.length === 0) return null;
  const indexes = weeks.map((week, index) => (coversWeek(item, week) ? index : -1)).filter((index) => index >= 0);
  return indexes.length ? { first: indexes[0]!, last: indexes[indexes.length - 1]! } : null;
}

/**
 * The budget bar: the mission's planned cost against what it has available (percent uncapped; the bar caps it at 100).
 * The planned cost is the money report's (`total.plannedCost`: roles by rule 189, One time rates once, cost items;
 * milestones are revenue, no cost), so the plan and the budget view agree; null while it is read, with no share then.
 */
export function budgetShare(planned: number | null, available: number | null) {
  const percent = planned !== null && available !== null && available > 0 ? Math.round((planned / available) * 100) : null;
  return { planned, available, percent, over: planned !== null && available !== null && planned > available };
}

/** Rule 79: a reason of at least 5 characters. */
export const reasonIsLongEnough = (reason: string) => isReasonLongEnough(reason);

/**
 * Whether giving a role a person was refused for want of a reason: the organisation must approve it (rule 71), so it
 * goes as a request, which needs one (rule 79); the dialog then asks for it and stays open.
 */
export const asksForReason = (error: unknown) => error instanceof ApiError && error.code === 'plan/reason-too-short';

/** The last request of a context, which decides the role's status there (rule 68). */
export const lastRequest = <R extends { context: string }>(requests: R[], context: 'pm' | 'org') =>
  requests.filter((request) => request.context === context).at(-1) ?? null;

export const ALLOCATION_LABELS = { draft: 'Draft', pending_approval: 'Pending approval', approved: 'Approved' } as const;

/** Plan item types the add dialog offers, with the labels it shows (rule 66: every type). */
export const ADDABLE_TYPES = [
  { value: 'person', label: 'Person role' },
  { value: 'cost', label: 'Cost' },
  { value: 'phase', label: 'Phase' },
  { value: 'milestone', label: 'Milestone' },
  { value: 'outcome', label: 'Outcome' },
  { value: 'fundable_milestone', label: 'Fundable milestone' },
] as const satisfies readonly { value: PlanItemType; label: string }[];

export const TYPE_LABELS = Object.fromEntries(ADDABLE_TYPES.map((entry) => [entry.value, entry.label])) as Record<PlanItemType, string>;

/** Types that fall on one day (a date, no period): milestones, fundable milestones and outcomes. */
export const isOneDayType = (type: PlanItemType) => type === 'milestone' || type === 'fundable_milestone' || type === 'outcome';
/** Types that carry an amount of money: cost items and the two kinds of milestone. */
export const hasAmount = (type: PlanItemType) => type === 'cost' || type === 'milestone' || type === 'fundable_milestone';
/** Types listed under the timeline (everything that is not a person role or a cost item). */
export const isMarkerType = (type: PlanItemType) => type !== 'person' && type !== 'cost';

/** Shown when an assignment was turned into a request for approval (rule 71); the spec gives no text for it. */
export const SENT_FOR_APPROVAL = 'Sent for approval.';

/** The request waiting for approval on a plan item (the server keeps one at a time), or null. */
export const pendingRequestOf = (item: Pick<PlanItem, 'requests'>): PlanItemRequest | null =>
  item.requests.filter((request) => request.status === 'pending_approval').at(-1) ?? null;

/**
 * Whether a saved role answers with a request for `person` instead of the person itself: roles need approval and
 * the caller may not approve (rule 71), so the server filed an organisation request.
 */
export const turnedIntoRequest = (saved: Pick<PlanItem, 'person' | 'requests'>, person: string | null | undefined) =>
  Boolean(person) && saved.person !== person && pendingRequestOf(saved)?.person === person;

/** The caller's organisation as the plan reads it (`GET /org/:id`: abilities, settings, own membership, departments). */
export type PlanOrg = {
  abilities: { approveRoles: boolean };
  canProjectManagersApproveRoles: boolean;
  me: { level: OrgLevel; accessibleDepartments: readonly string[] } | null;
  departments: readonly { _id: string; dontShareResources: boolean; isDeleted: boolean }[];
  /** The organisation's roles: a person role names one, and takes its rate from the rate cards. */
  roles?: readonly { _id: string; name: string; isDeleted: boolean }[];
};

type MissionCaller = Pick<Mission, 'org' | 'permission' | 'isProjectManager' | 'abilities'>;

/**
 * Who may approve or reject a request, as the server decides it (plan.guards `mayActionRequest`): 'pm' requests
 * those who manage the plan; 'org' requests those who may approve roles in the organisation (its abilities: admins
 * and members with canApproveRoles), or the mission's project managers when the organisation lets them; on a
 * personal mission its admins. Without the organisation loaded (yet, or not a member) nobody here may.
 */
export function mayDecideRequest(context: RequestContext, mission: MissionCaller, org: PlanOrg | null): boolean {
  if (context === 'pm') return mission.abilities['plan.manage'];
  const missionAdmin = isMissionAdmin({ permission: mission.permission, isProjectManager: mission.isProjectManager });
  if (!mission.org) return missionAdmin;
  if (!org) return false;
  if (org.abilities.approveRoles) return true;
  return missionAdmin && org.canProjectManagersApproveRoles && org.me !== null && !isObserverLevel(org.me.level);
}

/** The role being filled, as the candidate rule reads it (a new role has no id yet). */
export type RoleToFill = Pick<RoleFacts, 'person' | 'role' | 'startDate' | 'endDate'> & { _id?: string };

/**
 * The people who may be allocated to a role (rule 77, `allocationCandidates`): team members below observer whose
 * invite is accepted, not already on the role, without an overlapping role of the same name, and not only in
 * departments that keep their people to themselves unless the caller reaches them (organisation admins reach all).
 * `selfId` is the caller, whose own departments they reach.
 */
export function roleCandidates(
  mission: Pick<Mission, 'people' | 'planItems'>,
  role: RoleToFill,
  org: PlanOrg | null,
  selfId: string | null,
) {
  const self = mission.people.find((person) => person._id === selfId);
  const closedDepartments =
    org && org.me?.level !== 'ADMIN'
      ? org.departments.filter((department) => department.dontShareResources && !department.isDeleted).map((department) => department._id)
      : [];
  const accessibleDepartments = [
    ...(self?.departments ?? []),
    ...(self?.accessibleDepartments ?? []),
    ...(org?.me?.accessibleDepartments ?? []),
  ];
  const team = mission.people
    .filter((person) => !person.invitePending && mayHoldRole(person.permission))
    .map((person) => ({ ...person, personId: person._id }));
  const items = (mission.planItems as Partial<PlanItem>[]).map((item) => ({
    _id: item._id ?? '',
    type: item.type ?? 'person',
    person: item.person ?? null,
    role: item.role ?? null,
    startDate: item.startDate ?? null,
    endDate: item.endDate ?? null,
    wasDeleted: item.wasDeleted ?? false,
  }));
  const item = {
    _id: role._id ?? '',
    type: 'person',
    person: role.person,
    role: role.role,
    startDate: role.startDate,
    endDate: role.endDate,
  };
  return allocationCandidates(team, { item, items, closedDepartments, accessibleDepartments }).map((person) => ({
    value: person._id,
    label: `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email,
  }));
}

/** Plan items as the timeline reads them (a short mission read gets the defaults of the fields it lacks). */
export function fullPlanItems(mission: Mission): PlanItem[] {
  return (mission.planItems as Partial<PlanItem>[]).map((item) => ({
    ...(item as PlanItem),
    inactive: item.inactive ?? false,
    wasDeleted: item.wasDeleted ?? false,
    amount: item.amount ?? null,
    quantity: item.quantity ?? null,
    requests: item.requests ?? [],
    allocationStatus: item.allocationStatus ?? { pm: 'approved', org: 'draft' },
  }));
}

/** Whose name a person id is on the team ('Unfilled' without one). */
export function personName(mission: Mission, personId: string | null): string {
  if (!personId) return 'Unfilled';
  const person = mission.people.find((entry) => entry._id === personId || entry.ref._id === personId);
  return person ? `${person.ref.firstName} ${person.ref.lastName}`.trim() || person.email : 'Someone not on the team';
}

/** What the edit dialog shows of a plan item, as its inputs hold it ('' for an empty number). */
export type PlanItemForm = {
  title: string;
  startDate: string;
  endDate: string;
  allocation: number | string;
  rate: number | string;
  rateTime: RateTime;
  billRate: number | string;
  billUnit: RateTime | null;
  amount: number | string;
  quantity: number | string;
  hoursNeeded: number | string;
  /** The organisation role (rate cards are per role); null for none. */
  orgRole: string | null;
  raciOnTasks: RaciRow[];
  /** Pinned to the mission's dates (rule 67: entireMission or startend): the dates follow the mission. */
  pinnedToMission: boolean;
};

/** Whether a pin makes both dates follow the mission's (rule 28). */
export const isPinnedToMission = (pinnedTo: string | null) => pinnedTo === 'entireMission' || pinnedTo === 'startend';

/** A task line of the role's hours on tasks, as the editor holds it ('' for an empty number). */
export type RaciRow = {
  taskId: string;
  hoursPer: number | string;
  frequency: RaciFrequency;
  actualHours: number | string;
  startDate: string;
  endDate: string;
};

/**
 * Which fields the edit dialog offers for a type: roles have allocation, rates, hours needed, hours on tasks and the
 * pin; costs a quantity; costs and milestones an amount. Money (rates, amounts) only to who sees it (`money`).
 */
export const editableFields = (type: PlanItemType, money = true) => ({
  allocation: type === 'person',
  rates: type === 'person' && money,
  pin: type === 'person',
  amount: hasAmount(type) && money,
  quantity: type === 'cost',
  hoursNeeded: type === 'person',
  raci: type === 'person',
  oneDay: isOneDayType(type),
});

/** The role's hours on tasks as the editor holds them. */
export function raciRows(entries: PlanItem['raciOnTasks']): RaciRow[] {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const number = (value: unknown) => (typeof value === 'number' ? value : '');
  return entries
    .filter((entry) => typeof entry.taskId === 'string')
    .map((entry) => ({
      taskId: entry.taskId as string,
      hoursPer: number(entry.hoursPer),
      frequency: (RACI_FREQUENCIES as readonly unknown[]).includes(entry.frequency) ? (entry.frequency as RaciFrequency) : 'Total',
      actualHours: number(entry.actualHours),
      startDate: text(entry.startDate),
      endDate: text(entry.endDate),
    }));
}

/** The hours needed a task line gives (`raciHoursNeeded`), over its dates or else the role's. */
export const raciRowHours = (row: RaciRow, role: { startDate: string; endDate: string }) =>
  raciHoursNeeded({
    hoursPer: row.hoursPer === '' ? null : Number(row.hoursPer),
    frequency: row.frequency,
    startDate: row.startDate || role.startDate || null,
    endDate: row.endDate || role.endDate || null,
  });

/** The task lines as they are sent, or the first problem. */
function raciEntries(rows: RaciRow[]): { entries: Record<string, unknown>[] } | { error: string } {
  const entries: Record<string, unknown>[] = [];
  for (const row of rows) {
    const hoursPer = row.hoursPer === '' ? null : Number(row.hoursPer);
    const actualHours = row.actualHours === '' ? null : Number(row.actualHours);
    if ((hoursPer !== null && !(hoursPer >= 0)) || (actualHours !== null && !(actualHours >= 0)))
      return { error: 'Hours cannot be negative.' };
    if (row.startDate && row.endDate && row.endDate < row.startDate) return { error: 'A task line ends before it starts.' };
    entries.push({
      taskId: row.taskId,
      hoursPer,
      frequency: row.frequency,
      actualHours,
      startDate: row.startDate || null,
      endDate: row.endDate || null,
    });
  }
  return { entries };
}

/** What the edit dialog compares against: the item's fields it edits. */
type EditedItem = Pick<
  PlanItem,
  | 'type'
  | 'title'
  | 'role'
  | 'startDate'
  | 'endDate'
  | 'allocation'
  | 'rate'
  | 'rateTime'
  | 'billRate'
  | 'billUnit'
  | 'amount'
  | 'quantity'
  | 'hoursNeeded'
  | 'orgRole'
  | 'raciOnTasks'
  | 'pinnedTo'
>;

/** The edit dialog's starting values: the item as it is. */
export function planItemForm(item: EditedItem): PlanItemForm {
  return {
    title: item.type === 'person' ? (item.role ?? item.title) : item.title,
    startDate: item.startDate?.slice(0, 10) ?? '',
    endDate: item.endDate?.slice(0, 10) ?? '',
    allocation: item.allocation,
    rate: item.rate ?? '',
    rateTime: (RATE_TIMES as readonly string[]).includes(item.rateTime) ? (item.rateTime as RateTime) : 'Monthly',
    billRate: item.billRate ?? '',
    billUnit: (RATE_TIMES as readonly (string | null)[]).includes(item.billUnit) ? (item.billUnit as RateTime) : null,
    amount: item.amount ?? '',
    quantity: item.quantity ?? '',
    hoursNeeded: item.hoursNeeded ?? '',
    orgRole: item.orgRole,
    raciOnTasks: raciRows(item.raciOnTasks),
    pinnedToMission: isPinnedToMission(item.pinnedTo),
  };
}

/** Rule 10 in words, for the allocation field: '4 h a day (8 h × 50%)'. */
export function dailyHoursHint(allocation: number | string): string {
  const percent = Number(allocation) || 0;
  return `${defaultDailyHours(percent)} h a day (8 h × ${percent}%)`;
}

/** A number input's value as a number: '' is `empty`. */
const numberOf = (value: number | string, empty: number | null) => (value === '' ? empty : Number(value));
const sameDay = (a: string | null, b: string) => (a?.slice(0, 10) ?? '') === b;

/**
 * What saving the edit dialog sends (`PUT /mission-plan/:id/bulk`): only the fields that changed, or the first problem.
 * A role's name is its `role` and, when they were the same, its `title`. Pinning to the mission sends the pin and no
 * dates (they follow the mission); unpinning sends null and the dates shown. A one-day item sends its day as both
 * dates. Changed dates of an item pinned to anything else unpin it (the server keeps pinned items on their pin).
 */
export function planItemChanges(
  item: EditedItem,
  form: PlanItemForm,
  money = true,
): { changes: PlanItemUpdate; error: null } | { changes: null; error: string } {
  const fields = editableFields(item.type, money);
  const fail = (error: string) => ({ changes: null, error });
  const changes: PlanItemUpdate = {};
  const title = form.title.trim();
  if (!title) return fail(item.type === 'person' ? 'Please name the role.' : 'Please give it a title.');
  if (item.type === 'person') {
    if (title !== (item.role ?? item.title)) {
      changes.role = title;
      if (item.role === null || item.title === item.role) changes.title = title;
    }
  } else if (title !== item.title) changes.title = title;

  if (fields.allocation) {
    const allocation = numberOf(form.allocation, null);
    if (allocation === null || !Number.isInteger(allocation) || allocation < 0 || allocation > 100)
      return fail('Allocation is a whole percent from 0 to 100.');
    if (allocation !== item.allocation) changes.allocation = allocation;
  }
  if (fields.rates) {
    const rate = numberOf(form.rate, 0)!;
    const billRate = numberOf(form.billRate, 0)!;
    if (!(rate >= 0) || !(billRate >= 0)) return fail('Rates cannot be negative.');
    if (rate !== item.rate) changes.rate = rate;
    if (billRate !== item.billRate) changes.billRate = billRate;
    if (form.rateTime !== item.rateTime) changes.rateTime = form.rateTime;
    if (form.billUnit !== item.billUnit) changes.billUnit = form.billUnit;
  }
  if (item.type === 'person' && form.orgRole !== item.orgRole) changes.orgRole = form.orgRole;
  if (fields.quantity) {
    const quantity = numberOf(form.quantity, null);
    if (quantity !== null && !(Number.isInteger(quantity) && quantity >= 0)) return fail('The quantity is a whole number, 0 or more.');
    if (quantity !== item.quantity) changes.quantity = quantity;
  }
  if (fields.hoursNeeded) {
    const hoursNeeded = numberOf(form.hoursNeeded, null);
    if (hoursNeeded !== null && !(hoursNeeded >= 0)) return fail('Hours needed cannot be negative.');
    if (hoursNeeded !== item.hoursNeeded) changes.hoursNeeded = hoursNeeded;
  }
  if (fields.raci) {
    const raci = raciEntries(form.raciOnTasks);
    if ('error' in raci) return fail(raci.error);
    const before = raciEntries(raciRows(item.raciOnTasks));
    if (!('error' in before) && JSON.stringify(before.entries) !== JSON.stringify(raci.entries))
      changes.raciOnTasks = raci.entries as PlanItemUpdate['raciOnTasks'];
  }
  if (fields.amount) {
    const amount = numberOf(form.amount, null);
    if (amount !== null && !(amount >= 0)) return fail('The amount cannot be negative.');
    if (amount !== item.amount) changes.amount = amount;
  }

  const wasPinned = isPinnedToMission(item.pinnedTo);
  if (fields.pin && form.pinnedToMission) {
    if (!wasPinned) changes.pinnedTo = 'entireMission';
    return { changes, error: null };
  }
  if (!form.startDate || (!fields.oneDay && !form.endDate))
    return fail(fields.oneDay ? 'Please choose the day.' : 'Please choose a start and an end.');
  // Rule 191: a role or cost with money must start before it ends (the server refuses it with the same text).
  const carriesMoney = [form.rate, form.billRate, form.amount].some((value) => Number(value) > 0);
  if ((item.type === 'person' || item.type === 'cost') && carriesMoney && costsBlocked(form.startDate, form.endDate))
    return fail(COSTS_BLOCKED_MESSAGE);
  const datesChanged = fields.oneDay
    ? !sameDay(item.startDate, form.startDate)
    : !sameDay(item.startDate, form.startDate) || !sameDay(item.endDate, form.endDate);
  if (fields.pin && wasPinned) changes.pinnedTo = null;
  if (datesChanged || changes.pinnedTo === null) {
    if (fields.oneDay) Object.assign(changes, { startDate: form.startDate, endDate: form.startDate });
    else {
      if (!sameDay(item.startDate, form.startDate) || changes.pinnedTo === null) changes.startDate = form.startDate;
      if (!sameDay(item.endDate, form.endDate) || changes.pinnedTo === null) changes.endDate = form.endDate;
    }
    if (item.pinnedTo !== null && !('pinnedTo' in changes)) changes.pinnedTo = null;
  }
  return { changes, error: null };
}
