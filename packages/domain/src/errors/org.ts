import { MISSION_MESSAGES, ORG_MESSAGES } from '../messages/index.ts';
import { NOTIFICATION_MESSAGES } from '../notifications/rules.ts';
import { TRIAL_MESSAGES } from '../org/licence.ts';
import { LEAVE_SETTINGS_MESSAGES } from '../org/settings.ts';
import { alreadyOnTeamMessage, TEAM_MESSAGES } from '../team/rules.ts';
import { atField, type ErrorEntry } from './entry.ts';

const notPartOfOrg = (what: string) => `Sorry but that ${what} is not part of this organization.`;
const duplicateName = (what: string) => `Sorry but a ${what} with this name already exists.`;
const stillInUse = (what: string) => (usage: string) => `Sorry but this ${what} is still in use (${usage}). Move them elsewhere first.`;
const HOLIDAY_COUNTRY = LEAVE_SETTINGS_MESSAGES.unknownHolidayCountry;
const ORG_DATES_BACKWARDS = 'The end date must not be before the start date';

export const ORG_ERRORS = {
  // The organisation and its settings
  orgHolidayCountryUnknown: {
    code: 'validation',
    status: 400,
    message: HOLIDAY_COUNTRY,
    fields: { holidayCountryCode: HOLIDAY_COUNTRY },
  },
  trialAlreadyUsed: { code: 'trial/already-used', status: 409, message: TRIAL_MESSAGES.alreadyUsed },
  storageKeyGone: { code: 'storage-key/gone', status: 410, message: 'This storage key is no longer valid.' },
  noLogo: { code: 'not_found', status: 404, message: 'No logo.' },
  apiKeyNotFound: { code: 'not_found', status: 404, message: 'That API key was not found.' },
  storageKeyNotFound: { code: 'not_found', status: 404, message: 'That storage key was not found.' },
  notificationNotFound: { code: 'notification/not-found', status: 404, message: NOTIFICATION_MESSAGES.notFound },
  // Roles, departments, offices, programs and goals (the structure); `usage` says what still uses one
  structureItemNotFound: { code: 'org/item-not-found', status: 404, message: (singular: string) => `Sorry that ${singular} wasn't found.` },
  orgDuplicateRole: { code: 'org/duplicate-role', status: 409, message: duplicateName('role') },
  orgDuplicateDepartment: { code: 'org/duplicate-department', status: 409, message: duplicateName('department') },
  orgDuplicateOffice: { code: 'org/duplicate-office', status: 409, message: duplicateName('office') },
  orgDuplicateProgram: { code: 'org/duplicate-program', status: 409, message: duplicateName('program') },
  orgDuplicateGoal: { code: 'org/duplicate-goal', status: 409, message: duplicateName('goal') },
  orgRoleInUse: { code: 'org/role-in-use', status: 409, message: stillInUse('role') },
  orgDepartmentInUse: { code: 'org/department-in-use', status: 409, message: stillInUse('department') },
  orgOfficeInUse: { code: 'org/office-in-use', status: 409, message: stillInUse('office') },
  orgProgramInUse: { code: 'org/program-in-use', status: 409, message: stillInUse('program') },
  orgGoalInUse: { code: 'org/goal-in-use', status: 409, message: stillInUse('goal') },
  goalForOthersManagersOnly: { code: 'forbidden', status: 403, message: 'Only goal managers can create goals for somebody else.' },
  goalOwnerManagersOnly: { code: 'forbidden', status: 403, message: 'Only goal managers can change who owns a goal.' },
  orgUnknownRole: { code: 'org/unknown-role', status: 400, message: notPartOfOrg('role') },
  orgUnknownDepartment: { code: 'org/unknown-department', status: 400, message: notPartOfOrg('department') },
  orgUnknownOffice: { code: 'org/unknown-office', status: 400, message: notPartOfOrg('office') },
  orgUnknownGoal: { code: 'org/unknown-goal', status: 400, message: notPartOfOrg('goal') },
  orgUnknownPerson: { code: 'org/unknown-person', status: 400, message: notPartOfOrg('person') },
  // The organisation's people
  orgPersonNotFound: { code: 'org/person-not-found', status: 404, message: ORG_MESSAGES.personNotFound },
  orgLastAdmin: {
    code: 'org/last-admin',
    status: 409,
    message: 'Sorry but the organization needs at least one admin. Make another person an admin first.',
  },
  orgOnlyAdminLeaving: {
    code: 'org/only-admin-leaving',
    status: 409,
    message:
      'Sorry but the organization has no other admin: if this admin leaves, the organization is deleted. Make another person an admin first, or confirm that the organization is to be deleted.',
  },
  ownPermissions: { code: 'forbidden', status: 403, message: 'You cannot change your own permissions.' },
  ownLeave: { code: 'forbidden', status: 403, message: 'You cannot change your own leave entitlement.' },
  levelNotGiven: { code: 'forbidden', status: 403, message: 'You cannot give this permission.' },
  orgDepartmentRestricted: { code: 'org/department-restricted', status: 403, message: (refusal: string) => refusal },
  orgOfficeRestricted: { code: 'org/office-restricted', status: 403, message: (refusal: string) => refusal },
  orgAccessRestricted: { code: 'org/access-restricted', status: 403, message: (refusal: string) => refusal },
  orgEndDatePast: { code: 'org/end-date-past', status: 400, message: 'The end date must be after today.' },
  orgDatesBackwards: { code: 'validation', status: 400, message: `${ORG_DATES_BACKWARDS}.`, fields: atField(ORG_DATES_BACKWARDS) },
  directoryNotConfigured: {
    code: 'org/directory-not-configured',
    status: 409,
    message: 'No directory is connected to this organization, so there is nothing to sync.',
  },
  crmUnavailable: { code: 'org/crm-unavailable', status: 502, message: 'The CRM did not answer. Please try again in a moment.' },
  crmDatesBackwards: {
    code: 'org/crm-unavailable',
    status: 502,
    message: 'The CRM gives this person an end date before their start date.',
  },
  crmPersonNotFound: { code: 'org/crm-person-not-found', status: 404, message: 'This person was not found in the CRM.' },
  // Invites, to the organisation and to a mission's team
  orgInviteNoLongerValid: { code: 'invite/no-longer-valid', status: 410, message: ORG_MESSAGES.inviteNoLongerValid },
  orgInviteNotFound: { code: 'invite/not-found', status: 404, message: ORG_MESSAGES.inviteNoLongerValid },
  missionInviteNoLongerValid: { code: 'invite/no-longer-valid', status: 410, message: MISSION_MESSAGES.inviteNoLongerValid },
  missionInviteNotFound: { code: 'invite/not-found', status: 404, message: MISSION_MESSAGES.inviteNoLongerValid },
  adminDomainNotApproved: { code: 'invite/domain-not-approved', status: 400, message: ORG_MESSAGES.adminDomainNotApproved },
  alreadyOrgMember: { code: 'invite/already_member', status: 409, message: 'That person is already part of this organization.' },
  alreadyOnTeam: { code: 'invite/already_on_team', status: 409, message: (email: string) => alreadyOnTeamMessage(email) },
  inviteEmailMismatch: {
    code: 'invite/email-mismatch',
    status: 403,
    message: (email: string) => `This invite was sent to ${email}. Please sign in with that email, or add and verify it in My Space.`,
  },
  inviteNoClearance: { code: 'invite/no-clearance', status: 403, message: (refusal: string) => refusal },
  invitePermissionNotAllowed: {
    code: 'invite/permission-not-allowed',
    status: 403,
    message: 'You cannot give this permission on this project.',
  },
  inviteRoleNotFound: { code: 'plan-item/not-found', status: 404, message: 'That role was not found on this project.' },
  freeSlotsFull: { code: 'free-slots/full', status: 402, message: TEAM_MESSAGES.freeSlotsFull },
  // Single sign-on
  ssoUntrustedIssuer: {
    code: 'sso/untrusted-issuer',
    status: 400,
    message: 'This server does not trust that identity provider yet: ask its operator to add it.',
    fields: { issuer: 'Not a trusted identity provider' },
  },
  ssoMicrosoftNotConfigured: {
    code: 'sso/microsoft-not-configured',
    status: 400,
    message: 'Please give the client id and secret of your Microsoft app registration.',
    fields: { clientId: 'Required' },
  },
  ssoDomainNotApproved: {
    code: 'sso/domain-not-approved',
    status: 400,
    message: (domain: string) => `Please approve ${domain} in the organisation's domains first.`,
    fields: { domain: 'Not an approved domain of the organisation' },
  },
  ssoDomainNotOwned: {
    code: 'sso/domain-not-owned',
    status: 403,
    message: 'Single sign-on can only be set up for the domain of your own verified email address.',
    fields: { domain: 'Not the domain of your verified email address' },
  },
  ssoFreeDomain: {
    code: 'sso/free-domain',
    status: 400,
    message: 'Single sign-on needs a domain of your own, not a free mail domain.',
    fields: { domain: 'Free mail domain' },
  },
  ssoAlreadyConfigured: {
    code: 'sso/already-configured',
    status: 409,
    message: (domain: string, kind: string) => `${domain} already has a ${kind === 'microsoft' ? 'Microsoft' : 'single sign-on'} setup.`,
  },
  ssoInvalidProvider: {
    code: 'sso/invalid-provider',
    status: 400,
    message: (detail: string) => `The identity provider could not be set up: ${detail || 'invalid configuration'}`,
  },
  ssoSetupNotFound: { code: 'not_found', status: 404, message: 'That single sign-on setup was not found.' },
  ssoNotSaved: { code: 'sso/not-saved', status: 500, message: 'The provider was not saved.' },
} as const satisfies Record<string, ErrorEntry>;
