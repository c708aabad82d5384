import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the fake answers the next calls. */
export type FakeModelMode = 'reverse' | 'error' | 'hang' | 'not-json' | 'foreign-ids';

export type FakeOpenAi = {
  /** The API base to give the server (`AI_BASE_URL`), ending in /v1 as OpenAI-compatible servers do. */
  url: string;
  /** The JSON bodies of the chat-completion calls seen, in order. */
  calls: Record<string, unknown>[];
  /** The authorization headers seen. */
  authorizations: (string | undefined)[];
  mode: FakeModelMode;
  /** Runs after a call is recorded and before it is answered: what happens elsewhere while the server waits. */
  onCall?: () => Promise<void>;
  close: () => Promise<void>;
};

type Candidate = { id: string };

/**
 * A local OpenAI-compatible chat-completions endpoint (`POST /v1/chat/completions`): it reads the candidates the
 * server sends in the user message and, in `reverse` mode, answers them in reverse order with a note for each —
 * what a model that disagrees with the deterministic order would do. Other modes fail in the ways real ones do.
 */
export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const hanging: ServerResponse[] = [];
  const fake: FakeOpenAi = { url: '', calls: [], authorizations: [], mode: 'reverse', close: async () => undefined };
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
      response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: { role: string; content: string }[] };
    fake.calls.push(body);
    fake.authorizations.push(request.headers.authorization);
    await fake.onCall?.();
    if (fake.mode === 'hang') {
      hanging.push(response);
      return;
    }
    if (fake.mode === 'error') {
      response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      return;
    }
    const user = JSON.parse(body.messages.find((message) => message.role === 'user')!.content) as { candidates: Candidate[] };
    const ids = user.candidates.map((candidate) => candidate.id).reverse();
    const content =
      fake.mode === 'not-json'
        ? 'Sure! Here is my ranking: the first one.'
        : JSON.stringify({
            order: fake.mode === 'foreign-ids' ? ['ffffffffffffffffffffffff', ...ids] : ids,
            notes: Object.fromEntries(ids.map((id, index) => [id, `Model pick number ${index + 1}.`])),
          });
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-fake',
        object: 'chat.completion',
        choices: [{ index: 0, message: { role: 'assistant', content } }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = async () => {
    for (const response of hanging.splice(0)) response.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return fake;
}
