import { describe, expect, it } from 'vitest';
import { FLOATING_BUTTONS, visibleFloatingButtons } from './floating-buttons.ts';

describe('visibleFloatingButtons', () => {
  it('shows nothing while no feature is on', () => {
    expect(visibleFloatingButtons([])).toEqual([]);
  });

  it('shows the buttons of the features that are on, in order', () => {
    expect(visibleFloatingButtons(['leave', 'time-tracking']).map((button) => button.id)).toEqual(['my-timesheets', 'my-leave']);
  });

  it('covers the five buttons of the spec', () => {
    expect(FLOATING_BUTTONS).toHaveLength(5);
  });
});
