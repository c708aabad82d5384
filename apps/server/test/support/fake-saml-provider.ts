import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import * as samlify from 'samlify';
import { SAML_IDP_KEYS, type SamlKeyPair } from '../fixtures/saml-keys.ts';

/**
 * A local SAML 2.0 identity provider speaking the real protocol, for tests: its single sign-on URL takes an
 * AuthnRequest over the HTTP-Redirect binding (no login page: the person is `nextUser`), and answers the
 * browser with the HTTP-POST binding's auto-submitting form carrying a SAMLResponse whose assertion it signs
 * (samlify, with the test-only keys of ../fixtures/saml-keys.ts), addressed to the service provider's
 * assertion consumer service and `InResponseTo` the request. Service providers are known from their metadata.
 */
export type FakeSamlUser = { email: string };

/** What the provider answered a browser: the form it would auto-submit. */
export type SamlPostForm = { action: string; SAMLResponse: string; RelayState: string | null };

export type FakeSamlProvider = {
  origin: string;
  /** The identity provider's entity id (its issuer). */
  entityId: string;
  /** The single sign-on URL (HTTP-Redirect binding). */
  ssoUrl: string;
  /** The signing certificate an admin registers (PEM). */
  certificate: string;
  /** Trusts a service provider from its metadata XML (keyed by its entity id). */
  trust: (spMetadataXml: string) => void;
  /** Who signs in at the next request (required: the provider has no login page). */
  nextUser: FakeSamlUser | null;
  /** Signs the next response with these keys instead of its own (e.g. somebody else's). */
  nextSigningKeys: SamlKeyPair | null;
  /** The AuthnRequests it received, for assertions. */
  requests: { id: string; issuer: string; assertionConsumerServiceUrl: string | null }[];
  close: () => Promise<void>;
};

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

/** Starts the provider on 127.0.0.1 (a free port unless one is given). */
export async function startFakeSamlProvider(port = 0): Promise<FakeSamlProvider> {
  const serviceProviders = new Map<string, ReturnType<typeof samlify.ServiceProvider>>();

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => text(res, 500, `server_error: ${String(error)}`));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const ssoUrl = `${origin}/sso`;

  const identityProvider = (keys: SamlKeyPair) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: keys.privateKey,
      signingCert: keys.certificate,
      nameIDFormat: [EMAIL_FORMAT],
      singleSignOnService: [{ Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl }],
    });

  const fake: FakeSamlProvider = {
    origin,
    entityId,
    ssoUrl,
    certificate: SAML_IDP_KEYS.certificate,
    trust: (spMetadataXml) => {
      const sp = samlify.ServiceProvider({ metadata: spMetadataXml });
      serviceProviders.set(sp.entityMeta.getEntityID(), sp);
    },
    nextUser: null,
    nextSigningKeys: null,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', origin);
    if (req.method !== 'GET' || url.pathname !== '/sso') return text(res, 404, 'not_found');
    const encoded = url.searchParams.get('SAMLRequest');
    if (!encoded) return text(res, 400, 'SAMLRequest is required');
    // HTTP-Redirect binding: base64 of the raw-deflated AuthnRequest
    const request = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
    const id = /<(?:\w+:)?AuthnRequest\b[^>]*\sID="([^"]+)"/.exec(request)?.[1];
    const issuer = /<(?:\w+:)?Issuer\b[^>]*>([^<]+)</.exec(request)?.[1];
    const acs = /\sAssertionConsumerServiceURL="([^"]+)"/.exec(request)?.[1] ?? null;
    if (!id || !issuer) return text(res, 400, 'Not an AuthnRequest');
    fake.requests.push({ id, issuer, assertionConsumerServiceUrl: acs });
    const sp = serviceProviders.get(issuer);
    if (!sp) return text(res, 400, `Unknown service provider ${issuer}`);
    const user = fake.nextUser;
    const keys = fake.nextSigningKeys ?? SAML_IDP_KEYS;
    fake.nextUser = null;
    fake.nextSigningKeys = null;
    if (!user) return text(res, 400, 'login_required');

    const response = (await identityProvider(keys).createLoginResponse(sp, { extract: { request: { id } } }, 'post', user)) as {
      context: string;
      entityEndpoint: string;
    };
    const relayState = url.searchParams.get('RelayState');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      `<!DOCTYPE html><html><body onload="document.forms[0].submit()"><form method="POST" action="${escape(response.entityEndpoint)}">` +
        `<input type="hidden" name="SAMLResponse" value="${escape(response.context)}" />` +
        (relayState ? `<input type="hidden" name="RelayState" value="${escape(relayState)}" />` : '') +
        `</form></body></html>`,
    );
  }

  return fake;
}

/** Reads the provider's auto-submitting form, as a browser would before posting it. */
export function readSamlPostForm(html: string): SamlPostForm {
  const action = /<form[^>]*\saction="([^"]*)"/.exec(html)?.[1];
  const field = (name: string) => new RegExp(`<input[^>]*\\sname="${name}"[^>]*\\svalue="([^"]*)"`).exec(html)?.[1] ?? null;
  const SAMLResponse = field('SAMLResponse');
  if (!action || !SAMLResponse) throw new Error(`Not a SAML POST form: ${html.slice(0, 200)}`);
  const RelayState = field('RelayState');
  return { action: unescape(action), SAMLResponse: unescape(SAMLResponse), RelayState: RelayState === null ? null : unescape(RelayState) };
}

/** Decodes a SAMLResponse to its XML (for assertions on what the provider sent). */
export const samlResponseXml = (samlResponse: string) => Buffer.from(samlResponse, 'base64').toString('utf8');

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const unescape = (value: string) => value.replace(/&(amp|lt|gt|quot|#39);/g, (m) => Object.entries(ESCAPES).find(([, e]) => e === m)![0]);

function text(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'text/plain' });
  res.end(body);
}
