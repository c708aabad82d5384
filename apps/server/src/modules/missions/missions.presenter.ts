import {
  displayStatus,
  effectivePermission,
  FREE_SLOTS,
  fromMinorUnits,
  canOnMissionMoney,
  missionAbilities,
  MONEY_VERBS,
  overtimeInEffect,
  presentMissionOvertime,
  seenFromOrg,
  slotsFull,
  usedSeats,
  type Mission,
  type MissionPlanItem,
  type ProjectStatus,
  type ProjectType,
  orgLicenceActive,
} from '@crewplan/domain';
import type { missionInvites } from '../../db/schema/index.ts';
import type { MissionAccess, MissionRow } from '../../plugins/mission-access.ts';
import { presentMissionPerson, type TeamRow } from '../team/index.ts';

type OpenInviteRow = typeof missionInvites.$inferSelect;

/** Plan items are presented by the plan domain, with their requests, dependencies and schedules. */
export { presentPlanItem } from '../plan/index.ts';

/** Free-plan seats (rule 134): unlimited when the mission or its organisation holds an active licence. */
export function freeSlotsOf(mission: MissionRow, orgLicensed: boolean, seats: readonly { permission: number }[]) {
  const used = usedSeats(seats);
  const unlimited = mission.isLicensedActive || orgLicensed;
  return { used, limit: FREE_SLOTS, full: !unlimited && slotsFull(used), unlimited };
}

/** The whole mission as `GET /mission/:id` answers it, for the caller of `access`. */
export function presentMission(
  access: MissionAccess,
  mission: MissionRow,
  team: TeamRow[],
  plan: MissionPlanItem[],
  { invites, baselines }: { invites: OpenInviteRow[]; baselines: Mission['baselines'] },
  datesRepaired: boolean,
  now: Date,
): Mission {
  const facts = { projectStatus: mission.projectStatus, hasOrg: mission.orgId !== null };
  const abilities = {
    ...missionAbilities(access.actor, facts),
    ...(Object.fromEntries(MONEY_VERBS.map((verb) => [verb, canOnMissionMoney(access.actor, verb, { mission: facts })])) as Record<
      (typeof MONEY_VERBS)[number],
      boolean
    >),
  };
  const status = mission.projectStatus as ProjectStatus;
  return {
    _id: mission.id,
    title: mission.title,
    projectCode: mission.projectCode,
    org: mission.orgId,
    client: mission.clientId,
    program: mission.programId,
    goal: mission.goalId,
    planStartDate: mission.planStartDate,
    planEndDate: mission.planEndDate,
    projectStatus: status,
    displayStatus: displayStatus({ projectStatus: status, kickedOff: mission.kickedOff }),
    missionStop: mission.missionStop?.toISOString() ?? null,
    kickedOff: mission.kickedOff,
    projectType: mission.projectType as ProjectType,
    theme: mission.theme,
    isTemplate: mission.isTemplate,
    isModel: mission.isModel,
    isProposal: mission.isProposal,
    isProcess: mission.isProcess,
    createdFromGtCrm: mission.createdFromGtCrm,
    isLicensedActive: mission.isLicensedActive,
    createdAt: mission.createdAt.toISOString(),
    updatedAt: mission.updatedAt.toISOString(),
    permission: effectivePermission(access.actor) ?? access.member?.permission ?? 4,
    isProjectManager: access.member?.isProjectManager ?? false,
    description: mission.description,
    forecastStartDate: mission.forecastStartDate,
    forecastEndDate: mission.forecastEndDate,
    sectionTags: mission.sectionTags,
    cols: mission.cols,
    kpis: mission.kpis,
    type: mission.type,
    currency: mission.currency,
    // the budget is money: told only to those who see the mission's money, as the plan's rates and amounts are
    budgetAvailable: abilities['money.read'] && mission.budgetAvailableMinor !== null ? fromMinorUnits(mission.budgetAvailableMinor) : null,
    noTimesheets: mission.noTimesheets,
    ...presentMissionOvertime(mission),
    overtime: overtimeInEffect(access.org, mission),
    notBillable: mission.notBillable,
    billUsingMilestones: mission.billUsingMilestones,
    departmentTags: mission.departmentTags,
    offices: mission.offices,
    inviteDomains: mission.inviteDomains,
    isTemplateSaved: mission.isTemplateSaved,
    linkedTemplate: mission.linkedTemplate,
    linkedProject: mission.linkedProject,
    proposalLinkId: mission.proposalLinkId,
    autoAssign: mission.autoAssign,
    includeWeekends: mission.includeWeekends,
    defaultTaskCode: mission.defaultTaskCode,
    createdBy: mission.createdBy,
    _archived: mission.archivedAt !== null,
    loadedFromOrg: seenFromOrg(access.actor),
    datesRepaired,
    people: team.map(presentMissionPerson),
    planItems: plan,
    baselines,
    pendingInvites: abilities['mission.invite']
      ? invites.map((invite) => ({
          _id: invite.id,
          inviteeEmail: invite.inviteeEmail,
          permission: invite.permission,
          isProjectManager: invite.isProjectManager,
          createdAt: invite.createdAt.toISOString(),
        }))
      : [],
    freeSlots: freeSlotsOf(mission, access.org ? orgLicenceActive(access.org, now) : false, [...team.map((row) => row.member), ...invites]),
    abilities,
  };
}
