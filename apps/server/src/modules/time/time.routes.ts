import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dailyMetricsQuerySchema,
  dailyMetricsSchema,
  idSchema,
  managedRoleCellsQuerySchema,
  managedRoleCellsSchema,
  missionTimesheetCreateSchema,
  myTimesheetsQuerySchema,
  myTimesheetsSchema,
  orgTimesheetCreateSchema,
  orgTimesheetListQuerySchema,
  overtimeQuerySchema,
  overtimeReportSchema,
  projectManagerTimesheetQuerySchema,
  timesheetDeletedSchema,
  timesheetListSchema,
  timesheetNotifyQuerySchema,
  timesheetSchema,
  timesheetUpdateSchema,
  timesheetWeeksQuerySchema,
  timeTrackingOrgsSchema,
  weekSavedSchema,
  weekSaveSchema,
} from '@crewplan/domain';
import { missionAccessOf, orgAccessOf, principalOf } from '../../plugins/authz.ts';
import { timeTrackingOrgs } from './time.access.ts';
import { subscribeTimeEvents } from './time.events.ts';
import { dailyMetrics, overtimeReport } from './time.metrics.ts';
import { managedRoleCells } from './time.role-cells.ts';
import {
  missionTimesheets,
  myTimesheets,
  orgTimesheet,
  orgTimesheets,
  personMissionTimesheets,
  projectManagerTimesheets,
} from './time.read.ts';
import { deleteMissionSheet, deleteOrgSheet, saveMissionWeek, saveOrgWeek, updateMissionSheet, updateOrgSheet } from './time.service.ts';
import { saveWholeWeek } from './time.week.ts';

const tags = ['time'];
const missionParams = z.object({ id: idSchema });
const missionSheetParams = z.object({ id: idSchema, timesheetId: idSchema });
const missionPersonParams = z.object({ id: idSchema, personId: idSchema });
const orgParams = z.object({ orgId: idSchema });
const orgSheetParams = z.object({ orgId: idSchema, id: idSchema });

/**
 * Weekly timesheets (spec 2 §§4, 7; rules 171–181): a person saves and submits their weeks; project managers and
 * owners (and organisation admins) approve or reject them; the organisation area (admins and managers, and observers,
 * who see the organisation's workspace reports: rule 111) reads daily metrics and overtime.
 * Every route needs an organisation licensed for time tracking (rule 180).
 */
