import { afterAll, describe, expect, it } from "vitest";
import { startScriptedChatServer, type RecordedRequest } from "@verbatim/llm/testing";
import { scratchDir } from "../../../packages/engine/test/helpers/media-files.js";
import { minuteBalance } from "../src/minutes/minute-ledger.js";
import { finishedTranscription, type StoredCue } from "./support/finished-transcription.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

// The translation journey against the real server (dist/main.js) and the language-model
// layer's real OpenAI-compatible client, talking HTTP to a scripted endpoint: the request the
// server sends (the data block, the schema naming every cue id), the track it keeps, and a
// restart in the middle of a job, which resumes after the cues already written.

interface Translation {
  language: string;
  status: string;
  progress: number;
  chargedSeconds: number | null;
  cues: { index: number; text: string; flags: string[] }[];
}

/** The cue ids and texts of a request the layer sent (its data block's JSON). */
function askedCues(request: RecordedRequest): { id: number; text: string }[] {
  const messages = request.body?.messages as { role: string; content: string }[];
  const data = JSON.parse(messages[1]!.content.split("\n")[1]!) as {
    groups: { cues: { id: number; text: string }[] }[];
  };
  return data.groups.flatMap((group) => group.cues);
}

/** An answer putting `translate(text)` on every cue asked. */
function answer(request: RecordedRequest, translate: (text: string) => string) {
  const cues = askedCues(request).map((cue) => ({ id: cue.id, text: translate(cue.text) }));
  return { kind: "answer" as const, content: JSON.stringify({ cues }) };
}

const cues: StoredCue[] = Array.from({ length: 40 }, (_, i) => ({
  start: i * 2500,
  end: i * 2500 + 2400,
  text: `This is sentence ${i}.`,
}));

async function translation(
  server: ServerProcess,
  auth: object,
  id: string,
  until: (t: Translation) => boolean,
) {
  for (let i = 0; i < 600; i++) {
    const response = await fetch(`${server.base}/api/transcriptions/${id}/translations`, {
      headers: { ...auth },
    });
    const [found] = ((await response.json()) as { translations: Translation[] }).translations;
    if (found && until(found)) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the translation did not get there");
}

describe("translation against the real server and an OpenAI-compatible endpoint", () => {
  const data = scratchDir("verbatim-translation-server-");
  afterAll(() => data.cleanup());

  it("translates into Traditional Chinese, survives a restart mid-job, and charges once", async () => {
    // First run: the first request (24 cues) is answered; the second never is (the server stops).
    const first = await startScriptedChatServer((request, index) =>
      index === 0 ? answer(request, () => "这是第一批") : { kind: "slow", delayMs: 60_000 },
    );
    let server = await startServerProcess(
      { LLM_BASE_URL: first.url, LLM_MODEL: "scripted", LLM_CONTEXT_SIZE: "16384" },
      { dataDir: data.dir },
    );
    const owner = server.user;
    const id = await finishedTranscription(server.db, owner.id, cues);
    const asked = await fetch(`${server.base}/api/transcriptions/${id}/translations`, {
      method: "POST",
      headers: { ...owner.auth, "content-type": "application/json" },
      body: JSON.stringify({ language: "zh-HK" }),
    });
    expect(asked.status).toBe(202);
    const halfway = await translation(server, owner.auth, id, (t) => t.progress > 0);
    expect(halfway.cues).toHaveLength(24);

    // What the server sent: the layer's data block, a JSON schema naming exactly the ids asked.
    const sent = first.requests[0]!.body!;
    const format = sent.response_format as {
      type: string;
      json_schema: {
        schema: { properties: { cues: { items: { properties: { id: { enum: number[] } } } } } };
      };
    };
    expect(format.type).toBe("json_schema");
    expect(format.json_schema.schema.properties.cues.items.properties.id.enum).toEqual(
      Array.from({ length: 24 }, (_, i) => i + 1),
    );
    await server.close();
    await first.close();

    // Second run, on the same data: the job resumes with the 16 cues left.
    const second = await startScriptedChatServer((request) => answer(request, () => "这是第二批"));
    server = await startServerProcess(
      { LLM_BASE_URL: second.url, LLM_MODEL: "scripted", LLM_CONTEXT_SIZE: "16384" },
      { dataDir: data.dir },
    );
    try {
      const done = await translation(
        server,
        owner.auth,
        id,
        (t) => t.status !== "queued" && t.status !== "running" && t.chargedSeconds !== null,
      );
      expect(done).toMatchObject({ status: "completed", progress: 100, chargedSeconds: 10 }); // 100 s of media
      expect(second.requests.flatMap(askedCues).map((cue) => cue.id)).toEqual(
        Array.from({ length: 16 }, (_, i) => i + 25),
      );
      expect(done.cues.map((cue) => cue.text)).toEqual([
        ...Array<string>(24).fill("這是第一批"),
        ...Array<string>(16).fill("這是第二批"),
      ]);
      const balance = await minuteBalance(server.db, owner.id, new Date());
      expect(balance.planSeconds).toBe(20 * 60 - 10);
      const srt = await fetch(
        `${server.base}/api/transcriptions/${id}/export?format=srt&track=both&language=zh-HK`,
        { headers: owner.auth },
      );
      const text = await srt.text();
      expect(text).toContain("This is sentence 0.\n這是第一批");
    } finally {
      await server.close();
      await second.close();
    }
  });
});
