import { z } from 'zod';
import { plural, wordsOfName } from './words.ts';

/** A zod issue as a request validator reports it: its code, where it is, its message and its details. */
export type ValidationIssue = {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  [detail: string]: unknown;
};

/** Short texts some schemas give their checks, said in words with the field's name. */
const TERSE: Record<string, (label: string) => string> = {
  'Invalid characters': (label) => `${label} contains characters that are not allowed`,
  'Invalid id': (label) => `${label === 'Id' ? 'The id' : label} must be 24 characters of 0-9 and a-f`,
  'Date out of range': (label) => `${label} must be between the years 1900 and 2999`,
  'At most 2 decimals': (label) => `${label} can have at most 2 decimals`,
  'Invalid currency': (label) => `${label} must be a three-letter currency code`,
  'Unknown currency': (label) => `${label} must be a currency of the list (USD, EUR, CAD, GBP, YEN…)`,
  'Invalid country code': (label) => `${label} must be a two-letter country code`,
};

const FIELD_NAMES: Record<string, string> = { org: 'Organization', _id: 'Id', url: 'Address', actionId: 'Action' };

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  date: 'a date',
  bigint: 'a whole number',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an email address',
  url: 'a web address',
  date: 'a date (year-month-day)',
  datetime: 'a date and time',
  time: 'a time of day',
  uuid: 'an id',
  regex: 'in the expected format',
};

/** The field an issue is about, as people read it: the last named part of its path ("people.0.email" → "Email"). */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const name = [...path].reverse().find((part) => typeof part === 'string');
  if (name === undefined) return 'This';
  return FIELD_NAMES[name] ?? wordsOfName(name);
}

/** The key of an issue in `fields`: its path joined with dots, or `where` for the request as a whole. */
export function fieldKey(path: readonly PropertyKey[], where: string): string {
  return path.length > 0 ? path.map(String).join('.') : where;
}

const amountText = (origin: unknown, count: number) => {
  if (origin === 'string') return plural(count, 'character');
  if (origin === 'array' || origin === 'set') return plural(count, 'item');
  if (origin === 'file') return plural(count, 'byte');
  return String(count);
};

function sizeText(issue: ValidationIssue, label: string): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const inclusive = issue.inclusive !== false;
  if (issue.origin === 'string' && small && limit === 1) return `${label} is required`;
  if ((issue.origin === 'array' || issue.origin === 'set') && small && limit === 1) return `${label} needs at least one item`;
  if (issue.exact) return `${label} must be exactly ${amountText(issue.origin, limit)}`;
  if (issue.origin === 'number' || issue.origin === 'bigint' || issue.origin === 'int') {
    if (small) return inclusive ? `${label} must be at least ${limit}` : `${label} must be more than ${limit}`;
    return inclusive ? `${label} must be at most ${limit}` : `${label} must be less than ${limit}`;
  }
  if (issue.origin === 'date') {
    const day = new Date(limit);
    if (Number.isNaN(day.getTime())) return `${label} is out of range`;
    return `${label} must be ${small ? 'on or after' : 'on or before'} ${day.toISOString().slice(0, 10)}`;
  }
  return `${label} must be ${small ? 'at least' : 'at most'} ${amountText(issue.origin, limit)}`;
}

const optionText = (value: unknown) => (typeof value === 'string' ? `'${value}'` : String(value));

function wordedText(issue: ValidationIssue, label: string): string {
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      return sizeText(issue, label);
    case 'invalid_type':
      if (/received undefined$/.test(issue.message)) return `${label} is required`;
      return `${label} must be ${TYPE_WORDS[String(issue.expected)] ?? 'of another kind'}`;
    case 'invalid_format':
      return issue.format === 'regex' || !FORMAT_WORDS[String(issue.format)]
        ? `${label} is not in the expected format`
        : `${label} must be ${FORMAT_WORDS[String(issue.format)]}`;
    case 'invalid_value': {
      const values = Array.isArray(issue.values) ? issue.values : [];
      if (values.length === 1) return `${label} must be ${optionText(values[0])}`;
      if (values.length > 0 && values.length <= 8) return `${label} must be one of ${values.map(optionText).join(', ')}`;
      return `${label} is not one of the allowed values`;
    }
    case 'unrecognized_keys': {
      const keys = Array.isArray(issue.keys) ? issue.keys.map(String) : [];
      return keys.length === 1
        ? `'${keys[0]}' is not a field that can be sent here`
        : `${keys.map((key) => `'${key}'`).join(', ')} are not fields that can be sent here`;
    }
    case 'not_multiple_of':
      return `${label} must be a multiple of ${String(issue.divisor)}`;
    default:
      return `${label} is not valid`;
  }
}

const englishText = z.locales.en().localeError;

/** Whether the message is zod's own wording (a schema that says something of its own keeps it). */
function isZodWording(issue: ValidationIssue): boolean {
  if (issue.code === 'invalid_type') return issue.message.startsWith('Invalid input: expected ');
  const text = englishText({ ...issue, input: undefined } as never);
  const own = typeof text === 'string' ? text : text?.message;
  return own === issue.message || issue.message === 'Invalid input';
}

/**
 * The sentence a person reads for one validation issue: it names the field and the limit in words
 * ("Password must be at least 8 characters"). A message a schema wrote itself is kept.
 */
export function issueText(issue: ValidationIssue): string {
  const label = fieldLabel(issue.path);
  const terse = TERSE[issue.message];
  if (terse) return terse(label);
  return isZodWording(issue) ? wordedText(issue, label) : issue.message;
}

/** The 400 answer of an id in the address or body that is not one (checked before the route's own schema). */
export function invalidIdFailure(field: string): { message: string; fields: Record<string, string> } {
  return validationFailure([{ code: 'custom', path: [field], message: 'Invalid id' }], field);
}

const safeIntegerBound = (issue: ValidationIssue) =>
  (issue.code === 'too_big' && issue.maximum === Number.MAX_SAFE_INTEGER) ||
  (issue.code === 'too_small' && issue.minimum === Number.MIN_SAFE_INTEGER);

/**
 * The 400 answer of a request that failed validation: every field's sentence (first issue per field) and a message
 * that repeats the first of them, so that a screen showing only the message still says what to fix.
 */
export function validationFailure(issues: readonly ValidationIssue[], where: string): { message: string; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  // `.int()` bounds a number to the safe integers and reports that first: the field's own bound says more
  const ordered = [...issues].sort((a, b) => Number(safeIntegerBound(a)) - Number(safeIntegerBound(b)));
  for (const issue of ordered) {
    const key =
      issue.code === 'unrecognized_keys' && Array.isArray(issue.keys) && issue.keys.length > 0
        ? fieldKey([...issue.path, String(issue.keys[0])], where)
        : fieldKey(issue.path, where);
    fields[key] ??= issueText(issue);
  }
  const texts = Object.values(fields);
  const first = texts[0] ?? 'Please check what you entered';
  const more = texts.length > 1 ? ` (and ${plural(texts.length - 1, 'other field')} to check)` : '';
  return { message: `${first}${more}.`, fields };
}
