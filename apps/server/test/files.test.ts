import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FileDto } from '@crewplan/domain';
import { actionItems, actions, files, missionAuditEvents } from '../src/db/schema/index.ts';
import { signFileLink, SIGNED_LINK_TTL_MS } from '../src/modules/files/files.serve.ts';
import { buildTestApp, type TestApp } from './support/app.ts';
import { addToMission, insertMission } from './support/missions.ts';
import { addMember, createOrg, errorOf, expectStatus, PNG_1X1, verifiedPerson } from './support/org.ts';
import type { TestPerson } from './support/people.ts';

/** A multipart body with any number of file parts. */
function upload(...parts: { name: string; type?: string; bytes: Buffer | string }[]) {
  const boundary = `----files${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap((part) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${part.name}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    Buffer.from(part.bytes),
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let t: TestApp;
let owner: TestPerson; // permission 2 on the mission, organisation admin
let lead: TestPerson; // team lead (1)
let member: TestPerson; // team member (0), assigned to the first task only
let observer: TestPerson; // observer (3)
let projectManager: TestPerson; // team lead (1) who is project manager: administers the mission
let orgObserver: TestPerson; // organisation observer (4) on the team
let limitedObserver: TestPerson; // limited organisation observer or external participant (5) on the team
let pending: TestPerson; // invited (0), invite not accepted yet
let outsider: TestPerson;
let orgId: string;
let missionId: string;
let otherMissionId: string;
let task: string; // member assigned
let unassigned: string;
let otherTask: string; // in the other mission (owner and lead on it)

const driveDir = () => join(t.dataDir, 'files', 'drive');
const blobCount = () => (existsSync(driveDir()) ? readdirSync(driveDir()).filter((name) => !name.startsWith('.')).length : 0);

async function insertTask(mission: string, title: string, people: string[] = []) {
  const [action] = await t.database.db
    .insert(actions)
    .values({ missionId: mission, title: `${title} action`, createdBy: owner.personId })
    .returning();
  const [item] = await t.database.db
    .insert(actionItems)
    .values({ missionId: mission, actionId: action!.id, title, createdBy: owner.personId, people })
    .returning();
  return item!.id;
}

async function uploadTo(url: string, person: TestPerson, ...parts: Parameters<typeof upload>) {
  return t.request({ method: 'POST', url, token: person.token, ...upload(...parts) });
}

async function uploadOne(url: string, person: TestPerson, name = 'notes.txt', bytes: Buffer | string = 'Some notes') {
  const response = await uploadTo(url, person, { name, bytes });
  expectStatus(response, 201);
  return (response.json() as { files: FileDto[] }).files[0]!;
}

beforeAll(async () => {
  t = await buildTestApp();
  owner = await verifiedPerson(t, { firstName: 'Olive', lastName: 'Owner' });
  lead = await verifiedPerson(t, { firstName: 'Lee', lastName: 'Lead' });
  member = await verifiedPerson(t, { firstName: 'Mo', lastName: 'Member' });
  observer = await verifiedPerson(t, { firstName: 'Obi', lastName: 'Observer' });
  projectManager = await verifiedPerson(t, { firstName: 'Pam', lastName: 'Manager' });
  orgObserver = await verifiedPerson(t, { firstName: 'Ora', lastName: 'Observer' });
  limitedObserver = await verifiedPerson(t, { firstName: 'Lia', lastName: 'Limited' });
  pending = await verifiedPerson(t, { firstName: 'Pat', lastName: 'Pending' });
  outsider = await verifiedPerson(t, { firstName: 'Otto', lastName: 'Outsider' });
  orgId = (await createOrg(t, owner.token))._id;
  for (const person of [lead, member, observer, projectManager, orgObserver, limitedObserver, pending]) {
    await addMember(t, orgId, person, 'MEMBER');
  }
  missionId = (await insertMission(t, owner, { orgId })).id;
  await addToMission(t, missionId, lead, 1);
  await addToMission(t, missionId, member, 0);
  await addToMission(t, missionId, observer, 3);
  await addToMission(t, missionId, projectManager, 1, { isProjectManager: true });
  await addToMission(t, missionId, orgObserver, 4);
  await addToMission(t, missionId, limitedObserver, 5);
  await addToMission(t, missionId, pending, 0, { invitePending: true });
  otherMissionId = (await insertMission(t, owner, { orgId })).id;
  await addToMission(t, otherMissionId, lead, 1);
  await addToMission(t, otherMissionId, member, 0);
  task = await insertTask(missionId, 'Design', [member.personId]);
  unassigned = await insertTask(missionId, 'Build');
  otherTask = await insertTask(otherMissionId, 'Elsewhere');
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.database.db.delete(files);
  rmSync(driveDir(), { recursive: true, force: true });
});

describe('POST /action-item/:id/drive (task files)', () => {
  it('stores every file part for an assignee, as the uploader (OWNER)', async () => {
    const response = await uploadTo(
      `/api/action-item/${task}/drive`,
      member,
      { name: 'photo.png', type: 'image/png', bytes: PNG_1X1 },
      { name: 'notes.txt', type: 'text/plain', bytes: 'Hello' },
    );
    expectStatus(response, 201);
    const uploaded = (response.json() as { files: FileDto[] }).files;
    expect(uploaded.map((file) => file.name)).toEqual(['photo.png', 'notes.txt']);
    expect(uploaded[0]).toMatchObject({
      name: 'photo.png',
      size: PNG_1X1.length,
      mimetype: 'image/png',
      source: 'upload',
      attachedTo: 'action.items',
      attachedToId: task,
      attachedToMissionId: missionId,
      fileRole: 'OWNER',
      abilities: { delete: true, update: true },
      createdBy: { _id: member.personId, firstName: 'Mo', lastName: 'Member', avatar: null },
      viewerPath: `/drive/d/${uploaded[0]!._id}/photo.png`,
    });
    expect(uploaded[1]).toMatchObject({ name: 'notes.txt', size: 5, mimetype: 'text/plain' });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, uploaded[0]!._id));
    expect(row).toMatchObject({ orgId, missionId, storageKey: expect.stringMatching(/^drive\//) });
    expect(existsSync(join(t.dataDir, 'files', row!.storageKey!))).toBe(true);
    const history = await t.database.db
      .select()
      .from(missionAuditEvents)
      .where(and(eq(missionAuditEvents.missionId, missionId), eq(missionAuditEvents.entity, 'files')));
    expect(history.map((event) => event.title)).toEqual(expect.arrayContaining(['photo.png', 'notes.txt']));
  });

  it('lets team leads and mission admins upload to any task', async () => {
    await uploadOne(`/api/action-item/${unassigned}/drive`, lead);
    await uploadOne(`/api/action-item/${unassigned}/drive`, owner);
  });

  it('refuses a team member on a task not theirs, observers, outsiders and anonymous callers', async () => {
    const parts = { name: 'a.txt', bytes: 'a' };
    expect(errorOf(await uploadTo(`/api/action-item/${unassigned}/drive`, member, parts))).toMatchObject({ code: 'task/forbidden' });
    const asObserver = await uploadTo(`/api/action-item/${task}/drive`, observer, parts);
    expect([asObserver.statusCode, errorOf(asObserver).code]).toEqual([403, 'forbidden']);
    const asOutsider = await uploadTo(`/api/action-item/${task}/drive`, outsider, parts);
    expect([asOutsider.statusCode, errorOf(asOutsider).code]).toEqual([404, 'task/not-found']);
    const anonymous = await t.request({ method: 'POST', url: `/api/action-item/${task}/drive`, ...upload(parts) });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.database.db.select().from(files)).toEqual([]);
  });

  it('answers 404 for an unknown task and 400 for a bad id, a body that is not multipart, or no file', async () => {
    const unknown = await uploadTo('/api/action-item/0123456789abcdef01234567/drive', owner, { name: 'a.txt', bytes: 'a' });
    expect([unknown.statusCode, errorOf(unknown).code]).toEqual([404, 'task/not-found']);
    expect((await uploadTo('/api/action-item/nope/drive', owner, { name: 'a.txt', bytes: 'a' })).statusCode).toBe(400);
    const json = await t.request({ method: 'POST', url: `/api/action-item/${task}/drive`, token: owner.token, payload: { name: 'x' } });
    expect([json.statusCode, errorOf(json).code]).toEqual([400, 'file/missing']);
    const empty = await t.request({ method: 'POST', url: `/api/action-item/${task}/drive`, token: owner.token, ...upload() });
    expect([empty.statusCode, errorOf(empty).code]).toEqual([400, 'file/missing']);
  });
});

describe('POST /mission/:id/drive (project files)', () => {
  it('stores project files for those who may update the mission', async () => {
    const file = await uploadOne(`/api/mission/${missionId}/drive`, owner, 'brief.txt');
    expect(file).toMatchObject({ attachedTo: 'missions', attachedToId: missionId, fileRole: 'OWNER' });
  });

  it('refuses team leads who are not project managers, members and observers (403)', async () => {
    for (const person of [lead, member, observer]) {
      const response = await uploadTo(`/api/mission/${missionId}/drive`, person, { name: 'a.txt', bytes: 'a' });
      expect([response.statusCode, errorOf(response).code]).toEqual([403, 'forbidden']);
    }
    expect((await uploadTo(`/api/mission/${missionId}/drive`, outsider, { name: 'a.txt', bytes: 'a' })).statusCode).toBe(404);
  });
});

describe('listing and reading files', () => {
  it('lists a task’s files and all of a mission’s files with each caller’s role', async () => {
    const taskFile = await uploadOne(`/api/action-item/${task}/drive`, member, 'task.txt');
    const projectFile = await uploadOne(`/api/mission/${missionId}/drive`, owner, 'project.txt');
    const otherTaskFile = await uploadOne(`/api/action-item/${unassigned}/drive`, lead, 'other.txt');

    const list = async (url: string, person: TestPerson) => {
      const response = await t.request({ method: 'GET', url, token: person.token });
      expectStatus(response, 200);
      return (response.json() as { files: FileDto[] }).files;
    };
    expect((await list(`/api/action-item/${task}/drive`, observer)).map((f) => f._id)).toEqual([taskFile._id]);
    const all = await list(`/api/mission/${missionId}/drive`, observer);
    expect(all.map((f) => f._id)).toEqual([taskFile._id, projectFile._id, otherTaskFile._id]);
    expect(all.every((f) => f.fileRole === 'READER' && !f.abilities.delete && !f.abilities.update)).toBe(true);

    const roles = (rows: FileDto[]) => Object.fromEntries(rows.map((f) => [f.name, f.fileRole]));
    expect(roles(await list(`/api/mission/${missionId}/drive`, lead))).toEqual({
      'task.txt': 'WRITER',
      'project.txt': 'READER',
      'other.txt': 'OWNER',
    });
    expect(roles(await list(`/api/mission/${missionId}/drive`, member))).toEqual({
      'task.txt': 'OWNER',
      'project.txt': 'READER',
      'other.txt': 'READER',
    });
    expect(roles(await list(`/api/mission/${missionId}/drive`, owner))).toEqual({
      'task.txt': 'WRITER',
      'project.txt': 'OWNER',
      'other.txt': 'WRITER',
    });

    expect((await t.request({ method: 'GET', url: `/api/mission/${missionId}/drive`, token: outsider.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/mission/${missionId}/drive` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: `/api/action-item/${task}/drive`, token: outsider.token })).statusCode).toBe(404);
  });

  it('says whether the caller may upload where the list is', async () => {
    const abilities = async (url: string, person: TestPerson) =>
      ((await t.request({ method: 'GET', url, token: person.token })).json() as { abilities: { upload: boolean } }).abilities.upload;
    expect(await abilities(`/api/action-item/${task}/drive`, member)).toBe(true);
    expect(await abilities(`/api/action-item/${unassigned}/drive`, member)).toBe(false);
    expect(await abilities(`/api/action-item/${unassigned}/drive`, lead)).toBe(true);
    expect(await abilities(`/api/action-item/${task}/drive`, observer)).toBe(false);
    expect(await abilities(`/api/mission/${missionId}/drive`, owner)).toBe(true);
    expect(await abilities(`/api/mission/${missionId}/drive`, lead)).toBe(false);
  });

  it('GET /drive/file/:id gives one file to those who see its mission', async () => {
    const file = await uploadOne(`/api/action-item/${task}/drive`, member);
    const response = await t.request({ method: 'GET', url: `/api/drive/file/${file._id}`, token: observer.token });
    expectStatus(response, 200);
    expect(response.json()).toMatchObject({ _id: file._id, fileRole: 'READER' });
    const outside = await t.request({ method: 'GET', url: `/api/drive/file/${file._id}`, token: outsider.token });
    expect([outside.statusCode, errorOf(outside).code]).toEqual([404, 'file/not-found']);
    expect((await t.request({ method: 'GET', url: `/api/drive/file/${file._id}` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/drive/file/0123456789abcdef01234567', token: owner.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/drive/file/bad', token: owner.token })).statusCode).toBe(400);
  });

  it('GET /drive/:id sends the bytes (also with the session cookie), 404 when the bytes are missing', async () => {
    const file = await uploadOne(`/api/action-item/${task}/drive`, member, 'photo.png', PNG_1X1);
    const bytes = await t.request({ method: 'GET', url: `/api/drive/${file._id}`, token: observer.token });
    expectStatus(bytes, 200);
    expect(bytes.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(bytes.headers['content-type']).toBe('image/png');

    const csrf = await t.request({ method: 'POST', url: '/api/session/csrf/set' });
    const csrfCookie = String(csrf.headers['set-cookie']).split(';')[0]!;
    const set = await t.request({
      method: 'POST',
      url: '/api/session/cookie/set',
      token: observer.token,
      headers: { cookie: csrfCookie, 'x-csrf-token': (csrf.json() as { csrfToken: string }).csrfToken },
    });
    expectStatus(set, 200);
    const sessionCookie = ([] as string[]).concat(set.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
    const withCookie = await t.request({ method: 'GET', url: `/api/drive/${file._id}`, headers: { cookie: sessionCookie } });
    expectStatus(withCookie, 200);
    expect((await t.request({ method: 'GET', url: `/api/drive/${file._id}`, token: outsider.token })).statusCode).toBe(404);

    await t.database.db.update(files).set({ storageKey: null }).where(eq(files.id, file._id));
    const missing = await t.request({ method: 'GET', url: `/api/drive/${file._id}`, token: owner.token });
    expect([missing.statusCode, errorOf(missing).code]).toEqual([404, 'file/content-missing']);
  });
});

