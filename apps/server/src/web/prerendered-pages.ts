import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyRequest } from "fastify";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { SESSION_COOKIE } from "../auth/require-user.js";
import { requestLanguage } from "../http/request-language.js";

/** What the web build wrote (apps/web/build-plugins/prerender.ts). */
interface Manifest {
  languages: string[];
  paths: string[];
  notFound: string;
}

/** The build's stand-in for this server's origin in canonical, hreflang and Open Graph links. */
const ORIGIN_PLACEHOLDER = "%VERBATIM_ORIGIN%";
/** The interface-language cookie the web app sets (apps/web/src/i18n/language.ts). */
const LANGUAGE_COOKIE = "verbatim_language";

type Encoding = "br" | "gzip";

/** The language a visitor's page is sent in: ?lang=, then their choice, then the browser's. */
export function visitorLanguage(request: FastifyRequest, languages: string[]): string {
  const query = (request.query as Record<string, unknown> | undefined)?.lang;
  if (typeof query === "string" && languages.includes(query)) return query;
  const cookie = String(request.headers.cookie ?? "")
    .split(";")
    .map((part) => part.trim().split("="))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (cookie && languages.includes(decodeURIComponent(cookie))) return decodeURIComponent(cookie);
  const asked = requestLanguage(request);
  return languages.includes(asked) ? asked : "en";
}

/**
 * The public pages rendered at build time, per language: a visitor (no session cookie) gets
 * the page's HTML at once, which the app then hydrates; a signed-in user gets the app.
 * Links name this server's PUBLIC_URL; the result is compressed once per file and encoding.
 */
export function prerenderedPages(webDir: string, publicUrl: string) {
  const dir = join(webDir, "prerendered");
  const manifestPath = join(dir, "pages.json");
  const cache = new Map<string, { mtimeMs: number; body: Buffer }>();

  const manifest = (): Manifest | undefined =>
    existsSync(manifestPath)
      ? (JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest)
      : undefined;

  const fileNameOf = (path: string) => (path === "/" ? "index.html" : `${path.slice(1)}.html`);

  const encoded = (file: string, encoding: Encoding | undefined): Buffer => {
    const key = `${file}|${encoding ?? "identity"}`;
    const mtimeMs = statSync(file).mtimeMs; // a rebuild needs no restart
    const hit = cache.get(key);
    if (hit && hit.mtimeMs === mtimeMs) return hit.body;
    const html = Buffer.from(
      readFileSync(file, "utf8").replaceAll(ORIGIN_PLACEHOLDER, publicUrl.replace(/\/$/, "")),
    );
    const body =
      encoding === "br"
        ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : encoding === "gzip"
          ? gzipSync(html, { level: 9 })
          : html;
    cache.set(key, { mtimeMs, body });
    return body;
  };

  /** The page for this request, or undefined (signed in, not a prerendered path, no build). */
  return (
    request: FastifyRequest,
    path: string,
    known: boolean,
  ): { body: Buffer; encoding?: Encoding; language: string } | undefined => {
    if (String(request.headers.cookie ?? "").includes(`${SESSION_COOKIE}=`)) return undefined;
    const pages = manifest();
    if (!pages) return undefined;
    const normalized = path.length > 1 ? path.replace(/\/$/, "") : path;
    const fileName = pages.paths.includes(normalized)
      ? fileNameOf(normalized)
      : known
        ? undefined
        : pages.notFound;
    if (!fileName) return undefined;
    const language = visitorLanguage(request, pages.languages);
    const file = join(dir, language, fileName);
    if (!existsSync(file)) return undefined;
    const accept = request.headers["accept-encoding"];
    const encoding = accept ? (negotiate(accept, ["br", "gzip"]) ?? undefined) : undefined;
    return { body: encoded(file, encoding), language, ...(encoding ? { encoding } : {}) };
  };
}
