import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MISSION_MESSAGES,
  baselineCreateSchema,
  baselineSchema,
  idSchema,
  kpiCreateSchema,
  kpiUpdateSchema,
  licenceKeySchema,
  missionAuditQuerySchema,
  missionAuditTreeSchema,
  missionCreateSchema,
  missionDeletedSchema,
  missionHistoryQuerySchema,
  missionHistorySchema,
  missionKpisSchema,
  missionLicensedSchema,
  missionReadQuerySchema,
  missionSchema,
  missionTreeItemSchema,
  missionTreeQuerySchema,
  missionUpdatedSchema,
  missionUpdateSchema,
  promoCodeSchema,
  sectionTagCreateSchema,
  sectionTagsSchema,
  sectionTagUpdateSchema,
} from '@crewplan/domain';
import { missionAccessOf, principalOf } from '../../plugins/authz.ts';
import { missionAuditTree, missionHistory } from './history.service.ts';
import { redeemLicenceCode } from './licence.service.ts';
import { readMissionJson } from './missions.read.ts';
import { createMission, deleteMission } from './missions.service.ts';
import { subscribeMissionEvents } from './missions.subscribers.ts';
import { updateMission } from './missions.update.ts';
import * as parts from './parts.service.ts';
import { missionTreeJson, missionTreeStream } from './tree.service.ts';

const tags = ['missions'];
const params = z.object({ id: idSchema });
const tagParams = z.object({ id: idSchema, tagId: idSchema });
const kpiParams = z.object({ id: idSchema, kpiId: idSchema });

