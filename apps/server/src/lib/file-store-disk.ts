import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStore } from './file-store.ts';

/** Blobs as files under `<dataDir>/files`; each is written to a temporary name, then renamed (no half files). */
export function createDiskFileStore(dataDir: string): FileStore {
  const root = resolve(dataDir, 'files');
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    if (!path.startsWith(root + sep)) throw new Error(`Invalid file key ${key}`);
    return path;
  };
  const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

  return {
    put: async (key, body, size) => {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const partial = join(dirname(path), `.${Date.now()}-${Math.random().toString(36).slice(2)}.part`);
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        const written = (await stat(partial)).size;
        if (written !== size) throw new Error(`Stored ${written} bytes of ${size}`);
        await rename(partial, path);
      } finally {
        await rm(partial, { force: true });
      }
    },
    get: async (key) => {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
      return createReadStream(path) as Readable;
    },
    delete: async (key) => rm(pathOf(key), { force: true }),
    head: async (key) => {
      try {
        return { size: (await stat(pathOf(key))).size };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
  };
}
