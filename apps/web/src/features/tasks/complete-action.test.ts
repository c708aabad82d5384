import { describe, expect, it } from 'vitest';
import { completeActionNotice } from './CompleteActionPrompt.tsx';

describe('completing an action from a link', () => {
  it.each([
    ['a gone action', null, true, 'That action is no longer in this mission.'],
    ['a done action', { title: 'Release', status: 'done' }, true, '“Release” is already done.'],
    ['somebody who may not close it', { title: 'Release', status: 'open' }, false, 'Sorry but you are not allowed to mark “Release” done.'],
    ['somebody who may: the prompt asks', { title: 'Release', status: 'open' }, true, null],
  ])('%s', (_, action, allowed, notice) => {
    expect(completeActionNotice(action, allowed)).toBe(notice);
  });
});
