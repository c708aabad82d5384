import {
  can,
  canOnOrgMoney,
  canSeeGoal,
  fromMinorUnits,
  ORG_PERMISSION_OF_LEVEL,
  orgAbilities,
  type Department,
  type Goal,
  type GoalFacts,
  type Office,
  type Org,
  type OrgActor,
  type OrgPerson,
  type PersonRef,
  type Program,
  type RateTime,
  type Role,
  orgLicenceActive,
  seesMemberEmails,
} from '@crewplan/domain';
import type { departments, goals, offices, orgRoles, people, programs } from '../../db/schema/index.ts';
import type { OrgPersonRow, OrgRow } from '../../plugins/types.ts';
import { avatarUrl } from '../people/index.ts';

/** Who is looking: the policy actor and, for a person, their id and membership. */
export type Viewer = { actor: OrgActor; personId: string | null; member: OrgPersonRow | null };

export const orgLogoUrl = (org: Pick<OrgRow, 'id' | 'logoVersion'>) =>
  org.logoVersion ? `/api/org/${org.id}/logo?v=${org.logoVersion}` : null;

/** An organisation with its settings, the viewer's membership and abilities. */
export function presentOrg(org: OrgRow, viewer: Viewer, now: Date): Org {
  const member = viewer.member;
  return {
    _id: org.id,
    title: org.title,
    logo: orgLogoUrl(org),
    currency: org.currency,
    roleDefaultRateTime: org.roleDefaultRateTime as RateTime,
    proposalDeadlines: org.proposalDeadlines,
    leaveCodes: org.leaveCodes,
    holidayCountryCode: org.holidayCountryCode,
    daysPerWeek: org.daysPerWeek,
    carryOverAnnualLeaveCutOff: org.carryOverAnnualLeaveCutOff,
    carryOverAnnualLeaveAmount: org.carryOverAnnualLeaveAmount,
    carryOverAnnualLeaveFx: org.carryOverAnnualLeaveFx as Org['carryOverAnnualLeaveFx'],
    inviteDomains: org.inviteDomains,
    overTimeAfterDayOrWeek: org.overTimeAfterDayOrWeek as Org['overTimeAfterDayOrWeek'],
    overTimeAfter: org.overTimeAfter,
    isMFARequired: org.isMFARequired,
    rolesNeedApproval: org.rolesNeedApproval,
    canProjectManagersApproveRoles: org.canProjectManagersApproveRoles,
    projectCreationRestricted: org.projectCreationRestricted,
    invoicingDisabled: org.invoicingDisabled,
    isLicensed: org.isLicensed,
    isKeyLicensed: org.isKeyLicensed,
    isOrgLicensed: org.isOrgLicensed,
    isLicensedActive: orgLicenceActive(org, now),
    trialStartedOn: org.trialStartedOn?.toISOString() ?? null,
    createdAt: org.createdAt.toISOString(),
    updatedAt: org.updatedAt.toISOString(),
    me: member
      ? {
          permission: ORG_PERMISSION_OF_LEVEL[member.level],
          level: member.level,
          canApproveRoles: member.canApproveRoles,
          canApproveLeaves: member.canApproveLeaves,
          canManageGoals: member.canManageGoals,
          canCreateProjects: member.canCreateProjects,
          accessibleDepartments: member.accessibleDepartments,
          accessibleOffices: member.accessibleOffices,
        }
      : null,
    abilities: orgAbilities(viewer.actor, { org }),
  };
}

