import { negotiate } from "@fastify/accept-negotiator";
import { existsSync, readFileSync } from "node:fs";

/** Encodings the web build writes beside its files (see apps/web/build-plugins/precompress). */
const ENCODINGS = { br: ".br", gzip: ".gz" } as const;
type Encoding = keyof typeof ENCODINGS;

/**
 * An HTML file of the build, in the best encoding the client accepts that the build wrote a
 * copy in (brotli, then gzip), else as it is. Read on every request: a rebuild needs no restart.
 */
export function htmlDocument(
  path: string,
  acceptEncoding: string | undefined,
): { body: Buffer; encoding?: Encoding } {
  const written = (Object.keys(ENCODINGS) as Encoding[]).filter((encoding) =>
    existsSync(path + ENCODINGS[encoding]),
  );
  const encoding = acceptEncoding && written.length > 0 ? negotiate(acceptEncoding, written) : null;
  if (encoding) return { body: readFileSync(path + ENCODINGS[encoding]), encoding };
  return { body: readFileSync(path) };
}
