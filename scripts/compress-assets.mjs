// The browser's files compressed once, at build time (docs/decisions/0243): beside every text
// file of public/build a brotli copy at its highest quality (`.br`) and a gzip one at level 9
// (`.gz`), which express-static-gzip serves to a browser that accepts them. Compressing per
// request (the compression middleware's brotli quality 4, gzip level 6) costs CPU on every
// first visit and sends 12–15 % more: on Slow 3G that is a third of a second before hydration.
// Every file under /build is fingerprinted, so a copy kept from an earlier build is of the same
// bytes; a copy that would not be smaller is not written.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const TEXT = /\.(js|css|svg|json)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && TEXT.test(e.name)).map((e) => path.join(e.parentPath ?? e.path, e.name));
}

const exists = (file) => stat(file).then(() => true, () => false);

/** Writes the missing `.br` and `.gz` copies of the text files under `dir`; resolves to how many files it compressed. */
async function compressAssets(dir) {
  if (!(await exists(dir))) return 0;
  let compressed = 0;
  await Promise.all(
    (await filesUnder(dir)).map(async (file) => {
      if ((await exists(`${file}.br`)) && (await exists(`${file}.gz`))) return;
      const bytes = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      if (br.length < bytes.length) await writeFile(`${file}.br`, br);
      if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
      compressed++;
    }),
  );
  return compressed;
}

// The app's public/build, or the folder given (the bench's bare page: scripts/bench/reference.mjs).
const dir = process.argv[2] ?? "public/build";
const count = await compressAssets(path.resolve(dir));
console.log(`Compressed ${count} browser files (brotli and gzip copies beside them in ${dir}).`);
