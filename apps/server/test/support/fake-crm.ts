import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A person as the fake CRM's people API answers them. */
export type FakeCrmPerson = { email: string; roleName?: string | null; startDate?: string | null; endDate?: string | null };

export type FakeCrm = {
  /** The API base to give the server (`CRM_API_BASE`). */
  url: string;
  token: string;
  /** People by work email (lower case). */
  people: Map<string, FakeCrmPerson>;
  /** Every request seen, as 'METHOD /path?query' with the authorization it carried. */
  requests: { url: string; authorization: string | undefined }[];
  /** The next answer is this status with this body, whatever was asked. */
  failNext: (status: number, body?: string) => void;
  close: () => Promise<void>;
};

/**
 * A local stand-in for the CRM's people API (`GET /people?email=&org=` with a bearer token): 401 without the token,
 * 404 for a person it does not know, else `{ person }`.
 */
export async function startFakeCrm(): Promise<FakeCrm> {
  const token = 'crm-test-token';
  const people = new Map<string, FakeCrmPerson>();
  const requests: FakeCrm['requests'] = [];
  let failure: { status: number; body: string } | null = null;
  const server: Server = createServer((request, response) => {
    requests.push({ url: `${request.method} ${request.url}`, authorization: request.headers.authorization });
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    };
    if (failure) {
      const { status, body } = failure;
      failure = null;
      return send(status, body);
    }
    if (request.headers.authorization !== `Bearer ${token}`) return send(401, JSON.stringify({ error: 'unauthorized' }));
    const url = new URL(request.url ?? '/', 'http://crm.local');
    if (request.method !== 'GET' || url.pathname !== '/people') return send(404, JSON.stringify({ error: 'no such route' }));
    const person = people.get((url.searchParams.get('email') ?? '').toLowerCase());
    if (!person) return send(404, JSON.stringify({ error: 'not found' }));
    send(200, JSON.stringify({ person }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    people,
    requests,
    failNext: (status, body = '{}') => {
      failure = { status, body };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