/** Missions: create, list, read, update, delete; section tags, KPIs, history, baselines, licence and promo codes. */
export async function missionsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  subscribeMissionEvents(ctx);

  r.post('/api/mission', {
    config: { authz: { signedIn: 'mission.create' } },
    schema: {
      tags,
      summary: 'Create a mission, personal or in an organisation where I may create projects; I join as admin and project manager',
      body: missionCreateSchema,
      response: { 201: missionSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await createMission(ctx, principalOf(request), request.body)),
  });

  r.get('/api/mission/list/tree', {
    config: { authz: { signedIn: 'mission.list' }, readCache: true },
    schema: {
      tags,
      summary: 'My missions (team, invite accepted, permission 3 or lower); filters isActive, staleDate, org; stream=true streams',
      querystring: missionTreeQuerySchema,
      response: { 200: z.array(missionTreeItemSchema) },
    },
    handler: async (request, reply) => {
      const { stream, ...filters } = request.query;
      const personId = principalOf(request).personId;
      reply.type('application/json; charset=utf-8');
      // SQL shapes the JSON (DESIGN §8): the response schema documents it, the text is sent as it is.
      reply.serializer((payload) => payload as string);
      const body = stream ? missionTreeStream(ctx, personId, filters) : await missionTreeJson(ctx, personId, filters);
      return reply.send(body as never);
    },
  });

  r.get('/api/mission/:id', {
    config: { authz: { mission: 'mission.read' }, readCache: true },
    schema: {
      tags,
      summary:
        'The whole mission with its team, plan items, free slots and my abilities; bad dates are repaired (rule 24) unless repair=false asks for it as stored',
      params,
      querystring: missionReadQuerySchema,
      response: { 200: missionSchema },
    },
    handler: async (request, reply) => {
      // SQL shapes the tasks' JSON (DESIGN §8) and it is streamed as it is read: the response schema documents it.
      reply.type('application/json; charset=utf-8');
      const repair = request.query.repair ?? true;
      return reply.send((await readMissionJson(ctx, missionAccessOf(request), { repair })) as never);
    },
  });

  r.put('/api/mission/:id', {
    config: { authz: { mission: 'mission.update' } },
    schema: {
      tags,
      summary: 'Change the mission; dates move the plan (shift: true shifts items by whole weeks); a stale updatedAt is 409',
      params,
      body: missionUpdateSchema,
      response: { 200: missionUpdatedSchema },
    },
    handler: async (request) => updateMission(ctx, missionAccessOf(request), request.body),
  });

  r.delete('/api/mission/:id', {
    config: { authz: { mission: 'mission.delete' } },
    schema: {
      tags,
      summary: 'Delete the mission and its linked project or template mission (rule 32)',
      params,
      response: { 200: missionDeletedSchema },
    },
    handler: async (request) => deleteMission(ctx, missionAccessOf(request)),
  });

  r.post('/api/mission/:id/section-tag', {
    config: { authz: { mission: 'mission.update' } },
    schema: { tags, summary: 'Add a section tag', params, body: sectionTagCreateSchema, response: { 201: sectionTagsSchema } },
    handler: async (request, reply) => reply.status(201).send(await parts.addSectionTag(ctx, missionAccessOf(request), request.body)),
  });

  r.put('/api/mission/:id/section-tag/:tagId', {
    config: { authz: { mission: 'mission.update' } },
    schema: {
      tags,
      summary: 'Change a section tag (the catch-all tag cannot be changed)',
      params: tagParams,
      body: sectionTagUpdateSchema,
      response: { 200: sectionTagsSchema },
    },
    handler: async (request) => parts.updateSectionTag(ctx, missionAccessOf(request), request.params.tagId, request.body),
  });

  r.delete('/api/mission/:id/section-tag/:tagId', {
    config: { authz: { mission: 'mission.update' } },
    schema: {
      tags,
      summary: 'Delete a section tag; its actions fall back to the catch-all tag, which cannot be deleted',
      params: tagParams,
      response: { 200: sectionTagsSchema },
    },
    handler: async (request) => parts.deleteSectionTag(ctx, missionAccessOf(request), request.params.tagId),
  });

  r.post('/api/mission/:id/kpi', {
    config: { authz: { mission: 'mission.update' } },
    schema: { tags, summary: 'Add a KPI', params, body: kpiCreateSchema, response: { 201: missionKpisSchema } },
    handler: async (request, reply) => reply.status(201).send(await parts.addKpi(ctx, missionAccessOf(request), request.body)),
  });

  r.put('/api/mission/:id/kpi/:kpiId', {
    config: { authz: { mission: 'mission.update' } },
    schema: { tags, summary: 'Change a KPI', params: kpiParams, body: kpiUpdateSchema, response: { 200: missionKpisSchema } },
    handler: async (request) => parts.updateKpi(ctx, missionAccessOf(request), request.params.kpiId, request.body),
  });

  r.delete('/api/mission/:id/kpi/:kpiId', {
    config: { authz: { mission: 'mission.update' } },
    schema: { tags, summary: 'Delete a KPI', params: kpiParams, response: { 200: missionKpisSchema } },
    handler: async (request) => parts.deleteKpi(ctx, missionAccessOf(request), request.params.kpiId),
  });

  r.post('/api/mission/:id/baseline', {
    config: { authz: { mission: 'mission.update' } },
    schema: {
      tags,
      summary: 'Save a baseline: the dates of the plan items, actions and action items now',
      params,
      body: baselineCreateSchema.nullish(),
      response: { 201: baselineSchema },
    },
    handler: async (request, reply) =>
      reply.status(201).send(await parts.createBaseline(ctx, missionAccessOf(request), request.body ?? {})),
  });

  r.get('/api/mission/:id/history', {
    config: { authz: { mission: 'mission.read' } },
    schema: {
      tags,
      summary: 'The history of the mission, newest first (limit, before = nextBefore of the previous page)',
      params,
      querystring: missionHistoryQuerySchema,
      response: { 200: missionHistorySchema },
    },
    handler: async (request) => missionHistory(ctx, missionAccessOf(request), request.query),
  });

  r.get('/api/mission/:id/audit/tree', {
    config: { authz: { mission: 'mission.read' } },
    schema: {
      tags,
      summary: 'Who changed what, when: mission → kind → entity → events, newest first',
      params,
      querystring: missionAuditQuerySchema,
      response: { 200: missionAuditTreeSchema },
    },
    handler: async (request) => missionAuditTree(ctx, missionAccessOf(request), request.query),
  });

  r.post('/api/mission/:id/license', {
    config: { authz: { mission: 'licence.activate', refusal: MISSION_MESSAGES.activateLicence } },
    schema: {
      tags: ['billing'],
      summary: 'Activate a licence key on the mission (organisation managers and admins; the owner of a personal project)',
      params,
      body: licenceKeySchema,
      response: { 200: missionLicensedSchema },
    },
    handler: async (request) => redeemLicenceCode(ctx, missionAccessOf(request), 'key', request.body.licenseKey),
  });

  r.put('/api/mission/:id/promo/apply', {
    config: { authz: { mission: 'promo.apply' } },
    schema: {
      tags: ['billing'],
      summary: 'Apply a promo code to the mission',
      params,
      body: promoCodeSchema,
      response: { 200: missionLicensedSchema },
    },
    handler: async (request) => redeemLicenceCode(ctx, missionAccessOf(request), 'promo', request.body.promoCode),
  });
}
