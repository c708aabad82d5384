import { isManagerLevel, isObserverLevel, type OrgLevel } from './levels.ts';

/**
 * The organisation rules, written once (spec 1 §6 "Organisation-level", spec 3 §6, rules 95–113).
 * The server enforces them on every call; the web reads the resulting `abilities` on each entity.
 */

/** A current member of the organisation, with only the facts the rules need. */
export type OrgMemberFacts = {
  kind: 'person';
  personId: string;
  level: OrgLevel;
  canApproveRoles: boolean;
  canApproveLeaves: boolean;
  canManageGoals: boolean;
  canCreateProjects: boolean;
  accessibleDepartments: readonly string[];
  accessibleOffices: readonly string[];
};

/** An organisation API key: it acts on that organisation's data, never as a person. */
export type OrgApiKeyFacts = { kind: 'apiKey' };

export type OrgActor = OrgMemberFacts | OrgApiKeyFacts;

/** The organisation settings some rules read. */
export type OrgSettingsFacts = { projectCreationRestricted: boolean; canProjectManagersApproveRoles: boolean };

/** The person an action is about (people management). */
export type OrgTargetFacts = { personId: string; level: OrgLevel; departments: readonly string[]; office: string | null };

/** A goal (portfolio) as visibility needs it. */
export type GoalFacts = { ownerId: string | null; departments: readonly string[]; offices: readonly string[] };

export type OrgPolicyContext = {
  org?: OrgSettingsFacts;
  target?: OrgTargetFacts;
  /** The level being given (invites, permission changes). */
  level?: OrgLevel;
  goal?: GoalFacts;
  /** The actor is the project manager of the project concerned (role approval). */
  isProjectManager?: boolean;
};

export const ORG_ACTIONS = [
  'org.read',
  'org.update',
  'org.delete',
  'org.people.read',
  'org.people.manage',
  'org.people.remove',
  'org.people.email.update',
  'org.people.schedule',
  'org.people.grant',
  'org.people.assignLevel',
  'org.people.sync',
  'org.admins.manage',
  'org.structure.manage',
  'org.clients.read',
  'org.clients.view',
  'org.clients.manage',
  'org.invite',
  'org.apiKeys.manage',
  'org.sso.manage',
  'org.audit.read',
  'org.workspace.read',
  'org.storageKey',
  'goals.create',
  'goals.manageAll',
  'goals.read',
  'goals.update',
  'goal.update',
  'goal.delete',
  'projects.read',
  'projects.create',
  'projects.update',
  'projects.repairDates',
  'roles.approve',
  'leaves.approve',
  'licence.activate',
  'trial.start',
  'billing.manage',
] as const;
export type OrgAction = (typeof ORG_ACTIONS)[number];

type Rule = (member: OrgMemberFacts, context: OrgPolicyContext) => boolean;

const levels =
  (...allowed: OrgLevel[]): Rule =>
  (member) =>
    allowed.includes(member.level);

const ADMIN_OR_MANAGER = levels('ADMIN', 'MANAGER');
const ANY_MANAGER = levels('ADMIN', 'MANAGER', 'MANAGER_LIMITED');
const EVERY_MEMBER: Rule = () => true;

const overlaps = (a: readonly string[], b: readonly string[]) => a.some((x) => b.includes(x));

/**
 * Whether a non-admin reaches a person: only one of a level they may give (never an admin); and, when the actor's access is limited to some
 * departments or offices, only people placed in one of them (by department or by office), or not placed yet.
 * Somebody reached by one but not the other is why the tag editors have their rules (spec 3 §5).
 */
function reaches(member: OrgMemberFacts, target: OrgTargetFacts | undefined): boolean {
  if (member.level === 'ADMIN' || !target) return true;
  // nobody acts on a person of a level they could not give (a limited manager on a full manager)
  if (!ASSIGNABLE[member.level].includes(target.level)) return false;
  const byDepartments = member.accessibleDepartments.length > 0;
  const byOffices = member.accessibleOffices.length > 0;
  const departmentOk = target.departments.length === 0 || overlaps(target.departments, member.accessibleDepartments);
  const officeOk = target.office === null || member.accessibleOffices.includes(target.office);
  if (byDepartments && byOffices) return departmentOk || officeOk;
  if (byDepartments) return departmentOk;
  if (byOffices) return officeOk;
  return true;
}

