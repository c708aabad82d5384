import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  holidayCountriesSchema,
  idSchema,
  leaveActionQuerySchema,
  leaveActionResultSchema,
  leaveActionSchema,
  leaveAttachmentSchema,
  leaveBadgesSchema,
  leaveCreateSchema,
  leaveDeletedSchema,
  leaveListQuerySchema,
  leaveNotifiedSchema,
  leaveNotifySchema,
  leaveRequestSchema,
  leaveReviewListSchema,
  leaveUpdateSchema,
  missionLeaveListSchema,
  myLeaveSchema,
  orgLeaveListSchema,
  projectManagerLeaveQuerySchema,
  type LeaveAction,
  workFromHomeBookSchema,
  workFromHomeListSchema,
  workFromHomeQuerySchema,
} from '@crewplan/domain';
import { createFileStore } from '../../lib/file-store.ts';
import { missionRefusal, orgAccessOf, principalOf } from '../../plugins/authz.ts';
import { loadMissionAccess } from '../../plugins/mission-access.ts';
import { receiveUpload, sendFileBytes } from '../files/index.ts';
import { attachFiles, attachmentBytes, removeAttachment, type AttachmentBlobs } from './leave.attachments.ts';
import { subscribeLeaveEvents } from './leave.events.ts';
import { holidayCountries } from '../../lib/holidays.ts';
import { leaveBadges, missionLeaves, myLeave, orgLeaves, projectManagerLeaves } from './leave.read.ts';
import { feedOf, renewFeed, revokeFeed } from './leave.feed.ts';
import { bookWorkFromHome, cancelWorkFromHome, workFromHomeDaysOf } from './work-from-home.ts';
import { actOnLeaves, createLeave, deleteLeave, notifyReviewers, updateLeave } from './leave.service.ts';
import { withUploads } from '../../plugins/uploads.ts';

const tags = ['leave'];
const idParams = z.object({ id: idSchema });
const orgParams = z.object({ orgId: idSchema });
const missionParams = z.object({ missionId: idSchema });
const leaveParams = z.object({ leaveId: idSchema });
const fileParams = z.object({ leaveId: idSchema, fileId: idSchema });
const orgFileParams = z.object({ leaveId: idSchema, orgId: idSchema, fileId: idSchema });
const missionFileParams = z.object({ leaveId: idSchema, missionId: idSchema, fileId: idSchema });
const tokenQuery = z.object({ token: z.string().max(200).optional(), attach: z.enum(['true', 'false']).optional() }).strict();

/**
 * Leave requests (spec 2 §§3–4, 7; rules 206–231): a person requests leave of one of the organisation's codes; the
 * owners and project managers of their missions (or the organisation's leave approvers) approve it first, the
 * organisation finally. Every write needs an organisation with the Unlimited subscription.
 */
