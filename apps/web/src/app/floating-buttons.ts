/**
 * The floating buttons on the left (spec section 2). Each shows only when its feature is on for
 * the person; later issues turn features on (licensed organisations, people in an organisation…).
 */
export const FLOATING_BUTTONS = [
  { id: 'assignment-calendar', label: 'Assignment calendar', feature: 'assignment-calendar' },
  { id: 'my-timesheets', label: 'My timesheets', feature: 'time-tracking', badge: 'missingTimesheets' },
  { id: 'my-leave', label: 'My leave requests', feature: 'leave' },
  { id: 'my-expenses', label: 'My expenses', feature: 'expenses' },
  { id: 'work-from-home', label: 'Work-from-home bookings', feature: 'work-from-home' },
] as const;

export type FloatingButton = (typeof FLOATING_BUTTONS)[number];
export type FloatingButtonId = FloatingButton['id'];

/** Counts shown as badges, by name (for example the number of missing timesheets). */
export type FloatingBadges = Partial<Record<'missingTimesheets', number>>;

export function visibleFloatingButtons(features: readonly string[]): FloatingButton[] {
  return FLOATING_BUTTONS.filter((button) => features.includes(button.feature));
}
