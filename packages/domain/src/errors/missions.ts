import { FLOATING_MESSAGES, MISSION_MESSAGES, SHELL_MESSAGES } from '../messages/index.ts';
import { COSTS_BLOCKED_MESSAGE } from '../money/rates.ts';
import { PLAN_MESSAGES } from '../plan/plan.ts';
import { ROLE_PLAN_MESSAGES } from '../role-plans/rules.ts';
import { STAFFING_MESSAGES } from '../staffing/staffing.ts';
import { TEMPLATE_MESSAGES } from '../templates/rules.ts';
import { atField, type ErrorEntry } from './entry.ts';

const MONEY_FORBIDDEN = 'Sorry but only project managers and organisation managers may set rates.';
const ORG_ROLE_UNKNOWN = 'This role is not a role of the organisation.';
const TASK_UNKNOWN = 'This task is not a task of the project.';
const LICENCE_KEY_INVALID = 'Sorry that license key is not valid or has already been used.';
const PROMO_CODE_INVALID = 'Sorry that promo code is not valid or has already been used.';
const noDepartmentsOrOffices = 'A personal project has no departments or offices.';
const personalHasNo = (field: string) => `A personal project has no ${field}.`;
const unknownInOrg = (what: string) => `Unknown ${what} in this organization.`;
const milestoneInvoiced = (invoice: string, status: string) =>
  `This milestone is billed on invoice ${invoice}, which is ${status}: its amount and approval can no longer be changed, nor can it be deleted. Void the invoice to change it.`;
const rolePlanKinds = (fields: readonly string[]) => fields.map((field) => field.replace(/Ids?$/, '')).join(', ');

