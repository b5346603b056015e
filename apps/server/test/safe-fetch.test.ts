import type { LookupAddress } from "node:dns";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddressRules } from "../src/net/address-rules.js";
import { readSome, safeFetch } from "../src/net/safe-fetch.js";

// Every trick a hostile URL uses to reach what it must not, against real local servers: an
// "internal" server on 127.0.0.1 that must never see a request, and a "public" stand-in on
// 127.0.0.2 (opened to the fetcher by an allow-list entry for that one address, as an
// operator's URL_IMPORT_ALLOWED_NETWORKS would) that plays the attacker's site.

interface Local {
  server: Server;
  port: number;
  hits: string[];
}

async function listen(
  host: string,
  port: number,
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<Local> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(request.url ?? "");
    handler(request, response);
  });
  // Sockets that reach the server count too, even when no request completes.
  server.on("connection", () => hits.push("(connection)"));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return { server, port: (server.address() as AddressInfo).port, hits };
}

let internal: Local;
let attacker: Local;
const noRules = new AddressRules();
const attackerOnly = new AddressRules(["127.0.0.2/32"]);

beforeAll(async () => {
  internal = await listen("127.0.0.1", 0, (_request, response) => response.end("secret"));
  // The same port on another loopback address, so a URL can differ only in where it resolves.
  attacker = await listen("127.0.0.2", internal.port, (request, response) => {
    const url = new URL(request.url ?? "/", "http://x");
    const to = url.searchParams.get("to");
    if (url.pathname === "/redirect" && to) {
      response.writeHead(302, { location: to }).end();
    } else if (url.pathname === "/loop") {
      response.writeHead(302, { location: "/loop" }).end();
    } else if (url.pathname === "/big") {
      response.writeHead(200, { "content-length": String(2 * 1024 * 1024) });
      response.end(Buffer.alloc(2 * 1024 * 1024));
    } else if (url.pathname === "/endless") {
      // No declared length: only counting the bytes stops it.
      response.writeHead(200);
      const send = () => {
        if (!response.destroyed && response.write(Buffer.alloc(64 * 1024))) setImmediate(send);
        else if (!response.destroyed) response.once("drain", send);
      };
      send();
    } else if (url.pathname === "/headers") {
      response.writeHead(200, { "x-padding": "a".repeat(64 * 1024) }).end("ok");
    } else if (url.pathname === "/slow") {
      // Answers nothing until the client gives up.
    } else if (url.pathname === "/echo") {
      response.end(JSON.stringify(request.headers));
    } else {
      response.end("public");
    }
  });
});

afterAll(async () => {
  internal.server.closeAllConnections();
  attacker.server.closeAllConnections();
  await new Promise((resolve) => internal.server.close(resolve));
  await new Promise((resolve) => attacker.server.close(resolve));
});

