import type { FastifyInstance } from 'fastify';

/** Mission people and invites to missions. */
export async function teamRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
