import { MENTION_ADD_STAGGER_MS } from '@crewplan/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../plugins/types.ts';
import { changeItemPeople } from '../tasks/index.ts';
import type { MentionAdder } from './comments.service.ts';

/**
 * Rule 65: people mentioned in a task's chat join the task one second apart, after the message is stored, through the
 * tasks' own command (history and realtime). Pending additions are dropped when the server closes.
 */
export function createMentionAdder(ctx: AppContext, log: FastifyBaseLogger): { add: MentionAdder; close: () => void } {
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, run: () => Promise<void>) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void run();
    }, ms);
    timers.add(timer);
  };
  const add: MentionAdder = (access, actionItemId, personIds) => {
    const next = async (index: number): Promise<void> => {
      const personId = personIds[index];
      if (!personId) return;
      try {
        await changeItemPeople(ctx, access, actionItemId, { add: personId }, { byMention: true });
      } catch (err) {
        log.warn({ err, actionItemId, personId }, 'could not add a mentioned person to the task');
      }
      if (index + 1 < personIds.length) later(MENTION_ADD_STAGGER_MS, () => next(index + 1));
    };
    later(0, () => next(0));
  };
  return {
    add,
    close: () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
