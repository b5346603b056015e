import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** How the server answers one request (consumed in order; later requests behave normally). */
export interface ServeBehaviour {
  /** Send only this many body bytes, then drop the connection. */
  cutAfterBytes?: number;
  /** Answer with this status and no body instead of serving the file. */
  status?: number;
  /** Ignore the Range header and send the whole file with 200. */
  ignoreRange?: boolean;
}

/** A local HTTP server on 127.0.0.1 that serves in-memory files, for download tests. */
export interface TestFileServer {
  /** `http://127.0.0.1:<port>`; a file `name` is at `${baseUrl}/${name}`. */
  baseUrl: string;
  /** Every request seen: path and Range header. */
  requests: Array<{ path: string; range: string | undefined }>;
  /** Queues behaviours for the next requests. */
  behave(...behaviours: ServeBehaviour[]): void;
  /** Stops the server. */
  close(): Promise<void>;
}

function serve(req: IncomingMessage, res: ServerResponse, body: Buffer, how: ServeBehaviour): void {
  const range = how.ignoreRange ? null : /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
  const start = range ? Number(range[1]) : 0;
  if (start >= body.length && range) {
    res.writeHead(416, { "Content-Range": `bytes */${body.length}` }).end();
    return;
  }
  const headers = { "Content-Length": String(body.length - start) };
  if (range) {
    res.writeHead(206, {
      ...headers,
      "Content-Range": `bytes ${start}-${body.length - 1}/${body.length}`,
    });
  } else {
    res.writeHead(200, headers);
  }
  const slice = body.subarray(start);
  if (how.cutAfterBytes === undefined) {
    res.end(slice);
    return;
  }
  res.write(slice.subarray(0, how.cutAfterBytes), () => {
    setTimeout(() => res.socket?.destroy(), 20);
  });
}

/** Starts a server for `files` (name → bytes) on an ephemeral port. */
export async function startTestFileServer(files: Record<string, Buffer>): Promise<TestFileServer> {
  const queue: ServeBehaviour[] = [];
  const requests: TestFileServer["requests"] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname.slice(1));
    requests.push({ path, range: req.headers.range });
    const how = queue.shift() ?? {};
    const body = files[path];
    if (how.status !== undefined || !body) {
      res.writeHead(how.status ?? 404, { "Content-Type": "text/plain" }).end("not served");
      return;
    }
    serve(req, res, body, how);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    behave: (...behaviours) => queue.push(...behaviours),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on, for "connection refused" tests. */
export async function unusedLocalPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
