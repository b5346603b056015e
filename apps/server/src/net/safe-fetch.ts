import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { Transform, type Readable } from "node:stream";
import { AppError } from "../http/app-error.js";
import type { AddressRules } from "./address-rules.js";

// Fetching a URL a user gave (URL import, webhook deliveries) without letting the URL reach
// what it must not (docs/url-import.md, "Security"):
//   - only http: and https:, no user name or password in the URL;
//   - the host is resolved here, every address it resolves to is checked against the
//     AddressRules, and the connection goes to an address that was checked — the lookup that
//     checks is the lookup the socket uses, so DNS that answers differently a moment later
//     (rebinding) cannot move the connection; an IP literal (decimal, octal, hex spellings are
//     normalised by the URL parser first) is checked before anything connects;
//   - every redirect is a new request through the same checks, at most `maxRedirects`;
//   - response headers are capped (`maxHeaderBytes`), the body by `limitBytes` (declared length
//     refused before reading, real length counted while reading), the whole exchange by
//     `timeoutMs`;
//   - nothing of the caller is forwarded: no cookies, no credentials, only the headers given.

/** What safeFetch may do. */
export interface SafeFetchOptions {
  rules: AddressRules;
  method?: "GET" | "HEAD" | "POST";
  /** The only request headers sent (with Host, and Content-Length for a body). */
  headers?: Record<string, string>;
  body?: string;
  /** Redirects followed (each re-checked); 0: a redirect is returned as it is. Default 5. */
  maxRedirects?: number;
  /** Largest response header block, in bytes. Default 16 KiB. */
  maxHeaderBytes?: number;
  /** Largest body the caller will read, in bytes (the body stream fails past it). */
  limitBytes?: number;
  /** The whole exchange, body included: the body stream fails after it. Default 30 s. */
  timeoutMs?: number;
  /** Aborts the exchange (the caller gave up). */
  signal?: AbortSignal;
  /** Name resolution (tests answer differently on each call to play DNS rebinding). */
  lookup?: typeof dnsLookup;
}

/** A response whose connection went only where the rules allow. */
export interface SafeResponse {
  /** Where the body came from, after redirects. */
  url: URL;
  status: number;
  headers: IncomingHttpHeaders;
  /** The body, failing with URL_TOO_LARGE past `limitBytes` and URL_TIMEOUT past the time. */
  body: Readable;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const DEFAULT_TIMEOUT_MS = 30_000;
const DEFAULT_HEADER_BYTES = 16 * 1024;

/** A URL the rules refuse: 400 URL_NOT_ALLOWED (the reason stays in the server's log). */
export function urlNotAllowed(reason: string): AppError {
  return new AppError("URL_NOT_ALLOWED", { reason });
}

/**
 * Parses and checks a URL a user gave, before any network use: http/https only, no
 * credentials, and an IP-literal host (in any spelling the URL parser normalises) allowed by
 * the rules. A host name is checked when it is resolved (safeFetch).
 */
export function checkUrl(text: string, rules: AddressRules): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new AppError("URL_INVALID");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw urlNotAllowed("scheme");
  if (url.username || url.password) throw urlNotAllowed("credentials in the URL");
  const host = bareHost(url);
  if (host === "") throw urlNotAllowed("no host");
  if (isIP(host)) {
    const refused = rules.refusal(host);
    if (refused) throw urlNotAllowed(refused);
  }
  return url;
}

/**
 * checkUrl, and the host name resolved and checked too: for URLs kept to be fetched later
 * (webhooks), so a refused one is refused when it is given. The fetch checks again.
 */
export async function checkUrlNow(
  text: string,
  rules: AddressRules,
  resolve: typeof dnsLookup = dnsLookup,
): Promise<URL> {
  const url = checkUrl(text, rules);
  const host = bareHost(url);
  if (isIP(host)) return url;
  await new Promise<void>((resolved, rejected) => {
    checkedLookup(rules, resolve)(host, { all: true }, (error) => {
      if (!error) return resolved();
      const { code } = error as { code?: string };
      rejected(
        code === "ENOTFOUND" || code === "EAI_AGAIN" ? new AppError("URL_HOST_NOT_FOUND") : error,
      );
    });
  });
  return url;
}

/** The URL's host without IPv6 brackets. */
function bareHost(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * A lookup for sockets that resolves the name once and hands the socket only addresses the
 * rules allow; a name with any refused address is refused as a whole (a public address beside
 * a private one is a trick, not a mirror).
 */
export function checkedLookup(rules: AddressRules, resolve: typeof dnsLookup = dnsLookup) {
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error) return callback(error, "", 0);
      const addresses = found as unknown as LookupAddress[];
      const refused = addresses.map((entry) => rules.refusal(entry.address)).find(Boolean);
      if (refused || addresses.length === 0) {
        return callback(urlNotAllowed(refused ?? "no address"), "", 0);
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0] as LookupAddress;
      return callback(null, first.address, first.family);
    });
  };
  return lookup;
}

