import { describe, expect, it } from 'vitest';
import { CHANGE_ENTITIES, changeRooms, isBulkChange, parseChange } from './changes.ts';

describe('parseChange', () => {
  it('accepts the changes the server sends', () => {
    expect(parseChange({ type: 'update', entity: 'action.items', id: 'a1', data: { title: 'New' } })).toEqual({
      type: 'update',
      entity: 'action.items',
      id: 'a1',
      data: { title: 'New' },
    });
    expect(parseChange({ type: 'create', entity: 'notifications', id: 'n1' })?.entity).toBe('notifications');
    expect(parseChange({ type: 'delete', entity: 'org.people', id: 'p1' })?.type).toBe('delete');
    expect(parseChange({ type: 'update', entity: 'checklist', id: 'c1', task: 't1', data: { done: true } })?.task).toBe('t1');
  });

  it('refuses what is not a change', () => {
    expect(parseChange(null)).toBeNull();
    expect(parseChange('update')).toBeNull();
    expect(parseChange({ type: 'upsert', entity: 'missions', id: 'm1' })).toBeNull();
    expect(parseChange({ type: 'update', entity: 'something-new', id: 'm1' })).toBeNull();
    expect(parseChange({ type: 'update', entity: 'missions' })).toBeNull();
    expect(parseChange({ type: 'update', entity: 'missions', id: 'm1', data: 'x' })).toBeNull();
    expect(parseChange({ type: 'update', entity: 'checklist', id: 'c1', task: 7 })).toBeNull();
  });

  it('knows every audited entity of missions and organisations once', () => {
    for (const entity of ['missions', 'action.items', 'actions', 'plan.items', 'org.people', 'timesheets', 'comments'])
      expect(CHANGE_ENTITIES).toContain(entity);
    expect(new Set(CHANGE_ENTITIES).size).toBe(CHANGE_ENTITIES.length);
  });

  it('tells a bulk message by its ids', () => {
    expect(isBulkChange({ ids: ['a', 'b'] })).toBe(true);
    expect(isBulkChange({ title: 'x' })).toBe(false);
    expect(isBulkChange(undefined)).toBe(false);
  });
});

describe('changeRooms', () => {
  it('spells the rooms as the server registers them', () => {
    expect(changeRooms.mission('m1')).toBe('changes/missions/m1');
    expect(changeRooms.missionPeople('m1')).toBe('changes/mission.people/m1');
    expect(changeRooms.action('a1')).toBe('changes/actions/a1');
    expect(changeRooms.org('o1')).toBe('changes/orgs/o1');
    expect(changeRooms.timesheets('p1')).toBe('changes/timesheets/p1');
    expect(changeRooms.person('p1')).toBe('people/p1');
    expect(changeRooms.comments('ActionItem', 't1')).toBe('comment/ActionItem/t1');
  });
});
