import { describe, expect, it } from 'vitest';
import { auditLine } from './audit-text.ts';

describe('audit lines', () => {
  it('reads as a sentence for each kind of event', () => {
    expect(auditLine({ action: 'create', entity: 'departments', actorName: 'Ada Owner', title: 'Design' })).toBe(
      'Ada Owner created department Design',
    );
    expect(auditLine({ action: 'invite', entity: 'org.invites', actorName: 'Ada Owner', title: 'max@example.com' })).toBe(
      'Ada Owner invited max@example.com',
    );
    expect(auditLine({ action: 'accept', entity: 'org.invites', actorName: 'Max', title: 'max@example.com' })).toBe(
      'Max accepted the invite of max@example.com',
    );
    expect(auditLine({ action: 'create', entity: 'org.people', actorName: 'Max', title: 'max@example.com' })).toBe(
      'Max created person max@example.com',
    );
  });
});
