import type { FastifyInstance } from 'fastify';
import { subscribeMissionEvents } from './missions.subscribers.ts';

/** Missions: create, list, read, update, delete; section tags, KPIs, history, baselines, licence and promo codes. */
export async function missionsRoutes(app: FastifyInstance): Promise<void> {
  subscribeMissionEvents(app.ctx);
}
