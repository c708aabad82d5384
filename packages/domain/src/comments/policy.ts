import { canOnMission, type MissionActor, type MissionFacts } from '../missions/policy.ts';
import type { Policy } from '../shared/policy.ts';
import { taskActorOf } from '../tasks/policy.ts';
import { canDeleteComment, canEditComment, canPostComment, type CommentTarget } from './rules.ts';

/** What routes do to chat messages. */
export const COMMENT_VERBS = ['comment.read', 'comment.post', 'comment.edit', 'comment.delete', 'comment.clap'] as const;
export type CommentVerb = (typeof COMMENT_VERBS)[number];

export type CommentPolicyTarget = {
  mission: MissionFacts;
  /** The chat a message goes to (posting), once known. */
  chat?: CommentTarget;
  /** The message acted on (editing, deleting), once loaded. */
  comment?: { createdBy: string | null };
};

/**
 * The chat rules: readers of the mission read and clap; posting follows rule 104 (`canPostComment`); only the
 * author edits; the author and the mission's admins delete.
 */
export function canOnComment(actor: MissionActor, verb: CommentVerb, target: CommentPolicyTarget): boolean {
  const { mission, chat, comment } = target;
  if (!canOnMission(actor, 'mission.read', mission)) return false;
  const author = taskActorOf(actor, mission);
  switch (verb) {
    case 'comment.read':
    case 'comment.clap':
      return true;
    case 'comment.post':
      return !chat || canPostComment(author, chat);
    case 'comment.edit':
      return !comment || canEditComment(author, comment);
    case 'comment.delete':
      return !comment || canDeleteComment(author, comment);
  }
}

export const commentPolicy: Policy<MissionActor, CommentVerb, CommentPolicyTarget> = { verbs: COMMENT_VERBS, can: canOnComment };
