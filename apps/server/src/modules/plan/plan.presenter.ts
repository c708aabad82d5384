import { allocationStatus, fromMinorUnits, PLAN_ITEM_TYPES, type PlanItem, type PlanItemType } from '@crewplan/domain';
import type { planItemRequests, planItems, planItemSchedules } from '../../db/schema/index.ts';

export type PlanItemRow = typeof planItems.$inferSelect;
export type PlanRequestRow = typeof planItemRequests.$inferSelect;
export type PlanScheduleRow = typeof planItemSchedules.$inferSelect;

/** What a plan item carries beside its row, grouped by plan item id (each loaded in one query for a whole mission). */
export type PlanLinks = {
  requests: Map<string, PlanRequestRow[]>;
  dependsOn: Map<string, string[]>;
  dependedOnBy: Map<string, string[]>;
  schedules: Map<string, PlanScheduleRow[]>;
};

export const emptyPlanLinks = (): PlanLinks => ({
  requests: new Map(),
  dependsOn: new Map(),
  dependedOnBy: new Map(),
  schedules: new Map(),
});

const typeOf = (type: string): PlanItemType => ((PLAN_ITEM_TYPES as readonly string[]).includes(type) ? (type as PlanItemType) : 'person');
const money = (minor: number | null) => (minor === null ? null : fromMinorUnits(minor));

export function presentPlanRequest(row: PlanRequestRow): PlanItem['requests'][number] {
  return {
    _id: row.id,
    context: row.context,
    status: row.status,
    person: row.personId,
    reason: row.reason,
    sentForApprovalOn: row.sentForApprovalOn.toISOString(),
    sentForApprovalBy: row.sentForApprovalBy,
    actionedOn: row.actionedOn?.toISOString() ?? null,
    actionedBy: row.actionedBy,
  };
}

/**
 * A plan item as every call answers it, with its allocation status in both contexts (rule 68). Its money (rate, bill
 * rate, amount) is null unless `money`: only who sees the mission's money is told it (`seesMissionMoney`).
 */
export function presentPlanItem(row: PlanItemRow, links: PlanLinks, options: { money: boolean }): PlanItem {
  const { money: shown } = options;
  const requests = (links.requests.get(row.id) ?? []).map(presentPlanRequest);
  const facts = { allocationDraft: row.allocationDraft, requests, person: row.personId };
  return {
    _id: row.id,
    missionId: row.missionId,
    type: typeOf(row.type),
    title: row.title,
    role: row.role,
    orgRole: row.orgRoleId,
    person: row.personId,
    allocation: row.allocation,
    startDate: row.startDate,
    endDate: row.endDate,
    rate: shown ? fromMinorUnits(row.rateMinor) : null,
    rateTime: row.rateTime,
    billRate: shown ? fromMinorUnits(row.billRateMinor) : null,
    billUnit: row.billUnit,
    quantity: row.quantity,
    hoursNeeded: row.hoursNeeded,
    amount: shown ? money(row.amountMinor) : null,
    approved: row.approved,
    inactive: row.inactive,
    wasDeleted: row.wasDeleted,
    isForecast: row.isForecast,
    y: row.y,
    pinnedTo: row.pinnedTo,
    personLeftRole: row.personLeftRole,
    raciOnTasks: row.raciOnTasks,
    linkedToTask: row.linkedToTask,
    createdFromGtCrm: row.createdFromGtCrm,
    allocationDraft: row.allocationDraft,
    dailyHours: row.dailyHours,
    weeklyLumpHours: row.weeklyLumpHours,
    allocationStatus: { pm: allocationStatus(facts, 'pm'), org: allocationStatus(facts, 'org') },
    requests,
    dependencies: links.dependsOn.get(row.id) ?? [],
    dependencyOnMe: links.dependedOnBy.get(row.id) ?? [],
    schedules: (links.schedules.get(row.id) ?? []).map((s) => ({
      _id: s.id,
      startDate: s.startDate,
      endDate: s.endDate,
      hoursPerDay: s.hoursPerDay,
      note: s.note,
    })),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
