import { z } from 'zod';
import { dateSchema } from '@crewplan/domain';
import type { Config } from '../../config.ts';

/** What the CRM knows of a person, as the sync takes it over onto their organisation entry. */
export type CrmPerson = {
  email: string;
  /** The name of their role in the CRM, matched to the organisation's roles by name (case-insensitive). */
  roleName: string | null;
  startDate: string | null;
  endDate: string | null;
};

/** Why a CRM call gave no person: the CRM does not know them, or it did not answer properly. */
export class CrmUnavailableError extends Error {}

/**
 * The CRM the organisation's people are synced from. One implementation speaks HTTP to the CRM's people API;
 * without configuration there is none, and the sync says so.
 */
export type CrmConnector = {
  /** The person with this work email, or null when the CRM does not know them. Throws `CrmUnavailableError`. */
  findPerson(query: { orgId: string; email: string }): Promise<CrmPerson | null>;
};

const crmPersonSchema = z.object({
  person: z.object({
    email: z.string(),
    roleName: z.string().trim().min(1).max(200).nullable().optional(),
    startDate: dateSchema.nullable().optional(),
    endDate: dateSchema.nullable().optional(),
  }),
});

const TIMEOUT_MS = 10_000;

/**
 * The HTTP connector: `GET <CRM_API_BASE>/people?email=…&org=…` with the bearer token, answering
 * `{ person: { email, roleName?, startDate?, endDate? } }`, or 404 for a person it does not know.
 */
export function httpCrmConnector(apiBase: string, token: string): CrmConnector {
  return {
    async findPerson({ orgId, email }) {
      const url = new URL(`${apiBase.replace(/\/$/, '')}/people`);
      url.searchParams.set('email', email);
      url.searchParams.set('org', orgId);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        throw new CrmUnavailableError(`CRM request failed: ${(error as Error).message}`);
      }
      if (response.status === 404) return null;
      if (!response.ok) throw new CrmUnavailableError(`CRM answered ${response.status}`);
      const parsed = crmPersonSchema.safeParse(await response.json().catch(() => null));
      if (!parsed.success) throw new CrmUnavailableError('CRM answered an unexpected shape');
      const { person } = parsed.data;
      return {
        email: person.email,
        roleName: person.roleName ?? null,
        startDate: person.startDate ?? null,
        endDate: person.endDate ?? null,
      };
    },
  };
}

/** The configured CRM connector, or null when CRM_API_BASE and CRM_API_TOKEN are not both set. */
export function crmConnectorOf(config: Config): CrmConnector | null {
  return config.crm ? httpCrmConnector(config.crm.apiBase, config.crm.token) : null;
}