const stamps = (row: { createdAt: Date; updatedAt: Date }) => ({
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const structureAbilities = (viewer: Viewer) => {
  const allowed = can(viewer.actor, 'org.structure.manage');
  return { update: allowed, delete: allowed };
};

export function presentRole(row: typeof orgRoles.$inferSelect, viewer: Viewer): Role {
  return {
    _id: row.id,
    name: row.name,
    cost: canOnOrgMoney(viewer.actor, 'money.read') ? fromMinorUnits(row.costMinor) : null,
    rateTime: row.rateTime as RateTime,
    permission: row.permission,
    isDeleted: row.isDeleted,
    ...stamps(row),
    abilities: structureAbilities(viewer),
  };
}

export function presentDepartment(row: typeof departments.$inferSelect, viewer: Viewer): Department {
  return {
    _id: row.id,
    title: row.title,
    rolesRequireApproval: row.rolesRequireApproval,
    dontShareResources: row.dontShareResources,
    isDeleted: row.isDeleted,
    ...stamps(row),
    abilities: structureAbilities(viewer),
  };
}

export function presentOffice(row: typeof offices.$inferSelect, viewer: Viewer): Office {
  return {
    _id: row.id,
    title: row.title,
    country: row.country,
    isDeleted: row.isDeleted,
    ...stamps(row),
    abilities: structureAbilities(viewer),
  };
}

export function presentProgram(row: typeof programs.$inferSelect, viewer: Viewer): Program {
  return {
    _id: row.id,
    title: row.title,
    portfolio: row.portfolioId,
    managers: row.managers,
    isDeleted: row.isDeleted,
    ...stamps(row),
    abilities: structureAbilities(viewer),
  };
}

export const goalFacts = (row: typeof goals.$inferSelect): GoalFacts => ({
  ownerId: row.ownerId,
  departments: row.departments,
  offices: row.offices,
});

export function presentGoal(row: typeof goals.$inferSelect, viewer: Viewer): Goal {
  const allowed = can(viewer.actor, 'goals.update', { goal: goalFacts(row) });
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    departments: row.departments,
    offices: row.offices,
    owner: row.ownerId,
    isDeleted: row.isDeleted,
    ...stamps(row),
    abilities: { update: allowed, delete: allowed },
  };
}

export const isGoalVisible = (row: typeof goals.$inferSelect, viewer: Viewer) => canSeeGoal(viewer.actor, goalFacts(row));

type PersonRow = Pick<typeof people.$inferSelect, 'id' | 'firstName' | 'lastName' | 'avatarVersion'>;

export const personRef = (person: PersonRow): PersonRef => ({
  _id: person.id,
  firstName: person.firstName,
  lastName: person.lastName,
  avatar: avatarUrl(person),
});

export const targetFacts = (row: OrgPersonRow) => ({
  personId: row.personId,
  level: row.level,
  departments: row.departments,
  office: row.officeId,
});

/** What the viewer may do to a person entry. */
export function personAbilities(row: OrgPersonRow, viewer: Viewer): OrgPerson['abilities'] {
  const target = targetFacts(row);
  const self = viewer.personId === row.personId;
  const update = can(viewer.actor, 'org.people.manage', { target });
  return {
    update,
    // Nobody but an admin changes their own rights.
    grant:
      can(viewer.actor, 'org.people.grant', { target }) && (!self || (viewer.actor.kind === 'person' && viewer.actor.level === 'ADMIN')),
    // Nor their own leave: entitlements, pre-service years and start date.
    editLeave: update && (!self || (viewer.actor.kind === 'person' && viewer.actor.level === 'ADMIN')),
    remove: self || update,
    changeEmail: self || update,
  };
}

/** An organisation person entry; leave amounts and pre-service only for the person and those who manage them. */
export function presentOrgPerson(row: OrgPersonRow, person: PersonRow, viewer: Viewer): OrgPerson {
  const abilities = personAbilities(row, viewer);
  const own = viewer.personId === row.personId;
  const privateVisible = abilities.update || own;
  return {
    _id: row.id,
    org: row.orgId,
    ref: personRef(person),
    email: own || seesMemberEmails(viewer.member?.level) ? row.email : '',
    permission: ORG_PERMISSION_OF_LEVEL[row.level],
    level: row.level,
    role: row.roleId,
    departments: row.departments,
    office: row.officeId,
    accessibleDepartments: row.accessibleDepartments,
    accessibleOffices: row.accessibleOffices,
    canApproveRoles: row.canApproveRoles,
    canApproveLeaves: row.canApproveLeaves,
    canManageGoals: row.canManageGoals,
    canCreateProjects: row.canCreateProjects,
    startDate: row.startDate,
    endDate: row.endDate,
    yearsOfPreService: privateVisible ? row.yearsOfPreService : null,
    leaveAmounts: privateVisible ? row.leaveAmounts : null,
    removeFromMissions: row.removeFromMissions,
    ...stamps(row),
    abilities,
  };
}
