import { eq } from 'drizzle-orm';
import { autoCreateRoleFor, mondayOf, orgLicenceActive, planItemDates, timesheetToggleShown, type OrgLicenceFacts } from '@crewplan/domain';
import type { Tx } from '../../db/database.ts';
import { missions, orgs } from '../../db/schema/index.ts';
import type { MissionRow } from '../../plugins/mission-access.ts';

/** What rules 130 and 133 read: the mission's kind and timesheets, and the licence of its organisation (none for a personal one). */
type AutoRoleFacts = {
  mission: Pick<MissionRow, 'isModel' | 'isTemplate' | 'noTimesheets'>;
  org: OrgLicenceFacts | null;
};

/**
 * Whether an invite's auto-create-role timesheet setting applies (rules 130, 133): the toggle is offered only with an
 * active organisation licence, on a project that is neither a model nor a template, with timesheets on, and never for
 * an observer. Checked when the invite is sent and again when it is accepted, since any of these may change between.
 */
export function autoCreateRoleApplies({ mission, org }: AutoRoleFacts, permission: number, now: Date): boolean {
  const toggleShown = timesheetToggleShown({
    orgLicensedActive: org ? orgLicenceActive(org, now) : false,
    isModel: mission.isModel,
    isTemplate: mission.isTemplate,
    noTimesheets: mission.noTimesheets,
  });
  return toggleShown && autoCreateRoleFor(permission);
}

/** Whether an invite sent with autoCreateRole still creates a role on acceptance, read from the mission and organisation as they are now. */
export async function autoCreateRoleStillApplies(
  tx: Tx,
  invite: { missionId: string; permission: number; autoCreateRole: boolean },
  now: Date,
): Promise<boolean> {
  if (!invite.autoCreateRole) return false;
  const [row] = await tx
    .select({
      mission: { isModel: missions.isModel, isTemplate: missions.isTemplate, noTimesheets: missions.noTimesheets },
      org: {
        isLicensedActive: orgs.isLicensedActive,
        isOrgLicensed: orgs.isOrgLicensed,
        isKeyLicensed: orgs.isKeyLicensed,
        trialStartedOn: orgs.trialStartedOn,
      },
    })
    .from(missions)
    .leftJoin(orgs, eq(orgs.id, missions.orgId))
    .where(eq(missions.id, invite.missionId))
    .limit(1);
  return !!row && autoCreateRoleApplies(row, invite.permission, now);
}

/**
 * The dates of the role an accepted invite creates: from the Monday of the week the invitee accepts in, or the
 * project's start when that is later, to the project's end. Not pinned to the project: a person invited today has
 * no timesheet weeks (nor planned hours) from before they joined. An end not after the start (a project that ended
 * before that week) is pushed as any plan item's is (rule 74).
 */
export function invitedRoleDates(
  acceptedOn: string,
  mission: { start: string | null; end: string | null },
): { startDate: string | null; endDate: string | null } {
  const weekStart = mondayOf(acceptedOn);
  const startDate = mission.start && mission.start > weekStart ? mission.start : weekStart;
  return planItemDates({ startDate, endDate: mission.end }, mission);
}
