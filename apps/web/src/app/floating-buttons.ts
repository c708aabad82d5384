import { FLOATING_MESSAGES } from '@crewplan/domain/messages/index';

/**
 * The floating buttons on the left (spec 1 §2, spec 2 §2): assignment calendar, my timesheets (badge: missing
 * timesheets), my leave requests, my expenses, and work-from-home bookings once the person is in an organisation.
 * Time, leave and expenses need an organisation with an active Unlimited licence; without one the button says so.
 * The admin panel is for two staff accounts and is not among them.
 */
export const FLOATING_BUTTONS = [
  { id: 'assignment-calendar', label: 'Assignment calendar' },
  { id: 'my-timesheets', label: 'My timesheets', badge: 'missingTimesheets' },
  { id: 'my-leave', label: 'My leave requests' },
  { id: 'my-expenses', label: 'My expenses' },
  { id: 'work-from-home', label: 'Work-from-home bookings' },
] as const;

export type FloatingButtonId = (typeof FLOATING_BUTTONS)[number]['id'];

/** Counts shown as badges, by name (for example the number of missing timesheets). */
export type FloatingBadges = Partial<Record<'missingTimesheets', number>>;

/**
 * What the buttons depend on: the person's organisations and whether each holds an active licence; and whether they
 * keep time somewhere (`timeTracking`: also on a licensed project of another organisation they work on from outside),
 * else their licensed organisations decide.
 */
export type FloatingFacts = { orgs: readonly { isLicensedActive: boolean }[]; timeTracking?: boolean };

/** A button as shown: with the spec's message (and how long it stays) when its feature is closed to the person. */
export type FloatingButton = (typeof FLOATING_BUTTONS)[number] & { blocked: { message: string; autoClose: number } | null };

const NEEDS_UNLIMITED = { message: FLOATING_MESSAGES.needsUnlimited, autoClose: 10_000 };

export function floatingButtonsFor(facts: FloatingFacts): FloatingButton[] {
  const licensed = facts.orgs.some((org) => org.isLicensedActive);
  const blockedOf = (id: FloatingButtonId): FloatingButton['blocked'] => {
    if (id === 'my-timesheets')
      return (facts.timeTracking ?? licensed) ? null : { message: FLOATING_MESSAGES.noTimeTracking, autoClose: 10_000 };
    // a team member from outside keeps expenses where they keep weeks
    if (id === 'my-expenses') return (facts.timeTracking ?? licensed) ? null : NEEDS_UNLIMITED;
    if (licensed || id === 'assignment-calendar' || id === 'work-from-home') return null;
    return NEEDS_UNLIMITED;
  };
  return FLOATING_BUTTONS.filter((button) => button.id !== 'work-from-home' || facts.orgs.length > 0).map((button) => ({
    ...button,
    blocked: blockedOf(button.id),
  }));
}
