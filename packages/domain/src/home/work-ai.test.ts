import { describe, expect, it } from 'vitest';
import { workAiCardLimit, workAiCards } from './work-ai.ts';

describe('workAiCardLimit (rule 233)', () => {
  it.each([
    [1920, 5],
    [1300, 5],
    [1299, 4],
    [1000, 4],
    [768, 4],
    [767, 6],
    [375, 6],
  ])('%i px wide: %i cards', (width, cards) => {
    expect(workAiCardLimit(width)).toBe(cards);
  });
});

describe('workAiCards (rule 234)', () => {
  const tasks = ['t1', 't2', 't3', 't4', 't5', 't6', 't7'];
  const kinds = (cards: ReturnType<typeof workAiCards>) =>
    cards.map((card) =>
      card.kind === 'task' ? card.task : card.kind === 'invite' ? `invite ${String(card.invite)}` : `invites ${card.invites.length}`,
    );

  it('fills the limit with the tasks in order', () => {
    expect(kinds(workAiCards(tasks, [], 5))).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(kinds(workAiCards(tasks, [], 4))).toEqual(['t1', 't2', 't3', 't4']);
    expect(kinds(workAiCards(tasks.slice(0, 2), [], 5))).toEqual(['t1', 't2']);
    expect(workAiCards([], [], 5)).toEqual([]);
  });

  it('puts up to 3 invites first, a card each', () => {
    expect(kinds(workAiCards(tasks, ['i1'], 5))).toEqual(['invite i1', 't1', 't2', 't3', 't4']);
    expect(kinds(workAiCards(tasks, ['i1', 'i2', 'i3'], 5))).toEqual(['invite i1', 'invite i2', 'invite i3', 't1', 't2']);
    expect(kinds(workAiCards(tasks, ['i1', 'i2', 'i3'], 4))).toEqual(['invite i1', 'invite i2', 'invite i3', 't1']);
  });

  it('collapses more than 3 invites into one all-in-one card', () => {
    const cards = workAiCards(tasks, ['i1', 'i2', 'i3', 'i4'], 5);
    expect(kinds(cards)).toEqual(['invites 4', 't1', 't2', 't3', 't4']);
    expect(cards[0]).toEqual({ kind: 'invites', invites: ['i1', 'i2', 'i3', 'i4'] });
  });
});
