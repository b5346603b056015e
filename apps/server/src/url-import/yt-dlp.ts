import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { extname, join } from "node:path";
import { AppError } from "../http/app-error.js";
import type { AddressRules } from "../net/address-rules.js";
import { startCheckingProxy } from "../net/checking-proxy.js";
import { tooLarge } from "../net/safe-fetch.js";
import { uploadFileName, type ReceivedFile } from "../uploads/receive-multipart.js";

// yt-dlp, for links to pages (a video site) rather than to media files, only where the operator
// installed it (YT_DLP). It runs as a stranger would: no configuration files (--ignore-config,
// and HOME and XDG folders pointed at its own empty temporary folder, which is also its working
// folder and deleted afterwards), no cache, no playlists, no ffmpeg (so every byte it fetches
// goes through its own HTTP code), a time limit, and every connection through a checking proxy
// on 127.0.0.1 that applies the URL import's address rules (net/checking-proxy.ts): a page
// that points yt-dlp at an internal address gets the same refusal as a URL that does.

/** What one yt-dlp download may take. */
export interface YtDlpLimits {
  command: string;
  rules: AddressRules;
  /** The upload folder: the file is moved there for the intake. */
  dir: string;
  limitBytes: number;
  /** The longest media, in seconds (the user's minutes): longer is refused before downloading. */
  maxSeconds: number;
  timeoutMs: number;
  signal?: AbortSignal;
}

const availability = new Map<string, Promise<boolean>>();

/** Whether `command` runs (`--version`), asked once per command for the process's life. */
export function ytDlpInstalled(command: string): Promise<boolean> {
  let known = availability.get(command);
  if (!known) {
    known = run(command, ["--version"], { cwd: tmpdir(), timeoutMs: 15_000 }).then(
      (result) => result.code === 0,
      () => false,
    );
    availability.set(command, known);
  }
  return known;
}

/** What yt-dlp says about a page (`-J`), the parts used here. */
interface PageInfo {
  title?: string;
  duration?: number | null;
  filesize?: number | null;
  filesize_approx?: number | null;
  is_live?: boolean | null;
  _type?: string;
}

/**
 * Downloads the media of a page with yt-dlp under the limits: the page's length and size are
 * read first (too long for the minutes left: 402 URL_TOO_LONG; too large: 413), then the best
 * audio (or the best single file) is fetched into a temporary folder and moved to `dir`.
 */
export async function downloadWithYtDlp(url: URL, limits: YtDlpLimits): Promise<ReceivedFile> {
  const home = await mkdtemp(join(tmpdir(), "verbatim-yt-dlp-"));
  // Metadata, manifests and the media itself: a little over the file's own limit.
  const proxy = await startCheckingProxy(limits.rules, {
    limitBytes: limits.limitBytes + 16 * 1024 * 1024,
  });
  const deadline = AbortSignal.timeout(limits.timeoutMs);
  const signal = limits.signal ? AbortSignal.any([deadline, limits.signal]) : deadline;
  const common = [
    "--ignore-config",
    "--no-playlist",
    "--no-cache-dir",
    "--no-mtime",
    "--proxy",
    proxy.url,
    "--socket-timeout",
    "30",
    // No ffmpeg: it would fetch on its own, past the proxy.
    "--ffmpeg-location",
    join(home, "no-ffmpeg"),
    "--downloader",
    "native",
  ];
  const fail = (result: RunResult): never => {
    if (deadline.aborted) {
      throw new AppError("URL_TIMEOUT");
    }
    if (proxy.refused() > 0) {
      throw new AppError("URL_NOT_ALLOWED", { reason: "yt-dlp was led to a refused address" });
    }
    // The proxy cut the media off at the limit, or yt-dlp stopped at --max-filesize: too large,
    // not a failed fetch.
    if (proxy.overLimit() || /larger than max-filesize/i.test(result.stderr)) {
      throw tooLarge(limits.limitBytes);
    }
    if (/unsupported url/i.test(result.stderr)) {
      throw new AppError("URL_SITE_NOT_SUPPORTED");
    }
    if (/HTTP Error 40[34]|not found|unavailable|private video/i.test(result.stderr)) {
      throw new AppError("URL_NOT_FOUND");
    }
    throw new AppError("URL_FETCH_FAILED", {
      reason: result.stderr.trim().split("\n").at(-1)?.slice(0, 300) ?? "",
    });
  };
  try {
    const options = { cwd: home, timeoutMs: limits.timeoutMs, signal, env: isolatedEnv(home) };
    const probe = await run(limits.command, ["-J", ...common, "--", url.href], options);
    if (probe.code !== 0) fail(probe);
    const info = JSON.parse(probe.stdout) as PageInfo;
    if (info.is_live || info._type === "playlist") {
      throw new AppError("URL_SITE_NOT_SUPPORTED");
    }
    if (typeof info.duration === "number" && info.duration > limits.maxSeconds) {
      throw new AppError("URL_TOO_LONG", {
        neededMinutes: Math.ceil(info.duration / 60),
        availableMinutes: Math.floor(limits.maxSeconds / 60),
      });
    }
    const size = info.filesize ?? info.filesize_approx;
    if (typeof size === "number" && size > limits.limitBytes) throw tooLarge(limits.limitBytes);

    const media = await run(
      limits.command,
      [
        ...common,
        "--format",
        "bestaudio/best",
        "--max-filesize",
        String(limits.limitBytes),
        "--output",
        join(home, "media.%(ext)s"),
        "--",
        url.href,
      ],
      options,
    );
    if (media.code !== 0) fail(media);
    const made = (await readdir(home)).find((name) => name.startsWith("media."));
    if (!made) throw tooLarge(limits.limitBytes); // --max-filesize skips the download silently
    const from = join(home, made);
    const bytes = (await stat(from)).size;
    if (bytes > limits.limitBytes) throw tooLarge(limits.limitBytes);
    await mkdir(limits.dir, { recursive: true });
    const path = join(limits.dir, `${randomUUID()}.upload`);
    await copyFile(from, path);
    return {
      path,
      bytes,
      fileName: uploadFileName(`${info.title ?? url.hostname}${extname(made)}`),
      mimeType: "",
    };
  } finally {
    await proxy.close();
    await rm(home, { recursive: true, force: true });
  }
}

/** The environment yt-dlp sees: a PATH, and every home and configuration folder its own. */
function isolatedEnv(home: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    XDG_CONFIG_HOME: home,
    XDG_CACHE_HOME: home,
    APPDATA: home,
    LANG: "C.UTF-8",
  };
}

interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Longest output kept: page metadata can be large, error text is read from its end. */
const OUTPUT_BYTES = 8 * 1024 * 1024;

/** Runs a program without a shell, killed at the time limit or when `signal` aborts. */
function run(
  command: string,
  args: string[],
  {
    cwd,
    timeoutMs,
    signal,
    env,
  }: { cwd: string; timeoutMs: number; signal?: AbortSignal; env?: NodeJS.ProcessEnv },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd,
      env: env ?? isolatedEnv(cwd),
      stdio: ["ignore", "pipe", "pipe"],
      timeout: timeoutMs,
      killSignal: "SIGKILL",
      ...(signal ? { signal } : {}),
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      if (stdout.length < OUTPUT_BYTES) stdout += chunk.toString("utf8");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString("utf8")).slice(-16_384);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      // Killed by the signal or the time limit: answered like any other failed run.
      if (error.name === "AbortError") resolve({ code: null, stdout, stderr });
      else reject(error);
    });
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}
