import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join, posix } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parse as parseDisposition } from "content-disposition";
import { AppError } from "../http/app-error.js";
import { isDiskFull } from "../http/error-handler.js";
import type { AddressRules } from "../net/address-rules.js";
import { safeFetch } from "../net/safe-fetch.js";
import {
  noRoomForUpload,
  uploadFileName,
  type ReceivedFile,
} from "../uploads/receive-multipart.js";

/** What a direct download may take. */
export interface DownloadLimits {
  rules: AddressRules;
  /** Where the file goes (the upload folder: the intake takes it from there). */
  dir: string;
  /** Largest file, in bytes (the upload limit). */
  limitBytes: number;
  /** The whole download. */
  timeoutMs: number;
  /** The request's client hung up. */
  signal?: AbortSignal;
  /** Bytes so far and the declared total (null when the server declares none). */
  onProgress?: (received: number, total: number | null) => void;
  /** Sent as User-Agent, so site owners can see who fetched. */
  userAgent: string;
}

/** A link that leads to a web page, not a media file (yt-dlp's job, when installed). */
export interface WebPage {
  kind: "page";
  url: URL;
}

/** Media types that are pages, never media. */
const PAGE_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/**
 * Downloads a link to a media file into `dir` under the address rules (safeFetch), at most
 * `limitBytes` (a declared length over it is refused before reading) within `timeoutMs`.
 * A link that answers with a web page comes back as a WebPage, without its body. The partial
 * file is deleted on any failure.
 */
export async function downloadLink(
  link: string,
  limits: DownloadLimits,
): Promise<ReceivedFile | WebPage> {
  // Made before the fetch: from the moment the response is in hand, nothing awaits until its
  // body is in the pipeline below (a body that fails in between, as one whose declared length
  // is over the limit does at once, must have someone listening).
  await mkdir(limits.dir, { recursive: true });
  const response = await safeFetch(link, {
    rules: limits.rules,
    limitBytes: limits.limitBytes,
    timeoutMs: limits.timeoutMs,
    ...(limits.signal ? { signal: limits.signal } : {}),
    headers: {
      "user-agent": limits.userAgent,
      accept: "audio/*, video/*, application/octet-stream;q=0.9, */*;q=0.5",
    },
  });
  if (response.status === 404 || response.status === 410) {
    response.body.destroy();
    throw new AppError("URL_NOT_FOUND");
  }
  if (response.status < 200 || response.status > 299) {
    response.body.destroy();
    throw new AppError("URL_FETCH_FAILED", {
      upstreamStatus: response.status,
    });
  }
  if (PAGE_TYPES.test(response.headers["content-type"] ?? "")) {
    response.body.destroy();
    return { kind: "page", url: response.url };
  }
  const path = join(limits.dir, `${randomUUID()}.upload`);
  const declared = Number(response.headers["content-length"]);
  const total = Number.isFinite(declared) ? declared : null;
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      limits.onProgress?.(received, total);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      response.body,
      counter,
      createWriteStream(path, { highWaterMark: 4 * 1024 * 1024 }),
    );
  } catch (error) {
    await rm(path, { force: true });
    throw isDiskFull(error) ? noRoomForUpload() : error;
  }
  return {
    path,
    bytes: received,
    fileName: fileNameOf(response.url, response.headers["content-disposition"]),
    mimeType: response.headers["content-type"] ?? "",
  };
}

/** The file's name: the one the server gives (Content-Disposition), else the URL's last part. */
export function fileNameOf(url: URL, disposition: string | undefined): string {
  if (disposition) {
    try {
      const name = parseDisposition(disposition).parameters.filename;
      if (name) return uploadFileName(name);
    } catch {
      // A broken header names nothing; the URL still does.
    }
  }
  let last = posix.basename(url.pathname);
  try {
    last = decodeURIComponent(last);
  } catch {
    // Kept as sent.
  }
  return uploadFileName(last || url.hostname);
}
