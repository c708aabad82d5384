import { canDeleteComment, canEditComment, type CommentDto, type CommentRoomName, type TaskActor } from '@crewplan/domain';
import { avatarUrl } from '../people/index.ts';
import type { ListedComment } from './comments.queries.ts';

/** A stored message as the caller sees it, with what they may do to it. */
export function presentComment({ comment, replyCount, author }: ListedComment, actor: TaskActor): CommentDto {
  return {
    _id: comment.id,
    room: comment.room as CommentRoomName,
    roomId: comment.roomId,
    missionId: comment.missionId,
    text: comment.text,
    topic: comment.topic,
    mentions: comment.mentions,
    replyTo: comment.replyTo,
    replyCount,
    claps: comment.claps,
    clapped: comment.claps.includes(actor.personId),
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt?.toISOString() ?? null,
    createdBy: author ? { _id: author.id, firstName: author.firstName, lastName: author.lastName, avatar: avatarUrl(author) } : null,
    abilities: { update: canEditComment(actor, comment), delete: canDeleteComment(actor, comment) },
  };
}
