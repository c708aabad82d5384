import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDto } from '@crewplan/domain';
import { actionItems, actions, files } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { startFakeS3, type FakeS3 } from './support/fake-s3.ts';
import { insertMission } from './support/missions.ts';
import { errorOf, expectStatus, PNG_1X1, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

/** A multipart body with any number of file parts, each with the type the client claims. */
function upload(...parts: { name: string; type?: string; bytes: Buffer | string }[]) {
  const boundary = `----upload${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.from(part.bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** An app with small limits (1 MB per file, 2 files per upload), an owner and one task. */
async function world(env: Record<string, string> = {}) {
  const t = await buildTestApp({ env: { FILE_SIZE_LIMIT_MB: '1', FILES_PER_UPLOAD: '2', ...env } });
  const owner = await verifiedPerson(t);
  const mission = await insertMission(t, owner);
  const [action] = await t.database.db.insert(actions).values({ missionId: mission.id, title: 'A', createdBy: owner.personId }).returning();
  const [item] = await t.database.db
    .insert(actionItems)
    .values({ missionId: mission.id, actionId: action!.id, title: 'Task', createdBy: owner.personId })
    .returning();
  return { t, owner, url: `/api/action-item/${item!.id}/drive` };
}

const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

let t: TestApp;
let owner: TestPerson;
let url: string;
beforeAll(async () => {
  ({ t, owner, url } = await world());
});
afterAll(async () => t.close());

const send = (...parts: Parameters<typeof upload>) => t.request({ method: 'POST', url, token: owner.token, ...upload(...parts) });
async function sendOne(name: string, bytes: Buffer | string, type?: string): Promise<FileDto> {
  const response = await send({ name, bytes, type });
  expectStatus(response, 201);
  return (response.json() as { files: FileDto[] }).files[0]!;
}

describe('upload limits (configured: 1 MB per file, 2 files per upload)', () => {
  const MB = 1024 * 1024;

  it('refuses a file over the limit with 413 LIMIT_FILE_SIZE and keeps nothing of the upload', async () => {
    const before = (await t.database.db.select().from(files)).length;
    const response = await send({ name: 'small.txt', bytes: 'fine' }, { name: 'big.bin', bytes: Buffer.alloc(MB + 1, 1) });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toMatchObject({ code: 'LIMIT_FILE_SIZE', message: 'Individual file limit of 1MB exceeded.' });
    expect(await t.database.db.select().from(files)).toHaveLength(before);
    expect(listing(join(t.dataDir, 'files', 'drive'))).toHaveLength(before);
    expect(listing(join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const file = await sendOne('exact.bin', Buffer.alloc(MB, 1));
    expect(file.size).toBe(MB);
  });

  it('refuses more files than the limit with LIMIT_FILE and keeps none of them', async () => {
    const before = await t.database.db.select().from(files);
    const response = await send({ name: 'a.txt', bytes: 'a' }, { name: 'b.txt', bytes: 'b' }, { name: 'c.txt', bytes: 'c' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'LIMIT_FILE', message: 'Upload limit of 2 files at a time exceeded.' });
    expect(await t.database.db.select().from(files)).toEqual(before);
    expect(listing(join(t.dataDir, 'files', 'drive'))).toHaveLength(before.length);
    expect(listing(join(t.dataDir, 'tmp'))).toEqual([]);
  });

  it('defaults to 25 MB and 10 files', async () => {
    expect(t.app.ctx.config.files).toMatchObject({ fileSizeLimitMb: 1, filesPerUpload: 2 });
    const defaults = await buildTestApp();
    expect(defaults.app.ctx.config.files).toEqual({ fileSizeLimitMb: 25, filesPerUpload: 10, s3: null });
    await defaults.close();
  });
});

describe('content types come from the bytes, never from the client', () => {
  it('keeps a PNG named evil.html sent as text/html an image/png, and serves it as a download', async () => {
    const file = await sendOne('evil.html', PNG_1X1, 'text/html');
    expect(file.mimetype).toBe('image/png');
    const served = await t.request({ method: 'GET', url: `/api/drive/${file._id}`, token: owner.token });
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    expect(served.headers['content-type']).toBe('application/octet-stream');
  });

  it('serves an HTML file as an attachment with nosniff and a sandbox policy, never as a page', async () => {
    const file = await sendOne('page.html', '<html><script>alert(1)</script></html>', 'text/html');
    expect(file.mimetype).toBe('text/plain');
    const served = await t.request({ method: 'GET', url: `/api/drive/${file._id}`, token: owner.token });
    expectStatus(served, 200);
    expect(served.headers).toMatchObject({
      'content-type': 'application/octet-stream',
      'content-disposition': 'attachment; filename="page.html"; filename*=UTF-8\'\'page.html',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
  });

  it('serves images and plain text inline, and anything with ?attach=true as a download', async () => {
    const image = await sendOne('photo.png', PNG_1X1, 'application/x-msdownload');
    const inline = await t.request({ method: 'GET', url: `/api/drive/${image._id}`, token: owner.token });
    expect(inline.headers).toMatchObject({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
    expect(inline.headers['content-disposition']).toMatch(/^inline;/);
    const attached = await t.request({ method: 'GET', url: `/api/drive/${image._id}?attach=true`, token: owner.token });
    expect(attached.headers['content-disposition']).toMatch(/^attachment;/);
    expect(attached.rawPayload.equals(PNG_1X1)).toBe(true);
    expect((await t.request({ method: 'GET', url: `/api/drive/${image._id}?attach=maybe`, token: owner.token })).statusCode).toBe(400);

    const text = await sendOne('notes.md', '# Notes\nÜnïcödé text', 'application/octet-stream');
    expect(text.mimetype).toBe('text/plain');
    const served = await t.request({ method: 'GET', url: `/api/drive/${text._id}`, token: owner.token });
    expect(served.headers['content-type']).toMatch(/^text\/plain/);
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
  });

  it('calls unknown binary application/octet-stream and recognises known formats', async () => {
    const binary = await sendOne('data.bin', Buffer.from([0, 1, 2, 3, 255, 254, 0, 7]), 'image/png');
    expect(binary.mimetype).toBe('application/octet-stream');
    const pdf = await sendOne('doc', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'latin1'), 'text/plain');
    expect(pdf.mimetype).toBe('application/pdf');
  });

  it('keeps names readable and safe: the last path segment, no control characters, UTF-8 in headers', async () => {
    const file = await sendOne('..\\..\\secret/Übersicht 2026.txt', 'x');
    expect(file.name).toBe('Übersicht 2026.txt');
    const served = await t.request({ method: 'GET', url: `/api/drive/${file._id}`, token: owner.token });
    expect(served.headers['content-disposition']).toBe(`inline; filename="_bersicht 2026.txt"; filename*=UTF-8''%C3%9Cbersicht%202026.txt`);
  });

  it('cuts a long name to 255 characters without splitting an emoji in two', async () => {
    const file = await sendOne(`${'a'.repeat(254)}😀.txt`, 'x');
    expect(file.name).toBe('a'.repeat(254));
    expect(file.name).not.toContain('\uFFFD');
    const stored = await sendOne(`${'b'.repeat(253)}😀.txt`, 'x');
    expect(stored.name).toBe(`${'b'.repeat(253)}😀`);
  });
});

describe('with an S3-compatible store', () => {
  let s3: FakeS3;
  let s3World: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    s3 = await startFakeS3();
    s3World = await world({ S3_ENDPOINT: s3.url, S3_BUCKET: 'crew', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' });
  });
  afterAll(async () => {
    await s3World.t.close();
    await s3.close();
  });

  it('uploads to the bucket, serves from it, and removes from it', async () => {
    const { t: app, owner: person, url: taskUrl } = s3World;
    const response = await app.request({
      method: 'POST',
      url: taskUrl,
      token: person.token,
      ...upload({ name: 'photo.png', bytes: PNG_1X1 }),
    });
    expectStatus(response, 201);
    const file = (response.json() as { files: FileDto[] }).files[0]!;
    expect([...s3.objects.keys()]).toEqual([expect.stringMatching(/^crew\/drive\/[0-9a-f]{24}$/)]);
    expect(listing(join(app.dataDir, 'files'))).toEqual([]);
    const served = await app.request({ method: 'GET', url: `/api/drive/${file._id}`, token: person.token });
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
    expectStatus(await app.request({ method: 'DELETE', url: `/api/drive/file/${file._id}`, token: person.token }), 200);
    expect(s3.objects.size).toBe(0);
  });

  it('leaves no row when the store refuses the bytes', async () => {
    const { t: app, owner: person, url: taskUrl } = s3World;
    await s3.close();
    const response = await app.request({ method: 'POST', url: taskUrl, token: person.token, ...upload({ name: 'a.txt', bytes: 'a' }) });
    expect(response.statusCode).toBe(500);
    expect(await app.database.db.select().from(files)).toEqual([]);
    expect(listing(join(app.dataDir, 'tmp'))).toEqual([]);
    s3 = await startFakeS3();
  });
});
