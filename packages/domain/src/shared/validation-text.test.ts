import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dateSchema, currencySchema, textSchema } from './inputs.ts';
import { idSchema } from './ids.ts';
import { fieldLabel, invalidIdFailure, issueText, validationFailure, type ValidationIssue } from './validation-text.ts';

/** The issues a schema raises for a value, as the request validator passes them on. */
const issuesOf = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []) as unknown as ValidationIssue[];
const textOf = (schema: z.ZodType, value: unknown) => issueText(issuesOf(schema, value)[0]!);

describe('issueText: zod issues said in words, naming the field and the limit', () => {
  it.each<[string, z.ZodType, unknown, string]>([
    ['short password', z.object({ password: z.string().min(8) }), { password: 'abc' }, 'Password must be at least 8 characters'],
    ['one character', z.object({ code: z.string().min(2).max(2) }), { code: 'abc' }, 'Code must be at most 2 characters'],
    ['long title', z.object({ title: textSchema(100) }), { title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
    ['empty title', z.object({ title: textSchema(100, 1) }), { title: '  ' }, 'Title is required'],
    ['missing field', z.object({ firstName: z.string() }), {}, 'First name is required'],
    ['wrong type', z.object({ allocation: z.number() }), { allocation: 'x' }, 'Allocation must be a number'],
    ['boolean', z.object({ notBillable: z.boolean() }), { notBillable: 'no' }, 'Not billable must be yes or no'],
    ['number minimum', z.object({ allocation: z.number().min(0) }), { allocation: -1 }, 'Allocation must be at least 0'],
    [
      'number maximum',
      z.object({ percentComplete: z.number().max(100) }),
      { percentComplete: 101 },
      'Percent complete must be at most 100',
    ],
    ['exclusive', z.object({ rate: z.number().positive() }), { rate: 0 }, 'Rate must be more than 0'],
    ['list size', z.object({ people: z.array(z.string()).max(2) }), { people: ['a', 'b', 'c'] }, 'People must be at most 2 items'],
    ['list of one', z.object({ ids: z.array(z.string()).max(1) }), { ids: ['a', 'b'] }, 'Ids must be at most 1 item'],
    ['non-empty list', z.object({ people: z.array(z.string()).min(1) }), { people: [] }, 'People needs at least one item'],
    ['email', z.object({ inviteeEmail: z.email() }), { inviteeEmail: 'nope' }, 'Invitee email must be an email address'],
    [
      'nested path',
      z.object({ people: z.array(z.object({ email: z.email() })) }),
      { people: [{ email: 'x' }] },
      'Email must be an email address',
    ],
    ['enum', z.object({ status: z.enum(['open', 'done']) }), { status: 'x' }, "Status must be one of 'open', 'done'"],
    ['literal', z.object({ trial: z.literal(true) }), { trial: false }, 'Trial must be true'],
    ['unknown field', z.object({ a: z.string() }).strict(), { a: 'x', colour: 1 }, "'colour' is not a field that can be sent here"],
    ['multiple of', z.object({ hours: z.number().multipleOf(0.25) }), { hours: 0.3 }, 'Hours must be a multiple of 0.25'],
    ['regex', z.object({ projectCode: z.string().regex(/^[A-Z]+$/) }), { projectCode: 'a' }, 'Project code is not in the expected format'],
    ['terse id', z.object({ orgId: idSchema }), { orgId: 'x' }, 'Org id must be 24 characters of 0-9 and a-f'],
    [
      'terse date',
      z.object({ planStartDate: dateSchema }),
      { planStartDate: '1800-01-01' },
      'Plan start date must be between the years 1900 and 2999',
    ],
    ['terse currency', z.object({ currency: currencySchema }), { currency: 'eu' }, 'Currency must be a three-letter currency code'],
    [
      'unknown currency',
      z.object({ currency: currencySchema }),
      { currency: 'ABC' },
      'Currency must be a currency of the list (USD, EUR, CAD, GBP, YEN…)',
    ],
    ['control characters', z.object({ title: textSchema(100) }), { title: 'a\u0001' }, 'Title contains characters that are not allowed'],
    [
      'date limit',
      z.object({ day: z.date().min(new Date('2026-01-01')) }),
      { day: new Date('2025-01-01') },
      'Day must be on or after 2026-01-01',
    ],
    ['organisation', z.object({ org: z.string() }), { org: 1 }, 'Organization must be text'],
  ])('%s', (_name, schema, value, expected) => {
    expect(textOf(schema, value)).toBe(expected);
  });

  it('keeps a message the schema wrote itself', () => {
    const schema = z.object({ inviteeEmail: z.email('The email you entered appears incorrect.') });
    expect(textOf(schema, { inviteeEmail: 'x' })).toBe('The email you entered appears incorrect.');
  });

  it('never lets zod wording through for the common checks', () => {
    const schema = z.object({ a: z.string().min(3), b: z.number().int(), c: z.array(z.string()).max(1), d: z.enum(['x']) }).strict();
    const issues = issuesOf(schema, { a: 'x', b: 1.5, c: ['a', 'b'], d: 'y', e: 1 });
    for (const issue of issues) expect(issueText(issue)).not.toMatch(/Too small|Too big|Invalid input|expected|Unrecognized/);
  });
});

describe('invalidIdFailure', () => {
  it('says what an id looks like', () => {
    expect(invalidIdFailure('id')).toEqual({
      message: 'The id must be 24 characters of 0-9 and a-f.',
      fields: { id: 'The id must be 24 characters of 0-9 and a-f' },
    });
  });
});

describe('fieldLabel', () => {
  it.each<[PropertyKey[], string]>([
    [['password'], 'Password'],
    [['planEndDate'], 'Plan end date'],
    [['people', 0, 'firstName'], 'First name'],
    [['_id'], 'Id'],
    [[], 'This'],
  ])('%j reads %s', (path, label) => expect(fieldLabel(path)).toBe(label));
});

describe('validationFailure', () => {
  it('gives every field its sentence and repeats the first as the message', () => {
    const schema = z.object({ password: z.string().min(8), title: z.string().max(3) });
    expect(validationFailure(issuesOf(schema, { password: 'a', title: 'abcd' }), 'body')).toEqual({
      message: 'Password must be at least 8 characters (and 1 other field to check).',
      fields: { password: 'Password must be at least 8 characters', title: 'Title must be at most 3 characters' },
    });
  });

  it.each([
    [1e308, 'Days must be at most 7'],
    [-1e308, 'Days must be at least 1'],
    [1.5, 'Days must be a whole number'],
  ])('tells a whole number of %d its own bound, not the safe integers’', (days, text) => {
    const schema = z.object({ days: z.number().int().min(1).max(7) });
    expect(validationFailure(issuesOf(schema, { days }), 'body').fields).toEqual({ days: text });
  });

  it('names the request part when the issue is about the whole of it, and an unknown field by its name', () => {
    expect(validationFailure(issuesOf(z.object({ a: z.string() }), 'x'), 'body')).toEqual({
      message: 'This must be a group of fields.',
      fields: { body: 'This must be a group of fields' },
    });
    expect(validationFailure(issuesOf(z.object({}).strict(), { colour: 1 }), 'body').fields).toEqual({
      colour: "'colour' is not a field that can be sent here",
    });
  });
});
