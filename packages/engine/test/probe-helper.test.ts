import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, getPriority } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ProbeHelper } from "../src/media/probe-helper.js";
import { probeMedia } from "../src/media/probe.js";
import { JFK_MP3, scratchDir } from "./helpers/media-files.js";

describe("ProbeHelper", () => {
  const helper = new ProbeHelper();
  const scratch = scratchDir();
  afterAll(() => {
    helper.close();
    scratch.cleanup();
  });

  it("answers as probeMedia does, from a process of its own", async () => {
    expect(await helper.probe(JFK_MP3)).toEqual(await probeMedia(JFK_MP3));
    expect(helper.pid).toBeGreaterThan(0);
    expect(helper.pid).not.toBe(process.pid);
  });

  it("passes on the engine's errors with their codes", async () => {
    const text = join(scratch.dir, "text.mp3");
    writeFileSync(text, "not audio");
    await expect(helper.probe(text)).rejects.toMatchObject({
      name: "EngineError",
      code: "INPUT_NOT_MEDIA",
    });
    await expect(helper.probe(join(scratch.dir, "absent.mp3"))).rejects.toMatchObject({
      code: "INPUT_NOT_FOUND",
    });
  });

  it("shares one process between probes, and starts a new one after it dies", async () => {
    const probes = await Promise.all([helper.probe(JFK_MP3), helper.probe(JFK_MP3)]);
    expect(probes[0]).toEqual(probes[1]);
    const first = helper.pid;
    const dying = helper.probe(JFK_MP3);
    process.kill(first ?? 0, "SIGKILL");
    await expect(dying).rejects.toMatchObject({ code: "DECODER_FAILED" });
    expect((await helper.probe(JFK_MP3)).durationMs).toBeGreaterThan(10_000);
    expect(helper.pid).not.toBe(first);
  });

  it("stops a probe when its caller gives up", async () => {
    const controller = new AbortController();
    const probe = helper.probe(JFK_MP3, controller.signal);
    controller.abort();
    await expect(probe).rejects.toMatchObject({ code: "CANCELLED" });
    expect((await helper.probe(JFK_MP3)).durationMs).toBeGreaterThan(10_000);
  });

  it("uses the tools named when it is asked: a changed FFPROBE_PATH takes a new helper", async () => {
    await helper.probe(JFK_MP3);
    const before = helper.pid;
    process.env.FFPROBE_PATH = join(scratch.dir, "no-such-ffprobe");
    try {
      await expect(helper.probe(JFK_MP3)).rejects.toMatchObject({ code: "FFMPEG_MISSING" });
      expect(helper.pid).not.toBe(before);
    } finally {
      delete process.env.FFPROBE_PATH;
    }
    expect((await helper.probe(JFK_MP3)).durationMs).toBeGreaterThan(10_000);
  });

  it("runs as many probes at once as there are cores; the rest wait their turn", async () => {
    // Stand-in tools that note when they run: 30 uploads at once were 60 tools as runnable as
    // the server's event loop, which then waited for a CPU.
    const log = join(scratch.dir, "tools.log");
    const tool = join(scratch.dir, "slow-tool");
    writeFileSync(
      tool,
      `#!/bin/sh\necho start >> "${log}"\nsleep 0.3\necho end >> "${log}"\nexit 1\n`,
      { mode: 0o755 },
    );
    process.env.FFPROBE_PATH = tool;
    process.env.FFMPEG_PATH = tool;
    try {
      const probes = Array.from({ length: availableParallelism() + 3 }, () =>
        helper.probe(JFK_MP3).catch(() => "failed"),
      );
      expect(await Promise.all(probes)).toEqual(probes.map(() => "failed"));
    } finally {
      delete process.env.FFPROBE_PATH;
      delete process.env.FFMPEG_PATH;
    }
    let now = 0;
    let most = 0;
    for (const line of readFileSync(log, "utf8").trim().split("\n")) {
      now += line === "start" ? 1 : -1;
      most = Math.max(most, now);
    }
    // Each probe runs ffprobe and ffmpeg side by side.
    expect(most).toBeLessThanOrEqual(2 * availableParallelism());
    expect(most).toBeGreaterThan(0);
  });

  it("runs below the server's priority, as the engine does (ENGINE_NICENESS)", async () => {
    await helper.probe(JFK_MP3);
    // The tests run everything at normal priority (ENGINE_NICENESS=0, vitest.config.ts); the
    // helper started with it keeps it, so a helper of its own with the production default.
    const saved = process.env.ENGINE_NICENESS;
    delete process.env.ENGINE_NICENESS;
    const own = new ProbeHelper();
    try {
      await own.probe(JFK_MP3);
      expect(getPriority(own.pid)).toBe(10);
    } finally {
      own.close();
      process.env.ENGINE_NICENESS = saved;
    }
  });
});
