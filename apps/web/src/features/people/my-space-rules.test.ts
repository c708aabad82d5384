import { describe, expect, it } from 'vitest';
import { emailChangeProblem, paramOfTab, tabOfParam, totpSecret } from './my-space-rules.ts';

describe('My Space tabs', () => {
  it('opens two-factor setup with myspace=2fa and the profile otherwise', () => {
    expect(tabOfParam('2fa')).toBe('2fa');
    expect(tabOfParam('')).toBe('profile');
    expect(tabOfParam('nonsense')).toBe('profile');
    expect(paramOfTab('email')).toBe('email');
    expect(paramOfTab('profile')).toBe('');
  });
});

describe('emailChangeProblem', () => {
  it('refuses invalid and unchanged emails with the spec texts', () => {
    expect(emailChangeProblem('me@crew.io', 'not-an-email')).toBe('Invalid email provided.');
    expect(emailChangeProblem('me@crew.io', ' ME@crew.io ')).toBe("That's already your current email.");
    expect(emailChangeProblem('me@crew.io', 'new@crew.io')).toBeNull();
  });
});

describe('totpSecret', () => {
  it('reads the secret of an otpauth URI', () => {
    expect(totpSecret('otpauth://totp/Crewplan:me%40crew.io?secret=JBSWY3DPEHPK3PXP&issuer=Crewplan')).toBe('JBSWY3DPEHPK3PXP');
    expect(totpSecret('garbage')).toBe('');
  });
});
