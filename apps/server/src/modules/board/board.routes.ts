import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { boardWorkspaceSchema } from '@crewplan/domain/board/board';
import { principalOf } from '../../plugins/authz.ts';
import { boardWorkspace } from './board.service.ts';

/** The project-manager work space of /board (spec 3 §2 Board). */
export async function boardRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;

  r.get('/api/board/workspace', {
    config: { authz: { signedIn: 'board.read' } },
    schema: {
      tags: ['board'],
      summary: 'The missions I manage (project manager or owner, licensed, no templates), their tasks and their people',
      response: { 200: boardWorkspaceSchema },
    },
    handler: async (request) => boardWorkspace(ctx, principalOf(request).personId),
  });
}
