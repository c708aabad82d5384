import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/**
 * A local OpenID Connect provider speaking the real protocol, for tests: discovery document, authorization
 * redirect (no login page: the person is the `login_hint`, or `nextUser`), token endpoint issuing an RS256
 * ID token signed with a key it publishes at its JWKS endpoint, and userinfo. Any path prefix but '/missing' is an issuer
 * (`http://127.0.0.1:port/tenant-a/v2.0` works like Microsoft's per-tenant issuers).
 */
export type FakeUser = { sub?: string; email: string; name?: string; emailVerified?: boolean };

type Grant = { issuer: string; clientId: string; redirectUri: string; user: FakeUser; nonce?: string; challenge?: string };

export type FakeOidcProvider = {
  origin: string;
  /** An issuer URL on this server (path prefix, default '/idp'). */
  issuer: (path?: string) => string;
  clients: Map<string, string>;
  /** Who signs in next when the authorization request has no login_hint (or to override it). */
  nextUser: FakeUser | null;
  /** Set to an OAuth error to make the next authorization answer it instead of a code. */
  nextError: string | null;
  /** The token endpoint's requests, for assertions. */
  tokenRequests: { clientId: string; authMethod: 'basic' | 'post' }[];
  close: () => Promise<void>;
};

const SUFFIXES = ['/.well-known/openid-configuration', '/authorize', '/token', '/jwks', '/userinfo'] as const;

/** Starts the provider on 127.0.0.1 (a free port unless one is given). */
export async function startFakeOidcProvider(port = 0): Promise<FakeOidcProvider> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = randomBytes(6).toString('hex');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, FakeUser>();

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { error: 'server_error', error_description: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: FakeOidcProvider = {
    origin,
    issuer: (path = '/idp') => `${origin}${path}`,
    clients: new Map(),
    nextUser: null,
    nextError: null,
    tokenRequests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    const suffix = SUFFIXES.find((s) => url.pathname.endsWith(s));
    // '/missing…' is an issuer with nothing behind it
    if (!suffix || url.pathname.startsWith('/missing')) return json(res, 404, { error: 'not_found' });
    const issuer = `${origin}${url.pathname.slice(0, -suffix.length)}`;
    switch (suffix) {
      case '/.well-known/openid-configuration':
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
          userinfo_endpoint: `${issuer}/userinfo`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          scopes_supported: ['openid', 'email', 'profile', 'offline_access'],
          token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
          code_challenge_methods_supported: ['S256'],
        });
      case '/jwks':
        return json(res, 200, { keys: [jwk] });
      case '/authorize':
        return authorize(url, issuer, res);
      case '/token':
        return token(req, issuer, res);
      case '/userinfo': {
        const user = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        if (!user) return json(res, 401, { error: 'invalid_token' });
        return json(res, 200, claimsOf(user));
      }
    }
  }

  function authorize(url: URL, issuer: string, res: ServerResponse) {
    const q = url.searchParams;
    const clientId = q.get('client_id') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    if (!fake.clients.has(clientId) || q.get('response_type') !== 'code' || !redirectUri) {
      return json(res, 400, { error: 'invalid_request' });
    }
    const back = new URL(redirectUri);
    const state = q.get('state');
    if (state) back.searchParams.set('state', state);
    if (fake.nextError) {
      back.searchParams.set('error', fake.nextError);
      fake.nextError = null;
      return redirect(res, back.toString());
    }
    const hint = q.get('login_hint');
    const user = fake.nextUser ?? (hint ? { email: hint } : null);
    fake.nextUser = null;
    if (!user) return json(res, 400, { error: 'login_required' });
    const code = randomBytes(16).toString('hex');
    codes.set(code, {
      issuer,
      clientId,
      redirectUri,
      user,
      nonce: q.get('nonce') ?? undefined,
      challenge: q.get('code_challenge') ?? undefined,
    });
    back.searchParams.set('code', code);
    return redirect(res, back.toString());
  }

  async function token(req: IncomingMessage, issuer: string, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    let clientId = form.get('client_id') ?? '';
    let clientSecret = form.get('client_secret') ?? '';
    let authMethod: 'basic' | 'post' = 'post';
    const basic = req.headers.authorization;
    if (basic?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(basic.slice(6), 'base64').toString().split(':');
      clientId = decodeURIComponent(id ?? '');
      clientSecret = decodeURIComponent(secret ?? '');
      authMethod = 'basic';
    }
    if (!fake.clients.has(clientId) || fake.clients.get(clientId) !== clientSecret) return json(res, 401, { error: 'invalid_client' });
    fake.tokenRequests.push({ clientId, authMethod });
    const grant = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    if (!grant || form.get('grant_type') !== 'authorization_code' || grant.clientId !== clientId || grant.issuer !== issuer) {
      return json(res, 400, { error: 'invalid_grant' });
    }
    if (form.get('redirect_uri') !== grant.redirectUri) return json(res, 400, { error: 'invalid_grant' });
    if (grant.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge) return json(res, 400, { error: 'invalid_grant' });
    }
    const accessToken = randomBytes(16).toString('hex');
    accessTokens.set(accessToken, grant.user);
    const idToken = await new SignJWT({ ...claimsOf(grant.user), ...(grant.nonce ? { nonce: grant.nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(issuer)
      .setAudience(clientId)
      .setSubject(subOf(grant.user))
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey);
    return json(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 300,
      id_token: idToken,
      scope: 'openid email profile',
    });
  }

  return fake;
}

const subOf = (user: FakeUser) => user.sub ?? createHash('sha256').update(user.email).digest('hex').slice(0, 20);

function claimsOf(user: FakeUser) {
  return { sub: subOf(user), email: user.email, email_verified: user.emailVerified ?? true, name: user.name ?? user.email.split('@')[0] };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(302, { location });
  res.end();
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}
