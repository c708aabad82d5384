import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../src/plugins/compress.ts';
import { buildTestApp, type TestApp } from './support/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  t.request({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed API answers', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('accept-encoding "%s" is answered with %s', (accepted, encoding) => {
    expect(chooseEncoding(accepted)).toBe(encoding);
  });

  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ])('sends a large JSON answer to "%s" as %s, the same JSON once decompressed', async (accepted, encoding, decompress) => {
    const plain = await get('/api/openapi.json');
    const response = await get('/api/openapi.json', accepted);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decompress(response.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends small answers and answers to clients that accept no compression as they are', async () => {
    const health = await get('/api/health', 'gzip, deflate, br');
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveProperty('openapi');
  });
});