export async function timeRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  subscribeTimeEvents(ctx);

  r.get('/api/timesheet', {
    config: { authz: { signedIn: 'timesheet.read' } },
    schema: {
      tags,
      summary:
        "My weeks (default: the last 12), my roles, my tasks of the week `week` (default this one), and my roles' weeks missing over the last three weeks (rule 178)",
      querystring: myTimesheetsQuerySchema,
      response: { 200: myTimesheetsSchema },
    },
    handler: async (request) => myTimesheets(ctx.db, ctx.clock.now(), principalOf(request).personId, request.query),
  });

  r.get('/api/timesheet/orgs', {
    config: { authz: { signedIn: 'timesheet.read' } },
    schema: {
      tags,
      summary:
        'The organisations where I keep weeks (rule 180): those I belong to that track time (missions: null), and those whose licensed projects I work on from outside the organisation (missions: only those projects)',
      response: { 200: timeTrackingOrgsSchema },
    },
    handler: async (request) => timeTrackingOrgs(ctx.db, ctx.clock.now(), principalOf(request).personId),
  });

  r.put('/api/timesheet/week', {
    config: { authz: { signedIn: 'timesheet.save' } },
    schema: {
      tags,
      summary:
        'Save or submit my whole week in one call: my roles (planItemId) and my tasks (actionItemId, kept in the project’s task-form week), seven daily hours each; all checked first, then written together',
      body: weekSaveSchema,
      response: { 200: weekSavedSchema },
    },
    handler: async (request, reply) => {
      const saved = await saveWholeWeek(ctx, principalOf(request).personId, request.body);
      // the grid saves often: the presenter gives the documented shape, serialised without re-checking it
      reply.type('application/json; charset=utf-8').serializer((payload) => payload as string);
      return reply.send(JSON.stringify(saved) as never);
    },
  });

  r.get('/api/timesheet/project-manager', {
    config: { authz: { signedIn: 'timesheet.read' } },
    schema: {
      tags,
      summary: 'Weeks of the missions I manage, changed since updatedAt (default 30 days back, rule 179)',
      querystring: projectManagerTimesheetQuerySchema,
      response: { 200: timesheetListSchema },
    },
    handler: async (request, reply) => {
      const sheets = await projectManagerTimesheets(ctx.db, ctx.clock.now(), principalOf(request).personId, request.query.updatedAt);
      // thousands of weeks (DESIGN §8): the presenter gives the documented shape, serialised once without re-checking it
      reply.type('application/json; charset=utf-8').serializer((payload) => payload as string);
      return reply.send(JSON.stringify(sheets) as never);
    },
  });

  r.get('/api/timesheet/project-manager/roles', {
    config: { authz: { signedIn: 'timesheet.read' } },
    schema: {
      tags,
      summary:
        "Roles of the missions I manage per week without a submitted week: 'Unfilled role', 'Needs assignment', 'Not submitted yet (Draft)' (rule 80)",
      querystring: managedRoleCellsQuerySchema,
      response: { 200: managedRoleCellsSchema },
    },
    handler: async (request) => managedRoleCells(ctx.db, ctx.clock.now(), principalOf(request).personId, request.query),
  });

  r.post('/api/timesheet/mission/:id', {
    config: { authz: { mission: 'timesheet.save' } },
    schema: {
      tags,
      summary: 'Save my week on my role (missionPlanId): seven daily hours, or tasks with seven days each; status draft or submitted',
      params: missionParams,
      body: missionTimesheetCreateSchema,
      response: { 200: timesheetSchema, 201: timesheetSchema },
    },
    handler: async (request, reply) => {
      const { timesheet, created } = await saveMissionWeek(ctx, missionAccessOf(request), request.body);
      return reply.status(created ? 201 : 200).send(timesheet);
    },
  });

  r.get('/api/timesheet/mission/:id', {
    config: { authz: { mission: 'timesheet.read' } },
    schema: {
      tags,
      summary: "The mission's weeks: every person's for its approvers, my own for everybody else",
      params: missionParams,
      querystring: timesheetWeeksQuerySchema,
      response: { 200: timesheetListSchema },
    },
    handler: async (request) => missionTimesheets(ctx.db, ctx.clock.now(), missionAccessOf(request), request.query),
  });

  r.get('/api/timesheet/mission/:id/person/:personId', {
    config: { authz: { mission: 'timesheet.read' } },
    schema: {
      tags,
      summary: "One person's weeks on the mission (themselves and the mission's approvers)",
      params: missionPersonParams,
      querystring: timesheetWeeksQuerySchema,
      response: { 200: timesheetListSchema },
    },
    handler: async (request) =>
      personMissionTimesheets(ctx.db, ctx.clock.now(), missionAccessOf(request), request.params.personId, request.query),
  });

  r.put('/api/timesheet/mission/:id/timesheet/:timesheetId', {
    config: { authz: { mission: 'timesheet.update' } },
    schema: {
      tags,
      summary: 'Change hours of my draft or rejected week, submit or recall it; approvers approve, reject (with a reason) or reopen',
      params: missionSheetParams,
      querystring: timesheetNotifyQuerySchema,
      body: timesheetUpdateSchema,
      response: { 200: timesheetSchema },
    },
    handler: async (request) =>
      updateMissionSheet(ctx, missionAccessOf(request), request.params.timesheetId, request.body, request.query.notify ?? true),
  });

  r.delete('/api/timesheet/mission/:id/timesheet/:timesheetId', {
    config: { authz: { mission: 'timesheet.delete' } },
    schema: { tags, summary: 'Delete my draft or rejected week', params: missionSheetParams, response: { 200: timesheetDeletedSchema } },
    handler: async (request) => deleteMissionSheet(ctx, missionAccessOf(request), request.params.timesheetId),
  });

  r.post('/api/timesheet/org/:orgId', {
    config: { authz: { org: 'timesheet.save' } },
    schema: {
      tags,
      summary: 'Save my week of organisation work (optionally on an organisation role): seven daily hours',
      params: orgParams,
      body: orgTimesheetCreateSchema,
      response: { 200: timesheetSchema, 201: timesheetSchema },
    },
    handler: async (request, reply) => {
      const { timesheet, created } = await saveOrgWeek(ctx, orgAccessOf(request), request.body);
      return reply.status(created ? 201 : 200).send(timesheet);
    },
  });

  r.get('/api/timesheet/org/:orgId', {
    config: { authz: { org: 'timesheet.read' } },
    schema: {
      tags,
      summary: "The organisation's weeks (admins: everybody's; others: their own); giveOrgOnly / giveMissionOnly",
      params: orgParams,
      querystring: orgTimesheetListQuerySchema,
      response: { 200: timesheetListSchema },
    },
    handler: async (request) => orgTimesheets(ctx.db, ctx.clock.now(), orgAccessOf(request), request.query),
  });

  r.get('/api/timesheet/org/:orgId/overtime', {
    config: { authz: { org: 'timesheet.review' } },
    schema: {
      tags,
      summary: 'Approved hours and overtime per person and mission over a period (admins, managers and observers; rules 111, 177)',
      params: orgParams,
      querystring: overtimeQuerySchema,
      response: { 200: overtimeReportSchema },
    },
    handler: async (request) => overtimeReport(ctx.db, ctx.clock.now(), orgAccessOf(request), request.query),
  });

  r.get('/api/timesheet/org/:orgId/timesheet/:id', {
    config: { authz: { org: 'timesheet.read' } },
    schema: { tags, summary: 'One week of the organisation', params: orgSheetParams, response: { 200: timesheetSchema } },
    handler: async (request) => orgTimesheet(ctx.db, ctx.clock.now(), orgAccessOf(request), request.params.id),
  });

  r.put('/api/timesheet/org/:orgId/timesheet/:id', {
    config: { authz: { org: 'timesheet.update' } },
    schema: {
      tags,
      summary:
        "Change, submit or recall my week; organisation admins (and a project's managers and owners, for its weeks) approve, reject (with a reason) or reopen",
      params: orgSheetParams,
      querystring: timesheetNotifyQuerySchema,
      body: timesheetUpdateSchema,
      response: { 200: timesheetSchema },
    },
    handler: async (request) => updateOrgSheet(ctx, orgAccessOf(request), request.params.id, request.body, request.query.notify ?? true),
  });

  r.delete('/api/timesheet/org/:orgId/timesheet/:id', {
    config: { authz: { org: 'timesheet.delete' } },
    schema: { tags, summary: 'Delete my draft or rejected week', params: orgSheetParams, response: { 200: timesheetDeletedSchema } },
    handler: async (request) => deleteOrgSheet(ctx, orgAccessOf(request), request.params.id),
  });

  r.post('/api/orgPersonMetrics/missionTimesheetDailyMetrics/list/org/:id', {
    config: { authz: { org: 'timesheet.review' } },
    schema: {
      tags,
      summary: 'Daily hours per person and mission of submitted and approved weeks (admins, managers and observers; rule 111)',
      params: missionParams,
      body: dailyMetricsQuerySchema,
      response: { 200: dailyMetricsSchema },
    },
    handler: async (request) => dailyMetrics(ctx.db, ctx.clock.now(), orgAccessOf(request), request.body),
  });
}
