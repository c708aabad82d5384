import { isObserverLevel, type OrgLevel } from '../org/levels.ts';
import type { OrgActor } from '../org/policy.ts';

/** What the organisation's staffing routes do (spec 3 §7 AI). */
export const STAFFING_VERBS = ['staffing.recommend', 'staffing.book'] as const;
export type StaffingVerb = (typeof STAFFING_VERBS)[number];

/** Organisation admins and managers staff every role of the organisation. */
export const staffsEveryRole = (level: OrgLevel | null | undefined) => level === 'ADMIN' || level === 'MANAGER';

/**
 * The gate of the recommendation routes: a person of the organisation who is not an observer (project managers
 * are members at any level); which roles they may staff — all, or those of the projects they manage — is decided
 * once the roles are loaded. An API key recommends nothing.
 */
export const canOnOrgStaffing = (actor: OrgActor, _verb: StaffingVerb): boolean => actor.kind === 'person' && !isObserverLevel(actor.level);

/** Who sees why a person is away (leave kinds) in the reasons: organisation admins and managers, never project managers. */
export const seesLeaveReasons = staffsEveryRole;
