import { writeFileSync } from "node:fs";
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
});