export const MISSION_ERRORS = {
  // What a mission route names, when it is not there
  taskNotFound: { code: 'task/not-found', status: 404, message: SHELL_MESSAGES.unknownTask },
  actionNotFound: { code: 'action/not-found', status: 404, message: 'Sorry that action was not found. It may have been deleted.' },
  planItemNotFound: {
    code: 'plan-item/not-found',
    status: 404,
    message: 'Sorry that role or plan item was not found. It may have been deleted.',
  },
  sectionTagNotFound: {
    code: 'mission/section-tag-not-found',
    status: 404,
    message: 'Sorry that section was not found. Please refresh and try again.',
  },
  kpiNotFound: { code: 'mission/kpi-not-found', status: 404, message: 'Sorry that KPI was not found. Please refresh and try again.' },
  templateNotFound: { code: 'template/not-found', status: 404, message: TEMPLATE_MESSAGES.notFound },
  checklistNotFound: {
    code: 'checklist/not-found',
    status: 404,
    message: 'Sorry that checklist item was not found. It may have been deleted.',
  },
  // Missions: settings, sections, references and licences
  autoAssignManagersOnly: { code: 'forbidden', status: 403, message: 'Only project managers can change auto-assign.' },
  sectionEndsBeforeStart: {
    code: 'validation',
    status: 400,
    message: 'The section must end on or after its start.',
    fields: { to: 'Before from' },
  },
  budgetMoneyOnly: { code: 'forbidden', status: 403, message: "Only those who see the mission's money set its budget." },
  catchAllLocked: { code: 'mission/catch-all-locked', status: 400, message: 'The catch-all section cannot be changed or deleted.' },
  personalHasNo: {
    code: 'validation',
    status: 400,
    message: personalHasNo,
    fields: (field: string) => ({ [field]: personalHasNo(field) }),
  },
  unknownReference: {
    code: 'validation',
    status: 400,
    message: unknownInOrg,
    fields: (field: string) => ({ [field]: unknownInOrg(field) }),
  },
  personalHasNoGroups: { code: 'validation', status: 400, message: noDepartmentsOrOffices, fields: atField(noDepartmentsOrOffices) },
  unknownGroup: {
    code: 'validation',
    status: 400,
    message: (field: string) => unknownInOrg(field === 'offices' ? 'office' : 'department'),
    fields: (field: string) => ({ [field]: unknownInOrg(field === 'offices' ? 'office' : 'department') }),
  },
  licenceAlreadyActive: { code: 'licence/already-active', status: 409, message: 'This project is already licensed.' },
  licenceKeyInvalid: { code: 'licence/invalid', status: 400, message: LICENCE_KEY_INVALID },
  promoCodeInvalid: { code: 'licence/invalid', status: 400, message: PROMO_CODE_INVALID },
  // Tasks
  actionDates: { code: 'action/invalid-dates', status: 400, message: 'Sorry was not able to create...' },
  taskCircular: { code: 'task/circular-dependency', status: 400, message: 'Circular dependency' },
  notPartOfMission: { code: 'not_part_of_mission', status: 409, message: 'This person is not part of the mission yet.' },
  taskClosed: { code: 'task/closed', status: 403, message: 'This action is done and closed. Reopen it first.' },
  taskRefused: { code: 'task/forbidden', status: 403, message: 'You do not have permission to do this.' },
  taskCopyNotReady: {
    code: 'task/copy-not-ready',
    status: 409,
    message: 'Tasks can be copied once a project manager or admin has opened the project.',
  },
  taskEndBeforeStart: {
    code: 'validation',
    status: 400,
    message: 'The end date must be after the start date.',
    fields: { endDate: 'Before start' },
  },
  taskUnknownColumn: {
    code: 'validation',
    status: 400,
    message: (col: string) => `The column '${col}' is not on this project's board.`,
    fields: (col: string) => ({ col: `'${col}' is not on the board` }),
  },
  // Plan
  planReasonTooShort: {
    code: 'plan/reason-too-short',
    status: 400,
    message: PLAN_MESSAGES.longerDescription,
    fields: { reason: 'Too short' },
  },
  planNotOnTeam: { code: 'plan/not-on-team', status: 400, message: PLAN_MESSAGES.notOnTeam, fields: { person: 'Not on the team' } },
  planObserver: { code: 'plan/observer', status: 400, message: PLAN_MESSAGES.observerNotCandidate, fields: { person: 'Observer' } },
  planDepartmentClosed: {
    code: 'plan/department-closed',
    status: 400,
    message: PLAN_MESSAGES.departmentClosed,
    fields: { person: 'Department does not share' },
  },
  planScheduleNotFound: { code: 'plan/schedule-not-found', status: 404, message: PLAN_MESSAGES.scheduleNotFound },
  planScheduleOutside: {
    code: 'plan/schedule-outside',
    status: 400,
    message: PLAN_MESSAGES.scheduleOutside,
    fields: { startDate: 'Outside the role', endDate: 'Outside the role' },
  },
  planInvalidPin: {
    code: 'plan/invalid-pin',
    status: 400,
    message: 'A plan item cannot be pinned to itself or to an item of another project.',
    fields: { pinnedTo: 'Invalid' },
  },
  planItemTwice: { code: 'validation', status: 400, message: 'Each plan item may appear once.', fields: { _id: 'Duplicate' } },
  planNotAllowedToApprove: { code: 'forbidden', status: 403, message: PLAN_MESSAGES.notAllowedToApprove },
  planRequestPending: { code: 'plan/request-pending', status: 409, message: PLAN_MESSAGES.requestPending },
  planNoPendingRequest: { code: 'plan/no-pending-request', status: 409, message: PLAN_MESSAGES.noPendingRequest },
  planCircular: { code: 'plan/circular-dependency', status: 400, message: PLAN_MESSAGES.circularDependency },
  planOverlappingRoles: { code: 'plan/overlapping-roles', status: 409, message: PLAN_MESSAGES.overlappingRoles },
  planAssignPersonFirst: { code: 'plan/no-person', status: 400, message: PLAN_MESSAGES.assignPersonFirst },
  planNotARole: { code: 'plan/not-a-role', status: 400, message: PLAN_MESSAGES.personOnlyForRoles },
  planMoneyForbidden: {
    code: 'money/forbidden',
    status: 403,
    message: MONEY_FORBIDDEN,
    fields: (given: readonly string[]) => Object.fromEntries(given.map((field) => [field, MONEY_FORBIDDEN])),
  },
  planCostsBlocked: {
    code: 'money/costs-blocked',
    status: 400,
    message: COSTS_BLOCKED_MESSAGE,
    fields: { endDate: COSTS_BLOCKED_MESSAGE },
  },
  planOrgRoleUnknown: { code: 'plan/org-role-unknown', status: 400, message: ORG_ROLE_UNKNOWN, fields: { orgRole: ORG_ROLE_UNKNOWN } },
  milestoneInvoiced: { code: 'plan/invoiced', status: 409, message: milestoneInvoiced },
  planTaskUnknown: {
    code: 'plan/task-unknown',
    status: 400,
    message: TASK_UNKNOWN,
    fields: (index: number) => ({ [`raciOnTasks.${index}.taskId`]: TASK_UNKNOWN }),
  },
  // Request and assign resources (role plans)
  rolePlanNotLicensed: { code: 'role-plan/not-licensed', status: 403, message: FLOATING_MESSAGES.needsUnlimited },
  rolePlanNotFound: {
    code: 'role-plan/not-found',
    status: 404,
    message: ROLE_PLAN_MESSAGES.notFound,
    fields: atField(ROLE_PLAN_MESSAGES.notFound),
  },
  rolePlanNotInOrg: {
    code: 'role-plan/not-in-org',
    status: 400,
    message: (fields: readonly string[]) => ROLE_PLAN_MESSAGES.notInOrg.replace('{kind}', rolePlanKinds(fields)),
    fields: (fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, 'Not part of this organization'])),
  },
  rolePlanMerged: {
    code: 'role-plan/merged',
    status: 409,
    message: ROLE_PLAN_MESSAGES.alreadyMerged,
    fields: atField(ROLE_PLAN_MESSAGES.alreadyMerged),
  },
  rolePlanHoldsMerged: {
    code: 'role-plan/holds-merged',
    status: 409,
    message: ROLE_PLAN_MESSAGES.holdsMerged,
    fields: { itemId: ROLE_PLAN_MESSAGES.holdsMerged },
  },
  rolePlanNothingToMerge: {
    code: 'role-plan/nothing-to-merge',
    status: 409,
    message: ROLE_PLAN_MESSAGES.nothingToMerge,
    fields: { rolePlanItemIds: ROLE_PLAN_MESSAGES.nothingToMerge },
  },
  rolePlanMergeTarget: {
    code: 'validation',
    status: 400,
    message: ROLE_PLAN_MESSAGES.mergeTarget,
    fields: { into: ROLE_PLAN_MESSAGES.mergeTarget },
  },
  rolePlanSplitTooMuch: {
    code: 'role-plan/split-too-much',
    status: 422,
    message: ROLE_PLAN_MESSAGES.splitTooMuch,
    fields: { parts: ROLE_PLAN_MESSAGES.splitTooMuch },
  },
  rolePlanDatesBackwards: {
    code: 'validation',
    status: 400,
    message: ROLE_PLAN_MESSAGES.datesBackwards,
    fields: atField(ROLE_PLAN_MESSAGES.datesBackwards),
  },
  rolePlanNotAllowed: { code: 'role-plan/not-allowed', status: 403, message: ROLE_PLAN_MESSAGES.notAllowed },
  // Staffing suggestions
  staffingRoleNotFound: {
    code: 'staffing/role-not-found',
    status: 404,
    message: STAFFING_MESSAGES.roleNotFound,
    fields: atField(STAFFING_MESSAGES.roleNotFound),
  },
  staffingSessionNotFound: {
    code: 'staffing/session-not-found',
    status: 404,
    message: STAFFING_MESSAGES.sessionNotFound,
    fields: atField(STAFFING_MESSAGES.sessionNotFound),
  },
  staffingPersonNotFound: {
    code: 'staffing/person-not-found',
    status: 404,
    message: STAFFING_MESSAGES.personNotFound,
    fields: atField(STAFFING_MESSAGES.personNotFound),
  },
  staffingMissionNotFound: {
    code: 'staffing/mission-not-found',
    status: 404,
    message: STAFFING_MESSAGES.missionNotFound,
    fields: { missionId: STAFFING_MESSAGES.missionNotFound },
  },
  staffingPersonalMission: {
    code: 'staffing/personal-mission',
    status: 422,
    message: 'Staffing needs a project of an organization.',
    fields: { missionId: 'Staffing needs a project of an organization.' },
  },
  staffingNotYourMission: {
    code: 'forbidden',
    status: 403,
    message: STAFFING_MESSAGES.notYourMission,
    fields: { missionId: STAFFING_MESSAGES.notYourMission },
  },
  staffingNotYourRole: {
    code: 'forbidden',
    status: 403,
    message: STAFFING_MESSAGES.notYourRole,
    fields: atField(STAFFING_MESSAGES.notYourRole),
  },
  staffingNotARole: {
    code: 'staffing/not-a-role',
    status: 400,
    message: STAFFING_MESSAGES.notARole,
    fields: atField(STAFFING_MESSAGES.notARole),
  },
  staffingRoleWithoutDates: {
    code: 'staffing/role-without-dates',
    status: 422,
    message: STAFFING_MESSAGES.roleWithoutDates,
    fields: atField(STAFFING_MESSAGES.roleWithoutDates),
  },
  staffingMissionWithoutDates: {
    code: 'staffing/mission-without-dates',
    status: 422,
    message: STAFFING_MESSAGES.missionWithoutDates,
    fields: { missionId: STAFFING_MESSAGES.missionWithoutDates },
  },
  staffingOneChange: {
    code: 'validation',
    status: 400,
    message: STAFFING_MESSAGES.oneChange,
    fields: { startDate: STAFFING_MESSAGES.oneChange },
  },
  staffingRolesTooLong: {
    code: 'validation',
    status: 400,
    message: STAFFING_MESSAGES.rolesTooLong,
    fields: atField(STAFFING_MESSAGES.rolesTooLong),
  },
  staffingMissionTooLong: {
    code: 'validation',
    status: 400,
    message: STAFFING_MESSAGES.missionTooLong,
    fields: { missionId: STAFFING_MESSAGES.missionTooLong },
  },
  staffingShiftTooFar: {
    code: 'validation',
    status: 400,
    message: STAFFING_MESSAGES.shiftTooFar,
    fields: atField(STAFFING_MESSAGES.shiftTooFar),
  },
  staffingRangeBackwards: {
    code: 'validation',
    status: 400,
    message: 'The end must not be before the start.',
    fields: { to: 'The end must not be before the start.' },
  },
  staffingRangeTooLong: {
    code: 'validation',
    status: 400,
    message: 'At most three years at a time.',
    fields: { to: 'At most three years at a time.' },
  },
  // Templates
  templateAlreadyTemplate: { code: 'template/already-template', status: 400, message: TEMPLATE_MESSAGES.alreadyTemplate },
  templateNotLinked: { code: 'template/not-linked', status: 400, message: TEMPLATE_MESSAGES.notLinked },
  templateOtherOrg: { code: 'validation', status: 400, message: TEMPLATE_MESSAGES.otherOrg, fields: { org: TEMPLATE_MESSAGES.otherOrg } },
  templatePersonalHasNoOrg: {
    code: 'validation',
    status: 400,
    message: TEMPLATE_MESSAGES.personalHasNoOrg,
    fields: { org: TEMPLATE_MESSAGES.personalHasNoOrg },
  },
  templateOrgNeeded: {
    code: 'validation',
    status: 400,
    message: TEMPLATE_MESSAGES.orgNeeded,
    fields: { org: TEMPLATE_MESSAGES.orgNeeded },
  },
  // The team
  personNotFound: { code: 'person/not-found', status: 404, message: MISSION_MESSAGES.personNotFound },
  onlyAdminsMakeAdmins: { code: 'forbidden', status: 403, message: 'Only admins can make another person an admin.' },
  missionLastAdmin: { code: 'mission/last-admin', status: 400, message: MISSION_MESSAGES.lastAdmin },
} as const satisfies Record<string, ErrorEntry>;
