import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Text files worth compressing (images, fonts and media are compressed already). */
const TEXT_FILE = /\.(?:html|js|mjs|css|json|svg|txt|xml|webmanifest|ico)$/;
/** Below this a compressed copy saves less than its own headers cost. */
export const MIN_BYTES = 256;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of
 * the build, once, at build time; the server sends them as they are to clients that accept them
 * (@fastify/static's preCompressed). A copy that is not smaller than the original is not kept.
 */
export function precompress(): Plugin {
  return {
    name: "verbatim-precompress",
    apply: "build",
    enforce: "post",
    closeBundle: {
      order: "post",
      sequential: true,
      handler() {
        const dir = join(import.meta.dirname, "..", "dist");
        for (const path of filesUnder(dir)) {
          // Prerendered pages name the server's origin, filled in (and compressed) when served.
          if (!TEXT_FILE.test(path) || path.includes("/prerendered/")) continue;
          const source = readFileSync(path);
          if (source.length < MIN_BYTES) continue;
          const brotli = brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
          if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
          if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
        }
      },
    },
  };
}