export async function leaveRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const blobs: AttachmentBlobs = { store: createFileStore(ctx.config), log: app.log };
  subscribeLeaveEvents(ctx);

  for (const submit of [false, true]) {
    r.post(submit ? '/api/people-leave/create/submit/:id' : '/api/people-leave/create/:id', {
      config: { authz: { org: 'leave.request' } },
      schema: {
        tags,
        summary: submit
          ? 'Request leave in the organisation :id and submit it for approval (pending_approval)'
          : 'Request leave in the organisation :id as a draft; admins and leave approvers may name another person',
        params: idParams,
        querystring: leaveActionQuerySchema,
        body: leaveCreateSchema,
        response: { 201: leaveRequestSchema },
      },
      handler: async (request, reply) =>
        reply.status(201).send(await createLeave(ctx, orgAccessOf(request), request.body, submit, request.query.notify ?? true)),
    });
  }

  r.get('/api/people-leave/list/user', {
    config: { authz: { signedIn: 'leave.read' } },
    schema: {
      tags,
      summary: 'My leave: per organisation its codes, public holidays and my balances of the year; all my requests',
      querystring: leaveListQuerySchema.pick({ year: true }),
      response: { 200: myLeaveSchema },
    },
    handler: async (request) => myLeave(ctx, principalOf(request).personId, request.query),
  });

  r.get('/api/people-leave/list/project-manager', {
    config: { authz: { signedIn: 'leave.read' } },
    schema: {
      tags,
      summary:
        'Requests of the people on the missions I own or manage: pending ones and those changed since lastUpdate (default 5 days), with their impact and the badge (rule 230)',
      querystring: projectManagerLeaveQuerySchema,
      response: { 200: leaveReviewListSchema },
    },
    handler: async (request) => projectManagerLeaves(ctx, principalOf(request).personId, request.query.lastUpdate),
  });

  r.get('/api/people-leave/badge', {
    config: { authz: { signedIn: 'leave.read' } },
    schema: {
      tags,
      summary:
        'The Leaves badges (rule 230): pending requests I decide that start in the next 3 days, on the board and per organisation whose leave I approve',
      response: { 200: leaveBadgesSchema },
    },
    handler: async (request) => leaveBadges(ctx, principalOf(request).personId),
  });

  r.get('/api/people-leave/holiday-countries', {
    config: { authz: { signedIn: 'leave.read' } },
    schema: {
      tags,
      summary: "The countries whose public holidays are known (rule 216), for an organisation's holiday country",
      response: { 200: holidayCountriesSchema },
    },
    handler: async () => ({ countries: holidayCountries() }),
  });

  r.get('/api/people-leave/list/org/:orgId', {
    config: { authz: { org: 'leave.read' } },
    schema: {
      tags,
      summary: "The organisation's leave tab: requests (all for leave approvers), balances, who is away",
      params: orgParams,
      querystring: leaveListQuerySchema,
      response: { 200: orgLeaveListSchema },
    },
    handler: async (request) => orgLeaves(ctx, orgAccessOf(request), request.query),
  });

  r.get('/api/people-leave/list/mission/:missionId', {
    // The catalogue names the mission :missionId; its access is the mission gate's, asked in the handler.
    config: { authz: { signedIn: 'leave.read' } },
    schema: {
      tags,
      summary: "The team's leave: requests for its owners and project managers, who is away for everyone (mission readers; 404 otherwise)",
      params: missionParams,
      querystring: leaveListQuerySchema.pick({ year: true }),
      response: { 200: missionLeaveListSchema },
    },
    handler: async (request) => {
      const access = await loadMissionAccess(ctx.db, request.params.missionId, principalOf(request).personId);
      const refusal = missionRefusal(access, { mission: 'leave.read' });
      if (refusal) throw refusal;
      return missionLeaves(ctx, access!, request.query);
    },
  });

  r.put('/api/people-leave/action/update/:id', {
    config: { authz: { signedIn: 'leave.request' } },
    schema: {
      tags,
      summary: 'Change a draft or pending request (checked again whole)',
      params: idParams,
      body: leaveUpdateSchema,
      response: { 200: leaveRequestSchema },
    },
    handler: async (request) => updateLeave(ctx, principalOf(request).personId, request.params.id, request.body),
  });

  r.delete('/api/people-leave/action/delete/:id', {
    config: { authz: { signedIn: 'leave.request' } },
    schema: { tags, summary: 'Delete a draft, rejected or cancelled request', params: idParams, response: { 200: leaveDeletedSchema } },
    handler: async (request) => deleteLeave(ctx, blobs, principalOf(request).personId, request.params.id),
  });

  const actions: [string, LeaveAction, 'leave.request' | 'leave.review', string][] = [
    ['submit', 'submit', 'leave.request', 'Submit drafts for approval (pending_approval)'],
    [
      'approve',
      'approve',
      'leave.review',
      'First approval by a project manager or owner (rule 212) or a leave approver: pending_final_approval',
    ],
    ['approve/final', 'approveFinal', 'leave.review', "The organisation's final approval: approved; the person is told"],
    ['reject', 'reject', 'leave.review', "Reject a pending request; the person is told 'Oh-oh, a leave request was rejected'"],
    ['reject/final', 'rejectFinal', 'leave.review', "The organisation's final rejection; the person is told"],
    ['cancel', 'cancel', 'leave.request', 'Cancel a request (its person, or a reviewer); the other side is told'],
  ];
  for (const [path, action, verb, summary] of actions) {
    r.put(`/api/people-leave/action/${path}`, {
      config: { authz: { signedIn: verb } },
      schema: { tags, summary, querystring: leaveActionQuerySchema, body: leaveActionSchema, response: { 200: leaveActionResultSchema } },
      handler: async (request) => actOnLeaves(ctx, principalOf(request).personId, action, request.body, request.query.notify ?? true),
    });
  }

  await withUploads(app, (u) => {
    u.post('/api/people-leave/attachment/leave/:leaveId', {
      config: { authz: { signedIn: 'leave.request' } },
      schema: {
        tags,
        summary: 'Attach files to a request (multipart)',
        params: leaveParams,
        response: { 201: z.object({ attachments: z.array(leaveAttachmentSchema) }) },
      },
      handler: async (request, reply) => {
        const received = await receiveUpload(request, ctx.config);
        return reply.status(201).send(await attachFiles(ctx, blobs, principalOf(request).personId, request.params.leaveId, received));
      },
    });
  });

  r.delete('/api/people-leave/attachment/leave/:leaveId/file/:fileId', {
    config: { authz: { signedIn: 'leave.request' } },
    schema: { tags, summary: 'Remove a file of a request', params: fileParams, response: { 200: leaveDeletedSchema } },
    handler: async (request) => removeAttachment(ctx, blobs, principalOf(request).personId, request.params.leaveId, request.params.fileId),
  });

  for (const scope of ['org', 'mission'] as const) {
    r.get(`/api/people-leave/attachment/leave/:leaveId/${scope}/:${scope}Id/file/:fileId`, {
      config: { authz: 'public' },
      schema: {
        tags,
        summary: `A request's file through its signed address from the ${scope === 'org' ? "organisation's" : "mission's"} leave view (?token=, 7 days)`,
        params: scope === 'org' ? orgFileParams : missionFileParams,
        querystring: tokenQuery,
      },
      handler: async (request, reply) => {
        const { leaveId, fileId } = request.params as { leaveId: string; fileId: string };
        const { file, bytes } = await attachmentBytes(ctx, blobs.store, leaveId, fileId, request.query.token);
        return sendFileBytes(reply, file, bytes, request.query.attach === 'true');
      },
    });
  }

  r.post('/api/org/:id/leave/notify', {
    config: { authz: { org: 'leave.request' } },
    schema: {
      tags,
      summary: 'Remind the reviewers of my pending requests in the organisation (all, or leaveIds)',
      params: idParams,
      body: leaveNotifySchema,
      response: { 200: leaveNotifiedSchema },
    },
    handler: async (request) => notifyReviewers(ctx, orgAccessOf(request), request.body.leaveIds),
  });

  r.get('/api/work-from-home', {
    config: { authz: { signedIn: 'leave.read' } },
    schema: {
      tags,
      summary: "Work-from-home days of my organisations' people for 14 days from `from` (default today), and my own later days",
      querystring: workFromHomeQuerySchema,
      response: { 200: workFromHomeListSchema },
    },
    handler: async (request) => workFromHomeDaysOf(ctx, principalOf(request).personId, request.query.from),
  });

  r.post('/api/work-from-home', {
    config: { authz: { signedIn: 'leave.request' } },
    schema: {
      tags,
      summary: 'Book a day at home in one of my organisations',
      body: workFromHomeBookSchema,
      response: { 201: workFromHomeListSchema },
    },
    handler: async (request, reply) => reply.status(201).send(await bookWorkFromHome(ctx, principalOf(request).personId, request.body)),
  });

  r.delete('/api/work-from-home/:id', {
    config: { authz: { signedIn: 'leave.request' } },
    schema: { tags, summary: 'Cancel one of my work-from-home days', params: idParams, response: { 200: workFromHomeListSchema } },
    handler: async (request) => cancelWorkFromHome(ctx, principalOf(request).personId, request.params.id),
  });

  r.post('/api/people-leave/feed', {
    config: { authz: { signedIn: 'leave.request' } },
    schema: {
      tags,
      summary: 'A new secret address of my leave calendar feed (iCal); the earlier one stops working',
      response: { 200: z.object({ url: z.string() }) },
    },
    handler: async (request) => renewFeed(ctx, principalOf(request).personId),
  });

  r.delete('/api/people-leave/feed', {
    config: { authz: { signedIn: 'leave.request' } },
    schema: { tags, summary: "Revoke my leave calendar feed's address", response: { 200: leaveDeletedSchema } },
    handler: async (request) => revokeFeed(ctx, principalOf(request).personId),
  });

  r.get('/api/people-leave/feed/calendar.ics', {
    // the secret address is the credential (calendar apps send no bearer token)
    config: { authz: 'public' },
    schema: {
      tags,
      summary: 'The iCal feed at a secret address: approved leave and public holidays (mine, or ?org= the organisation’s)',
      // the token rides in the query, which the log redacts
      querystring: z.object({ token: z.string().min(20).max(100), org: idSchema.optional() }).strict(),
    },
    handler: async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(await feedOf(ctx, request.query.token, request.query.org)),
  });
}
