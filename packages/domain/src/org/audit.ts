import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { dateTimeSchema, queryIntSchema } from '../shared/inputs.ts';
import { AUDIT_ENTITIES } from './audit-entities.ts';

export { AUDIT_ENTITIES, type AuditEntity } from './audit-entities.ts';

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'archive',
  'restore',
  'invite',
  'accept',
  'reject',
  'remove',
  'schedule',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditChangeSchema = z.object({ from: z.unknown(), to: z.unknown() });

export const auditEventSchema = z.object({
  _id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  title: z.string(),
  actor: z.object({ personId: z.string().nullable(), apiKeyId: z.string().nullable(), name: z.string() }),
  changes: z.record(z.string(), auditChangeSchema),
  at: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** `GET /org/:id/audit/tree`: who changed what, when — organisation → kind of entity → entity → events (newest first). */
export const auditTreeSchema = z.object({
  org: z.object({ _id: z.string(), title: z.string() }),
  total: z.number(),
  children: z.array(
    z.object({
      entity: z.enum(AUDIT_ENTITIES),
      count: z.number(),
      children: z.array(z.object({ entityId: z.string(), title: z.string(), count: z.number(), events: z.array(auditEventSchema) })),
    }),
  ),
});

export const auditQuerySchema = z
  .object({
    entity: z.enum(AUDIT_ENTITIES).optional(),
    entityId: idSchema.optional(),
    before: dateTimeSchema.optional(),
    limit: queryIntSchema(1, 1000).default(200),
  })
  .strict();
