import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { migrateToLatest, openDatabase, type Db } from "../../src/db/database.js";

const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const address = server.address();
  server.close();
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ""}`);
}

/**
 * A Redis server of the test's own (Debian's redis-server, no persistence, like the machine's),
 * so a test can restart it without disturbing anything else.
 */
export interface TestRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
      { stdio: "ignore" },
    );
    await until("redis", async () => {
      const { Redis } = await import("ioredis");
      const client = new Redis(port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 0 });
      client.on("error", () => undefined);
      try {
        await client.connect();
        return (await client.ping()) === "PONG" ? true : undefined;
      } finally {
        client.disconnect();
      }
    });
  };
  const stop = async () => {
    // Stopped already (a killed process has a signalCode, not an exitCode): nothing to wait for.
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

/**
 * A PostgreSQL server of the test's own (Debian's binaries, a cluster in a scratch folder, run
 * as the `postgres` user when we are root), migrated, so a test can really restart it.
 */
export interface TestPostgres {
  url: string;
  db: Db;
  /** Stops the server (fast: every connection dropped), waits `downMs`, starts it again. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
}

function postgresBin(): string {
  const versions = existsSync("/usr/lib/postgresql")
    ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions
    .map((version) => `/usr/lib/postgresql/${version}/bin`)
    .find((bin) => existsSync(`${bin}/initdb`));
  if (!found)
    throw new Error("PostgreSQL's server binaries are needed: apt-get install postgresql");
  return found;
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin();
  const root = mkdtempSync(join(tmpdir(), "verbatim-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(root, Number(execFileSync("id", ["-u", "postgres"]).toString()), 0);
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? "runuser" : `${bin}/${tool}`,
      asRoot ? ["-u", "postgres", "--", `${bin}/${tool}`, ...args] : args,
      {
        stdio: "pipe",
      },
    );
  const data = join(root, "data");
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const start = () =>
    run("pg_ctl", ["-D", data, "-o", options, "-l", join(root, "log"), "-w", "start"]);
  const stop = () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
  start();
  const server = openDatabase({
    kind: "postgres",
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
  });
  await sql`create database verbatim`.execute(server);
  await server.destroy();
  const url = `postgres://postgres@127.0.0.1:${port}/verbatim`;
  const db = openDatabase({ kind: "postgres", url });
  await migrateToLatest(db);
  return {
    url,
    db,
    async restart(downMs) {
      stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      start();
    },
    async stop() {
      await db.destroy();
      try {
        stop();
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
}

/** A server process of the fleet: an API (`main.js`, ROLE=api) or a worker (`worker.js`). */
export interface FleetProcess {
  pid: number;
  /** The API's address (APIs only). */
  base: string;
  /** Everything it printed. */
  output(): string;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export async function startFleetProcess(
  role: "api" | "worker",
  env: Record<string, string>,
): Promise<FleetProcess> {
  const port = role === "api" ? await freePort() : 0;
  const child = spawn(process.execPath, [`${DIST}${role === "api" ? "main.js" : "worker.js"}`], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      LOG_LEVEL: "info",
      MODELS_AUTO_DOWNLOAD: "false",
      ...env,
      ...(role === "api" ? { ROLE: "api", PORT: String(port), HOST: "127.0.0.1" } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const exited = once(child, "exit");
  try {
    await until(
      `${role} ${child.pid}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}:\n${printed}`);
        if (role === "worker") return printed.includes("taking jobs from Redis") ? true : undefined;
        const response = await fetch(`${base}/api/health`);
        return response.status === 200 ? true : undefined;
        // A loaded machine (CI beside other jobs) may take a while to load the server's modules.
      },
      120_000,
    );
  } catch (error) {
    child.kill("SIGKILL");
    // What it printed says why it did not come up.
    throw new Error(`${String(error)}\n${printed.slice(-4000)}`, { cause: error });
  }
  return {
    pid: child.pid ?? 0,
    base,
    output: () => printed,
    async kill(signal) {
      if (child.exitCode === null) child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
}
