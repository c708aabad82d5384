import { describe, expect, it } from 'vitest';
import * as domain from '@crewplan/domain/people/email';
import { EMAIL_PATTERN, isValidEmail, normaliseEmail } from './email-format.ts';

describe('email format', () => {
  it('is the domain rule', () => {
    expect(EMAIL_PATTERN.source).toBe(domain.EMAIL_PATTERN.source);
    for (const raw of ['  Me@Crew.IO ', 'a@b.c', 'no-at.example', 'x@y.abcdefghijklmnop', 'x@y.museum'])
      expect(isValidEmail(raw)).toBe(domain.isValidEmail(raw));
    expect(normaliseEmail(' A@B.Co ')).toBe('a@b.co');
  });
});
