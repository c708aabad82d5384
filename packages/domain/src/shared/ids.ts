import { z } from 'zod';

/** An id is valid when it is 24 lowercase hexadecimal characters (spec rule 162). */
export const ID_PATTERN = /^[0-9a-f]{24}$/;

export const idSchema = z.string().regex(ID_PATTERN, 'Invalid id');

export function isValidId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
