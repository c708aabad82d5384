import { describe, expect, it } from 'vitest';
import { FLOATING_MESSAGES } from '@crewplan/domain/messages/index';
import { floatingButtonsFor } from './floating-buttons.ts';

const ids = (orgs: { isLicensedActive: boolean }[]) => floatingButtonsFor({ orgs }).map((button) => button.id);
const blocked = (orgs: { isLicensedActive: boolean }[]) =>
  Object.fromEntries(floatingButtonsFor({ orgs }).map((button) => [button.id, button.blocked?.message ?? null]));

describe('floatingButtonsFor', () => {
  it('shows calendar, timesheets, leave and expenses to everyone; work-from-home only to people in an organisation', () => {
    expect(ids([])).toEqual(['assignment-calendar', 'my-timesheets', 'my-leave', 'my-expenses']);
    expect(ids([{ isLicensedActive: false }])).toEqual([
      'assignment-calendar',
      'my-timesheets',
      'my-leave',
      'my-expenses',
      'work-from-home',
    ]);
  });

  it('blocks time, leave and expenses with the spec messages without a licensed organisation', () => {
    for (const orgs of [[], [{ isLicensedActive: false }]]) {
      expect(blocked(orgs)).toMatchObject({
        'assignment-calendar': null,
        'my-timesheets': 'There are no eligible organizations for Time Tracking.',
        'my-leave': 'Requires an organization with an Unlimited subscription. Start a free trial to test it out',
        'my-expenses': FLOATING_MESSAGES.needsUnlimited,
      });
    }
    expect(floatingButtonsFor({ orgs: [] }).find((button) => button.id === 'my-leave')?.blocked?.autoClose).toBe(10_000);
  });

  it('opens every button once one organisation of the person is licensed', () => {
    expect(Object.values(blocked([{ isLicensedActive: false }, { isLicensedActive: true }]))).toEqual([null, null, null, null, null]);
  });

  it('opens my timesheets, not leave, where the person keeps time without a licensed organisation of theirs (a project from outside)', () => {
    const opened = floatingButtonsFor({ orgs: [], timeTracking: true });
    expect(opened.find((button) => button.id === 'my-timesheets')?.blocked).toBeNull();
    expect(opened.find((button) => button.id === 'my-leave')?.blocked?.message).toBe(FLOATING_MESSAGES.needsUnlimited);
  });

  it('opens my expenses where the person keeps time from outside: they keep expenses on those projects too', () => {
    const expenses = (timeTracking: boolean) =>
      floatingButtonsFor({ orgs: [], timeTracking }).find((button) => button.id === 'my-expenses')?.blocked;
    expect(expenses(true)).toBeNull();
    expect(expenses(false)?.message).toBe(FLOATING_MESSAGES.needsUnlimited);
  });

  it('has a badge for the missing timesheets only', () => {
    expect(
      floatingButtonsFor({ orgs: [] })
        .filter((button) => 'badge' in button)
        .map((button) => button.id),
    ).toEqual(['my-timesheets']);
  });
});
