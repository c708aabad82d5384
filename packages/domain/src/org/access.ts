import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { textSchema } from '../shared/inputs.ts';
import { personRefSchema } from './people.ts';

/**
 * Organisation API keys look like `cpk_` followed by 43 url-safe characters; only a hash is stored and the
 * key is shown once, when created. A key authenticates calls to its organisation's data only.
 */
export const API_KEY_PREFIX = 'cpk_';
export const API_KEY_PATTERN = /^cpk_[A-Za-z0-9_-]{43}$/;

export const apiKeyCreateSchema = z.object({ name: textSchema(100).default('API key') }).strict();

export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The first characters of the key, to recognise it. */
  prefix: z.string(),
  createdBy: personRefSchema.nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The new key, shown this once. */
export const apiKeyCreatedSchema = apiKeySchema.extend({ keyId: z.string(), key: z.string() });

/** `DELETE /org/:id/open-api/keys`: the key to revoke (query or body); without one every key of the organisation. */
export const apiKeyDeleteSchema = z.object({ keyId: idSchema.optional() }).strict();
export const apiKeyDeletedSchema = z.object({ revoked: z.number() });

/** `POST /storageKey`: a key for the web's local cache of one organisation. */
export const storageKeyCreateSchema = z.object({ org: idSchema }).strict();
export const storageKeySchema = z.object({ keyId: z.string(), key: z.string(), org: z.string() });