describe('renaming files', () => {
  it('lets the uploader and writers rename, refuses readers (403) and bad names (400)', async () => {
    const file = await uploadOne(`/api/action-item/${task}/drive`, member, 'draft.txt');
    const url = `/api/action-item/${task}/drive/${file._id}`;
    const renamed = await t.request({ method: 'PUT', url, token: member.token, payload: { name: 'final.txt' } });
    expectStatus(renamed, 200);
    expect(renamed.json()).toMatchObject({ name: 'final.txt', viewerPath: `/drive/d/${file._id}/final.txt` });
    expectStatus(await t.request({ method: 'PUT', url, token: lead.token, payload: { name: 'by lead.txt' } }), 200);
    const refused = await t.request({ method: 'PUT', url, token: observer.token, payload: { name: 'x.txt' } });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'file/forbidden']);
    for (const payload of [{ name: '' }, { name: 'a/b.txt' }, { name: 'ok.txt', extra: 1 }, {}]) {
      expect((await t.request({ method: 'PUT', url, token: member.token, payload })).statusCode).toBe(400);
    }
    const elsewhere = await t.request({
      method: 'PUT',
      url: `/api/action-item/${unassigned}/drive/${file._id}`,
      token: owner.token,
      payload: { name: 'x.txt' },
    });
    expect([elsewhere.statusCode, errorOf(elsewhere).code]).toEqual([404, 'file/not-found']);
  });

  it('renames project files through the mission (its uploader or who may update the mission)', async () => {
    const file = await uploadOne(`/api/mission/${missionId}/drive`, owner, 'plan.txt');
    const url = `/api/mission/${missionId}/drive/${file._id}`;
    expectStatus(await t.request({ method: 'PUT', url, token: owner.token, payload: { name: 'plan v2.txt' } }), 200);
    expect((await t.request({ method: 'PUT', url, token: lead.token, payload: { name: 'x.txt' } })).statusCode).toBe(403);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/mission/${otherMissionId}/drive/${file._id}`,
          token: owner.token,
          payload: { name: 'x.txt' },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('deleting files', () => {
  it('DELETE /drive/file/:id removes the row and the bytes; readers are refused', async () => {
    const file = await uploadOne(`/api/action-item/${task}/drive`, member);
    const before = blobCount();
    const refused = await t.request({ method: 'DELETE', url: `/api/drive/file/${file._id}`, token: observer.token });
    expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'file/forbidden']);
    const deleted = await t.request({ method: 'DELETE', url: `/api/drive/file/${file._id}`, token: lead.token });
    expectStatus(deleted, 200);
    expect(deleted.json()).toEqual({ deleted: [file._id] });
    expect(blobCount()).toBe(before - 1);
    expect((await t.request({ method: 'GET', url: `/api/drive/file/${file._id}`, token: owner.token })).statusCode).toBe(404);
  });

  it('deletes task and project files through their own routes', async () => {
    const taskFile = await uploadOne(`/api/action-item/${task}/drive`, member);
    const projectFile = await uploadOne(`/api/mission/${missionId}/drive`, owner);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/action-item/${unassigned}/drive/${taskFile._id}`, token: owner.token })).statusCode,
    ).toBe(404);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/action-item/${task}/drive/${taskFile._id}`, token: member.token }), 200);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/mission/${missionId}/drive/${projectFile._id}`, token: member.token })).statusCode,
    ).toBe(403);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/mission/${missionId}/drive/${projectFile._id}`, token: owner.token }), 200);
    expect(await t.database.db.select().from(files)).toEqual([]);
    expect(blobCount()).toBe(0);
  });

  it('lets the mission’s managers delete a colleague’s file of a task closed with its done action (canDelete)', async () => {
    const file = await uploadOne(`/api/action-item/${task}/drive`, member);
    const [item] = await t.database.db.select({ actionId: actionItems.actionId }).from(actionItems).where(eq(actionItems.id, task));
    await t.database.db.update(actions).set({ status: 'done' }).where(eq(actions.id, item!.actionId));
    try {
      const read = await t.request({ method: 'GET', url: `/api/drive/file/${file._id}`, token: owner.token });
      expect((read.json() as FileDto).fileRole).toBe('WRITER');
      const refused = await t.request({ method: 'DELETE', url: `/api/drive/file/${file._id}`, token: lead.token });
      expect([refused.statusCode, errorOf(refused).code]).toEqual([403, 'file/forbidden']);
      expectStatus(await t.request({ method: 'DELETE', url: `/api/action-item/${task}/drive/${file._id}`, token: owner.token }), 200);
      expect(await t.database.db.select().from(files)).toEqual([]);
    } finally {
      await t.database.db.update(actions).set({ status: 'open' }).where(eq(actions.id, item!.actionId));
    }
  });

  it('a deleted task or mission takes its files and their bytes along', async () => {
    const doomed = await insertTask(missionId, 'Doomed');
    await uploadOne(`/api/action-item/${doomed}/drive`, owner);
    const kept = await uploadOne(`/api/action-item/${task}/drive`, owner);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/action-item/${doomed}`, token: owner.token }), 200);
    expect((await t.database.db.select().from(files)).map((row) => row.id)).toEqual([kept._id]);
    expect(blobCount()).toBe(1);

    const gone = (await insertMission(t, owner, { orgId })).id;
    await uploadOne(`/api/mission/${gone}/drive`, owner);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/mission/${gone}`, token: owner.token }), 200);
    expect((await t.database.db.select().from(files)).map((row) => row.id)).toEqual([kept._id]);
    expect(blobCount()).toBe(1);
  });

  it('keeps nothing of an upload to a task deleted while its bytes were still arriving', async () => {
    const doomed = await insertTask(missionId, 'Doomed while uploading');
    const { payload, headers } = upload({ name: 'late.txt', bytes: 'x'.repeat(64 * 1024) });
    const body = new PassThrough();
    const answer = t.request({ method: 'POST', url: `/api/action-item/${doomed}/drive`, token: owner.token, headers, payload: body });
    body.write(payload.subarray(0, 1024));
    const tmp = join(t.dataDir, 'tmp');
    // the upload has passed its checks once its bytes land in a temporary file
    await expect.poll(() => existsSync(tmp) && readdirSync(tmp).some((name) => name.startsWith('upload-')), { timeout: 5000 }).toBe(true);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/action-item/${doomed}`, token: owner.token }), 200);
    body.end(payload.subarray(1024));
    const response = await answer;
    expectStatus(response, 404);
    expect(errorOf(response).code).toBe('task/not-found');
    expect(await t.database.db.select().from(files)).toEqual([]);
    expect(blobCount()).toBe(0);
  });
});

