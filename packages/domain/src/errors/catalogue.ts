import { ACCESS_ERRORS } from './access.ts';
import type { ErrorEntry, ErrorFields } from './entry.ts';
import { FILE_ERRORS } from './files.ts';
import { MISSION_ERRORS } from './missions.ts';
import { MONEY_ERRORS } from './money.ts';
import { ORG_ERRORS } from './org.ts';
import { TIME_ERRORS } from './time.ts';

export { atField, type ErrorEntry, type ErrorFields } from './entry.ts';

/**
 * The API's known failures, one entry each, by area (each area's file groups its entries under short headings): the
 * stable `code` clients match on, the HTTP status, and the exact text the person reads (the spec's messages keep
 * their text; a text with a value in it is a function of that value). `fields` name what is wrong where a form shows
 * it. A code keeps one status (see the catalogue's test for the two that carry two); some codes carry several texts
 * (each its own entry), e.g. `comment/forbidden`.
 */
export const ERROR_AREAS = {
  access: ACCESS_ERRORS,
  files: FILE_ERRORS,
  missions: MISSION_ERRORS,
  org: ORG_ERRORS,
  money: MONEY_ERRORS,
  time: TIME_ERRORS,
} as const;

export const ERRORS = {
  ...ACCESS_ERRORS,
  ...FILE_ERRORS,
  ...MISSION_ERRORS,
  ...ORG_ERRORS,
  ...MONEY_ERRORS,
  ...TIME_ERRORS,
} as const satisfies Record<string, ErrorEntry>;

type Catalogue = typeof ERRORS;
export type ErrorName = keyof Catalogue;
export type ErrorCode = Catalogue[ErrorName]['code'];
type Args<T> = T extends (...args: infer A) => unknown ? A : never;
/** The values a failure needs: those of its text, else of its fields (none for a fixed text and fields). */
export type ErrorArgs<N extends ErrorName> = Catalogue[N]['message'] extends (...args: never[]) => string
  ? Args<Catalogue[N]['message']>
  : Catalogue[N] extends { fields: (...args: never[]) => ErrorFields }
    ? Args<Catalogue[N]['fields']>
    : [];

export type ErrorBody = { code: ErrorCode; status: number; message: string; fields?: ErrorFields };

/** One failure of the catalogue, its text (and fields) filled in. */
export function errorOf<N extends ErrorName>(name: N, ...args: ErrorArgs<N>): ErrorBody {
  const entry: ErrorEntry = ERRORS[name];
  const fill = <T>(value: T | ((...values: never[]) => T)): T =>
    typeof value === 'function' ? (value as (...values: unknown[]) => T)(...args) : (value as T);
  const fields = entry.fields === undefined ? undefined : fill(entry.fields);
  return { code: entry.code as ErrorCode, status: entry.status, message: fill(entry.message), ...(fields ? { fields } : {}) };
}