/**
 * Whether a member sees the other people's emails: not a limited organisation observer (someone from outside, such
 * as a client's contact, kept out of the team display); they see names and their own email.
 */
export const seesMemberEmails = (level: OrgLevel | null | undefined) => level !== 'OBSERVER_ORG_LIMITED';

/** Which levels each level may hand out (invites and permission changes). */
const ASSIGNABLE: Record<OrgLevel, readonly OrgLevel[]> = {
  ADMIN: ['ADMIN', 'MANAGER', 'MANAGER_LIMITED', 'MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'],
  MANAGER: ['MANAGER', 'MANAGER_LIMITED', 'MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'],
  MANAGER_LIMITED: ['MEMBER', 'OBSERVER_ORG', 'OBSERVER_ORG_LIMITED'],
  MEMBER: [],
  OBSERVER_ORG: [],
  OBSERVER_ORG_LIMITED: [],
};

/** Goals visibility (spec 3 §6): admins and goal managers see all; org observers their own; managers by overlap. */
function seesGoal(member: OrgMemberFacts, goal: GoalFacts | undefined): boolean {
  if (member.level === 'ADMIN' || member.canManageGoals || !goal) return true;
  if (goal.ownerId === member.personId) return true;
  if (isManagerLevel(member.level)) {
    return overlaps(goal.departments, member.accessibleDepartments) || overlaps(goal.offices, member.accessibleOffices);
  }
  return false;
}

/** A person's own entry is theirs (leaving, their email, the day they leave); anyone else's needs `org.people.manage`. */
const SELF_OR_MANAGER: Rule = (m, c) => !c.target || c.target.personId === m.personId || (ANY_MANAGER(m, c) && reaches(m, c.target));

/**
 * Changing or deleting one goal: with the goal, `goals.update` decides (admins, goal managers, its owner); without it
 * (a route's gate) any member, since any member may own a goal.
 */
const ONE_GOAL: Rule = (m, c) => !c.goal || PERSON_RULES['goals.update'](m, c);