describe('permission levels beyond 0–3', () => {
  const request = (method: 'GET' | 'PUT' | 'DELETE', url: string, person: TestPerson, payload?: Record<string, unknown>) =>
    t.request({ method, url, token: person.token, ...(payload ? { payload } : {}) });

  it('a project manager (1 with isProjectManager) renames and deletes a project file somebody else uploaded', async () => {
    const file = await uploadOne(`/api/mission/${missionId}/drive`, owner, 'brief.txt');
    const url = `/api/mission/${missionId}/drive/${file._id}`;
    const listed = await request('GET', `/api/mission/${missionId}/drive`, projectManager);
    expectStatus(listed, 200);
    expect(listed.json()).toMatchObject({
      files: [{ _id: file._id, fileRole: 'WRITER', abilities: { delete: true, update: true } }],
      abilities: { upload: true },
    });
    // a team lead who is not project manager may not, the project manager may
    expect(errorOf(await request('PUT', url, lead, { name: 'x.txt' }))).toMatchObject({ code: 'file/forbidden' });
    const renamed = await request('PUT', url, projectManager, { name: 'brief v2.txt' });
    expectStatus(renamed, 200);
    expect(renamed.json()).toMatchObject({ _id: file._id, name: 'brief v2.txt', fileRole: 'WRITER' });
    const deleted = await request('DELETE', url, projectManager);
    expectStatus(deleted, 200);
    expect(deleted.json()).toEqual({ deleted: [file._id] });
    expect(await t.database.db.select().from(files)).toEqual([]);
    expect(blobCount()).toBe(0);
  });

  it.each([
    [4, 'organisation observer'],
    [5, 'limited organisation observer'],
  ] as const)('level %i (%s) reads files but may not rename, delete or upload them (403)', async (level, _kind) => {
    const reader = level === 4 ? orgObserver : limitedObserver;
    const projectFile = await uploadOne(`/api/mission/${missionId}/drive`, owner, 'project.txt');
    const taskFile = await uploadOne(`/api/action-item/${task}/drive`, member, 'photo.png', PNG_1X1);

    // reading: one file, the lists, the bytes
    for (const file of [projectFile, taskFile]) {
      const one = await request('GET', `/api/drive/file/${file._id}`, reader);
      expectStatus(one, 200);
      expect(one.json()).toMatchObject({ _id: file._id, fileRole: 'READER', abilities: { delete: false, update: false } });
    }
    const all = await request('GET', `/api/mission/${missionId}/drive`, reader);
    expectStatus(all, 200);
    const list = all.json() as { files: FileDto[]; abilities: { upload: boolean } };
    expect(list.files.map((f) => [f.name, f.fileRole])).toEqual([
      ['project.txt', 'READER'],
      ['photo.png', 'READER'],
    ]);
    expect(list.abilities.upload).toBe(false);
    const ofTask = await request('GET', `/api/action-item/${task}/drive`, reader);
    expectStatus(ofTask, 200);
    expect(ofTask.json()).toMatchObject({ files: [{ _id: taskFile._id, fileRole: 'READER' }], abilities: { upload: false } });
    const bytes = await request('GET', `/api/drive/${taskFile._id}`, reader);
    expectStatus(bytes, 200);
    expect(bytes.rawPayload.equals(PNG_1X1)).toBe(true);

    // writing: refused by the file rules (past the mission gate) or by the gate itself for uploads
    const refusals = [
      await request('PUT', `/api/mission/${missionId}/drive/${projectFile._id}`, reader, { name: 'x.txt' }),
      await request('PUT', `/api/action-item/${task}/drive/${taskFile._id}`, reader, { name: 'x.png' }),
      await request('DELETE', `/api/mission/${missionId}/drive/${projectFile._id}`, reader),
      await request('DELETE', `/api/action-item/${task}/drive/${taskFile._id}`, reader),
      await request('DELETE', `/api/drive/file/${projectFile._id}`, reader),
      await request('DELETE', `/api/drive/file/${taskFile._id}`, reader),
    ];
    expect(refusals.map((response) => [response.statusCode, errorOf(response).code])).toEqual(
      Array.from({ length: 6 }, () => [403, 'file/forbidden']),
    );
    for (const url of [`/api/mission/${missionId}/drive`, `/api/action-item/${task}/drive`]) {
      const upload = await uploadTo(url, reader, { name: 'a.txt', bytes: 'a' });
      expect([url, upload.statusCode, errorOf(upload).code]).toEqual([url, 403, 'forbidden']);
    }
    const rows = await t.database.db.select().from(files);
    expect(rows.map((row) => row.name).sort()).toEqual(['photo.png', 'project.txt']);
    expect(blobCount()).toBe(2);
  });

  it('refuses a pending invitee reading or changing files (403 mission/invite-pending)', async () => {
    const projectFile = await uploadOne(`/api/mission/${missionId}/drive`, owner, 'project.txt');
    const taskFile = await uploadOne(`/api/action-item/${task}/drive`, member, 'task.txt');
    const calls = [
      await request('GET', `/api/drive/file/${taskFile._id}`, pending),
      await request('GET', `/api/drive/file/${projectFile._id}`, pending),
      await request('GET', `/api/drive/${taskFile._id}`, pending),
      await request('GET', `/api/drive/signed/${taskFile._id}`, pending),
      await request('GET', `/api/mission/${missionId}/drive`, pending),
      await request('GET', `/api/action-item/${task}/drive`, pending),
      await request('PUT', `/api/mission/${missionId}/drive/${projectFile._id}`, pending, { name: 'x.txt' }),
      await request('DELETE', `/api/drive/file/${taskFile._id}`, pending),
      await uploadTo(`/api/action-item/${task}/drive`, pending, { name: 'a.txt', bytes: 'a' }),
    ];
    expect(calls.map((response) => [response.statusCode, errorOf(response).code])).toEqual(
      Array.from({ length: calls.length }, () => [403, 'mission/invite-pending']),
    );
    expect(await t.database.db.select().from(files)).toHaveLength(2);
  });
});

