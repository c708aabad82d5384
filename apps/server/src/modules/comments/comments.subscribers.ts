import { and, eq, inArray, or } from 'drizzle-orm';
import { commentRoomChannel, type CommentRoomName } from '@crewplan/domain';
import { comments } from '../../db/schema/index.ts';
import type { AppContext } from '../../plugins/types.ts';

/**
 * A chat goes with what it is about: a deleted task, action or role (plan item, only marked deleted but never shown
 * again) takes its room's messages along, a deleted subtask its subtask chat (as files go with their task), so that
 * counts and mission-wide lists never show chats nobody can open.
 */
export function subscribeCommentEvents(ctx: AppContext): void {
  ctx.events.on('mission.changed', async ({ missionId, changes }) => {
    const deleted = (entity: string) => changes.filter((change) => change.type === 'delete' && change.entity === entity).map((c) => c.id);
    const items = deleted('action.items');
    const actionIds = deleted('actions');
    const subtasks = deleted('checklist');
    const roles = deleted('plan.items');
    if (items.length + actionIds.length + subtasks.length + roles.length === 0) return;
    const rooms = [
      items.length > 0 ? and(eq(comments.room, 'ActionItem'), inArray(comments.roomId, items)) : undefined,
      actionIds.length > 0 ? and(eq(comments.room, 'Action'), inArray(comments.roomId, actionIds)) : undefined,
      subtasks.length > 0 ? and(eq(comments.room, 'ActionItem'), inArray(comments.topic, subtasks)) : undefined,
      roles.length > 0 ? and(eq(comments.room, 'MissionPlan'), inArray(comments.roomId, roles)) : undefined,
    ];
    const removed = await ctx.db
      .delete(comments)
      .where(and(eq(comments.missionId, missionId), or(...rooms)))
      .returning({ id: comments.id, room: comments.room, roomId: comments.roomId });
    for (const row of removed)
      ctx.realtime.publish(commentRoomChannel(row.room as CommentRoomName, row.roomId), { type: 'delete', entity: 'comments', id: row.id });
  });
}
