import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** Text files worth compressing; images and fonts other than TTF come compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|ttf|webmanifest)$/;
/** Below this a compressed copy saves less than the bytes of its own headers. */
const SMALLEST = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the folder (and its subfolders), at the
 * highest levels, so the server sends compressed files without compressing per request.
 */
export async function precompressFolder(folder: string): Promise<void> {
  const files = (await readdir(folder, { recursive: true })).filter((file) => COMPRESSIBLE.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(join(folder, file));
      if (content.length < SMALLEST) return;
      const [br, gz] = await Promise.all([
        brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzipped(content, { level: 9 }),
      ]);
      if (br.length < content.length) await writeFile(join(folder, `${file}.br`), br);
      if (gz.length < content.length) await writeFile(join(folder, `${file}.gz`), gz);
    }),
  );
}
