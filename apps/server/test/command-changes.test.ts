import { describe, expect, it } from 'vitest';
import { changeOf, diffFields, type CommandWrite } from '../src/commands/index.ts';

/** The realtime type each command write tells, written out by hand: mission and organisation writes share one table. */
const CASES: [CommandWrite['action'], CommandWrite['entity'], 'create' | 'update' | 'delete'][] = [
  ['create', 'missions', 'create'],
  ['update', 'missions', 'update'],
  ['delete', 'missions', 'delete'],
  ['invite', 'mission.invites', 'create'],
  ['accept', 'mission.invites', 'update'],
  ['reject', 'mission.invites', 'delete'],
  ['remove', 'mission.people', 'delete'],
  ['accept', 'plan.requests', 'update'],
  ['reject', 'plan.requests', 'delete'],
  ['create', 'timesheets', 'create'],
  ['delete', 'timesheets', 'delete'],
  ['invite', 'org.invites', 'create'],
  ['accept', 'org.invites', 'create'],
  ['reject', 'org.invites', 'update'],
  ['remove', 'org.people', 'update'],
  ['archive', 'clients', 'update'],
  ['restore', 'clients', 'update'],
  ['schedule', 'orgs', 'update'],
  ['delete', 'orgs', 'delete'],
];

describe('changeOf', () => {
  it.each(CASES)('%s on %s is told as %s', (action, entity, type) => {
    expect(changeOf({ action, entity, id: 'x', title: 't' }).type).toBe(type);
  });

  it('carries the changed fields, never private ones', () => {
    const changes = { title: { from: 'a', to: 'b' }, email: { from: 'a@x.io', to: 'b@x.io' } };
    expect(changeOf({ action: 'update', entity: 'missions', id: 'm', title: 't', changes })).toEqual({
      type: 'update',
      entity: 'missions',
      id: 'm',
      data: { title: 'b', email: 'b@x.io' },
    });
    expect(changeOf({ action: 'update', entity: 'org.people', id: 'p', title: 't', changes }).data).toEqual({ title: 'b' });
    for (const entity of ['mission.invites', 'org.invites', 'org.apiKeys', 'timesheets'] as const) {
      expect(changeOf({ action: 'update', entity, id: 'i', title: 't', changes })).toEqual({ type: 'update', entity, id: 'i' });
    }
    // a task's and an action's money is for who sees the mission's money: the mission room is told only what else changed
    const money = { title: { from: 'a', to: 'b' }, rateMinor: { from: 100, to: 200 }, billRateMinor: { from: 100, to: 300 } };
    expect(changeOf({ action: 'update', entity: 'actions', id: 'a', title: 't', changes: money }).data).toEqual({ title: 'b' });
    const { rateMinor: _rate, ...taskMoney } = money;
    expect(changeOf({ action: 'update', entity: 'action.items', id: 'i', title: 't', changes: taskMoney }).data).toEqual({ title: 'b' });
    expect(changeOf({ action: 'update', entity: 'org.people', id: 'p', title: 't', changes: { email: changes.email } })).toEqual({
      type: 'update',
      entity: 'org.people',
      id: 'p',
    });
  });
});

describe('diffFields', () => {
  it('keeps only the fields whose value changed, undefined meaning untouched', () => {
    const before = { title: 'a', tags: ['x'], due: null as string | null, note: 'n' };
    expect(diffFields(before, { title: 'a', tags: ['x', 'y'], due: '2026-01-01', note: undefined })).toEqual({
      tags: { from: ['x'], to: ['x', 'y'] },
      due: { from: null, to: '2026-01-01' },
    });
    expect(diffFields({} as Record<string, unknown>, { title: 'b' })).toEqual({ title: { from: null, to: 'b' } });
  });
});