/** Fetches `text` under the rules (see the module comment); the caller reads or drops the body. */
export async function safeFetch(text: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const maxRedirects = options.maxRedirects ?? 5;
  let url = checkUrl(text, options.rules);
  let method = options.method ?? "GET";
  let body = options.body;
  for (let hop = 0; ; hop++) {
    const response = await request(url, method, body, options, signal, deadline);
    const location = response.headers.location;
    if (!REDIRECTS.has(response.statusCode ?? 0) || maxRedirects === 0 || !location) {
      return {
        url,
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: capped(response, options.limitBytes, signal, deadline),
      };
    }
    response.resume();
    if (hop >= maxRedirects) {
      throw new AppError("URL_TOO_MANY_REDIRECTS", {
        maxRedirects,
      });
    }
    // Each hop is checked as if the user had given it.
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      throw new AppError("URL_FETCH_FAILED");
    }
    url = checkUrl(next.href, options.rules);
    if (
      response.statusCode === 303 ||
      (response.statusCode !== 307 && response.statusCode !== 308 && method === "POST")
    ) {
      method = method === "HEAD" ? "HEAD" : "GET";
      body = undefined;
    }
  }
}

/** One request, answered with its response headers (the body not yet read). */
function request(
  url: URL,
  method: string,
  body: string | undefined,
  options: SafeFetchOptions,
  signal: AbortSignal,
  deadline: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === "https:" ? https : http;
  const headers: Record<string, string> = { ...options.headers };
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  return new Promise((resolve, reject) => {
    const outgoing = client.request(url, {
      method,
      headers,
      // A fresh connection each time: no socket reused from a request that went elsewhere.
      agent: false,
      lookup: checkedLookup(options.rules, options.lookup),
      maxHeaderSize: options.maxHeaderBytes ?? DEFAULT_HEADER_BYTES,
      signal,
    });
    outgoing.once("response", resolve);
    outgoing.once("error", (error) => reject(fetchError(error, deadline)));
    outgoing.end(body);
  });
}

/** What went wrong, as the API's errors. */
function fetchError(error: unknown, deadline: AbortSignal): unknown {
  if (error instanceof AppError) return error;
  if (deadline.aborted) {
    return new AppError("URL_TIMEOUT");
  }
  const { code, name } = error as { code?: string; name?: string };
  if (name === "AbortError") return error;
  // The socket's lookup refused the address: Node wraps nothing, the AppError arrives as is.
  if (code === "HPE_HEADER_OVERFLOW") {
    return new AppError("URL_FETCH_FAILED");
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return new AppError("URL_HOST_NOT_FOUND");
  }
  return new AppError("URL_FETCH_FAILED", {
    reason: code ?? name ?? "error",
  });
}

/** The body, failing past `limitBytes` (a declared length over it fails at once) or the time. */
function capped(
  response: IncomingMessage,
  limitBytes: number | undefined,
  signal: AbortSignal,
  deadline: AbortSignal,
): Readable {
  let read = 0;
  const declared = Number(response.headers["content-length"]);
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      if (limitBytes !== undefined && read > limitBytes) return done(tooLarge(limitBytes));
      done(null, chunk);
    },
  });
  // The body can fail before its reader listens (a declared length over the limit fails on
  // the next tick; the connection can drop while the caller awaits something else). The
  // failure is kept on the stream (`errored`) for whoever reads it — pipeline() and for-await
  // report it — instead of being an 'error' event nobody hears, which ends the process.
  limiter.on("error", () => undefined);
  response.on("error", (error) => limiter.destroy(fetchError(error, deadline) as Error));
  const onAbort = () => {
    limiter.destroy(fetchError(signal.reason, deadline) as Error);
    response.destroy();
  };
  signal.addEventListener("abort", onAbort, { once: true });
  limiter.once("close", () => {
    signal.removeEventListener("abort", onAbort);
    response.destroy();
  });
  if (limitBytes !== undefined && Number.isFinite(declared) && declared > limitBytes) {
    process.nextTick(() => limiter.destroy(tooLarge(limitBytes)));
    response.resume();
    return limiter;
  }
  response.pipe(limiter);
  return limiter;
}

/** A body over the limit: 413 URL_TOO_LARGE. */
export function tooLarge(limitBytes: number): AppError {
  return new AppError("URL_TOO_LARGE", {
    limitMb: Math.round(limitBytes / (1024 * 1024)),
  });
}

/** Reads a whole (small) body: up to `limitBytes`, then stops reading without failing. */
export async function readSome(body: Readable, limitBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let read = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      read += chunk.length;
      if (read >= limitBytes) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limitBytes).toString("utf8");
}
