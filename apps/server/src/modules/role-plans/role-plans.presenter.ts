import { needsAttention, originLabel, roleCellLabel, type RolePlanItem } from '@crewplan/domain';
import type { RolePlanWithNames } from './role-plans.queries.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A role-plan item as the API answers it: the spec's fields, the names beside the ids, and what the views show. */
export function presentItem({ item, roleName, programTitle, missionTitle, personName }: RolePlanWithNames): RolePlanItem {
  return {
    _id: item.id,
    org: item.orgId,
    status: item.status,
    statusChanges: item.statusChanges,
    personId: item.personId,
    person: item.personId ? { _id: item.personId, name: personName ?? '' } : null,
    roleId: item.roleId,
    roleName,
    planItemId: item.planItemId,
    programId: item.programId,
    programTitle,
    // Rule 88: the item a bulk merge creates stands for no one project.
    missionId: item.origin === 'merge' ? 'merged' : item.missionId,
    missionTitle,
    hoursNeeded: item.hoursNeeded,
    hoursApproved: item.hoursApproved,
    startDate: item.startDate,
    endDate: item.endDate,
    mergedTo: item.mergedTo,
    mergedOn: iso(item.mergedOn),
    mergedBy: item.mergedBy,
    mergeReferenceId: item.mergeReferenceId,
    splitFrom: item.splitFrom,
    createdFromGtCrm: item.origin === 'crm',
    origin: item.origin,
    originLabel: originLabel(item),
    metaData: item.metaData,
    customId: item.customId,
    context: item.context,
    messages: item.messages,
    needsAttention: needsAttention(item),
    cellLabel: roleCellLabel(item),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
