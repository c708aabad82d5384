import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  orgPeopleListSchema,
  orgPeopleQuerySchema,
  orgPersonEmailSchema,
  orgPersonRemovalSchema,
  orgPersonRemoveQuerySchema,
  orgPersonScheduleSchema,
  orgPersonSchema,
  orgPersonUpdateSchema,
} from '@crewplan/domain';
import { orgAccessOf } from '../../plugins/authz.ts';
import { crmConnectorOf } from './crm-connector.ts';
import * as service from './org-people.service.ts';

const tags = ['org-people'];
const personParams = z.object({ id: idSchema, personId: idSchema });

/** The people of an organisation: the table, one entry, its edits, email, removal and scheduled end. */
export async function orgPeopleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const crm = crmConnectorOf(ctx.config);

  r.get('/api/v2/orgs/:orgId/people', {
    config: { authz: { org: 'org.people.read' } },
    schema: {
      tags,
      summary: 'The people table: filters department, office, program, level, search; ended people with includeEnded',
      params: z.object({ orgId: idSchema }),
      querystring: orgPeopleQuerySchema,
      response: { 200: orgPeopleListSchema },
    },
    handler: async (request) => service.listPeople(ctx, orgAccessOf(request), request.query),
  });

  r.get('/api/org/:id/people/:personId', {
    config: { authz: { org: 'org.people.read' } },
    schema: { tags, summary: 'One person of the organisation', params: personParams, response: { 200: orgPersonSchema } },
    handler: async (request) => service.getPerson(ctx, orgAccessOf(request), request.params.personId),
  });

  r.put('/api/org/:id/people/:personId', {
    config: { authz: { org: 'org.people.manage' } },
    schema: {
      tags,
      summary: 'Edit a person: role, departments, office, dates, leave; levels and rights need a manager (admin for admins)',
      params: personParams,
      body: orgPersonUpdateSchema,
      response: { 200: orgPersonSchema },
    },
    handler: async (request) => service.updatePerson(ctx, orgAccessOf(request), request.params.personId, request.body),
  });

  r.delete('/api/org/:id/people/:personId', {
    config: { authz: { org: 'org.people.remove' } },
    schema: {
      tags,
      summary:
        'Remove a person (or leave, for oneself): their end date becomes tomorrow. The only admin leaving deletes the organisation: 409 unless confirmDeleteOrganisation=true',
      params: personParams,
      querystring: orgPersonRemoveQuerySchema,
      response: { 200: orgPersonRemovalSchema },
    },
    handler: async (request) => service.removePerson(ctx, orgAccessOf(request), request.params.personId, request.query),
  });

  r.put('/api/org/:id/people/:personId/email', {
    config: { authz: { org: 'org.people.email.update' } },
    schema: {
      tags,
      summary: "The person's email in this organisation (the person, or those who manage them)",
      params: personParams,
      body: orgPersonEmailSchema,
      response: { 200: orgPersonSchema },
    },
    handler: async (request) => service.changePersonEmail(ctx, orgAccessOf(request), request.params.personId, request.body.email),
  });

  r.post('/api/org/:id/schedule/people', {
    config: { authz: { org: 'org.people.schedule' } },
    schema: {
      tags,
      summary: 'Schedule the day a person leaves (after today), or cancel it with endDate null',
      params: z.object({ id: idSchema }),
      body: orgPersonScheduleSchema,
      response: { 200: orgPersonSchema },
    },
    handler: async (request) => service.schedulePerson(ctx, orgAccessOf(request), request.body),
  });

  r.post('/api/org/:id/gt/sync/person/:personId', {
    config: { authz: { org: 'org.people.sync' } },
    schema: {
      tags,
      summary:
        "Sync a person's role and dates from the organisation's CRM: 409 org/directory-not-configured while none is configured, 404 when the CRM does not know them, 502 when it does not answer",
      params: personParams,
      response: { 200: orgPersonSchema },
    },
    handler: async (request) => service.syncPerson(ctx, orgAccessOf(request), request.params.personId, crm),
  });
}
