import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { findModel, type ModelEntry } from "@verbatim/engine";

// A model download server of the test's own, so first-start downloads never reach the internet.

export interface Mirror {
  url: string;
  requests: string[];
  /** Resolves once half the file went out (the download is then under way). */
  halfSent: Promise<void>;
  /** Sends the rest. */
  release(): void;
  close(): Promise<void>;
}

/**
 * An HTTP server offering `ggml-tiny.bin` (`bytes`) and any `others` (name → bytes); the file
 * named `hold` (ggml-tiny.bin by default) goes out half at once, the rest when released.
 */
export async function startMirror(
  bytes: Buffer,
  others: Record<string, Buffer> = {},
  hold = "ggml-tiny.bin",
): Promise<Mirror> {
  const files: Record<string, Buffer> = { "ggml-tiny.bin": bytes, ...others };
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let halfSent = () => {};
  const half = new Promise<void>((resolve) => (halfSent = resolve));
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? "");
    const name = (request.url ?? "").slice(1);
    const body = Object.hasOwn(files, name) ? files[name] : undefined;
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { "content-length": body.length });
    if (name !== hold) return void response.end(body);
    const middle = Math.floor(body.length / 2);
    response.write(body.subarray(0, middle), () => halfSent());
    void released.then(() => response.end(body.subarray(middle)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    halfSent: half,
    release,
    close: () => {
      release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** The registry's tiny entry, with the size and checksum of the small test file served instead. */
export function registryFor(bytes: Buffer): ModelEntry[] {
  const tiny = findModel("tiny");
  if (!tiny) throw new Error("no tiny model in the registry");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return [{ ...tiny, sizeBytes: bytes.length, checksum: { algorithm: "sha256", value: sha256 } }];
}
