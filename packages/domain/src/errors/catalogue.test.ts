import { describe, expect, it } from 'vitest';
import { ERRORS, errorOf, type ErrorName } from './catalogue.ts';

describe('the error catalogue', () => {
  it('gives each code one status', () => {
    const statusOf = new Map<string, number>();
    for (const entry of Object.values(ERRORS)) {
      expect(statusOf.get(entry.code) ?? entry.status, entry.code).toBe(entry.status);
      statusOf.set(entry.code, entry.status);
    }
  });

  it('answers 4xx statuses with a text for every failure', () => {
    for (const name of Object.keys(ERRORS) as ErrorName[]) {
      const entry = ERRORS[name];
      expect(entry.status, name).toBeGreaterThanOrEqual(400);
      expect(entry.status, name).toBeLessThan(500);
      if (typeof entry.message === 'string') expect(entry.message.length, name).toBeGreaterThan(0);
    }
  });

  it('fills texts with values and keeps the spec’s words', () => {
    expect(errorOf('forbidden')).toEqual({ code: 'forbidden', status: 403, message: 'You do not have permission to do this.' });
    expect(errorOf('fileTooLarge', 25)).toMatchObject({ code: 'LIMIT_FILE_SIZE', status: 413 });
    expect(errorOf('fileTooLarge', 25).message).toContain('25');
    expect(errorOf('commentEmpty').fields).toEqual({ text: 'Empty' });
  });
});
