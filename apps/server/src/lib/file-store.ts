import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { createDiskFileStore } from './file-store-disk.ts';
import { createS3FileStore } from './file-store-s3.ts';

/** Where uploaded bytes live, by key. Keys are server-made (`drive/<random>`), never a person's file name. */
export type FileStore = {
  /** Stores `size` bytes read from `body` under `key` (replacing nothing: keys are fresh). */
  put: (key: string, body: Readable, size: number, contentType: string) => Promise<void>;
  /** The bytes of `key` as a stream; null when there is no such blob. */
  get: (key: string) => Promise<Readable | null>;
  /** Removes the blob; a missing blob is not an error. */
  delete: (key: string) => Promise<void>;
  /** The stored size of `key`; null when there is no such blob. */
  head: (key: string) => Promise<{ size: number } | null>;
};

/** The S3-compatible store when the configuration names a bucket, else the data folder (`$DATA_DIR/files/drive`). */
export function createFileStore(config: Pick<Config, 'dataDir' | 'files'>): FileStore {
  return config.files.s3 ? createS3FileStore(config.files.s3) : createDiskFileStore(config.dataDir);
}
