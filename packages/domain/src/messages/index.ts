/**
 * User-facing texts of the spec, word for word (typos included: they are requirements).
 * Grouped by where they appear; later domains add their own groups here.
 */
export const SIGN_IN_MESSAGES = {
  missingCredentials: 'Somethings missing. Please check that your email and password are ok.',
  resetNeedsEmail: "Sorry. I didn't recoginize where you want me to send the reset details.",
  wrongPassword: 'Ooops. Please check that your email and password are correct.',
  secondaryAccount: 'The email you just tried is a secondary account linked to another email address. Please use your primary email...',
  secondaryOnProject: 'likely a secondary email on one of your projects',
  tooManyAttempts: 'Too many attempts. Please try again later or reset your password.',
  otherFailure: 'Sorry. Please try again later or contact us if the issue persists.',
  tooLong: 'This is taking way too long...',
  noSso: "There's no single sign-on setup for your email...",
  noMicrosoft: "There's no microsoft setup for your email...",
  failedUnexpected: 'Oops. An error occurred and we are already investigating it...',
  invalidActionCode: 'Sorry this validation link is no longer valid...',
  expiredActionCode: 'The verification email has expired...',
} as const;

export const ACCOUNT_MESSAGES = {
  nameCheck: 'Hello. Could you please check that your first and last name is correct?',
  verifyBeforeInvites: 'You must verify your email before accepting any invites',
  verifyFirst: 'Please verify your email first.',
  invalidEmail: 'Invalid email provided.',
  sameEmail: "That's already your current email.",
  emailUpdateFailed: "Failed to update email. We're on it.",
  emailInUse: 'Another person exists with this email.',
  verificationSent: "Verification email on it's way!",
  verificationAlreadySent: 'Already on its way. Please check your email.',
  phoneFactorName: 'My personal phone number',
  sameLocation: 'Your location appears the same. Please make sure you are not using a VPN.',
  setupTwoFactor: 'Setup up 2FA',
  laterTwoFactor: "I'll do it later",
} as const;

export const SHELL_MESSAGES = {
  updatesAvailable: 'Updates available',
  synchronizing: 'Synchronizing your session... one moment please',
  unknownTask: 'Sorry this task is no longer available.',
  unknownOrg: "Sorry that Organization wasn't found. Maybe removed?",
  storageKeyFailed: 'Oops. Cannot access this organization. Please refresh and try again.',
  logFallback: 'Failed to log from Web.',
  removalFailed: 'Oops...',
} as const;

/** The organisation area (spec 3, sections 4–8; rules F, G, X). */
export const ORG_MESSAGES = {
  notFound: "Sorry that Organization wasn't found. Maybe removed?",
  personNotFound: 'Not found in organization',
  departmentNotAccessible: 'Oops. Sorry you cannot remove this department as it is not part of your Acessible departments',
  limitedToDepartment: 'Sorry but you are limited to just this department',
  officeNotAccessible: 'Oops. Sorry you cannot remove this office as it is not part of your Accessible offices',
  limitedToOffice: 'Sorry but you are limited to this office',
  inviteInvalidEmail: 'The email you entered appears incorrect.',
  inviteNoLongerValid: 'Sorry that org invite is longer valid',
  adminDomainNotApproved: 'Permission admin is not permitted for domains that are not approved by the organization.',
  domainInvalid: 'Sorry but that domain may be invalid…',
  observerNoProjects:
    'Oops. As an org observer you have access to all organization workspace reports but not the projects. Please ask an admin to grant you more access.',
  activateLicence: 'Ooops. Please ask an organization manager to activate the license.',
  administerOrg: 'Ooops. Please make sure you are authorized to administer this organization.',
  storageKeyFailed: 'Oops. Cannot access this organization. Please refresh and try again.',
} as const;

/** Missions, their teams, invites and templates (spec 1 §§2–9, spec 3 §§4–7). */
export const MISSION_MESSAGES = {
  notFound: 'Sorry that mission was not found and may have been archived or please refresh and try again',
  loadFailed:
    'I could not find data for this mission. Please make sure you have accepted the invite or refresh and try again or contact support',
  observerNoProjects:
    'Oops. As an org observer you have access to all organization workspace reports but not the projects. Please ask an admin to grant you more access.',
  accountLimit: 'Sorry there is a limit for now. Please contact us',
  createFailed: 'Problem creating project please refresh and try again',
  removePersonConfirm: 'Remove this person from the project?',
  removePersonLink: 'Remove this person',
  lastAdmin: 'Sorry but you need at least one admin on the project. Try adding another admin first or make another person an admin.',
  pickerFind: 'Find...',
  pickerPrompt: 'Select a team member...',
  pickerAllAdded: 'The entire eligible project team has already been added.',
  invitePendingCard: 'The mission invite has not yet been accepted',
  inviteNoLongerValid: 'Sorry that invite is longer valid.',
  alreadyInvited: 'That person appears to already be on the mission team!',
  alreadyOnTeam: 'Ooops. {email} already exists on the mission team.',
  inviteErrorPrefix: 'Sorry. ',
  verificationSent: "Verification email on it's way!",
  verificationAlreadySent: 'Already on its way. Please check your email.',
  domainCleared: '{domain} has been cleared for the project…',
  insufficientPermission:
    'Sorry but you do not have sufficient permission to add this person. Please ask an organization admin if possible.',
  upgradeProject: 'Upgrade just your project',
  activateLicence: 'Ooops. Please ask an organization manager to activate the license.',
  dateError: 'Date error',
  projectNotAccessible: 'Project not accessible/found...',
  personNotFound: 'Person not found',
  invitePendingTooltip: 'Invite pending',
  templateManager: 'Template manager',
} as const;

/** The floating buttons on the left (spec 1 §2, spec 2 §2 and §8): what a button says when its feature is not open. */
export const FLOATING_MESSAGES = {
  noTimeTracking: 'There are no eligible organizations for Time Tracking.',
  needsUnlimited: 'Requires an organization with an Unlimited subscription. Start a free trial to test it out',
  noOrgForWorkFromHome:
    "Please create or join an organization first. Once you're part of an organization, you'll be able to book work-from-home days.",
} as const;
