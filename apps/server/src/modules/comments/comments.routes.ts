import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentCountSchema,
  commentCreateSchema,
  commentDeletedSchema,
  commentListSchema,
  commentRoomSchema,
  commentSchema,
  commentsSchema,
  commentTopicQuerySchema,
  commentUpdateSchema,
  idSchema,
} from '@crewplan/domain';
import { missionAccessOf } from '../../plugins/authz.ts';
import { defineMentionJob } from './comments.mentions.ts';
import { registerChatRooms } from './comments.rooms.ts';
import * as service from './comments.service.ts';
import { subscribeCommentEvents } from './comments.subscribers.ts';

const tags = ['comments'];
const params = z.object({ id: idSchema });
const roomParams = z.object({ room: commentRoomSchema, id: idSchema });
const itemCommentParams = z.object({ id: idSchema, commentId: idSchema });

/**
 * Chat (spec 3 §7 Comments): messages in the rooms of a mission (Mission, MissionPlan, Action, ActionItem), replies,
 * claps, edits and deletes; each write is told on `comment/<Room>/<id>`. Reading needs the mission; writing follows
 * rule 104 (see canPostComment), editing is the author's, deleting the author's or a mission admin's.
 */
export async function commentsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  registerChatRooms(ctx);
  subscribeCommentEvents(ctx);
  const addMentioned = defineMentionJob(ctx, app.log);

  r.post('/api/comment/room/:room/id/:id', {
    config: { authz: { mission: 'comment.post', via: 'room' } },
    schema: {
      tags,
      summary: 'Write a message in a room (those who may update its subject, or observers); text sanitised, mentions filtered',
      params: roomParams,
      body: commentCreateSchema,
      response: { 201: commentSchema },
    },
    handler: async (request, reply) => {
      const { room, id } = request.params;
      return reply.status(201).send(await service.postComment(ctx, missionAccessOf(request), room, id, request.body, addMentioned));
    },
  });

  r.get('/api/comment/room/:room/id/:id', {
    config: { authz: { mission: 'comment.read', via: 'room' } },
    schema: {
      tags,
      summary: "A room's messages, oldest first, and whether the caller may write",
      params: roomParams,
      response: { 200: commentListSchema },
    },
    handler: async (request) => service.listRoom(ctx, missionAccessOf(request), request.params.room, request.params.id),
  });

  r.get('/api/comment/count/room/:room/id/:id', {
    config: { authz: { mission: 'comment.read', via: 'room' } },
    schema: { tags, summary: 'How many messages a room has', params: roomParams, response: { 200: commentCountSchema } },
    handler: async (request) => service.countRoom(ctx, missionAccessOf(request), request.params.room, request.params.id),
  });

  r.get('/api/comment/replies/:id', {
    config: { authz: { mission: 'comment.read', via: 'comment' } },
    schema: { tags, summary: 'The answers to a message, oldest first', params, response: { 200: commentsSchema } },
    handler: async (request) => service.listReplies(ctx, missionAccessOf(request), request.params.id),
  });

  r.get('/api/comment/mission/:id', {
    config: { authz: { mission: 'comment.read' } },
    schema: {
      tags,
      summary: "The mission's messages in every room (the newest thousand), oldest first",
      params,
      response: { 200: commentsSchema },
    },
    handler: async (request) => service.listMission(ctx, missionAccessOf(request)),
  });

  r.get('/api/comment/count/mission/:id', {
    config: { authz: { mission: 'comment.read' } },
    schema: { tags, summary: "How many messages the mission's rooms have", params, response: { 200: commentCountSchema } },
    handler: async (request) => ({ count: await service.countMission(ctx, missionAccessOf(request)) }),
  });

  r.put('/api/comment/:id', {
    config: { authz: { mission: 'comment.edit', via: 'comment' } },
    schema: {
      tags,
      summary: 'Change a message (its author); marked edited',
      params,
      body: commentUpdateSchema,
      response: { 200: commentSchema },
    },
    handler: async (request) => service.editComment(ctx, missionAccessOf(request), request.params.id, request.body, addMentioned),
  });

  r.delete('/api/comment/:id', {
    config: { authz: { mission: 'comment.delete', via: 'comment' } },
    schema: {
      tags,
      summary: 'Delete a message and its answers (its author, or a mission admin)',
      params,
      response: { 200: commentDeletedSchema },
    },
    handler: async (request) => service.deleteComment(ctx, missionAccessOf(request), request.params.id),
  });

  r.put('/api/comment/:id/clap', {
    config: { authz: { mission: 'comment.clap', via: 'comment' } },
    schema: { tags, summary: "Clap for a message, or take the caller's clap back", params, response: { 200: commentSchema } },
    handler: async (request) => service.toggleClap(ctx, missionAccessOf(request), request.params.id),
  });

  r.get('/api/action-item/:id/comment', {
    config: { authz: { mission: 'comment.read', via: 'actionItem' } },
    schema: {
      tags,
      summary: "A task's messages (every chat, or one subtask's with topic), oldest first, and whether the caller may write",
      params,
      querystring: commentTopicQuerySchema,
      response: { 200: commentListSchema },
    },
    handler: async (request) => service.listRoom(ctx, missionAccessOf(request), 'ActionItem', request.params.id, request.query.topic),
  });

  r.post('/api/action-item/:id/comment', {
    config: { authz: { mission: 'comment.post', via: 'actionItem' } },
    schema: {
      tags,
      summary: "Write in a task's chat ({text, mentions, topic}); mentioned people join the task a second apart",
      params,
      body: commentCreateSchema,
      response: { 201: commentSchema },
    },
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.postComment(ctx, missionAccessOf(request), 'ActionItem', request.params.id, request.body, addMentioned)),
  });

  r.delete('/api/action-item/:id/comment/:commentId', {
    config: { authz: { mission: 'comment.delete', via: 'actionItem' } },
    schema: {
      tags,
      summary: "Delete a message of a task's chat (its author, or a mission admin)",
      params: itemCommentParams,
      response: { 200: commentDeletedSchema },
    },
    handler: async (request) =>
      service.deleteComment(ctx, missionAccessOf(request), request.params.commentId, { room: 'ActionItem', roomId: request.params.id }),
  });
}
