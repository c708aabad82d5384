/**
 * Work AI cards (rules 233–234): the day's few cards, invites first, then the heaviest tasks.
 */

/** Cards shown on a wide window. */
export const WORK_AI_CARDS = 5;
/** Cards shown when the window is under `WORK_AI_NARROW_WIDTH` px wide. */
export const WORK_AI_CARDS_NARROW = 4;
export const WORK_AI_NARROW_WIDTH = 1300;
/** Cards shown when they are stacked one under another (a phone-sized window). */
export const WORK_AI_CARDS_STACKED = 6;
/** Below this width (px) the cards stack in one column. */
export const WORK_AI_STACKED_WIDTH = 768;
/** More mission invites than this collapse into one all-in-one card. */
export const INVITE_CARDS_MAX = 3;

/** How many cards fit (rule 233): 5, 4 under 1300 px wide, 6 when stacked under 768 px. */
export function workAiCardLimit(width: number): number {
  if (width < WORK_AI_STACKED_WIDTH) return WORK_AI_CARDS_STACKED;
  return width < WORK_AI_NARROW_WIDTH ? WORK_AI_CARDS_NARROW : WORK_AI_CARDS;
}

export type WorkAiCard<T, I> = { kind: 'task'; task: T } | { kind: 'invite'; invite: I } | { kind: 'invites'; invites: I[] };

/**
 * The cards of the day: each pending mission invite a card, or one all-in-one card when there are more than 3
 * (rule 234); then the tasks in the order given (heaviest first), up to `limit` cards in all.
 */
export function workAiCards<T, I>(tasks: readonly T[], invites: readonly I[], limit: number): WorkAiCard<T, I>[] {
  const inviteCards: WorkAiCard<T, I>[] =
    invites.length > INVITE_CARDS_MAX
      ? [{ kind: 'invites', invites: [...invites] }]
      : invites.map((invite) => ({ kind: 'invite', invite }));
  const taskCards = tasks.map((task): WorkAiCard<T, I> => ({ kind: 'task', task }));
  return [...inviteCards, ...taskCards].slice(0, Math.max(limit, 0));
}
