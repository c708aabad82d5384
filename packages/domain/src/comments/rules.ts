import { canOnTask, isTaskAdmin, type TaskActor, type TaskFacts } from '../tasks/policy.ts';
import { COMMENT_MESSAGES, type CommentRoomName } from './comments.ts';

/** Reply quote length (rule 247). */
export const REPLY_QUOTE_LENGTH = 80;
/** Mention picker size (rule 131). */
export const MENTION_PICKER_MAX = 100;
/** Mentioned people are added to the task one after another, this far apart (rule 65). */
export const MENTION_ADD_STAGGER_MS = 1_000;
/** Subtask chats whose thread started before this day keep the old label (rule 249). */
export const SUBTASK_CHAT_TITLE_SINCE = '2024-09-15';
/** Highest mission permission a person may have to be mentioned (rule 169): team members, leads, admins, observers. */
export const MENTIONABLE_MAX_PERMISSION = 3;
/** Observers (permission 3) may always write in a chat (rule 104). */
export const OBSERVER_PERMISSION = 3;

/** The emoji reaction bar (rule 248): 26 emojis, in the order shown. */
export const CHAT_EMOJIS = [
  '👍',
  '👏',
  '🙌',
  '🎉',
  '✅',
  '❤️',
  '😀',
  '😂',
  '😊',
  '😉',
  '🤔',
  '😮',
  '😢',
  '🙏',
  '🔥',
  '🚀',
  '💡',
  '👀',
  '⚠️',
  '❗',
  '❓',
  '⏰',
  '📌',
  '📎',
  '👋',
  '💪',
] as const;

/** Text cut to `length` characters (whole code points), with an ellipsis when something was cut. */
export function cutText(text: string, length: number): string {
  const chars = Array.from(text.replace(/\s+/g, ' ').trim());
  return chars.length <= length ? chars.join('') : `${chars.slice(0, length).join('')}…`;
}

/**
 * Rule 247: a reply starts with the person it answers and the first 80 characters of the quoted message
 * (plain text). The web renders the two as a quote with a mention of that person.
 */
export function replyQuote(authorName: string, quotedText: string): { name: string; quote: string } {
  return { name: authorName.trim(), quote: cutText(quotedText, REPLY_QUOTE_LENGTH) };
}

/** A subtask whose chat is open: its title and when its first message was written (null: no message yet). */
export type SubtaskThread = { title: string; threadStartedAt: string | null };

/**
 * The comment panel's title (messages 102–103, rule 249): 'Team chat' for a task; for a subtask, its title, except
 * 'Subtask chat' when the subtask has no title or its thread started before 2024-09-15.
 */
export function chatTitle(subtask: SubtaskThread | null): string {
  if (!subtask) return COMMENT_MESSAGES.teamChat;
  const title = subtask.title.trim();
  const old = subtask.threadStartedAt !== null && subtask.threadStartedAt.slice(0, 10) < SUBTASK_CHAT_TITLE_SINCE;
  return !title || old ? COMMENT_MESSAGES.subtaskChat : title;
}

/** A person on the mission's team as the mention rule sees them. */
export type MentionCandidate = { personId: string; permission: number; invitePending: boolean };

/**
 * Rule 169: of the ids a message mentions, keep (once each, in order) the team members with permission at most 3
 * whose invite is accepted, never the author.
 */
export function mentionableIds(requested: readonly string[], team: readonly MentionCandidate[], authorId: string): string[] {
  const allowed = new Set(
    team.filter((p) => p.permission <= MENTIONABLE_MAX_PERMISSION && !p.invitePending && p.personId !== authorId).map((p) => p.personId),
  );
  return [...new Set(requested)].filter((id) => allowed.has(id));
}

/** What a chat is about: the mission or one of its roles, or an action or task with its facts. */
export type CommentTarget =
  { room: Extract<CommentRoomName, 'Mission' | 'MissionPlan'> } | { room: 'Action' | 'ActionItem'; task: TaskFacts };

/**
 * Rule 104: who may write in a chat (the comment box is offered only to them).
 * - anyone with permission 3 (observers) who sees the mission;
 * - a task's or an action's chat: those who may update it (canOnTask), and its admins even once it is closed;
 * - the mission's and its roles' chats: those who administer the mission (mission admins, project managers,
 *   organisation admins and managers).
 */
export function canPostComment(actor: TaskActor, target: CommentTarget): boolean {
  if (actor.permission === null) return false;
  if (actor.permission === OBSERVER_PERMISSION) return true;
  if (!('task' in target)) return actor.missionAdmin;
  return isTaskAdmin(actor, target.task) || canOnTask(actor, 'update', target.task);
}

/** Only the author edits a message, while they still see the mission. */
export function canEditComment(actor: TaskActor, comment: { createdBy: string | null }): boolean {
  return actor.permission !== null && comment.createdBy !== null && comment.createdBy === actor.personId;
}

/** The author deletes their message; mission admins (and organisation admins and managers) delete any. */
export function canDeleteComment(actor: TaskActor, comment: { createdBy: string | null }): boolean {
  return canEditComment(actor, comment) || (actor.permission !== null && actor.missionAdmin);
}
