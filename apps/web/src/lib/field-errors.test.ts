import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { fieldError, fieldErrors, formMessage } from './field-errors.ts';

const refused = new ApiError(400, 'validation', 'Currency must be a three-letter currency code.', {
  currency: 'Currency must be a three-letter currency code',
  title: 'Title is required',
});

describe('field errors of a refused request', () => {
  it('gives each field its sentence, and nothing for other failures', () => {
    expect(fieldErrors(refused)).toEqual({ currency: 'Currency must be a three-letter currency code', title: 'Title is required' });
    expect(fieldErrors(new Error('offline'))).toEqual({});
    expect(fieldErrors(null)).toEqual({});
  });

  it('finds the sentence of the first key a field answers for', () => {
    expect(fieldError(refused, 'name', 'title')).toBe('Title is required');
    expect(fieldError(refused, 'name')).toBeUndefined();
  });

  it('shows the form message only when some refused field has no place of its own', () => {
    expect(formMessage(refused, ['title', 'currency'])).toBeNull();
    expect(formMessage(refused, ['title'])).toBe('Currency must be a three-letter currency code.');
    expect(formMessage(new ApiError(409, 'conflict', 'Someone else changed it.'), ['title'])).toBe('Someone else changed it.');
    expect(formMessage(null, [])).toBeNull();
  });
});
