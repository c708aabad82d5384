import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  missionInviteAnsweredSchema,
  missionInviteByTokenSchema,
  missionInviteCreateSchema,
  missionInviteIdParamsSchema,
  missionInviteSchema,
  missionInviteTokenParamsSchema,
  missionPersonParamsSchema,
  missionPersonRemovedSchema,
  missionPersonRemoveQuerySchema,
  missionPersonSchema,
  missionPersonUpdateSchema,
  myMissionInvitesSchema,
} from '@crewplan/domain';
import { missionAccessOf, principalOf } from '../../plugins/authz.ts';
import * as answers from './invite-answers.service.ts';
import { createMissionInvite } from './invites.service.ts';
import { removeMissionPerson, updateMissionPerson } from './team.service.ts';
import { subscribeTeamEvents } from './team.subscribers.ts';

const tags = ['mission-people'];
const inviteTags = ['invites'];

/** Mission people (permission, roles, removal) and invites to missions (create, link, confirm, accept, reject). */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  subscribeTeamEvents(ctx);

  r.put('/api/mission/:id/people/:personId', {
    config: { authz: { mission: 'team.update' } },
    schema: {
      tags,
      summary: "Change a team person's permission, project-manager flag, role or custom role (admin only by admins; never the last admin)",
      params: missionPersonParamsSchema,
      body: missionPersonUpdateSchema,
      response: { 200: missionPersonSchema },
    },
    handler: async (request) => updateMissionPerson(ctx, missionAccessOf(request), request.params.personId, request.body),
  });

  r.delete('/api/mission/:id/people/:personId', {
    // Anybody on the mission may remove themselves: the removal rules are checked by the service.
    config: { authz: { mission: 'team.member.remove' } },
    schema: {
      tags,
      summary:
        'Remove a person from the team (an organisation admin is downgraded to organisation observer, 4); their pending invites go too',
      params: missionPersonParamsSchema,
      querystring: missionPersonRemoveQuerySchema,
      response: { 200: missionPersonRemovedSchema },
    },
    handler: async (request) => removeMissionPerson(ctx, missionAccessOf(request), request.params.personId),
  });

  r.post('/api/mission/:id/invite', {
    config: { authz: { mission: 'mission.invite' } },
    schema: {
      tags: inviteTags,
      summary: 'Invite an organisation person (invitee) or an email to the mission; 201 new invite, 200 when already invited (updated)',
      params: z.object({ id: idSchema }),
      body: missionInviteCreateSchema,
      response: { 200: missionInviteSchema, 201: missionInviteSchema },
    },
    handler: async (request, reply) => {
      const { invite, created } = await createMissionInvite(ctx, missionAccessOf(request), principalOf(request), request.body);
      return reply.status(created ? 201 : 200).send(invite);
    },
  });

  r.get('/api/mission-invite/mine', {
    config: { authz: { signedIn: 'invite.read' } },
    schema: { tags: inviteTags, summary: 'My mission invites still to answer, newest first', response: { 200: myMissionInvitesSchema } },
    handler: async (request) => answers.myMissionInvites(ctx, principalOf(request)),
  });

  r.get('/api/mission-invite/token/:token', {
    config: { authz: { signedIn: 'invite.read' } },
    schema: {
      tags: inviteTags,
      summary: 'What a mission invite link offers; 410 once no longer valid',
      params: missionInviteTokenParamsSchema,
      response: { 200: missionInviteByTokenSchema },
    },
    handler: async (request) => answers.missionInviteByToken(ctx, request.params.token),
  });

  r.post('/api/mission-invite/handle/:token', {
    config: { authz: { signedIn: 'invite.answer' } },
    schema: {
      tags: inviteTags,
      summary: 'Handle an invite link once signed in: binds the invite sent to one of my emails to me and confirms it',
      params: missionInviteTokenParamsSchema,
      response: { 200: missionInviteByTokenSchema },
    },
    handler: async (request) => answers.handleMissionInvite(ctx, principalOf(request), request.params.token),
  });

  for (const [action, summary, answer] of [
    ['confirm', 'Confirm that I have seen a mission invite sent to me', answers.confirmMissionInvite],
    ['accept', 'Accept a mission invite sent to one of my verified emails; I join the team', answers.acceptMissionInvite],
    ['reject', 'Reject a mission invite sent to me; the inviter is told', answers.rejectMissionInvite],
  ] as const) {
    r.put(`/api/mission-invite/:id/${action}`, {
      config: { authz: { signedIn: 'invite.answer' } },
      schema: { tags: inviteTags, summary, params: missionInviteIdParamsSchema, response: { 200: missionInviteAnsweredSchema } },
      handler: async (request) => answer(ctx, principalOf(request), request.params.id),
    });
  }
}
