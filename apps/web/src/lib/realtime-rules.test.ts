import { describe, expect, it } from 'vitest';
import { isChangeEvent, needsRebuild, queryRootOf } from './realtime-rules.ts';

describe('needsRebuild', () => {
  it('rebuilds after 300000 ms offline or more', () => {
    expect(needsRebuild(0, 300_000)).toBe(true);
    expect(needsRebuild(0, 299_999)).toBe(false);
    expect(needsRebuild(null, 10_000_000)).toBe(false);
  });
});

describe('change events', () => {
  it('maps entities to query roots', () => {
    expect(queryRootOf('mission.people')).toBe('missions');
    expect(queryRootOf('action.items')).toBe('missions');
    expect(queryRootOf('checklist')).toBe('missions');
    expect(queryRootOf('person')).toBe('people');
    expect(queryRootOf('something-new')).toBe('something-new');
  });

  it('recognises the event shape', () => {
    expect(isChangeEvent({ type: 'update', entity: 'missions', id: 'x' })).toBe(true);
    expect(isChangeEvent({ type: 'upsert', entity: 'missions' })).toBe(false);
    expect(isChangeEvent(null)).toBe(false);
  });

  it('sends every change of the organisation area to the organisation queries', () => {
    for (const entity of ['org.people', 'org.invites', 'departments', 'offices', 'roles', 'programs', 'goals', 'clients'])
      expect(queryRootOf(entity)).toBe('orgs');
  });
});
