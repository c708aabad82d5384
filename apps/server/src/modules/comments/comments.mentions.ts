import { MENTION_ADD_STAGGER_MS } from '@crewplan/domain';
import type { FastifyBaseLogger } from 'fastify';
import { loadMissionAccess } from '../../plugins/mission-access.ts';
import type { AppContext } from '../../plugins/types.ts';
import { changeItemPeople } from '../tasks/index.ts';
import type { MentionAdder } from './comments.service.ts';

export const MENTION_JOB = 'comment.mention.add';
/** The mentioned people still to join, in order, on behalf of the message's author. */
export type MentionJob = { missionId: string; authorId: string; actionItemId: string; personIds: string[] };

/**
 * Rule 65: people mentioned in a task's chat join the task one second apart, after the message is stored, through the
 * tasks' own command (history and realtime). Each addition is a job: the first due at once, each next one a second
 * after the one before has run, so that pending additions survive a restart.
 */
export function defineMentionJob(ctx: AppContext, log: FastifyBaseLogger): MentionAdder {
  ctx.jobs.define<MentionJob>(MENTION_JOB, async (job) => {
    const [personId, ...rest] = job.personIds;
    if (!personId) return;
    const access = await loadMissionAccess(ctx.db, job.missionId, job.authorId);
    try {
      if (!access) throw new Error('the author no longer sees the mission');
      await changeItemPeople(ctx, access, job.actionItemId, { add: personId }, { byMention: true });
    } catch (err) {
      log.warn({ err, actionItemId: job.actionItemId, personId }, 'could not add a mentioned person to the task');
    }
    if (rest.length > 0) await ctx.jobs.enqueue(MENTION_JOB, { ...job, personIds: rest }, { delayMs: MENTION_ADD_STAGGER_MS });
  });
  return async (access, actionItemId, personIds) => {
    const job: MentionJob = { missionId: access.mission.id, authorId: access.personId, actionItemId, personIds };
    await ctx.jobs.enqueue(MENTION_JOB, job);
  };
}