const PERSON_RULES: Record<OrgAction, Rule> = {
  'org.read': EVERY_MEMBER,
  'org.update': ADMIN_OR_MANAGER,
  // Spec rule 108: admins and managers can delete the organisation.
  'org.delete': ADMIN_OR_MANAGER,
  'org.people.read': EVERY_MEMBER,
  'org.people.manage': (m, c) => ANY_MANAGER(m, c) && reaches(m, c.target),
  'org.people.remove': SELF_OR_MANAGER,
  'org.people.email.update': SELF_OR_MANAGER,
  'org.people.schedule': SELF_OR_MANAGER,
  'org.people.grant': (m, c) => ADMIN_OR_MANAGER(m, c) && reaches(m, c.target),
  'org.people.assignLevel': (m, c) => (c.level ? ASSIGNABLE[m.level].includes(c.level) : ASSIGNABLE[m.level].length > 0),
  'org.people.sync': ADMIN_OR_MANAGER,
  'org.admins.manage': levels('ADMIN'),
  'org.structure.manage': ADMIN_OR_MANAGER,
  'org.clients.read': EVERY_MEMBER,
  // Rule 112: client view for organisation admins, managers and observers; not a limited organisation observer, who
  // is an external participant (often a client's own contact) and must not read every client's invoices.
  'org.clients.view': (m) => m.level !== 'MEMBER' && m.level !== 'OBSERVER_ORG_LIMITED',
  'org.clients.manage': ADMIN_OR_MANAGER,
  'org.invite': ANY_MANAGER,
  'org.apiKeys.manage': levels('ADMIN'),
  // Single sign-on providers of the organisation's domains: admins only (not API keys).
  'org.sso.manage': levels('ADMIN'),
  'org.audit.read': ADMIN_OR_MANAGER,
  // Rule 111: observer-level members see workspace reports (but not projects).
  'org.workspace.read': (m) => m.level !== 'MEMBER',
  'org.storageKey': EVERY_MEMBER,
  'goals.create': (m, c) => ANY_MANAGER(m, c) || m.canManageGoals,
  'goals.manageAll': (m) => m.level === 'ADMIN' || m.canManageGoals,
  'goals.read': (m, c) => seesGoal(m, c.goal),
  'goals.update': (m, c) => m.level === 'ADMIN' || m.canManageGoals || (c.goal !== undefined && c.goal.ownerId === m.personId),
  'goal.update': ONE_GOAL,
  'goal.delete': ONE_GOAL,
  'projects.read': (m) => !isObserverLevel(m.level),
  // Rule 107.
  'projects.create': (m, c) => m.level === 'ADMIN' || m.canCreateProjects || (!c.org?.projectCreationRestricted && isManagerLevel(m.level)),
  'projects.update': ADMIN_OR_MANAGER,
  'projects.repairDates': ADMIN_OR_MANAGER,
  // Rules 105 and 108: admins; others with canApproveRoles; project managers when the organisation lets them; observers never.
  'roles.approve': (m, c) =>
    m.level === 'ADMIN' ||
    (!isObserverLevel(m.level) && (m.canApproveRoles || (c.isProjectManager === true && c.org?.canProjectManagersApproveRoles === true))),
  'leaves.approve': (m) => m.level === 'ADMIN' || m.canApproveLeaves,
  // Rule 113.
  'licence.activate': ADMIN_OR_MANAGER,
  'trial.start': levels('ADMIN'),
  // Subscriptions, billing details, payment methods and the connected payment account: organisation admins only.
  'billing.manage': levels('ADMIN'),
};

/** What an organisation API key may do: read and maintain the organisation's data, never administer it. */
const API_KEY_RULES: Partial<Record<OrgAction, (context: OrgPolicyContext) => boolean>> = {
  'org.read': () => true,
  'org.people.read': () => true,
  'org.people.manage': (c) => c.target?.level !== 'ADMIN',
  'org.people.remove': (c) => c.target?.level !== 'ADMIN',
  'org.people.email.update': (c) => c.target?.level !== 'ADMIN',
  'org.people.schedule': (c) => c.target?.level !== 'ADMIN',
  'org.structure.manage': () => true,
  'org.clients.read': () => true,
  'org.clients.view': () => true,
  'org.clients.manage': () => true,
  'org.workspace.read': () => true,
  'goals.create': () => true,
  'goals.manageAll': () => true,
  'goals.read': () => true,
  'goals.update': () => true,
  'goal.update': () => true,
  'goal.delete': () => true,
  'projects.read': () => true,
};

/**
 * Whether `actor` may do `action` in an organisation. `null` is anyone who is not a current member:
 * they may do nothing (and the server answers 404, since they may not know the organisation exists).
 */
export function can(actor: OrgActor | null, action: OrgAction, context: OrgPolicyContext = {}): boolean {
  if (!actor) return false;
  if (actor.kind === 'apiKey') return API_KEY_RULES[action]?.(context) ?? false;
  return PERSON_RULES[action](actor, context);
}

/** Can the actor see this goal (and the programs under it)? */
export const canSeeGoal = (actor: OrgActor | null, goal: GoalFacts) => can(actor, 'goals.read', { goal });

/** Programs are visible to their managers and under visible portfolios; a program without a portfolio to every member. */
export function canSeeProgram(actor: OrgActor | null, program: { managers: readonly string[]; portfolio: GoalFacts | null }): boolean {
  if (!actor) return false;
  if (actor.kind === 'person' && program.managers.includes(actor.personId)) return true;
  return program.portfolio ? canSeeGoal(actor, program.portfolio) : true;
}
