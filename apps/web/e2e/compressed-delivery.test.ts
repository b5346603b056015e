import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MIN_BYTES } from "../build-plugins/precompress.js";
import { startE2eServer, WEB_DIST, type E2eServer } from "./support/e2e-server.js";
import { rawGet } from "./support/raw-get.js";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;

describe("the built web app over HTTP: precompressed, cached, no source maps", () => {
  let server: E2eServer;

  beforeAll(async () => {
    server = await startE2eServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("sends every script and style of the landing page in brotli or gzip, cached for a year", async () => {
    const page = await rawGet(`${server.base}/`, { "accept-encoding": "gzip, deflate, br" });
    expect(page.status).toBe(200);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["cache-control"]).toBe("no-cache");
    const html = brotliDecompressSync(page.body).toString();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
      (match) => match[1] ?? "",
    );
    expect(assets.length).toBeGreaterThan(1);
    let compressed = 0;
    for (const asset of assets) {
      const plain = await rawGet(`${server.base}${asset}`, { "accept-encoding": "identity" });
      expect(plain.headers["content-encoding"], asset).toBeUndefined();
      expect(plain.headers["cache-control"], asset).toBe("public, max-age=31536000, immutable");
      // A chunk of a few dozen bytes (a shared constant) is sent as it is: compressing it
      // would save less than the header costs.
      if (plain.body.length < MIN_BYTES) continue;
      compressed += 1;
      for (const encoding of ["br", "gzip"] as const) {
        const sent = await rawGet(`${server.base}${asset}`, { "accept-encoding": encoding });
        expect(sent.status, asset).toBe(200);
        expect(sent.headers["content-encoding"], asset).toBe(encoding);
        expect(sent.headers["vary"], asset).toContain("accept-encoding");
        expect(sent.headers["cache-control"], asset).toBe("public, max-age=31536000, immutable");
        expect(sent.body.length, asset).toBeLessThan(plain.body.length);
        expect(decode[encoding](sent.body).equals(plain.body), asset).toBe(true);
      }
    }
    expect(compressed).toBeGreaterThan(1);
  });

  it("has a brotli and a gzip copy of every text file of the build worth compressing", () => {
    const files = filesUnder(WEB_DIST);
    // Files of a few hundred bytes (a tiny manifest) are not worth a compressed copy.
    // Prerendered pages are compressed when served (they name the server's origin).
    const text = files.filter(
      (file) => /\.(?:html|js|css|json|svg)$/.test(file) && !file.includes("/prerendered/"),
    );
    const worthIt = text.filter((file) => statSync(file).size >= MIN_BYTES);
    expect(worthIt.length).toBeGreaterThan(5);
    const missing = worthIt.flatMap((file) =>
      [".br", ".gz"].filter((suffix) => !files.includes(file + suffix)).map((s) => file + s),
    );
    expect(missing.map((file) => relative(WEB_DIST, file))).toEqual([]);
  });

  it("publishes no source map: none built, none referenced, none served", async () => {
    const files = filesUnder(WEB_DIST);
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith(".js"));
    const entry = relative(WEB_DIST, scripts[0] ?? "");
    const script = await rawGet(`${server.base}/${entry}`);
    expect(script.body.toString()).not.toContain("sourceMappingURL");
    const map = await rawGet(`${server.base}/${entry}.map`);
    expect(map.status).toBe(404);
    expect(map.headers["content-type"]).not.toContain("json");
  });
});
