import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromFile } from 'file-type';
import type { Config } from '../../config.ts';
import type { FileStore } from '../../lib/file-store.ts';
import { appError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';

/** One file of an upload, held in a temporary file until it is stored. */
export type ReceivedFile = { name: string; size: number; mimetype: string; tempPath: string };

export const UPLOAD_ERRORS = {
  fileTooLarge: (limitMb: number) => appError('fileTooLarge', limitMb),
  tooManyFiles: (count: number) => appError('tooManyFiles', count),
  noFiles: () => appError('noFiles'),
} as const;

const TEXT_SAMPLE_BYTES = 64 * 1024;

/** Bytes that read as text: no NUL byte and valid UTF-8 (a character cut at the end of the sample is fine). */
async function looksLikeText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const sample = Buffer.alloc(TEXT_SAMPLE_BYTES);
    const { bytesRead } = await handle.read(sample, 0, TEXT_SAMPLE_BYTES, 0);
    const bytes = sample.subarray(0, bytesRead);
    if (bytes.includes(0)) return false;
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/** The type of a file from its bytes alone (the client's word is never taken): known formats, else text, else binary. */
export async function sniffMimetype(path: string): Promise<string> {
  const detected = await fileTypeFromFile(path);
  if (detected) return detected.mime;
  return (await looksLikeText(path)) ? 'text/plain' : 'application/octet-stream';
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

const NAME_MAX = 255;

/** A file name as stored: the last path segment, without control characters, at most 255 characters. */
export function cleanFileName(raw: string | undefined): string {
  let name = basename((raw ?? '').replaceAll('\\', '/'))
    .replace(CONTROL_CHARACTERS, '')
    .trim();
  if (name.length > NAME_MAX) {
    // never keep half of a surrogate pair: the database would store it as U+FFFD
    const cut = /[\uD800-\uDBFF]/.test(name[NAME_MAX - 1]!) ? NAME_MAX - 1 : NAME_MAX;
    name = name.slice(0, cut).trim();
  }
  return name && name !== '.' && name !== '..' ? name : 'file';
}

/**
 * Reads every file part of a multipart upload into temporary files under the data folder, within the configured
 * limits (per-file size: 413 LIMIT_FILE_SIZE; number of files: 400 LIMIT_FILE), and sniffs each one's type. On any
 * failure nothing is kept; on success the caller removes the temporary files with `discard`.
 */
export async function receiveUpload(request: FastifyRequest, config: Config): Promise<ReceivedFile[]> {
  if (!request.isMultipart()) throw UPLOAD_ERRORS.noFiles();
  const { fileSizeLimitMb, filesPerUpload } = config.files;
  const folder = join(config.dataDir, 'tmp');
  await mkdir(folder, { recursive: true });
  const received: ReceivedFile[] = [];
  try {
    const parts = request.files({ limits: { fileSize: fileSizeLimitMb * 1024 * 1024, files: filesPerUpload } });
    for await (const part of parts) {
      const tempPath = join(folder, `upload-${newId()}`);
      received.push({ name: cleanFileName(part.filename), size: 0, mimetype: '', tempPath });
      await pipeline(part.file, createWriteStream(tempPath, { flags: 'wx' }));
      if (part.file.truncated) throw UPLOAD_ERRORS.fileTooLarge(fileSizeLimitMb);
      received[received.length - 1]!.size = part.file.bytesRead;
    }
    if (received.length === 0) throw UPLOAD_ERRORS.noFiles();
    for (const file of received) file.mimetype = await sniffMimetype(file.tempPath);
    return received;
  } catch (error) {
    await discard(received);
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw UPLOAD_ERRORS.fileTooLarge(fileSizeLimitMb);
    if (code === 'FST_FILES_LIMIT') throw UPLOAD_ERRORS.tooManyFiles(filesPerUpload);
    throw error;
  }
}

/** Removes the temporary files of an upload. */
export async function discard(files: ReceivedFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.tempPath, { force: true })));
}

/**
 * Stores a received file's bytes under `key`. A store may fail before it reads the body (an unreachable bucket) and
 * then never listens to the read stream, which opens its file asynchronously while the upload's clean-up removes it:
 * an error of that stream with no listener would stop the server. The stream is closed whatever the store did.
 */
export async function storeTemp(store: FileStore, key: string, file: ReceivedFile, mimetype = file.mimetype): Promise<void> {
  const body = createReadStream(file.tempPath);
  body.on('error', () => undefined);
  try {
    await store.put(key, body, file.size, mimetype);
  } finally {
    body.destroy();
  }
}
