import { describe, expect, it } from 'vitest';
import { nameOf, renameLine, type EditLine } from './lines.ts';

const shown = {
  description: 'Developer — Ada (weeks from 2026-03-02, 37.5 h)',
  quantity: 4.6875,
  unit: 'd',
  unitPrice: 800,
  amount: 3_750,
};
const drawn: EditLine = { key: 'k1', kind: 'time', sourceIds: ['w1', 'w2'], shown };
const typed: EditLine = { key: 'k2', kind: 'manual', description: 'Travel', quantity: 1, unit: '', unitPrice: 100, shown };

describe('renaming an invoice line in the editor', () => {
  it('sends a drawn line’s new name and keeps it drawn from its sources', () => {
    const renamed = renameLine(drawn, 'Development, March');
    expect(renamed).toEqual({ ...drawn, description: 'Development, March', shown: { ...shown, description: 'Development, March' } });
    expect(nameOf(renamed)).toBe('Development, March');
  });

  it('shows a drawn line not renamed by the name it is drawn with', () => {
    expect(nameOf(drawn)).toBe(shown.description);
  });

  it('sends no name for a drawn line whose name is emptied, so that the server draws it again', () => {
    const emptied = renameLine(renameLine(drawn, 'Development'), '  ');
    expect(emptied).not.toHaveProperty('description');
    expect(emptied).toMatchObject({ kind: 'time', sourceIds: ['w1', 'w2'] });
  });

  it('gives a typed line the text as its description', () => {
    expect(renameLine(typed, 'Taxi')).toMatchObject({ kind: 'manual', description: 'Taxi', shown: { description: 'Taxi' } });
  });
});
