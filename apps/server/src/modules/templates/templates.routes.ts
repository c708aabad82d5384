import type { FastifyInstance } from 'fastify';

/** Templates: personal or organisation, proposal templates. */
export async function templatesRoutes(app: FastifyInstance): Promise<void> {
  void app;
}
