import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeXhr } from "../fake-xhr";
import { CHUNK_BYTES } from "../../src/features/workspace/file-rules";
import {
  uploadForTranscription,
  UploadInterrupted,
  type TranscribeOptions,
  type UploadProgress,
} from "../../src/features/workspace/upload-transport";

const OPTIONS: TranscribeOptions = {
  model: "whisper-1",
  generateTimestamps: true,
  language: "auto",
  task: "transcribe",
  chineseScript: "none",
  style: "netflix",
  speakers: { kind: "off" },
  bilingual: false,
};

describe("sending a file for transcription", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true, advanceTimeDelta: 50 });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("sends a small file whole, asking for an immediate 202", async () => {
    const sent = installFakeXhr(() => ({ status: 202, body: { id: "job-1" } }));
    const file = new File([new Uint8Array(1000)], "talk.mp3", { type: "audio/mpeg" });
    const progress: UploadProgress[] = [];
    await expect(uploadForTranscription(file, OPTIONS, (p) => progress.push(p))).resolves.toBe(
      "job-1",
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe("/api/transcribe");
    expect(sent[0]?.headers.prefer).toBe("respond-async");
    const form = sent[0]?.body as FormData;
    expect(form.get("model")).toBe("whisper-1");
    expect(form.get("generateTimestamps")).toBe("true");
    expect(form.get("style")).toBe("netflix");
    expect(form.get("speakers")).toBeNull(); // off: the server's default, not sent
    expect(progress.at(-1)).toEqual({ sentBytes: 1000, totalBytes: 1000 });
  });

  it("sends the speakers choice with a whole file and with a chunked one", async () => {
    const sent = installFakeXhr((request) =>
      request.url === "/api/uploads/chunk"
        ? { status: 200, body: { sessionId: "s-2" } }
        : { status: 202, body: { id: "job" } },
    );
    const small = new File([new Uint8Array(1000)], "talk.mp3", { type: "audio/mpeg" });
    await uploadForTranscription(small, { ...OPTIONS, speakers: { kind: "auto" } }, () => {});
    expect((sent[0]?.body as FormData).get("speakers")).toBe("auto");
    const large = new File([new Uint8Array(2 * CHUNK_BYTES + 10)], "long.mp4", {
      type: "video/mp4",
    });
    const range = { kind: "range", minSpeakers: 2, maxSpeakers: 4 } as const;
    await uploadForTranscription(large, { ...OPTIONS, speakers: range }, () => {});
    expect(sent.at(-1)?.url).toBe("/api/uploads/combine");
    expect(JSON.parse(sent.at(-1)?.body as string)).toMatchObject({ speakers: "2-4" });
    await uploadForTranscription(
      small,
      { ...OPTIONS, speakers: { kind: "exact", speakers: 3 } },
      () => {},
    );
    expect((sent.at(-1)?.body as FormData).get("speakers")).toBe("3");
  });

  it("sends a team's upload with its teamId, whole and in chunks", async () => {
    const teamId = "00000000-0000-4000-8000-00000000000a";
    const sent = installFakeXhr((request) =>
      request.url.startsWith("/api/uploads/chunk")
        ? { status: 200, body: { sessionId: "s-team" } }
        : { status: 202, body: { id: "job" } },
    );
    const small = new File([new Uint8Array(1000)], "talk.mp3", { type: "audio/mpeg" });
    await uploadForTranscription(small, OPTIONS, () => {}, { teamId });
    expect(sent[0]?.url).toBe(`/api/transcribe?teamId=${teamId}`);
    const large = new File([new Uint8Array(2 * CHUNK_BYTES + 10)], "long.mp4", {
      type: "video/mp4",
    });
    await uploadForTranscription(large, OPTIONS, () => {}, { teamId });
    const chunks = sent.slice(1, -1).map((request) => request.url);
    expect(chunks.length).toBeGreaterThan(1);
    expect(new Set(chunks)).toEqual(new Set([`/api/uploads/chunk?teamId=${teamId}`]));
    expect(sent.at(-1)?.url).toBe("/api/uploads/combine");
    expect(JSON.parse(sent.at(-1)?.body as string)).toMatchObject({ teamId });
  });

  it("sends a subtitle file and bilingual subtitles with a whole file and with a chunked one", async () => {
    const sent = installFakeXhr((request) =>
      request.url === "/api/uploads/chunk"
        ? { status: 200, body: { sessionId: "s-3" } }
        : { status: 202, body: { id: "job" } },
    );
    const text = "1\n00:00:01,000 --> 00:00:02,000\n不要問\n";
    const srt = new File([text], "talk.srt");
    const small = new File([new Uint8Array(1000)], "talk.mp3", { type: "audio/mpeg" });
    await uploadForTranscription(small, OPTIONS, () => {}, {
      subtitles: { file: srt, retime: true },
    });
    const form = sent[0]?.body as FormData;
    expect(form.get("retime")).toBe("true");
    const part = form.get("subtitles") as File;
    expect([part.name, part.size]).toEqual(["talk.srt", srt.size]);
    // The media goes last, so the server checks the fields before its bytes.
    expect([...form.keys()].at(-1)).toBe("file");
    expect(form.get("bilingual")).toBeNull();
    await uploadForTranscription(small, { ...OPTIONS, bilingual: true }, () => {});
    expect((sent.at(-1)?.body as FormData).get("bilingual")).toBe("true");
    // Cantonese on Whisper while the Cantonese model is not ready: only when the visitor says so.
    expect(form.get("fallback")).toBeNull();
    await uploadForTranscription(small, { ...OPTIONS, whisperFallback: true }, () => {});
    expect((sent.at(-1)?.body as FormData).get("fallback")).toBe("whisper");
    // Translate when done: the languages as one field, none when none is chosen.
    expect(form.get("translateTo")).toBeNull();
    await uploadForTranscription(small, { ...OPTIONS, translateTo: ["zh-HK", "en"] }, () => {});
    expect((sent.at(-1)?.body as FormData).get("translateTo")).toBe("zh-HK,en");
    // …with the glossary, preset and register the form chose (the register only for zh-HK).
    const how = {
      translateGlossaryId: "0b8f4a8e-3c55-4b8a-9a51-5f3f1c2f7d10",
      translateStyle: "netflix",
      translateRegister: "spoken",
    } as const;
    await uploadForTranscription(small, { ...OPTIONS, translateTo: ["zh-HK"], ...how }, () => {});
    const translated = sent.at(-1)?.body as FormData;
    expect(Object.keys(how).map((name) => translated.get(name))).toEqual(Object.values(how));
    await uploadForTranscription(small, { ...OPTIONS, translateTo: ["fr"], ...how }, () => {});
    expect((sent.at(-1)?.body as FormData).get("translateRegister")).toBeNull();
    await uploadForTranscription(small, { ...OPTIONS, ...how }, () => {});
    expect((sent.at(-1)?.body as FormData).get("translateGlossaryId")).toBeNull();

    const large = new File([new Uint8Array(2 * CHUNK_BYTES + 10)], "long.mp4", {
      type: "video/mp4",
    });
    await uploadForTranscription(large, OPTIONS, () => {}, {
      subtitles: { file: srt, retime: false },
    });
    const combine = JSON.parse(sent.at(-1)?.body as string) as {
      retime: boolean;
      subtitles: { fileName: string; base64: string };
    };
    expect(combine.retime).toBe(false);
    expect(combine.subtitles.fileName).toBe("talk.srt");
    expect(
      new TextDecoder().decode(
        Uint8Array.from(atob(combine.subtitles.base64), (c) => c.charCodeAt(0)),
      ),
    ).toBe(text);
  });

  it("sends a large file in order, retries a failed chunk, then combines", async () => {
    const size = 2 * CHUNK_BYTES + 10;
    let failures = 0;
    const sent = installFakeXhr((request) => {
      if (request.url === "/api/uploads/combine") return { status: 202, body: { id: "job-2" } };
      const index = Number((request.body as FormData).get("chunkIndex"));
      if (index === 1 && failures++ === 0) return "network";
      return { status: 200, body: { sessionId: "s-1", path: `uploads/s-1/${index}` } };
    });
    const file = new File([new Uint8Array(size)], "long.mp4", { type: "video/mp4" });
    const progress: UploadProgress[] = [];
    await expect(uploadForTranscription(file, OPTIONS, (p) => progress.push(p))).resolves.toBe(
      "job-2",
    );
    const chunks = sent
      .filter((s) => s.url === "/api/uploads/chunk")
      .map((s) => s.body as FormData);
    expect(chunks.map((form) => form.get("chunkIndex"))).toEqual(["0", "1", "1", "2"]);
    expect(chunks[0]?.get("sessionId")).toBeNull();
    expect(chunks[3]?.get("sessionId")).toBe("s-1");
    expect((chunks[3]?.get("file") as Blob).size).toBe(10);
    expect(progress.some((p) => p.retrying)).toBe(true);
    expect(progress.at(-1)?.sentBytes).toBe(size);
    const combine = JSON.parse(sent.at(-1)?.body as string) as Record<string, unknown>;
    expect(combine).toMatchObject({
      sessionId: "s-1",
      totalChunks: 3,
      originalFileSize: size,
      fileName: "long.mp4",
    });
  });

  it("stops after repeated failures with where to resume, and resumes without resending", async () => {
    let down = true;
    const sent = installFakeXhr((request) => {
      if (request.url === "/api/uploads/combine") return { status: 202, body: { id: "job-3" } };
      const index = Number((request.body as FormData).get("chunkIndex"));
      if (index === 1 && down) return "network";
      return { status: 200, body: { sessionId: "s-9" } };
    });
    const file = new File([new Uint8Array(2 * CHUNK_BYTES + 1)], "long.mp4", { type: "video/mp4" });
    const failure = await uploadForTranscription(file, OPTIONS, () => undefined).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(UploadInterrupted);
    const resume = (failure as UploadInterrupted).resume;
    expect(resume).toEqual({ sessionId: "s-9", nextIndex: 1 });
    down = false;
    const before = sent.length;
    await expect(uploadForTranscription(file, OPTIONS, () => undefined, { resume })).resolves.toBe(
      "job-3",
    );
    const again = sent
      .slice(before)
      .filter((s) => s.url === "/api/uploads/chunk")
      .map((s) => (s.body as FormData).get("chunkIndex"));
    expect(again).toEqual(["1", "2"]);
  });

  it("gives the spec's messages for refusals", async () => {
    installFakeXhr(() => ({
      status: 402,
      body: {
        code: "INSUFFICIENT_MINUTES",
        message: "This file needs 25 minutes but you have 20 left.",
      },
    }));
    const file = new File([new Uint8Array(10)], "a.mp3", { type: "audio/mpeg" });
    await expect(uploadForTranscription(file, OPTIONS, () => undefined)).rejects.toMatchObject({
      status: 402,
      code: "INSUFFICIENT_MINUTES",
      message: "402: This file needs 25 minutes but you have 20 left.",
    });
  });
});
