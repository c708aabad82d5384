import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFolder } from '../../web/precompress.ts';
import { buildTestApp, type TestApp } from './support/app.ts';

/** A built web app of this file's own, compressed by the build's own step; the server built here serves it. */
const dist = mkdtempSync(join(tmpdir(), 'crewplan-web-'));
const servedBefore = process.env.WEB_DIST;

const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'row ${i}' }`).join(', ')}];\n`;
const PAGE = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const SMALL = 'export const x = 1;\n';

let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), PAGE);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(dist, 'assets', 'tiny-def456.js'), SMALL);
  writeFileSync(join(dist, 'version.json'), JSON.stringify({ version: 'test' }));
  await precompressFolder(dist);
  process.env.WEB_DIST = dist;
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
  if (servedBefore === undefined) delete process.env.WEB_DIST;
  else process.env.WEB_DIST = servedBefore;
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.request({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the built web app', () => {
  it('is compressed at build: brotli and gzip copies beside each text file, none for tiny ones', () => {
    expect(brotliDecompressSync(readFileSync(join(dist, 'assets', 'index-abc123.js.br'))).toString()).toBe(SCRIPT);
    expect(gunzipSync(readFileSync(join(dist, 'assets', 'index-abc123.js.gz'))).toString()).toBe(SCRIPT);
    expect(() => readFileSync(join(dist, 'assets', 'tiny-def456.js.br'))).toThrow(/ENOENT/);
  });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ])('sends a hashed script to accept-encoding "%s" as %s, cached for good', async (accepted, encoding, decompress) => {
    const response = await get('/assets/index-abc123.js', accepted);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 2);
    expect(decompress(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that accepts no compression, still varying on accept-encoding', async () => {
    for (const accepted of [undefined, 'identity']) {
      const response = await get('/assets/index-abc123.js', accepted);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body).toBe(SCRIPT);
    }
  });

  it('sends a file too small to compress as it is', async () => {
    const response = await get('/assets/tiny-def456.js', 'br, gzip');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SMALL);
  });

  it('answers the app’s screens with index.html, compressed and never cached without asking', async () => {
    for (const url of ['/home', '/']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
    }
  });

  it('never keeps unhashed files such as the build id for good', async () => {
    const response = await get('/version.json', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toEqual({ version: 'test' });
  });
});
