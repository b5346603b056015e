import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

// What an attacker sends cannot end the server (issue 44): each case runs against the real
// built server in a process of its own, then checks that it still answers. One server for the
// file; a "public" site on 127.0.0.2 (opened by URL_IMPORT_ALLOWED_NETWORKS, as an operator
// would) plays the attacker's links.

let server: ServerProcess;
let site: Server;
let sitePort: number;

beforeAll(async () => {
  site = createServer((request, response) => {
    switch (request.url) {
      case "/huge.mp3":
        // Declares far more than MAX_UPLOAD_MB: refused on the header, before any body.
        response.writeHead(200, {
          "content-type": "audio/mpeg",
          "content-length": String(10 * 1024 * 1024 * 1024),
        });
        response.write(Buffer.alloc(1024));
        return;
      case "/short.mp3":
        // Declares 100 KB, sends 10 bytes and hangs up.
        response.writeHead(200, { "content-type": "audio/mpeg", "content-length": "102400" });
        response.write(Buffer.alloc(10), () => response.destroy());
        return;
      default:
        response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.2", resolve));
  sitePort = (site.address() as AddressInfo).port;
  server = await startServerProcess({
    URL_IMPORT_ALLOWED_NETWORKS: "127.0.0.2/32",
    MAX_UPLOAD_MB: "2",
    YT_DLP: "off",
  });
});

afterAll(async () => {
  await server?.close();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

/** The server still answers; else its last words. */
async function expectAlive(): Promise<void> {
  const alive = await server.alive();
  expect(alive, `the server died (${server.exited()}):\n${server.output().slice(-3000)}`).toBe(
    true,
  );
}

describe("a URL import", () => {
  const link = (path: string) => `http://127.0.0.2:${sitePort}${path}`;
  /** /api/imports takes JSON; the /v1 routes OpenAI's multipart fields with `url`. */
  const importLink = async (route: string, url: string) => {
    if (route === "/api/imports") {
      return fetch(`${server.base}${route}`, {
        method: "POST",
        headers: { ...server.user.auth, "content-type": "application/json" },
        body: JSON.stringify({ url }),
      });
    }
    const form = new FormData();
    form.append("url", url);
    form.append("model", "whisper-1");
    return fetch(`${server.base}${route}`, {
      method: "POST",
      headers: await server.apiKey(),
      body: form,
    });
  };

  it.each([
    ["/api/imports", "/huge.mp3", 413, "URL_TOO_LARGE"],
    ["/api/imports", "/short.mp3", 502, "URL_FETCH_FAILED"],
    ["/v1/audio/transcriptions", "/huge.mp3", 413, "URL_TOO_LARGE"],
    ["/v1/audio/transcriptions", "/short.mp3", 502, "URL_FETCH_FAILED"],
    ["/v1/transcriptions/jobs", "/huge.mp3", 413, "URL_TOO_LARGE"],
    ["/v1/transcriptions/jobs", "/short.mp3", 502, "URL_FETCH_FAILED"],
  ])("%s of %s is refused and the server stays up", async (route, path, status, code) => {
    const response = await importLink(route, link(path)).catch((error: unknown) => error);
    await expectAlive();
    expect(response).toBeInstanceOf(Response);
    const answered = response as Response;
    const body = (await answered.json()) as { code?: string; error?: { code?: string } };
    expect([answered.status, (body.code ?? body.error?.code)?.toUpperCase()]).toEqual([
      status,
      code,
    ]);
  });
});
