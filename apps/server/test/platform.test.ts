import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOG_SEVERITIES } from '@crewplan/domain';
import { people } from '../src/db/schema/index.ts';
import { unsubscribeToken } from '../src/modules/platform/unsubscribe.ts';
import { operationIdOf } from '../src/plugins/openapi.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { ORG_EXTRA_ENDPOINTS, ORG_SPEC_ENDPOINTS } from './support/org-endpoints.ts';
import { COLLABORATION_EXTRA_ENDPOINTS, COLLABORATION_SPEC_ENDPOINTS } from './support/collaboration-endpoints.ts';
import { MISSION_EXTRA_ENDPOINTS, MISSION_SPEC_ENDPOINTS, PLAN_AND_TASK_SPEC_ENDPOINTS } from './support/mission-endpoints.ts';
import { signUpPerson, uniqueEmail, type OutboxMail } from './support/people.ts';
import { TIME_EXTRA_ENDPOINTS, TIME_SPEC_ENDPOINTS } from './support/time-endpoints.ts';
import { CURRENCY_EXTRA_ENDPOINTS, CURRENCY_SPEC_ENDPOINTS } from './support/currency-endpoints.ts';
import { MONEY_EXTRA_ENDPOINTS } from './support/money-endpoints.ts';
import { BILLING_EXTRA_ENDPOINTS, BILLING_SPEC_ENDPOINTS } from './support/billing-endpoints.ts';
import { EXPENSE_EXTRA_ENDPOINTS, EXPENSE_SPEC_ENDPOINTS } from './support/expense-endpoints.ts';
import { INVOICE_EXTRA_ENDPOINTS, INVOICE_SPEC_ENDPOINTS } from './support/invoice-endpoints.ts';
import { LEAVE_EXTRA_ENDPOINTS, LEAVE_SPEC_ENDPOINTS } from './support/leave-endpoints.ts';
import { ROLE_PLAN_SPEC_ENDPOINTS } from './support/role-plan-endpoints.ts';
import { AI_SPEC_ENDPOINTS } from './support/ai-endpoints.ts';
import { AVAILABILITY_EXTRA_ENDPOINTS } from './support/availability-endpoints.ts';

/** The spec text of auth/invalid-action-code. */
const INVALID_ACTION_CODE = 'Sorry this validation link is no longer valid...';

/**
 * The auth, profile, session and logging rows (method, path) of the spec's endpoint catalogue, which the people,
 * identity and platform modules implement; paths there are relative to /api.
 */
const SPEC_ENDPOINTS: [string, string][] = [
  ['POST', '/auth/signup'],
  ['POST', '/auth/signOut'],
  ['GET', '/auth/verify/ping'],
  ['GET', '/auth/exists/:email'],
  ['PUT', '/auth/email/recover'],
  ['GET', '/people/profile'],
  ['PUT', '/people/profile'],
  ['GET', '/people/profile/avatar'],
  ['POST', '/people/profile/avatar'],
  ['GET', '/people/exists-other-person-with-email/:email'],
  ['PUT', '/people/profile/email/update'],
  ['PUT', '/people/profile/email/verify-update'],
  ['PUT', '/people/profile/email/verify'],
  ['PUT', '/people/profile/email/list/add'],
  ['PUT', '/people/profile/email/list/remove'],
  ['PUT', '/people/profile/email/list/verify'],
  ['POST', '/people/profile/email/list/verification/send'],
  ['POST', '/session/csrf/set'],
  ['POST', '/session/cookie/set'],
  ['POST', '/log/:product'],
];

/** Routes of the platform module itself (health, readiness, logging, unsubscribe, outbox). */
const PLATFORM_ENDPOINTS: [string, string][] = [
  ['GET', '/health'],
  ['GET', '/ready'],
  ['POST', '/log/:product'],
  ['GET', '/unsubscribe/email'],
  ['POST', '/unsubscribe/email'],
  ['GET', '/dev/outbox'],
  ['GET', '/dev/outbox/:id/attachment/:index'],
];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const errorOf = (response: LightMyRequestResponse) => (response.json() as { error: { code: string; message: string } }).error;