describe('sharing links', () => {
  it('GET /drive/signed/:id gives a 7-day link that serves the bytes without signing in', async () => {
    const file = await uploadOne(`/api/action-item/${task}/drive`, member, 'photo.png', PNG_1X1);
    const response = await t.request({ method: 'GET', url: `/api/drive/signed/${file._id}`, token: observer.token });
    expectStatus(response, 200);
    const { url, expiresAt } = response.json() as { url: string; expiresAt: string };
    expect(url).toMatch(new RegExp(`^http://localhost:3000/api/drive/d/${file._id}/photo\\.png\\?token=`));
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(SIGNED_LINK_TTL_MS - 60_000);
    const path = url.replace('http://localhost:3000', '');
    const shared = await t.request({ method: 'GET', url: path });
    expectStatus(shared, 200);
    expect(shared.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(shared.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.request({ method: 'GET', url: `/api/drive/signed/${file._id}`, token: outsider.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/drive/signed/${file._id}` })).statusCode).toBe(401);
  });

  it('refuses a missing, tampered, expired or other file’s token (403) and a deleted file (404)', async () => {
    const file = await uploadOne(`/api/action-item/${task}/drive`, member);
    const other = await uploadOne(`/api/action-item/${task}/drive`, member);
    const secret = t.app.ctx.config.authSecret;
    const now = t.app.ctx.clock.now().getTime();
    const { token } = signFileLink(secret, file._id, now);
    const link = (id: string, query: string) => t.request({ method: 'GET', url: `/api/drive/d/${id}/notes.txt${query}` });
    expectStatus(await link(file._id, `?token=${token}`), 200);
    const expired = signFileLink(secret, file._id, now - SIGNED_LINK_TTL_MS - 1000).token;
    const tampered = `${Number(token.split('.')[0]) + 1000}.${token.split('.')[1]}`;
    for (const query of ['', '?token=', `?token=${expired}`, `?token=${tampered}`, '?token=abc.def']) {
      const refused = await link(file._id, query);
      expect([query, refused.statusCode, errorOf(refused).code]).toEqual([query, 403, 'file/link-invalid']);
    }
    expect((await link(other._id, `?token=${token}`)).statusCode).toBe(403);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/drive/file/${file._id}`, token: member.token }), 200);
    expect((await link(file._id, `?token=${token}`)).statusCode).toBe(404);
  });

  it('stops serving a link once the mission’s organisation is deleted (404), as the signed-in routes do', async () => {
    const deletedOrg = (await createOrg(t, owner.token))._id;
    const mission = (await insertMission(t, owner, { orgId: deletedOrg })).id;
    const file = await uploadOne(`/api/mission/${mission}/drive`, owner, 'secret.txt', 'top secret');
    const { url } = (await t.request({ method: 'GET', url: `/api/drive/signed/${file._id}`, token: owner.token })).json() as {
      url: string;
    };
    const path = url.replace('http://localhost:3000', '');
    expectStatus(await t.request({ method: 'GET', url: path }), 200);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/org/${deletedOrg}`, token: owner.token }), 200);
    expectStatus(await t.request({ method: 'GET', url: `/api/drive/${file._id}`, token: owner.token }), 404);
    const shared = await t.request({ method: 'GET', url: path });
    expectStatus(shared, 404);
    expect(shared.body).not.toContain('top secret');
  });
});

describe('POST /action-item/:id/drive/:fileId/copy', () => {
  it('copies a file to a task the caller may update in another mission, bytes and all', async () => {
    const file = await uploadOne(`/api/action-item/${task}/drive`, member, 'photo.png', PNG_1X1);
    const url = `/api/action-item/${task}/drive/${file._id}/copy`;
    const response = await t.request({ method: 'POST', url, token: lead.token, payload: { copyToActionItemId: otherTask } });
    expectStatus(response, 201);
    const copy = response.json() as FileDto;
    expect(copy).toMatchObject({ name: 'photo.png', attachedToId: otherTask, attachedToMissionId: otherMissionId, fileRole: 'OWNER' });
    expect(copy._id).not.toBe(file._id);
    expectStatus(await t.request({ method: 'DELETE', url: `/api/drive/file/${file._id}`, token: member.token }), 200);
    const bytes = await t.request({ method: 'GET', url: `/api/drive/${copy._id}`, token: lead.token });
    expectStatus(bytes, 200);
    expect(bytes.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('refuses a target the caller may not update (403) or not see (404), and bad input (400)', async () => {
    const file = await uploadOne(`/api/action-item/${task}/drive`, member);
    const url = `/api/action-item/${task}/drive/${file._id}/copy`;
    const notTheirs = await t.request({ method: 'POST', url, token: member.token, payload: { copyToActionItemId: unassigned } });
    expect([notTheirs.statusCode, errorOf(notTheirs).code]).toEqual([403, 'task/forbidden']);
    const observerCopy = await t.request({ method: 'POST', url, token: observer.token, payload: { copyToActionItemId: task } });
    expect([observerCopy.statusCode, errorOf(observerCopy).code]).toEqual([403, 'file/forbidden']);
    const hidden = await insertMission(t, outsider);
    const hiddenTask = await insertTask(hidden.id, 'Hidden');
    const unseen = await t.request({ method: 'POST', url, token: member.token, payload: { copyToActionItemId: hiddenTask } });
    expect([unseen.statusCode, errorOf(unseen).code]).toEqual([404, 'task/not-found']);
    for (const payload of [{}, { copyToActionItemId: 'bad' }, { copyToActionItemId: task, more: 1 }]) {
      expect((await t.request({ method: 'POST', url, token: member.token, payload })).statusCode).toBe(400);
    }
    const wrongSource = `/api/action-item/${unassigned}/drive/${file._id}/copy`;
    expect(
      (await t.request({ method: 'POST', url: wrongSource, token: owner.token, payload: { copyToActionItemId: task } })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'POST', url, token: outsider.token, payload: { copyToActionItemId: task } })).statusCode).toBe(404);
    expect(await t.database.db.select().from(files)).toHaveLength(1);
  });
});

describe('GET /org/:orgId/drive/usage', () => {
  it('counts the bytes and files of the organisation for its members', async () => {
    await uploadTo(`/api/action-item/${task}/drive`, member, { name: 'a.txt', bytes: 'abc' }, { name: 'b.png', bytes: PNG_1X1 });
    const response = await t.request({ method: 'GET', url: `/api/org/${orgId}/drive/usage`, token: member.token });
    expectStatus(response, 200);
    expect(response.json()).toEqual({ bytes: 3 + PNG_1X1.length, files: 2 });
    expect((await t.request({ method: 'GET', url: `/api/org/${orgId}/drive/usage`, token: outsider.token })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/org/${orgId}/drive/usage` })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/org/bad/drive/usage', token: owner.token })).statusCode).toBe(400);
  });
});
