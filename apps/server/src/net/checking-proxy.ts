import { randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, request as httpRequest, type IncomingMessage } from "node:http";
import { connect, isIP, type AddressInfo, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { AddressRules } from "./address-rules.js";
import { checkedLookup } from "./safe-fetch.js";

// A forward proxy on 127.0.0.1 that applies the address rules to every connection a helper
// program makes: yt-dlp is run with `--proxy` pointing here, so the pages, manifests and media
// segments it fetches (and the redirects between them) reach only what a URL import may reach,
// through the same checked lookup. It answers only requests that carry its one-time password
// (a random token per download), so no other local program can use it to get around the rules,
// and it closes with the download. CONNECT (https) and absolute-URI requests (http) are served.

/** A running proxy: its URL (with the password) for `--proxy`, and how to stop it. */
export interface CheckingProxy {
  url: string;
  /** Connections refused by the address rules so far. */
  refused(): number;
  /** Whether it stopped relaying because more than `limitBytes` came through. */
  overLimit(): boolean;
  close(): Promise<void>;
}

/** Starts a proxy that connects only where `rules` allow; `limitBytes` caps what it relays. */
export async function startCheckingProxy(
  rules: AddressRules,
  { limitBytes }: { limitBytes: number },
): Promise<CheckingProxy> {
  const password = randomBytes(24).toString("hex");
  const expected = Buffer.from(`Basic ${Buffer.from(`verbatim:${password}`).toString("base64")}`);
  const lookup = checkedLookup(rules);
  let relayed = 0;
  let refused = 0;
  const sockets = new Set<Duplex>();

  const authorised = (request: IncomingMessage) => {
    const given = Buffer.from(request.headers["proxy-authorization"] ?? "");
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  /** A host the rules refuse outright (an IP literal); names are checked by the lookup. */
  const refusedLiteral = (host: string) => {
    const bare = host.replace(/^\[|\]$/g, "");
    const refuse = isIP(bare) !== 0 && !rules.allows(bare);
    if (refuse) refused += 1;
    return refuse;
  };
  const count = (chunk: Buffer, stop: () => void) => {
    relayed += chunk.length;
    if (relayed > limitBytes) stop();
  };

  const server = createServer((request, response) => {
    if (!authorised(request)) {
      response.writeHead(407, { "proxy-authenticate": 'Basic realm="verbatim"' }).end();
      return;
    }
    let target: URL;
    try {
      target = new URL(request.url ?? "");
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (target.protocol !== "http:" || refusedLiteral(target.hostname)) {
      response.writeHead(403).end();
      return;
    }
    const headers = { ...request.headers };
    delete headers["proxy-authorization"];
    delete headers["proxy-connection"];
    const outgoing = httpRequest(target, { method: request.method, headers, lookup, agent: false });
    outgoing.on("response", (upstream) => {
      response.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.on("data", (chunk: Buffer) => count(chunk, () => response.destroy()));
      upstream.pipe(response);
    });
    outgoing.on("error", (error: { code?: string }) => {
      if (error.code === "URL_NOT_ALLOWED") refused += 1;
      if (!response.headersSent) response.writeHead(403);
      response.end();
    });
    request.pipe(outgoing);
  });

  server.on("connect", (request: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.once("close", () => sockets.delete(client));
    client.on("error", () => client.destroy());
    const match = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(request.url ?? "");
    if (!authorised(request) || !match?.[1] || !match[2]) {
      client.end("HTTP/1.1 407 Proxy Authentication Required\r\n\r\n");
      return;
    }
    const host = match[1].replace(/^\[|\]$/g, "");
    if (refusedLiteral(host)) {
      client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const upstream = connect({ host, port: Number(match[2]), lookup });
    sockets.add(upstream);
    upstream.once("close", () => sockets.delete(upstream));
    upstream.once("connect", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.on("data", (chunk: Buffer) => count(chunk, () => client.destroy()));
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.once("error", (error: { code?: string }) => {
      if (error.code === "URL_NOT_ALLOWED") refused += 1;
      if (client.writable) client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      client.destroy();
    });
    client.once("close", () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://verbatim:${password}@127.0.0.1:${port}`,
    refused: () => refused,
    overLimit: () => relayed > limitBytes,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