describe('GET /api/health and GET /api/ready', () => {
  it('health answers ok with the running version, without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as { status: string; version: string; env: string };
    expect(Object.keys(body).sort()).toEqual(['env', 'status', 'version']);
    expect(body.env).toBe('test');
    expect(body.status).toBe('ok');
    expect(typeof body.version).toBe('string');
    expect(body.version.length).toBeGreaterThan(0);
  });

  it('ready answers ready while the database answers, without a token', async () => {
    const response = await t.request({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready' });
  });

  it('ready answers 503 not_ready when the database does not answer', async () => {
    const spy = vi.spyOn(t.app.ctx.pool, 'query').mockRejectedValueOnce(new Error('connection refused'));
    try {
      const response = await t.request({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(errorOf(response).code).toBe('not_ready');
    } finally {
      spy.mockRestore();
    }
    expect((await t.request({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('POST /api/log/:product', () => {
  it.each(LOG_SEVERITIES.map((severity) => [severity]))('records a %s line with 204', async (severity) => {
    const person = await signUpPerson(t);
    const response = await t.request({
      method: 'POST',
      url: `/api/log/web?severity=${severity}`,
      token: person.token,
      payload: { message: `a ${severity} line` },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
  });

  it('accepts exactly the spec’s severities', () => {
    expect([...LOG_SEVERITIES]).toEqual(['info', 'warning', 'error', 'critical', 'debug', 'alert']);
  });

  it('takes every documented body field, and info when no severity is given', async () => {
    const person = await signUpPerson(t);
    const payload = {
      userAgent: 'Mozilla/5.0',
      url: 'http://localhost:3000/home',
      message: 'Failed to log from Web.',
      error: { message: 'boom', stack: 'Error: boom\n    at x', code: 'E_BOOM' },
      data: { any: ['thing', 1, null] },
    };
    expect((await t.request({ method: 'POST', url: '/api/log/crewplan-web', token: person.token, payload })).statusCode).toBe(204);
  });

  it.each([
    ['an unknown severity', '/api/log/web?severity=fatal', { message: 'x' }],
    ['a severity in the wrong case', '/api/log/web?severity=INFO', { message: 'x' }],
    ['a missing message', '/api/log/web?severity=info', { url: 'http://localhost:3000/' }],
    ['a message that is not text', '/api/log/web?severity=info', { message: 42 }],
    ['a message over 10,000 characters', '/api/log/web?severity=info', { message: 'x'.repeat(10_001) }],
    ['an error that is not an object', '/api/log/web', { message: 'x', error: 'boom' }],
    ['a product name with an underscore', '/api/log/web_app', { message: 'x' }],
    ['a product name with a space', '/api/log/web%20app', { message: 'x' }],
    ['a product name over 40 characters', `/api/log/${'a'.repeat(41)}`, { message: 'x' }],
  ])('answers 400 validation for %s', async (_label, url, payload) => {
    const person = await signUpPerson(t);
    const response = await t.request({ method: 'POST', url, token: person.token, payload });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('validation');
  });

  it('answers 401 without a token or with a made-up one', async () => {
    const anonymous = await t.request({ method: 'POST', url: '/api/log/web?severity=error', payload: { message: 'x' } });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('auth/unauthenticated');
    const madeUp = await t.request({ method: 'POST', url: '/api/log/web?severity=error', token: 'made-up', payload: { message: 'x' } });
    expect(madeUp.statusCode).toBe(401);
  });
});

describe('GET /api/unsubscribe/email', () => {
  const optOutOf = async (personId: string) => {
    const [row] = await t.database.db.select({ optOut: people.emailOptOut }).from(people).where(eq(people.id, personId));
    return row?.optOut;
  };
  const unsubscribe = (token: string) => t.request({ method: 'GET', url: `/api/unsubscribe/email?token=${encodeURIComponent(token)}` });

  it('opts the person out with a valid signed token, without a bearer token, and can be repeated', async () => {
    const person = await signUpPerson(t);
    const bystander = await signUpPerson(t);
    expect(await optOutOf(person.personId)).toBe(false);
    const token = unsubscribeToken(t.app.ctx.config.authSecret, person.personId);
    const response = await unsubscribe(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: person.email });
    expect(await optOutOf(person.personId)).toBe(true);
    expect(await optOutOf(bystander.personId)).toBe(false);

    const again = await unsubscribe(token);
    expect(again.statusCode).toBe(200);
    expect(await optOutOf(person.personId)).toBe(true);
  });

  it('refuses a tampered token with 400 auth/invalid-action-code and the spec text', async () => {
    const person = await signUpPerson(t);
    const victim = await signUpPerson(t);
    const token = unsubscribeToken(t.app.ctx.config.authSecret, person.personId);
    const [, signature] = token.split('.') as [string, string];
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    const tampered = [
      `${person.personId}.${flipped}`, // signature changed
      `${victim.personId}.${signature}`, // someone else's id under my signature
      unsubscribeToken('another-secret-that-is-long-enough-0000', person.personId), // signed with another secret
      `${person.personId}${signature}`, // no separator
      `${'f'.repeat(24)}.${signature}`,
    ];
    for (const bad of tampered) {
      const response = await unsubscribe(bad);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'auth/invalid-action-code', message: INVALID_ACTION_CODE });
    }
    expect(await optOutOf(person.personId)).toBe(false);
    expect(await optOutOf(victim.personId)).toBe(false);
  });

  it('refuses a validly signed token of a person who does not exist with 400 auth/invalid-action-code', async () => {
    const response = await unsubscribe(unsubscribeToken(t.app.ctx.config.authSecret, '0123456789abcdef01234567'));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('auth/invalid-action-code');
  });

  it('answers 400 validation without a token or with a too short one', async () => {
    for (const url of ['/api/unsubscribe/email', '/api/unsubscribe/email?token=short']) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('validation');
    }
  });
});

describe('GET /api/dev/outbox', () => {
  const outbox = async (query = '') => {
    const response = await t.request({ method: 'GET', url: `/api/dev/outbox${query}` });
    expect(response.statusCode).toBe(200);
    return response.json() as OutboxMail[];
  };

  it('lists kept mail newest first with id, to, subject, text, html and createdAt, without a token', async () => {
    const person = await signUpPerson(t);
    expect(
      (await t.request({ method: 'POST', url: '/api/identity/request-password-reset', payload: { email: person.email, redirectTo: '/' } }))
        .statusCode,
    ).toBe(200);
    const mails = await outbox(`?to=${encodeURIComponent(person.email)}`);
    expect(mails.map((m) => m.subject)).toEqual(['Reset your Crewplan password', 'Verify your email for Crewplan']);
    for (const mail of mails) {
      expect(Object.keys(mail).sort()).toEqual(['attachments', 'createdAt', 'html', 'id', 'subject', 'text', 'to']);
      expect(mail.to).toBe(person.email);
      expect(mail.id).toMatch(/^[0-9a-f]{24}$/);
      expect(new Date(mail.createdAt).toISOString()).toBe(mail.createdAt);
      expect(mail.attachments).toEqual([]);
      expect(mail.html).toContain('<a href=');
    }
    expect(mails[0]!.createdAt >= mails[1]!.createdAt).toBe(true);

    const all = await outbox();
    const times = all.map((m) => m.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(all[0]?.id).toBe(mails[0]?.id);
  });

  it('filters by recipient, ignoring case and surrounding spaces', async () => {
    const first = await signUpPerson(t);
    const second = await signUpPerson(t);
    const mails = await outbox(`?to=${encodeURIComponent(`  ${first.email.toUpperCase()} `)}`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe(first.email);
    expect(mails.some((m) => m.to === second.email)).toBe(false);
    expect(await outbox(`?to=${encodeURIComponent(uniqueEmail('nobody'))}`)).toEqual([]);
  });

  it('honours limit (1 to 500)', async () => {
    await signUpPerson(t);
    await signUpPerson(t);
    expect(await outbox('?limit=1')).toHaveLength(1);
    for (const limit of ['0', '501', 'many']) {
      const response = await t.request({ method: 'GET', url: `/api/dev/outbox?limit=${limit}` });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('validation');
    }
  });

  it('answers 404 when the app runs in production', async () => {
    const production = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const response = await production.request({ method: 'GET', url: '/api/dev/outbox' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).code).toBe('not_found');
      expect((await production.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });
});

describe('HTTP behaviour of every /api call', () => {
  it.each([
    ['GET', '/api/no-such-route'],
    ['POST', '/api/people/no-such-route'],
    ['PUT', '/api/health'],
    ['DELETE', '/api/people/profile'],
    ['GET', '/api'],
  ])('answers %s %s with a JSON 404 not_found', async (method, url) => {
    const response = await t.request({ method: method as 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(errorOf(response).code).toBe('not_found');
  });

  it('answers a JSON body over 1 MB with 413, and takes one just under it', async () => {
    const person = await signUpPerson(t);
    const over = await t.request({
      method: 'PUT',
      url: '/api/people/profile',
      token: person.token,
      payload: { appSettings: { blob: 'x'.repeat(1024 * 1024) } },
    });
    expect(over.statusCode).toBe(413);
    expect(typeof errorOf(over).code).toBe('string');
    const publicOver = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: uniqueEmail(), password: 'x'.repeat(1024 * 1024) },
    });
    expect(publicOver.statusCode).toBe(413);

    // just under the body's bound it is read, and judged by the field's own bound (64 KB), not refused as a body
    const under = await t.request({
      method: 'PUT',
      url: '/api/people/profile',
      token: person.token,
      payload: { uiMessageFlags: { blob: 'x'.repeat(1000 * 1000) } },
    });
    expect(under.statusCode).toBe(400);
    expect(errorOf(under).code).toBe('validation');
  });

  it.each([
    ['PUT', '/api/people/profile', '{"firstName":'],
    ['POST', '/api/auth/signup', '{"email": "a@example.com", password}'],
    ['POST', '/api/identity/sign-in/email', '{not json'],
    ['POST', '/api/log/web', ''],
  ])('answers malformed JSON to %s %s with 400, never 500', async (method, url, body) => {
    const person = await signUpPerson(t);
    const response = await t.request({
      method: method as 'POST',
      url,
      token: person.token,
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(typeof errorOf(response).code).toBe('string');
  });

  it('sends an x-request-id of its own on every answer, success or error', async () => {
    const ok = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'chosen-by-client' } });
    const missing = await t.request({ method: 'GET', url: '/api/no-such-route' });
    const anonymous = await t.request({ method: 'GET', url: '/api/people/profile' });
    const ids = [ok, missing, anonymous].map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(3);
  });
});

type OpenApiOperation = { operationId?: string; security?: unknown[]; requestBody?: unknown; responses: Record<string, unknown> };
type OpenApiDocument = {
  openapi: string;
  servers?: unknown[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
};
const operationsOf = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ path, method, operation })),
  );

describe('GET /api/openapi.json', () => {
  let document: OpenApiDocument;
  beforeAll(async () => {
    const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json() as typeof document;
  });

  const toOpenApi = (path: string) => `/api${path.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`;

  it('is an OpenAPI 3 document, served without a token', () => {
    expect(document.openapi).toMatch(/^3\./);
  });

  it('names the installation serving it as its server', () => {
    expect(document.servers).toEqual([{ url: '/', description: 'This installation' }]);
  });

  it('gives every operation a unique operation id read from its method and path', () => {
    const ids = operationsOf(document).map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/api/people/profile']?.get?.operationId).toBe('getPeopleProfile');
    expect(document.paths['/api/org-invite/{id}/accept']?.put?.operationId).toBe('putOrgInviteByIdAccept');
    expect(operationIdOf('GET', '/api/auth/exists/{email}')).toBe('getAuthExistsByEmail');
  });

  it('documents the shared error shape for the refusals of every operation', () => {
    expect(document.components.schemas.Error).toMatchObject({
      required: ['error'],
      properties: { error: { required: ['code', 'message'], properties: { code: {}, message: {}, fields: {} } } },
    });
    for (const { path, method, operation } of operationsOf(document)) {
      const refusals = Object.entries(operation.responses).filter(([status]) => status.startsWith('4'));
      expect(refusals.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const [, response] of refusals) expect(response).toEqual({ $ref: expect.stringMatching(/^#\/components\/responses\//) });
    }
    for (const response of Object.values(document.components.responses)) {
      expect(response).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
    }
    expect(Object.keys(document.paths['/api/people/profile']?.get?.responses ?? {})).toEqual(['200', '401', '4XX']);
    expect(Object.keys(document.paths['/api/org/{id}']?.put?.responses ?? {})).toEqual(['200', '400', '401', '403', '404', '4XX']);
  });

  it('marks the public operations as needing no token', () => {
    expect(document.paths['/api/health']?.get?.security).toEqual([]);
    expect(document.paths['/api/auth/signup']?.post?.security).toEqual([]);
    expect(document.paths['/api/people/profile']?.get?.security).toBeUndefined();
  });

  it('puts a nullable union’s null on each branch, where OpenAPI 3.0 reads it', () => {
    const nullableWithoutType: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      const schema = node as Record<string, unknown>;
      if (schema.nullable === true && schema.type === undefined) nullableWithoutType.push(at);
      for (const [key, value] of Object.entries(schema)) visit(value, `${at}/${key}`);
    };
    visit(document.paths, '');
    expect(nullableWithoutType).toEqual([]);
    const body = document.paths['/api/mission-plan/mission/{id}']?.post?.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    const pinnedTo = body.content['application/json']!.schema.properties.pinnedTo as { anyOf: { nullable?: boolean }[] };
    expect(pinnedTo.anyOf.length).toBeGreaterThan(1);
    expect(pinnedTo.anyOf.every((branch) => branch.nullable === true)).toBe(true);
  });

  it.each([
    ...SPEC_ENDPOINTS,
    ...PLATFORM_ENDPOINTS,
    ...MISSION_SPEC_ENDPOINTS,
    ...MISSION_EXTRA_ENDPOINTS,
    ...PLAN_AND_TASK_SPEC_ENDPOINTS,
    ...COLLABORATION_SPEC_ENDPOINTS,
    ...COLLABORATION_EXTRA_ENDPOINTS,
    ...TIME_SPEC_ENDPOINTS,
    ...TIME_EXTRA_ENDPOINTS,
    ...CURRENCY_SPEC_ENDPOINTS,
    ...CURRENCY_EXTRA_ENDPOINTS,
    ...MONEY_EXTRA_ENDPOINTS,
    ...BILLING_SPEC_ENDPOINTS,
    ...BILLING_EXTRA_ENDPOINTS,
    ...EXPENSE_SPEC_ENDPOINTS,
    ...EXPENSE_EXTRA_ENDPOINTS,
    ...INVOICE_SPEC_ENDPOINTS,
    ...INVOICE_EXTRA_ENDPOINTS,
    ...LEAVE_SPEC_ENDPOINTS,
    ...LEAVE_EXTRA_ENDPOINTS,
    ...ROLE_PLAN_SPEC_ENDPOINTS,
    ...AI_SPEC_ENDPOINTS,
    ...AVAILABILITY_EXTRA_ENDPOINTS,
  ])('documents %s %s', (method, path) => {
    const operations = document.paths[toOpenApi(path)];
    expect(operations, `${toOpenApi(path)} is missing`).toBeDefined();
    expect(Object.keys(operations ?? {})).toContain(method.toLowerCase());
  });

  it('documents nothing under /api beyond these modules’ routes (hidden routes stay hidden)', () => {
    const documented = new Set(Object.keys(document.paths));
    const expected = new Set(
      [
        ...SPEC_ENDPOINTS,
        ...PLATFORM_ENDPOINTS,
        ...ORG_SPEC_ENDPOINTS,
        ...ORG_EXTRA_ENDPOINTS,
        ...MISSION_SPEC_ENDPOINTS,
        ...MISSION_EXTRA_ENDPOINTS,
        ...PLAN_AND_TASK_SPEC_ENDPOINTS,
        ...COLLABORATION_SPEC_ENDPOINTS,
        ...COLLABORATION_EXTRA_ENDPOINTS,
        ...TIME_SPEC_ENDPOINTS,
        ...TIME_EXTRA_ENDPOINTS,
        ...CURRENCY_SPEC_ENDPOINTS,
        ...CURRENCY_EXTRA_ENDPOINTS,
        ...MONEY_EXTRA_ENDPOINTS,
        ...BILLING_SPEC_ENDPOINTS,
        ...BILLING_EXTRA_ENDPOINTS,
        ...EXPENSE_SPEC_ENDPOINTS,
        ...EXPENSE_EXTRA_ENDPOINTS,
        ...INVOICE_SPEC_ENDPOINTS,
        ...INVOICE_EXTRA_ENDPOINTS,
        ...LEAVE_SPEC_ENDPOINTS,
        ...LEAVE_EXTRA_ENDPOINTS,
        ...ROLE_PLAN_SPEC_ENDPOINTS,
        ...AI_SPEC_ENDPOINTS,
        ...AVAILABILITY_EXTRA_ENDPOINTS,
      ].map(([, path]) => toOpenApi(path)),
    );
    expect([...documented].filter((path) => !expected.has(path))).toEqual([]);
  });
});
