import { describe, expect, it } from 'vitest';
import { columnsProblem, newColumnId } from './columns-rules.ts';

describe('kanban columns', () => {
  it('needs at least one named column, names unique', () => {
    expect(columnsProblem([])).toBe('A board needs at least one column.');
    expect(columnsProblem([{ name: 'To do' }, { name: ' ' }])).toBe('Every column needs a name.');
    expect(columnsProblem([{ name: 'Done' }, { name: 'done ' }])).toBe('Two columns have the same name.');
    expect(columnsProblem([{ name: 'To do' }, { name: 'Done' }])).toBeNull();
  });

  it('gives a new column an unused id', () => {
    expect(newColumnId([{ id: 'todo' }, { id: 'done' }])).toBe('col-3');
    expect(newColumnId([{ id: 'col-2' }, { id: 'col-3' }])).toBe('col-4');
  });
});
