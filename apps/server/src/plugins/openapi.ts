import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { isMissionAuthz, isOrgAuthz } from './authz.ts';
import { apiDocsPolicy } from './security-headers.ts';
import type { Authz } from './types.ts';

type Schema = Record<string, unknown>;
type Operation = {
  operationId?: string;
  parameters?: { in: string }[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
  security?: unknown[];
};
type Document = {
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown>; responses?: Record<string, unknown> };
};

/** The one error shape every refusal answers (see plugins/errors.ts). */
const ERROR_SCHEMA = {
  type: 'object',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', description: 'Stable machine-readable code, e.g. `validation` or `not_found`.' },
        message: { type: 'string', description: 'The text shown to the person.' },
        fields: { type: 'object', additionalProperties: { type: 'string' }, description: 'Per-field problems, by field path.' },
      },
    },
  },
};

const ERROR_RESPONSES = {
  BadRequest: 'The request is invalid; `fields` names each invalid field.',
  Unauthorized: 'No valid bearer token (or session) was sent.',
  Forbidden: 'The caller may not do this here.',
  NotFound: 'Nothing answers to this address, or the caller may not see it.',
  ClientError: 'Any other refusal of the request, in the same error shape.',
} as const;

const errorResponse = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` });

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A readable, stable operation id from the method and the path: `GET /api/people/profile` → `getPeopleProfile`,
 * `PUT /api/org-invite/{id}/accept` → `putOrgInviteByIdAccept`.
 */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api(\/|$)/, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment);
      return parameter ? `By${words(parameter[1]!).map(capitalised).join('')}` : words(segment).map(capitalised).join('');
    });
  return `${method.toLowerCase()}${parts.join('')}`;
}

/**
 * OpenAPI 3.0 ignores `nullable` without a `type` beside it; zod emits that for a nullable union. The `null` goes on
 * each branch of the union instead, which means the same and is read the same by every tool.
 */
function fixNullableUnions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) fixNullableUnions(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Schema;
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (schema.nullable === true && schema.type === undefined && Array.isArray(branches)) {
    delete schema.nullable;
    for (const branch of branches) if (!('$ref' in branch)) branch.nullable = true;
  }
  for (const value of Object.values(schema)) fixNullableUnions(value);
}

/** The refusals an operation can answer, from what it takes and how it is guarded. */
function errorResponsesOf(operation: Operation, path: string, authz: Authz | undefined) {
  const responses: Record<string, unknown> = {};
  if (operation.requestBody || operation.parameters?.length) responses['400'] = errorResponse('BadRequest');
  if (authz !== undefined && authz !== 'public' && authz !== 'dev') responses['401'] = errorResponse('Unauthorized');
  if (isOrgAuthz(authz) || isMissionAuthz(authz)) responses['403'] = errorResponse('Forbidden');
  if (path.includes('{') || authz === 'dev' || isOrgAuthz(authz) || isMissionAuthz(authz)) responses['404'] = errorResponse('NotFound');
  responses['4XX'] = errorResponse('ClientError');
  return responses;
}

const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** Completes the generated document: servers, shared error responses, operation ids, security of public routes. */
function completeDocument(app: FastifyInstance, document: Document): Document {
  const access = new Map(app.routeAccess.map((route) => [`${route.method.toLowerCase()} ${openApiPath(route.url)}`, route.authz]));
  // Relative: the installation that serves this document (paths carry their /api prefix).
  document.servers = [{ url: '/', description: 'This installation' }];
  document.components ??= {};
  document.components.schemas = { ...document.components.schemas, Error: ERROR_SCHEMA };
  document.components.responses = Object.fromEntries(
    Object.entries(ERROR_RESPONSES).map(([name, description]) => [
      name,
      { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
    ]),
  );
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const authz = access.get(`${method} ${path}`);
      operation.operationId ??= operationIdOf(method, path);
      if (authz === 'public' || authz === 'dev') operation.security = [];
      operation.responses = { ...operation.responses, ...errorResponsesOf(operation, path, authz) };
    }
  }
  fixNullableUnions(document.paths);
  return document;
}

/** The API description at /api/openapi.json and its browser at /api/docs; call it on the root instance, not via register. */
export async function serveOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Crewplan API',
        version: '1.0.0',
        description: 'Every product call, under /api. Bearer token unless marked public.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: (generated) =>
      'openapiObject' in generated
        ? (completeDocument(app, generated.openapiObject as Document) as typeof generated.openapiObject)
        : generated.swaggerObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    transformStaticCSP: apiDocsPolicy,
  });
  app.get('/api/openapi.json', { config: { authz: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
