import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskFileStore } from '../src/lib/file-store-disk.ts';
import { createS3FileStore } from '../src/lib/file-store-s3.ts';
import { createFileStore, type FileStore } from '../src/lib/file-store.ts';
import { loadConfig } from '../src/config.ts';
import { startFakeS3, type FakeS3 } from './support/fake-s3.ts';

let s3: FakeS3;
let dataDir: string;
beforeAll(async () => {
  s3 = await startFakeS3();
  dataDir = mkdtempSync(join(tmpdir(), 'crewplan-store-'));
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const s3Store = () =>
  createS3FileStore({
    endpoint: s3.url,
    bucket: 'crew-files',
    region: 'us-east-1',
    accessKeyId: 'test-key',
    secretAccessKey: 'test-secret',
    forcePathStyle: true,
  });

describe.each([
  ['disk', () => createDiskFileStore(dataDir)],
  ['s3', s3Store],
])('the %s file store', (_, make: () => FileStore) => {
  it('puts, heads, gets and deletes a blob', async () => {
    const store = make();
    const bytes = Buffer.from('hello, store');
    await store.put('drive/abc', Readable.from([bytes]), bytes.length, 'text/plain');
    expect(await store.head('drive/abc')).toEqual({ size: bytes.length });
    expect(await text((await store.get('drive/abc'))!)).toBe('hello, store');
    await store.delete('drive/abc');
    expect(await store.head('drive/abc')).toBeNull();
    expect(await store.get('drive/abc')).toBeNull();
    await store.delete('drive/abc');
  });

  it('answers null for a blob that was never there', async () => {
    const store = make();
    expect(await store.head('drive/never')).toBeNull();
    expect(await store.get('drive/never')).toBeNull();
  });

  it('keeps a larger binary blob byte for byte', async () => {
    const store = make();
    const bytes = Buffer.alloc(3 * 1024 * 1024 + 7, 0);
    for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 31) % 256;
    await store.put('drive/big', Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), bytes.length, 'application/octet-stream');
    const chunks: Buffer[] = [];
    for await (const chunk of (await store.get('drive/big'))!) chunks.push(Buffer.from(chunk as Uint8Array));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    await store.delete('drive/big');
  });
});

describe('the S3 store against the service', () => {
  it('addresses objects path-style in the bucket, with signed requests', async () => {
    const before = s3.requests.length;
    await s3Store().put('drive/path-style', Readable.from([Buffer.from('x')]), 1, 'image/png');
    expect(s3.requests.slice(before)).toEqual(['PUT /crew-files/drive/path-style']);
    expect(s3.objects.get('crew-files/drive/path-style')).toEqual({ body: Buffer.from('x'), contentType: 'image/png' });
  });

  it('fails loudly when the service refuses', async () => {
    const store = createS3FileStore({
      endpoint: s3.url,
      bucket: 'crew-files',
      region: 'us-east-1',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
    });
    await expect(store.put('drive/unsigned', Readable.from([Buffer.from('x')]), 1, 'text/plain')).rejects.toThrow();
  });
});

describe('the disk store', () => {
  it('refuses keys that leave its folder', async () => {
    await expect(createDiskFileStore(dataDir).head('../../etc/passwd')).rejects.toThrow('Invalid file key');
  });

  it('leaves no blob when the body is shorter than announced', async () => {
    const store = createDiskFileStore(dataDir);
    await expect(store.put('drive/short', Readable.from([Buffer.from('abc')]), 10, 'text/plain')).rejects.toThrow();
    expect(await store.head('drive/short')).toBeNull();
  });
});

describe('choosing the store', () => {
  it('uses the bucket when S3_BUCKET is set, else the data folder', async () => {
    const base = { NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: 'x'.repeat(32) } as const;
    const s3Config = loadConfig({ ...base, S3_ENDPOINT: s3.url, S3_BUCKET: 'chosen', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(s3Config.files.s3).toMatchObject({ bucket: 'chosen', forcePathStyle: true });
    await createFileStore(s3Config).put('drive/chosen', Readable.from([Buffer.from('y')]), 1, 'text/plain');
    expect(s3.objects.has('chosen/drive/chosen')).toBe(true);

    const diskConfig = loadConfig(base);
    expect(diskConfig.files).toEqual({ fileSizeLimitMb: 25, filesPerUpload: 10, s3: null });
    await createFileStore(diskConfig).put('drive/local', Readable.from([Buffer.from('z')]), 1, 'text/plain');
    expect(await createDiskFileStore(dataDir).head('drive/local')).toEqual({ size: 1 });
  });
});
