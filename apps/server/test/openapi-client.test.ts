import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import createClient from 'openapi-fetch';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/app.ts';
import { uniqueEmail } from './support/people.ts';

/**
 * A script client generated from the live description: it signs up with the typed client, signs in through the
 * identity routes (the token comes back in set-auth-token), and reads the profile with that bearer token. Its wrong
 * calls are marked `@ts-expect-error`, so the compile fails if the generated types stop catching them.
 */
const CLIENT_SOURCE = `
import type createClient from 'openapi-fetch';
import type { paths } from './api.ts';

export async function signInAndReadProfile(create: typeof createClient, baseUrl: string, email: string, password: string) {
  const client = create<paths>({ baseUrl });
  const signedUp = await client.POST('/api/auth/signup', { body: { email, password, firstName: 'Script', lastName: 'Client' } });
  if (signedUp.error) throw new Error(signedUp.error.error.code);

  const signedIn = await fetch(\`\${baseUrl}/api/identity/sign-in/email\`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = signedIn.headers.get('set-auth-token');
  if (!token) throw new Error(\`sign-in answered \${signedIn.status} without a token\`);

  const profile = await client.GET('/api/people/profile', { headers: { authorization: \`Bearer \${token}\` } });
  if (profile.error) {
    const refusal: { code: string; message: string; fields?: Record<string, string> } = profile.error.error;
    throw new Error(refusal.code);
  }
  const names: { firstName: string; email: string } = profile.data;
  // @ts-expect-error the profile has no such field
  void profile.data.password;
  // @ts-expect-error no such path
  void client.GET('/api/people/profil');
  // @ts-expect-error the sign-up body needs a password
  void client.POST('/api/auth/signup', { body: { email } });

  const anonymous = await client.GET('/api/people/profile');
  return { names, anonymous: { status: anonymous.response.status, error: anonymous.error } };
}
`;

const require = createRequire(import.meta.url);

let t: TestApp;
let baseUrl: string;
let folder: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (typeof address !== 'object' || !address) throw new Error('the test server is not listening');
  baseUrl = `http://127.0.0.1:${address.port}`;
  folder = mkdtempSync(join(tmpdir(), 'crewplan-client-'));
});
afterAll(async () => {
  await t.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a TypeScript client generated from GET /api/openapi.json', () => {
  it('compiles, signs in and reads the profile with the bearer token', async () => {
    const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenAPI3;
    writeFileSync(join(folder, 'api.ts'), astToString(await openapiTS(document)));
    writeFileSync(join(folder, 'client.ts'), CLIENT_SOURCE);

    const program = ts.createProgram([join(folder, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowImportingTsExtensions: true,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
      // the folder lies outside the project, so the client library's types are pointed at
      paths: { 'openapi-fetch': [join(dirname(require.resolve('openapi-fetch')), 'index.d.mts')] },
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => `${diagnostic.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
    expect(problems).toEqual([]);

    const client = (await import(join(folder, 'client.ts'))) as {
      signInAndReadProfile: (
        create: typeof createClient,
        baseUrl: string,
        email: string,
        password: string,
      ) => Promise<{ names: { firstName: string; email: string }; anonymous: { status: number; error: unknown } }>;
    };
    const email = uniqueEmail('script');
    const result = await client.signInAndReadProfile(createClient, baseUrl, email, 'correct-horse-battery');
    expect(result.names).toMatchObject({ firstName: 'Script', email });
    expect(result.anonymous).toEqual({ status: 401, error: { error: { code: 'auth/unauthenticated', message: 'Please sign in.' } } });
  }, 120_000);
});
