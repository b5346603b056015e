import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { sql } from "kysely";
import { migrateToLatest, openDatabase, type Db } from "../../src/db/database.js";
import { TEST_POSTGRES_URL } from "../test-database.js";

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
    if (!child || child.exitCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGKILL");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}

/**
 * A PostgreSQL database of the test's own on the test server (processes of the fleet connect
 * by URL, so a schema per test will not do), migrated; `outage` makes it refuse and drop
 * every connection for a while, as a server restart does.
 */
export interface FleetDatabase {
  url: string;
  db: Db;
  outage(ms: number): Promise<void>;
  drop(): Promise<void>;
}

export async function createFleetDatabase(): Promise<FleetDatabase> {
  const name = `verbatim_fleet_${randomBytes(5).toString("hex")}`;
  const serverUrl = new URL(TEST_POSTGRES_URL);
  serverUrl.pathname = "/postgres";
  const admin = openDatabase({ kind: "postgres", url: serverUrl.toString() });
  await sql`create database ${sql.id(name)}`.execute(admin);
  const url = new URL(TEST_POSTGRES_URL);
  url.pathname = `/${name}`;
  const db = openDatabase({ kind: "postgres", url: url.toString() });
  await migrateToLatest(db);
  return {
    url: url.toString(),
    db,
    async outage(ms) {
      await sql`alter database ${sql.id(name)} allow_connections false`.execute(admin);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`.execute(
        admin,
      );
      await new Promise((resolve) => setTimeout(resolve, ms));
      await sql`alter database ${sql.id(name)} allow_connections true`.execute(admin);
    },
    async drop() {
      await db.destroy();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
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
    await until(`${role} ${child.pid}`, async () => {
      if (child.exitCode !== null) throw new Error(`exited ${child.exitCode}:\n${printed}`);
      if (role === "worker") return printed.includes("taking jobs from Redis") ? true : undefined;
      const response = await fetch(`${base}/api/health`);
      return response.status === 200 ? true : undefined;
    });
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
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