/** Fetches and reads the body; the error's code when it fails. */
async function outcome(
  url: string,
  options: Partial<Parameters<typeof safeFetch>[1]> = {},
): Promise<string> {
  try {
    const response = await safeFetch(url, { rules: noRules, timeoutMs: 5_000, ...options });
    // Reads past the largest cap a test sets, so a cap, not this read, ends an endless body.
    return `${response.status} ${await readSome(response.body, 4 * 1024 * 1024)}`;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe("safeFetch: the address rules", () => {
  it("reaches an allowed address (the allow-list opens exactly that network)", async () => {
    expect(await outcome(`http://127.0.0.2:${attacker.port}/`, { rules: attackerOnly })).toBe(
      "200 public",
    );
    expect(await outcome(`http://127.0.0.2:${attacker.port}/`)).toBe("URL_NOT_ALLOWED");
  });

  it("refuses loopback, private, link-local, CGNAT, multicast, metadata and unspecified addresses in every spelling", async () => {
    const port = internal.port;
    const urls = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`, // a name that resolves to loopback
      `http://2130706433:${port}/`, // decimal
      `http://0x7f000001:${port}/`, // hex
      `http://017700000001:${port}/`, // octal
      `http://0x7f.0.0.1:${port}/`,
      `http://127.1:${port}/`, // short form
      `http://0177.0.0.01:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`, // IPv4-mapped
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`, // IPv4-compatible
      `http://[64:ff9b::7f00:1]:${port}/`, // NAT64
      `http://[2002:7f00:1::]:${port}/`, // 6to4
      `http://[0:0:0:0:0:0:0:1]:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://0:${port}/`,
      "http://10.0.0.1/",
      "http://172.16.0.1/",
      "http://192.168.1.1/",
      "http://169.254.169.254/latest/meta-data/", // cloud metadata
      "http://[fd00:ec2::254]/", // AWS's IPv6 metadata
      "http://100.100.100.200/", // Alibaba's metadata (CGNAT range)
      "http://100.64.0.1/",
      "http://224.0.0.1/",
      "http://255.255.255.255/",
      "http://[fe80::1]/",
      "http://[ff02::1]/",
      "http://[fc00::1]/",
      "http://192.0.2.1/", // documentation
      "http://240.0.0.1/", // reserved
    ];
    for (const url of urls) expect([url, await outcome(url)]).toEqual([url, "URL_NOT_ALLOWED"]);
    expect(internal.hits).toEqual([]);
  });

  it("refuses other schemes and URLs that carry credentials", async () => {
    for (const url of [
      "file:///etc/passwd",
      "ftp://example.com/a.mp3",
      "gopher://127.0.0.2:70/",
      "data:audio/mpeg;base64,AAAA",
      `http://user:pass@127.0.0.2:${attacker.port}/`,
    ]) {
      expect([url, await outcome(url, { rules: attackerOnly })]).toEqual([url, "URL_NOT_ALLOWED"]);
    }
    expect(await outcome("not a url")).toBe("URL_INVALID");
  });

  it("connects to the address it checked, though DNS answers differently a moment later (rebinding)", async () => {
    let calls = 0;
    // First answer allowed, every later one the internal server: a fetcher that checks with
    // one lookup and lets the socket look up again lands on 127.0.0.1.
    const rebinding = ((
      _host: string,
      _options: unknown,
      callback: (error: null, addresses: LookupAddress[]) => void,
    ) => {
      calls += 1;
      const address = calls === 1 ? "127.0.0.2" : "127.0.0.1";
      callback(null, [{ address, family: 4 }]);
    }) as unknown as typeof import("node:dns").lookup;
    const before = internal.hits.length;
    expect(
      await outcome(`http://rebind.example:${attacker.port}/`, {
        rules: attackerOnly,
        lookup: rebinding,
      }),
    ).toBe("200 public");
    expect(calls).toBe(1);
    expect(internal.hits.length).toBe(before);
  });

  it("refuses a name whose addresses mix public and refused ones", async () => {
    const mixed = ((
      _host: string,
      _options: unknown,
      callback: (error: null, addresses: LookupAddress[]) => void,
    ) =>
      callback(null, [
        { address: "127.0.0.2", family: 4 },
        { address: "127.0.0.1", family: 4 },
      ])) as unknown as typeof import("node:dns").lookup;
    expect(
      await outcome(`http://mixed.example:${attacker.port}/`, {
        rules: attackerOnly,
        lookup: mixed,
      }),
    ).toBe("URL_NOT_ALLOWED");
    expect(internal.hits).toEqual([]);
  });
});

describe("safeFetch: redirects, caps and what is sent", () => {
  const at = (path: string) => `http://127.0.0.2:${attacker.port}${path}`;

  it("checks every redirect like the first URL", async () => {
    for (const to of [
      `http://127.0.0.1:${internal.port}/secret`,
      `http://[::ffff:127.0.0.1]:${internal.port}/secret`,
      `http://2130706433:${internal.port}/secret`,
      "file:///etc/passwd",
      "http://169.254.169.254/latest/meta-data/",
    ]) {
      expect(
        await outcome(at(`/redirect?to=${encodeURIComponent(to)}`), { rules: attackerOnly }),
      ).toBe("URL_NOT_ALLOWED");
    }
    expect(internal.hits).toEqual([]);
    // An allowed hop is followed.
    expect(
      await outcome(at(`/redirect?to=${encodeURIComponent("/")}`), { rules: attackerOnly }),
    ).toBe("200 public");
    // With redirects off (webhooks), the redirect itself is the answer.
    expect(
      await outcome(at(`/redirect?to=${encodeURIComponent("/")}`), {
        rules: attackerOnly,
        maxRedirects: 0,
      }),
    ).toBe("302 ");
  });

  it("caps redirects, headers, the body and the time", async () => {
    const rules = attackerOnly;
    expect(await outcome(at("/loop"), { rules, maxRedirects: 3 })).toBe("URL_TOO_MANY_REDIRECTS");
    expect(await outcome(at("/headers"), { rules })).toBe("URL_FETCH_FAILED");
    expect(await outcome(at("/big"), { rules, limitBytes: 1024 * 1024 })).toBe("URL_TOO_LARGE");
    expect(await outcome(at("/endless"), { rules, limitBytes: 1024 * 1024 })).toBe("URL_TOO_LARGE");
    expect(await outcome(at("/slow"), { rules, timeoutMs: 300 })).toBe("URL_TIMEOUT");
  });

  it("sends only the headers it is given: no cookies or credentials of anyone", async () => {
    const answer = await outcome(at("/echo"), {
      rules: attackerOnly,
      headers: { "user-agent": "Verbatim" },
    });
    const headers = JSON.parse(answer.slice(4)) as Record<string, string>;
    expect(Object.keys(headers).sort()).toEqual(["connection", "host", "user-agent"]);
  });
});
