import { basename, dirname } from "node:path";
import send from "@fastify/send";
import type { FastifyReply, FastifyRequest } from "fastify";
import { fail } from "../http/app-error.js";
import type { ByteRange } from "./file-store.js";
import { storeOfLocation } from "./stored-files.js";

// Answers a download of a kept file, wherever it is stored, with byte ranges (206) for players:
// a file in the local folder through @fastify/send (ETag, Last-Modified, conditional requests);
// a file in a bucket streamed through with the bucket's own range read, so the browser needs
// no address of the bucket and the bucket no CORS rules.

/** What the answer says of the file. */
export interface StoredFileAnswer {
  contentType: string;
  cacheControl: string;
  /** Content-Disposition (an attachment's name), if any. */
  disposition?: string;
  /** Thrown when the file is not there. */
  notFound: () => never;
}

/**
 * The byte range a `Range` header asks for, for a file of `size` bytes: undefined for the whole
 * file (no header, not a bytes range, several ranges: answered whole, as RFC 9110 allows), or
 * "unsatisfiable" (416).
 */
export function requestedRange(
  header: string | undefined,
  size: number,
): ByteRange | "unsatisfiable" | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return undefined;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return "unsatisfiable";
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return undefined;
  return { start, end };
}

export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  location: string,
  answer: StoredFileAnswer,
): Promise<FastifyReply> {
  const store = storeOfLocation(location);
  if (store.kind === "local") return sendLocalFile(request, reply, location, answer);
  const info = await store.stat(location);
  if (!info) answer.notFound();
  const range = requestedRange(request.headers.range, info.size);
  if (range === "unsatisfiable") {
    reply.header("content-range", `bytes */${info.size}`);
    fail("RANGE_NOT_SATISFIABLE");
  }
  const body = await store.get(location, range);
  reply
    .header("content-type", answer.contentType)
    .header("cache-control", answer.cacheControl)
    .header("accept-ranges", "bytes")
    .header("last-modified", info.modified.toUTCString());
  if (answer.disposition) reply.header("content-disposition", answer.disposition);
  if (range) {
    reply
      .code(206)
      .header("content-range", `bytes ${range.start}-${range.end}/${info.size}`)
      .header("content-length", range.end - range.start + 1);
  } else {
    reply.code(200).header("content-length", info.size);
  }
  return reply.send(body);
}

async function sendLocalFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  answer: StoredFileAnswer,
): Promise<FastifyReply> {
  const file = await send(request.raw, basename(path), {
    root: dirname(path),
    dotfiles: "deny",
    index: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
  });
  if (file.type === "error") {
    const status = (file.metadata.error as { status?: number }).status;
    if (status === 404) answer.notFound();
    if (status === 416) {
      // RFC 9110: a 416 says how long the file is (`bytes */size`), so a player can ask again.
      const range = file.headers["Content-Range"];
      if (typeof range === "string") reply.header("content-range", range);
      fail("RANGE_NOT_SATISFIABLE");
    }
    throw file.metadata.error;
  }
  reply
    // 200 or 206, or send's own 304 (not modified) and 412 (a precondition failed).
    .code(file.statusCode as 200 | 206)
    .headers(file.headers)
    .header("content-type", answer.contentType)
    .header("cache-control", answer.cacheControl);
  if (answer.disposition) reply.header("content-disposition", answer.disposition);
  return reply.send(file.stream);
}
