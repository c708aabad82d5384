import { describe, expect, it } from 'vitest';
import { seesLeaveReason } from './policy.ts';

describe('hidden reasons (hideReason)', () => {
  const hidden = { hideReason: true };
  const shown = { hideReason: false };
  it.each([
    [hidden, { own: true, orgApprover: false }, true],
    [hidden, { own: false, orgApprover: true }, true],
    [hidden, { own: false, orgApprover: false }, false],
    [shown, { own: false, orgApprover: false }, true],
    [undefined, { own: false, orgApprover: false }, true],
  ] as const)('code %o, viewer %o → %s', (code, viewer, sees) => {
    expect(seesLeaveReason(code, viewer)).toBe(sees);
  });
});
