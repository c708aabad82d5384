import { describe, expect, it } from 'vitest';
import { ID_PATTERN, idSchema, isValidId } from './ids.ts';

// Spec rule 162: an id is valid when it is 24 lowercase hexadecimal characters.
const valid = '0123456789abcdef01234567';

describe('isValidId and idSchema', () => {
  it.each([
    [valid, true],
    ['ffffffffffffffffffffffff', true],
    ['000000000000000000000000', true],
    ['6543a1b2c3d4e5f601234567', true],
    [valid.slice(0, 23), false],
    [`${valid}8`, false],
    [valid.toUpperCase(), false],
    [`${valid.slice(0, 23)}A`, false],
    [`${valid.slice(0, 23)}g`, false],
    [`${valid.slice(0, 23)}-`, false],
    [` ${valid.slice(1)}`, false],
    [`${valid}\n`, false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isValidId(value)).toBe(expected);
    expect(idSchema.safeParse(value).success).toBe(expected);
    expect(ID_PATTERN.test(value)).toBe(expected);
  });

  it.each([[123456], [null], [undefined], [{ id: valid }], [[valid]]])('refuses the non-string %j', (value) => {
    expect(isValidId(value)).toBe(false);
    expect(idSchema.safeParse(value).success).toBe(false);
  });

  it('reports the schema failure as an invalid id', () => {
    const result = idSchema.safeParse('nope');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Invalid id');
  });
});
